"""Addresses and stored values that a hostile or unlucky player can produce:
none of them may stop the game from starting, and each gets a true sentence.

Every case here once stopped the page: '²' passed ``str.isdigit`` and then
failed in ``int``; 5,000 digits hit Python's int-string limit; a stored value
nested 20,000 deep overflowed Pyodide's stack inside ``json.loads``.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine import jsontext
from ui.game import address
from ui.storage import settings, statistics

DEEP = "[" * 20_000


@pytest.mark.parametrize(
    "fragment",
    [
        "#spider-2/²",
        "#spider-2/١٢",  # Arabic-Indic digits: isdigit() but not ASCII
        "#spider-2/" + "9" * 5000,
        "#spider-2/" + "1" * 11,
        "#spider-2/-5",
        "#spider-2/+5",
        "#spider-2/ 5 5",
        "#spider-2/0",
        "#spider-2/4294967296",
    ],
)
def test_a_deal_that_is_not_ascii_digits_in_range_gives_a_random_deal(fragment: str) -> None:
    route = address.parse_route(fragment)
    assert route is not None
    assert route.preset == "spider-2" and route.deal is None
    assert route.error is not None and "is not a deal number" in route.error


def test_deal_numbers_at_the_ends_of_the_range() -> None:
    assert address.parse_route("#spider-2/1") == address.Route("spider-2", 1, {}, None)
    top = address.parse_route("#spider-2/4294967295")
    assert top is not None and top.deal == 4294967295 and top.error is None


@pytest.mark.parametrize("fragment", ["#nonexistent/1", "#%00%00", "#" + "a" * 5000, "#%E0%A4%A"])
def test_a_wrong_game_name_never_raises(fragment: str) -> None:
    route = address.parse_route(fragment)
    assert route is not None and route.error is not None and len(route.error) < 200


@pytest.mark.parametrize("text", [DEEP, "{" * 20_000, '{"a":' * 5000, "[" * 33 + "]" * 33])
def test_deep_json_is_refused_before_the_parser_sees_it(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def parser_must_not_run(*_: object, **__: object) -> None:
        raise AssertionError("json.loads was reached")

    monkeypatch.setattr(jsontext.json, "loads", parser_must_not_run)
    with pytest.raises(jsontext.JsonLimitError, match="nested too deeply"):
        jsontext.loads(text)


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"note": "[" * 1000 + '\\"{' * 50})
    assert jsontext.loads(text) == json.loads(text)


@pytest.mark.parametrize("text", [DEEP, "{" * 20_000, "x" * (settings.MAX_STORED_CHARS + 1), "\x00\x01"])
def test_a_hostile_stored_game_gives_a_sentence_not_a_crash(text: str) -> None:
    slot = settings.read_slot(text)
    assert slot.game is None and slot.error is not None
    assert slot.error.startswith("Your saved game could not be restored:")


@pytest.mark.parametrize("text", [DEEP, "{" * 20_000, "x" * (settings.MAX_STORED_CHARS + 1)])
def test_hostile_stored_settings_give_the_defaults(text: str) -> None:
    assert settings.Settings.from_text(text) == settings.Settings()


@pytest.mark.parametrize("text", [DEEP, "{" * 20_000])
def test_hostile_stored_statistics_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(statistics.StatsError, match="nested too deeply"):
        statistics.parse(text)


def test_a_hostile_save_is_a_save_error() -> None:
    with pytest.raises(engine.SaveError, match="nested too deeply"):
        engine.load_game(DEEP)
