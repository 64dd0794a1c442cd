"""The Daily screen: each game's deal of the day, the month's calendar of
days won, the daily streak, and sharing a daily win.

The deals come from :mod:`ui.game.daily` (the documented rule over the proven
lists); the days won from the statistics (``Book.daily``), where a daily
win is recorded when the game counts (:mod:`ui.storage.games`).

Hooks for tests: ``#table[data-dialog=daily]``; ``.daily-streak`` with
``data-current`` and ``data-best``; ``.daily-month`` (``data-month``
``YYYY-MM``) and its ``[data-action=prev-month|next-month]``; calendar days
``.daily-calendar [data-day=YYYY-MM-DD]`` with ``data-state`` (``won``,
``open``, ``future``, ``before``) and ``aria-pressed`` on the day shown;
the day's list ``.daily-list li[data-preset]`` with ``data-deal``,
``data-won``, ``data-grade`` (the deal's grade, when it has one) and its
``[data-action=play-daily]`` or ``[data-action=share]``.
"""

from __future__ import annotations

import calendar
import datetime
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from engine import PRESETS
from ui.browser.dom import DomEvent, el, to_js, window
from ui.game import daily
from ui.helpers.grades import GRADE_NAMES, grade_word
from ui.i18n.text import _, forms, n_, number
from ui.screens.dialog_view import DialogHost
from ui.screens.tile_view import draw_name
from ui.storage.statistics import DailyWin

T = TypeVar("T")


class DailyHost(Protocol):
    """What the Daily screen needs of the page."""

    def deals(self) -> Mapping[str, Sequence[int]] | None:
        """The proven deals of every game (None while they load)."""

    def grades(self) -> Mapping[str, Mapping[int, str]] | None:
        """The graded deals of every game (None while they load)."""

    def watch(self, fn: Callable[[], None]) -> None:
        """``fn()`` once the proven deals (and again once their grades) arrive."""

    def won(self) -> Mapping[str, Mapping[str, DailyWin]]:
        """The daily deals won: ``[YYYY-MM-DD][preset]``."""

    def today(self) -> datetime.date: ...

    def play(self, preset: str, deal: int, day: datetime.date) -> None:
        """Play ``preset``'s daily deal of ``day``."""

    def say(self, text: str) -> None:
        """A message on the table."""


def share(text: str, said: Callable[[str], None]) -> None:
    """Send a share text: the system's share sheet where there is one (phones),
    else the clipboard; ``said`` tells the player what happened."""

    def shared(_result: object) -> None:
        said(_("Shared."))

    def copied(_result: object) -> None:
        said(_("Copied to the clipboard: {text}").format(text=text.splitlines()[0]))

    def refused(_error: object) -> None:
        said(_("This browser did not let the page share or copy. {text}").format(text=text.replace("\n", " ")))

    nav = window.navigator

    def copy(error: object = None) -> None:
        if str(getattr(error, "name", "")) == "AbortError":
            return  # the player closed the share sheet
        try:
            nav.clipboard.writeText(text).then(copied, refused)
        except Exception:
            refused(None)

    try:
        if getattr(nav, "share", None) is not None:
            nav.share(to_js({"text": text})).then(shared, copy)
        else:
            copy()
    except Exception:
        copy()


def share_link(preset: str, deal: int) -> str:
    """The address of the same deal, for a share text."""
    loc = window.location
    return f"{loc.origin}{loc.pathname}#{preset}/{deal}"


def _day_label(day: datetime.date, won: bool, today: bool) -> str:
    """A calendar day's accessible name: its date, won or not, today or not."""
    date = daily.day_title(day)
    if won and today:
        return _("{date}, won, today").format(date=date)
    if won:
        return _("{date}, won").format(date=date)
    if today:
        return _("{date}, today").format(date=date)
    return date


def later(fn: Callable[[T], object], arg: T) -> Callable[[DomEvent], None]:
    """A click handler that calls ``fn(arg)`` (``arg`` taken now, not at the click)."""

    def handler(_: DomEvent) -> None:
        fn(arg)

    return handler


@dataclass
class _DailyShown:
    """The open Daily screen: the month shown and the day whose deals are listed."""

    year: int
    month: int
    day: datetime.date


def open_daily(dialogs: DialogHost, host: DailyHost) -> None:
    """The Daily screen, on today."""
    today = host.today()
    state = _DailyShown(today.year, today.month, today)
    d = dialogs.open("daily", _("Daily deals"))
    box = d.box
    box.classList.add("scroll", "daily")
    el(
        "p",
        "daily-intro",
        _("One deal a day for each game, the same for every player, and every one can be won."),
        parent=box,
    )
    streak = el("p", "daily-streak", parent=box)
    heading = el("h3", "daily-day", parent=box, tabindex="-1")
    listing = el("ul", "daily-list", parent=box)
    month = el("div", "daily-month", parent=box)
    grid = el("table", "daily-calendar", parent=box)
    d.buttons(box, [("close", _("Close"), dialogs.close, True)])

    def won_days() -> set[datetime.date]:
        out = set()
        for text, games in host.won().items():
            day = daily.parse_day(text)
            if day is not None and games:
                out.add(day)
        return out

    def step(delta: int) -> None:
        m = state.month + delta
        y = state.year + (m - 1) // 12
        m = (m - 1) % 12 + 1
        state.year, state.month = y, m
        last = calendar.monthrange(y, m)[1]
        state.day = min(datetime.date(y, m, min(state.day.day, last)), today)
        render()

    def show_day(day: datetime.date) -> None:
        state.day = day
        render()
        heading.focus(to_js({"preventScroll": True}))
        heading.scrollIntoView(to_js({"block": "nearest"}))

    def render_month(days: set[datetime.date]) -> None:
        month.replaceChildren()
        month.dataset.month = f"{state.year:04d}-{state.month:02d}"
        first = daily.FIRST_DAY
        earlier = (state.year, state.month) > (first.year, first.month)
        newer = (state.year, state.month) < (today.year, today.month)
        prev = el("button", "btn btn-icon", "‹", parent=month, type="button", data_action="prev-month")
        prev.setAttribute("aria-label", _("Previous month"))
        prev.disabled = not earlier
        el(
            "span",
            "daily-month-name",
            forms().date(datetime.date(state.year, state.month, 1), "month_year"),
            parent=month,
        )
        nxt = el("button", "btn btn-icon", "›", parent=month, type="button", data_action="next-month")
        nxt.setAttribute("aria-label", _("Next month"))
        nxt.disabled = not newer
        d.on(prev, "click", lambda e: step(-1))
        d.on(nxt, "click", lambda e: step(1))
        grid.replaceChildren()
        head = el("tr", "", parent=el("thead", "", parent=grid))
        look = forms()
        for narrow, name in zip(look.days_narrow, look.days, strict=True):  # Monday first, as the calendar's rows
            th = el("th", "", narrow, parent=head, scope="col")
            th.setAttribute("aria-label", name)
        body = el("tbody", "", parent=grid)
        for week in daily.month_grid(state.year, state.month, days, today):
            row = el("tr", "", parent=body)
            for cell in week:
                td = el("td", "", parent=row)
                if cell is None:
                    continue
                text = daily.format_day(cell.day)
                if cell.state in ("won", "open"):
                    b = el("button", "daily-cell", number(cell.day.day), parent=td, type="button", data_day=text)
                    b.setAttribute("aria-label", _day_label(cell.day, cell.state == "won", cell.today))
                    b.setAttribute("aria-pressed", "true" if cell.day == state.day else "false")
                    d.on(b, "click", later(show_day, cell.day))
                else:
                    b = el("span", "daily-cell", number(cell.day.day), parent=td, data_day=text)
                b.dataset.state = cell.state
                if cell.today:
                    b.dataset.today = "1"

    def render_day() -> None:
        heading.textContent = (
            _("Today's deals") if state.day == today else _("Deals of {date}").format(date=daily.day_title(state.day))
        )
        listing.replaceChildren()
        lists = host.deals()
        graded = host.grades()
        if lists is None or graded is None:
            el("li", "daily-wait", _("The proven deals are still loading…"), parent=listing)
            host.watch(render)
            return
        won = host.won().get(daily.format_day(state.day), {})
        for preset, rules in PRESETS.items():
            deal = daily.daily_deal(preset, state.day, lists.get(preset, ()), graded.get(preset))
            if deal is None:
                continue
            li = el("li", "daily-row", parent=listing, data_preset=preset, data_deal=str(deal))
            game = _(rules.name)
            name = el("span", "daily-name", parent=li)
            draw_name(name, game)
            letter = graded.get(preset, {}).get(deal, "")
            grade = GRADE_NAMES.get(letter)
            if grade:
                li.dataset.grade = grade
                el("span", "daily-grade", f" · {grade_word(letter)}", parent=name)
            # The result or deal and its button: one piece, moved whole to a line of its own
            # when the name leaves no room.
            go = el("span", "daily-go", parent=li)
            win = won.get(preset)
            if win is not None:
                li.dataset.won = "1"
                result = n_("Won in {time}, {n} move", "Won in {time}, {n} moves", win.moves)
                result = result.format(time=daily.clock(win.seconds), n=number(win.moves))
                el("span", "daily-result", result, parent=go)
                text = daily.share_text(game, state.day, win.seconds, win.moves, share_link(preset, win.deal))
                b = el("button", "btn", _("Share"), parent=go, type="button", data_action="share")
                named = _("Share {game}, {date}").format(game=game, date=daily.day_title(state.day))
                b.setAttribute("aria-label", named)
                d.on(b, "click", later(lambda t: share(t, host.say), text))
            else:
                # Translators: a deal number is a name, not a quantity: {deal} is written without grouping
                el("span", "daily-result", _("Deal {deal}").format(deal=deal), parent=go)
                b = el("button", "btn primary", _("Play"), parent=go, type="button", data_action="play-daily")
                b.setAttribute("aria-label", _("Play {game}, deal {deal}").format(game=game, deal=deal))
                d.on(b, "click", later(lambda go: start(*go), (preset, deal, state.day)))

    def start(preset: str, deal: int, day: datetime.date) -> None:
        dialogs.close()
        host.play(preset, deal, day)

    def render() -> None:
        if not d.is_open:
            return
        days = won_days()
        s = daily.streaks(days, today)
        streak.dataset.current = str(s.current)
        streak.dataset.best = str(s.best)
        said = n_("Daily streak: {n} day · best {best}", "Daily streak: {n} days · best {best}", s.current)
        streak.textContent = said.format(n=number(s.current), best=number(s.best))
        render_month(days)
        render_day()

    render()
