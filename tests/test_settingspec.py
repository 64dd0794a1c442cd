"""The Settings screen's plan (ui/screens/settings.py): every setting has exactly
one control, each choice is a value the storage accepts, and a segmented
control holds two to four values (more are pictures: card backs, felts)."""

from __future__ import annotations

import doctest
from dataclasses import fields

from ui.i18n.text import CODES
from ui.screens import settings as settingspec
from ui.screens.settings import GROUPS, Menu, Seg, Slider, Swatches, Switch
from ui.storage import settings as persist


def test_doctests() -> None:
    assert doctest.testmod(settingspec).failed == 0


def test_every_setting_but_the_per_game_choice_has_one_control() -> None:
    names = [c.name for _, controls in GROUPS for c in controls]
    assert len(names) == len(set(names))
    assert set(names) == {f.name for f in fields(persist.Settings)} - {"winnable"}


def test_each_control_suits_its_setting_and_each_choice_is_stored_as_chosen() -> None:
    defaults = persist.Settings()
    for _, controls in GROUPS:
        for c in controls:
            value = getattr(defaults, c.name)
            if isinstance(c, Switch):
                assert isinstance(value, bool), c.name
            elif isinstance(c, Slider):
                assert isinstance(value, int) and not isinstance(value, bool), c.name
            else:
                if isinstance(c, Swatches):
                    assert len(c.choices) >= 4, c.name
                elif isinstance(c, Menu):
                    assert len(c.choices) > 4, c.name
                else:
                    assert isinstance(c, Seg) and 2 <= len(c.choices) <= 4, c.name
                assert settingspec.stored_text(value) in [v for v, _ in c.choices], c.name
                for text, _ in c.choices:
                    typed: object = int(text) if isinstance(value, int) else text
                    s = persist.Settings(**{c.name: typed})
                    assert getattr(persist.Settings.from_text(s.to_text()), c.name) == typed, (c.name, text)


def test_at_least_six_card_backs_and_four_felts_each_drawn() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    assert len(persist.BACKS) >= 6 and len(persist.FELTS) >= 4
    for back in persist.BACKS:
        assert (root / "assets" / "cards" / "backs" / f"{back}.svg").is_file(), back
    css = (root / "assets" / "css" / "table.css").read_text(encoding="utf-8")
    for back in persist.BACKS:
        assert f".back-{back} .card" in css or back == "blue", back
        assert f".swatch-back-{back}" in css, back
    for felt in persist.FELTS:
        assert f".felt-{felt}" in css and f".swatch-felt-{felt}" in css, felt


def test_the_language_list_offers_the_browser_and_every_language_the_page_has() -> None:
    (menu,) = [c for _, controls in GROUPS for c in controls if c.name == "language"]
    assert isinstance(menu, Menu)
    assert [v for v, _ in menu.choices] == ["", *CODES] == list(persist.LANGUAGES)
