"""The Settings screen in the real page: four groups, switches and segmented
controls that apply at once (the preview and the table change while it is
open), one Done, a reset that asks first, arrows in a segmented control,
and the same storage as before (a reload keeps every choice)."""

from __future__ import annotations

from typing import Any

import pytest
from harness import keep_picture
from tablekit import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    TablePage,
    close_settings,
    face_sets,
    open_settings,
    set_setting,
    setting_value,
    stored_text,
    table_browser,
    table_url,
)

from ui.screens.settings import GROUPS
from ui.storage import settings

__all__ = ["table_browser", "table_url"]


def test_a_phone_player_changes_the_card_back_and_sees_it_at_once(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        t.open("#spider-2/6")
        open_settings(t)
        titles = t.page.eval_on_selector_all(".settings-group h3", "hs => hs.map(h => h.textContent)")
        assert titles == ["Game", "Cards and table", "Sound", "Accessibility"]
        # every setting but the per-game winnable choice has its control
        names = {c.name for _, controls in GROUPS for c in controls}
        assert names == {f for f in settings.Settings.__dataclass_fields__ if f != "winnable"}
        for name in names:
            assert t.page.locator(f'[data-setting="{name}"]').count() == 1, name
        preview_back = t.page.locator('.settings-preview .card[data-face="down"]')
        before = preview_back.evaluate("n => getComputedStyle(n).backgroundImage")
        assert "blue.svg" in before
        set_setting(t, "back", "green")
        # the preview and the table behind the screen change at once
        assert "green.svg" in preview_back.evaluate("n => getComputedStyle(n).backgroundImage")
        assert t.page.evaluate("() => document.querySelector('#table').classList.contains('back-green')")
        table_back = t.page.evaluate(
            "() => getComputedStyle(document.querySelector('.felt .card[data-face=down]')).backgroundImage"
        )
        assert "green.svg" in table_back
        keep_picture(t.page, ARTIFACTS / "settings-back-phone.png")
        # six backs and four felts, as pictures; a new back and the wine felt show at once
        assert t.page.locator('[data-setting="back"] [role="radio"] .swatch-pic').count() == len(settings.BACKS) >= 6
        assert t.page.locator('[data-setting="felt"] [role="radio"] .swatch-pic').count() == len(settings.FELTS) >= 4
        set_setting(t, "back", "midnight")
        assert "midnight.svg" in t.page.evaluate(
            "() => getComputedStyle(document.querySelector('.felt .card[data-face=down]')).backgroundImage"
        )
        felt = "() => getComputedStyle(document.querySelector('#table')).backgroundImage"
        assert "rgb(14, 90, 54)" in t.page.evaluate(felt)  # the green
        set_setting(t, "felt", "wine")
        assert "rgb(102, 27, 46)" in t.page.evaluate(felt) and "rgb(14, 90, 54)" not in t.page.evaluate(felt)
        t.page.locator('[data-setting="felt"]').scroll_into_view_if_needed()
        keep_picture(t.page, ARTIFACTS / "settings-felt-phone.png")
        close_settings(t)
        stored = settings.Settings.from_text(stored_text(t.page, "settings"))
        assert (stored.back, stored.felt) == ("midnight", "wine")
        keep_picture(t.page, ARTIFACTS / "table-wine-midnight-phone.png")
        assert not t.errors, t.errors
    finally:
        t.close()


def test_reset_asks_first_and_arrows_move_a_segmented_choice(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, DESKTOP)
    try:
        t.open("#spider-1/6")
        open_settings(t)
        set_setting(t, "left_handed", "on")
        set_setting(t, "faces", "fourcolour")
        # the preview's face follows the face set
        assert face_sets(t.page, ".settings-preview .card[data-face=up]") == ["fourcolour", "fourcolour"]
        # the pictures of the backs take the row's whole width: all six in one row on a desktop
        row = t.page.evaluate("""() => {
          const g = document.querySelector('[data-setting="back"]'), s = g.closest('.setting');
          return {tops: [...g.children].map(b => Math.round(b.getBoundingClientRect().top)),
                  width: g.getBoundingClientRect().width, row: s.getBoundingClientRect().width} }""")
        assert len(set(row["tops"])) == 1 and row["width"] >= 0.95 * row["row"], row
        # arrows in a segmented control move the choice and the focus
        t.page.focus('[data-setting-of="motion"][aria-checked="true"]')
        before = setting_value(t, "motion")
        t.page.keyboard.press("ArrowRight")
        after = setting_value(t, "motion")
        assert after != before
        assert t.page.evaluate("() => document.activeElement.dataset.value") == after
        # Reset asks first; Keep them keeps them
        t.page.click('.dialog [data-action="reset"]')
        assert "Reset every setting" in t.page.inner_text(".dialog")
        t.page.click('.dialog [data-action="reset-cancel"]')
        assert setting_value(t, "left_handed") == "on"
        t.page.click('.dialog [data-action="reset"]')
        t.page.click('.dialog [data-action="reset-confirm"]')
        assert (setting_value(t, "left_handed"), setting_value(t, "faces"), setting_value(t, "motion")) == (
            "off",
            "large",
            "system",
        )
        close_settings(t)
        assert settings.Settings.from_text(stored_text(t.page, "settings")) == settings.Settings()
        assert not t.errors, t.errors
    finally:
        t.close()


@pytest.mark.parametrize("contrast", ["standard", "high"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_settings_screenshots(table_browser: Any, table_url: str, device: str, contrast: str) -> None:
    """Screenshots for a person to look at (e2e/artifacts/table/settings-*.png)."""
    t = TablePage(table_browser, table_url, PHONE if device == "phone" else DESKTOP)
    try:
        t.open("#spider-4/5")
        open_settings(t)
        if contrast == "high":
            set_setting(t, "contrast", "high")
        keep_picture(t.page, ARTIFACTS / f"settings-{device}-{contrast}.png")
        assert not t.errors, t.errors
    finally:
        t.close()
