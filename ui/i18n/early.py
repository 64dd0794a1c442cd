"""The words the page shows before Python starts, in every language.

The loading screen (``index.html``, ``shell/boot.js``), the first-move pill
(``shell/firstmove.js``) and the welcome deal's header buttons
(``shell/welcome.js``) are drawn by the shell, before a catalog can be
fetched.  Their English is here, marked like any other string, so that the
catalogs translate them; ``python -m tools.build`` (``tools/build/early.py``)
writes each language's words into ``shell/early.js``, which picks the
player's language (as :func:`ui.i18n.text.choose` does) before the first
paint.  The shell's code keeps its words in English and says each through
``spiderShell.t("Loading…")``, which gives the player's words for it; so
``ui/main.py``'s progress texts, English too, are said in the player's
language before its catalog is in use.

>>> words(Catalog())[shell_keys().index("Loading…")]
'Loading…'
"""

from __future__ import annotations

from ui.i18n.text import CONTEXT_SEPARATOR, N_, Catalog, Np_

EARLY: tuple[tuple[str | None, str], ...] = (
    (None, N_("Spider Solitaire")),
    (None, N_("Loading")),
    (None, N_("Loading…")),
    (None, N_("Getting the cards ready…")),
    (None, N_("Unpacking the cards…")),
    (None, N_("Starting the game…")),
    (None, N_("Setting up the table…")),
    (None, N_("Dealing…")),
    (None, N_("Ready")),
    # Translators: the downloads' count on the loading screen, "4.2 of 5.6 MB".
    (None, N_("{loaded} of {total} MB")),
    (None, N_("The game could not start.")),
    (None, N_("Unknown error")),
    # Translators: after the reason a start failed, on the loading screen.
    (None, N_("{reason} — reload the page to try again.")),
    (None, N_("A new version is ready.")),
    (None, N_("Reload")),
    (None, N_("Later")),
    (None, N_("Your move will be played as soon as the game is ready.")),
    (None, N_("Your move and its undo will be played as soon as the game is ready.")),
    (None, N_("Games")),
    ("header", Np_("header", "New")),
)
"""(context, English): every word the shell shows before Python starts."""

MANIFEST: dict[str, tuple[str | None, str]] = {
    "name": (None, N_("Spider Solitaire")),
    # Translators: the app's name under its icon, once installed: one short word.
    "short_name": ("app", Np_("app", "Spider")),
    "description": (None, N_("Spider solitaire and its relatives, playable offline.")),
}
"""The web app manifest's words (``manifest.webmanifest``): the build writes
one manifest per language, ``manifest-<code>.webmanifest``, which
``shell/early.js`` links for the player's language."""


def shell_keys() -> list[str]:
    """How the shell names each early word: its English, after its context
    and gettext's separator when it has one (``header\\x04New``)."""
    return [message if context is None else f"{context}{CONTEXT_SEPARATOR}{message}" for context, message in EARLY]


def manifest(catalog: Catalog) -> dict[str, str]:
    """The manifest's words in ``catalog``'s language."""
    return {field: catalog.text(message, context) for field, (context, message) in MANIFEST.items()}


def words(catalog: Catalog) -> list[str]:
    """The early words in ``catalog``'s language, in :data:`EARLY`'s order
    (English where it has none)."""
    return [catalog.text(message, context) for context, message in EARLY]
