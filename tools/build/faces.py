"""Folding the card faces into CSS: each face set's 52 pictures under
``assets/cards/<set>/`` (``tools/gen_cards.py`` draws them) become one
stylesheet, ``assets/cards/<set>/faces.css``, of ``data:`` URLs."""

from __future__ import annotations

import re

from tools import gen_cards

FACE_SETS = tuple(gen_cards.FACE_SETS)
"""The folders of card faces under ``assets/cards/``: each becomes one
stylesheet (:func:`faces_css`) instead of 52 pictures."""
FACE_NAME = re.compile(r"^[A2-9TJQK][shdc]$")


def svg_data_url(svg: str) -> str:
    """An SVG as a ``data:`` URL for CSS (quotes made single, the few
    characters a URL cannot hold escaped).

    >>> svg_data_url('<svg a="1">#</svg>\\n')
    "data:image/svg+xml,%3Csvg a='1'%3E%23%3C/svg%3E"
    """
    assert "'" not in svg, "the card art uses double quotes only"
    text = svg.strip().replace('"', "'").replace("\n", "")
    for raw, escaped in (("%", "%25"), ("#", "%23"), ("<", "%3C"), (">", "%3E")):
        text = text.replace(raw, escaped)
    return "data:image/svg+xml," + text


def faces_css(face_set: str, svgs: dict[str, str]) -> str:
    """One face set as a stylesheet: a face-up card of the set's table shows
    its picture from its ``data-card``.  One request instead of 52: no face
    is ever missing at a flip (nothing to preload, nothing a reload can
    abandon half-way), and the service worker precaches 4 files, not 208."""
    rules = [f"/* {face_set}: built by tools/build/faces.py from assets/cards/{face_set}/*.svg */"]
    for name in sorted(svgs):
        assert FACE_NAME.match(name), name
        rules.append(
            f'.faces-{face_set} .card[data-face="up"][data-card="{name}"]'
            f'{{background-image:url("{svg_data_url(svgs[name])}")}}'
        )
    return "\n".join(rules) + "\n"


def fold_faces(contents: dict[str, bytes]) -> None:
    """Replace each face set's 52 pictures in ``contents`` by its stylesheet."""
    for face_set in FACE_SETS:
        folder = f"assets/cards/{face_set}/"
        names = [p for p in contents if p.startswith(folder) and p.endswith(".svg")]
        if not names:
            continue
        svgs = {p[len(folder) : -len(".svg")]: contents.pop(p).decode("utf-8") for p in names}
        contents[folder + "faces.css"] = faces_css(face_set, svgs).encode("utf-8")
