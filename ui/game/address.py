"""The page's address: ``#preset/deal`` (pure, no browser imports).

A game is shared as its preset id and deal number, for example
``#spider-2/12345``.  Options that differ from the preset's defaults follow
as a third part, ``name=value`` pairs joined by commas, for example
``#tournament-1/77/time_limit=300`` or ``#spider-4/9/relaxed_deal=1``
(booleans are ``0``/``1``).

:func:`parse_route` never raises: a wrong address gives a :class:`Route`
with a sensible game (the preset if it was valid, else :data:`DEFAULT_PRESET`;
a random deal if the number was wrong) and an ``error`` sentence the page
shows.  An empty address gives ``None`` (the page then resumes the saved
game or starts the default one).

>>> parse_route("#spider-2/12345")
Route(preset='spider-2', deal=12345, options={}, error=None, names_game=True, bad_deal=False)
>>> parse_route("#spider-9/1").error
"There is no game called 'spider-9'."
>>> format_route("tournament-1", 77, {"time_limit": 300})
'#tournament-1/77/time_limit=300'
"""

from __future__ import annotations

from typing import NamedTuple
from urllib.parse import unquote

from engine import MAX_DEAL, MIN_DEAL, PRESETS, OptionValue
from ui.chrome.messages import game_name
from ui.i18n.text import _

DEFAULT_PRESET = "spider-1"


class Route(NamedTuple):
    """A game the address asks for; ``deal`` None means a random deal."""

    preset: str
    deal: int | None
    options: dict[str, OptionValue]
    error: str | None = None
    names_game: bool = True
    """False when the address names no game this collection has (then
    ``preset`` is only :data:`DEFAULT_PRESET`, a stand-in)."""
    bad_deal: bool = False
    """The address has a deal number that is not one (``deal`` is None)."""


def _option_text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _parse_option(spec_choices: tuple[OptionValue, ...], text: str) -> OptionValue:
    for choice in spec_choices:
        if _option_text(choice) == text or (isinstance(choice, bool) and text.lower() == str(choice).lower()):
            return choice
    raise ValueError(text)


_DEAL_DIGITS = len(str(MAX_DEAL))


def _is_deal_number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also takes '²' and other digits
    ``int`` refuses), few enough to convert, and within the deal range."""
    return 0 < len(text) <= _DEAL_DIGITS and text.isascii() and text.isdigit() and MIN_DEAL <= int(text) <= MAX_DEAL


def parse_route(fragment: str) -> Route | None:
    """The game an address fragment (``location.hash``) names; see the module doc."""
    text = unquote(fragment or "").strip()
    if text.startswith("#"):
        text = text[1:]
    text = text.strip("/ ")
    if not text:
        return None
    parts = text.split("/")
    preset = parts[0].strip().lower()
    if preset not in PRESETS:
        shown = parts[0][:40]
        error = _("There is no game called {name}.").format(name=repr(shown))
        return Route(DEFAULT_PRESET, None, {}, error, names_game=False)
    rules = PRESETS[preset]
    errors: list[str] = []
    deal: int | None = None
    if len(parts) > 1 and parts[1].strip():
        raw = parts[1].strip()
        if _is_deal_number(raw):
            deal = int(raw)
        else:
            errors.append(
                _("{text} is not a deal number (they run from {low} to {high}).").format(
                    text=repr(raw[:20]), low=MIN_DEAL, high=MAX_DEAL
                )
            )
    options: dict[str, OptionValue] = {}
    if len(parts) > 2 and parts[2].strip():
        specs = {s.name: s for s in rules.options}
        for item in parts[2].split(","):
            name, _eq, value = item.partition("=")
            name = name.strip()
            spec = specs.get(name)
            if spec is None:
                errors.append(
                    _("{game} has no option {option}; it was left out.").format(
                        game=game_name(rules), option=repr(name[:30])
                    )
                )
                continue
            try:
                options[name] = _parse_option(spec.choices, value.strip())
            except ValueError:
                errors.append(
                    _("{option} cannot be {value}; the default is used.").format(
                        option=_(spec.label), value=repr(value.strip()[:20])
                    )
                )
    if len(parts) > 3:
        errors.append(_("The address has extra parts; they were left out."))
    bad_deal = len(parts) > 1 and bool(parts[1].strip()) and deal is None
    return Route(preset, deal, options, " ".join(errors) or None, bad_deal=bad_deal)


def format_route(preset: str, deal: int | None, options: dict[str, OptionValue] | None = None) -> str:
    """The address fragment of a game; only options that differ from the
    preset's defaults are written."""
    out = f"#{preset}"
    if deal is not None:
        out += f"/{deal}"
    rules = PRESETS.get(preset)
    if options and rules is not None:
        defaults = rules.option_values()
        changed = [
            f"{spec.name}={_option_text(options[spec.name])}"
            for spec in rules.options
            if spec.name in options and options[spec.name] != defaults.get(spec.name)
        ]
        if changed:
            out += ("" if deal is not None else "/") + "/" + ",".join(changed)
    return out


def changed_options(preset: str, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
    """Only the options that differ from the preset's defaults."""
    rules = PRESETS[preset]
    defaults = rules.option_values()
    return {k: v for k, v in options.items() if defaults.get(k) != v}
