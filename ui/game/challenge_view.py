"""Challenges in the page: making a link from an ended game, opening one, and
playing against it (the format and its checks are :mod:`ui.game.challenge`).

* The end screen offers **Challenge a friend** (:meth:`Challenges.end_part`):
  an optional name, then the link, shared as the daily share is (the
  system's share sheet on phones, else the clipboard) and shown to copy.
* A ``#challenge/<code>`` address (:meth:`Challenges.open_code`) is read and
  replayed before anything else happens; the challenge screen shows what the
  replay found and offers **Play this deal** (and **Watch their game** when
  the page has a replay viewer).  A link that cannot be used gets its
  sentence; the game in play, its address and the statistics stay as they were.
* A challenge in play (:meth:`Challenges.changed`) shows the challenger's
  progress by the same move count in the header, and its end screen says
  who won, with a link to send back.  The game itself is a normal game of
  the deal: it is kept and counted like any other.  A reload of the tab
  keeps the challenge (``sessionStorage``).

Hooks for tests: ``#table[data-dialog=challenge|challenge-make|challenge-refused]``;
the challenge screen's ``.challenge-figures`` (``data-moves``, ``data-score``,
``data-end``), ``[data-action=play-challenge|watch-challenge]``; the maker's
``#challenge-name`` and ``#challenge-link``; the refusal's ``.challenge-error``
(``data-kind``); the header's ``.challenge-progress``; the end screen's
``.challenge-verdict`` and ``[data-action=challenge]``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import engine
from engine import OptionValue, Outcome
from ui.browser.dom import Element, el, tab_get, tab_set, window
from ui.chrome import messages as say
from ui.game import challenge
from ui.game.challenge import ChallengeError, Checked
from ui.game.daily import clock
from ui.i18n.text import _, n_, number, p_
from ui.screens.daily_view import share
from ui.screens.dialog_view import Button, DialogHost

TAB_CHALLENGE = "spider.tab.challenge"
"""``sessionStorage``: ``<game id> <code>`` of the challenge this tab plays."""


class ChallengeHost(Protocol):
    """What the challenges need of the page."""

    def game(self) -> engine.Game | None: ...
    def game_id(self) -> str: ...
    def shown(self) -> bool:
        """ "Show me how" played in the game in play (it is no one's result)."""

    def play(self, preset: str, deal: int, options: dict[str, OptionValue], then: Callable[[], None]) -> None:
        """Start a new game of the deal (asking first where a new deal would), then ``then()``."""

    def back_to_end(self) -> None:
        """Show the end screen of the game in play again."""

    def show_progress(self, texts: tuple[str, str] | None) -> None:
        """The header's quiet line, long and short (None: none)."""

    def say(self, text: str) -> None: ...
    def grade(
        self, preset: str, deal: int | None, options: dict[str, OptionValue], show: Callable[[str], None]
    ) -> None:
        """``show(grade)`` of the deal ("Easy" ... "Expert") under these rules, if it has one, once known."""


Watcher = Callable[[str, int, dict[str, OptionValue], tuple[engine.Move, ...], str], None]
"""A replay viewer: ``watch(preset, deal, options, moves, title)``."""


def link_of(code: str) -> str:
    """The address of a challenge code on this site."""
    loc = window.location
    return f"{loc.origin}{loc.pathname}#{challenge.PREFIX}{code}"


def share_text(game: engine.Game, url: str) -> str:
    """What sharing a challenge sends: the game, the deal, the result, the link."""
    n = len(game.moves)
    where = _("{game}, deal {deal}").format(game=say.game_name(game.rules), deal=game.deal)
    if game.status == Outcome.WON:
        text = n_(
            "Can you beat me? I won {game} in {n} move (score {score}).",
            "Can you beat me? I won {game} in {n} moves (score {score}).",
            n,
        )
    else:
        text = n_(
            "Can you do better? I played {game}: {n} move, score {score}.",
            "Can you do better? I played {game}: {n} moves, score {score}.",
            n,
        )
    return text.format(game=where, n=n, score=number(game.score)) + f"\n{url}"


class Challenges:
    """The challenge links of one table."""

    def __init__(self, dialogs: DialogHost, host: ChallengeHost) -> None:
        self.dialogs = dialogs
        self.host = host
        self._watcher: Watcher | None = None
        self.active: tuple[str, str, Checked] | None = None
        """The challenge in play: the game's id, the code, the replay."""
        self._progress: tuple[str, str] | None = None
        kept = (tab_get(TAB_CHALLENGE) or "").split(" ")
        if len(kept) == 2:
            try:
                self.active = (kept[0], kept[1], challenge.check(challenge.decode(kept[1])))
            except ChallengeError:
                self.active = None

    def watch_with(self, watcher: Watcher) -> None:
        """The page's replay viewer: the challenge screen offers "Watch their game" from now on."""
        self._watcher = watcher

    # -- opening a link ---------------------------------------------------------------
    def open_code(self, code: str) -> None:
        """Read, replay and show a challenge; a bad one gets its sentence, and nothing else changes."""
        try:
            checked = challenge.check(challenge.decode(code))
        except ChallengeError as e:
            self._refused(e)
            return
        except Exception as e:  # a bug must not cost the player's game either
            self._refused(
                ChallengeError(
                    "damaged", _("This challenge could not be read ({problem}).").format(problem=type(e).__name__)
                )
            )
            return
        self._show(code, checked)

    def _refused(self, error: ChallengeError) -> None:
        d = self.dialogs.open("challenge-refused", _("This challenge cannot be opened"))
        el("p", "challenge-error", str(error), parent=d.box, data_kind=error.kind)
        el("p", "", _("Your game and your statistics are as they were."), parent=d.box)
        d.buttons(d.box, [("close", _("Back to your game"), self.dialogs.close, True)])

    def _show(self, code: str, checked: Checked) -> None:
        who = challenge.who(checked)
        title = _("A challenge from {name}").format(name=checked.name) if checked.name else _("A challenge")
        d = self.dialogs.open("challenge", title)
        box = d.box
        box.classList.add("challenge")
        rules = checked.game.rules
        sent = _("{name} sends you {game}, deal {deal}.").format(name=who, game=say.game_name(rules), deal=checked.deal)
        line = el("p", "challenge-deal", sent, parent=box)

        def show_grade(grade: str) -> None:
            line.append(" " + _("Grade: {grade}.").format(grade=p_("grade", grade)))
            line.dataset.grade = grade

        self.host.grade(checked.preset, checked.deal, checked.options, show_grade)
        figures = el(
            "ul",
            "challenge-figures",
            parent=box,
            data_moves=str(checked.moves),
            data_score=str(checked.score),
            data_end=checked.end,
        )
        el("li", "challenge-result", challenge.summary(checked), parent=figures)
        done = checked.runs_at(checked.moves)
        what = (_("Runs completed: {n}") if rules.completion != "none" else _("Cards on the foundations: {n}")).format(
            n=done
        )
        el("li", "", what, parent=figures)
        el("li", "", _("Time: {time} (their clock)").format(time=clock(checked.seconds)), parent=figures)
        el(
            "p",
            "challenge-checked",
            _("Checked on this device: their moves were replayed from the deal, and they give this result."),
            parent=box,
        )

        def play() -> None:
            self.dialogs.close()
            self.host.play(checked.preset, checked.deal, checked.options, lambda: self._started(code, checked))

        buttons: list[Button] = [("play-challenge", _("Play this deal"), play, True)]
        watcher = self._watcher
        if watcher is not None:

            def watch() -> None:
                self.dialogs.close()
                watcher(
                    checked.preset, checked.deal, checked.options, checked.line, _("{name}’s game").format(name=who)
                )

            buttons.append(("watch-challenge", _("Watch their game"), watch, False))
        buttons.append(("close", _("Not now"), self.dialogs.close, False))
        d.buttons(box, buttons)

    def _started(self, code: str, checked: Checked) -> None:
        game_id = self.host.game_id()
        self.active = (game_id, code, checked)
        tab_set(TAB_CHALLENGE, f"{game_id} {code}")
        self.changed()
        self.host.say(_("{name}’s progress shows beside your score.").format(name=challenge.who(checked)))

    # -- playing against one -------------------------------------------------------------
    def playing(self) -> Checked | None:
        """The challenge the game in play answers, if any."""
        if self.active is None or self.active[0] != self.host.game_id():
            return None
        return self.active[2]

    def changed(self) -> None:
        """The game changed (a move, an undo, another game): the header's line follows."""
        checked = self.playing()
        g = self.host.game()
        if checked is None or g is None:
            texts = None
        else:
            n = len(g.moves)
            texts = (challenge.progress_text(checked, n), challenge.progress_text(checked, n, short=True))
        if texts != self._progress:
            self._progress = texts
            self.host.show_progress(texts)

    # -- the end screen ---------------------------------------------------------------------
    def end_part(self, game: engine.Game, box: Element) -> list[Button]:
        """What a game's end screen adds: the verdict of a challenge, and the
        button that makes a link (none for a game "Show me how" played)."""
        if game.deal is None or self.host.shown() or game.status == Outcome.PLAYING:
            return []
        checked = self.playing()
        if checked is not None:
            verdict = challenge.beat_text(checked, game.status == Outcome.WON, len(game.moves), game.score)
            el("p", "challenge-verdict", verdict, parent=box)
            return [("challenge", _("Send yours back"), self.make, False)]
        return [("challenge", _("Challenge a friend"), self.make, False)]

    def make(self) -> None:
        """The maker: an optional name, then the link, shared and shown."""
        g = self.host.game()
        if g is None:
            return
        d = self.dialogs.open("challenge-make", _("Challenge a friend"))
        box = d.box
        won = g.status == Outcome.WON
        el(
            "p",
            "",
            _(
                "Send this deal and your result. Your friend plays the same cards, and their page checks your "
                "result by replaying your moves."
            )
            if won
            else _(
                "Send this deal and your result. Your friend plays the same cards, and their page checks your "
                "result by replaying your moves. Can they do better?"
            ),
            parent=box,
        )
        row = el("label", "option", parent=box)
        el("span", "option-label", _("Your name (optional)"), parent=row)
        field = el(
            "input",
            "",
            parent=row,
            id="challenge-name",
            type="text",
            maxlength=str(challenge.MAX_NAME),
            autocomplete="nickname",
            placeholder=_("No name"),
        )
        note = el("p", "challenge-note", parent=box, id="challenge-note", role="status")
        link_row = el("label", "option challenge-link-row", parent=box, hidden=True)
        el("span", "option-label", _("The link"), parent=link_row)
        link = el("input", "", parent=link_row, id="challenge-link", type="text", readonly="")

        def send() -> None:
            try:
                claim = challenge.record_of(g, g.elapsed, str(field.value))
            except ChallengeError as e:
                note.textContent = str(e)
                return
            url = link_of(challenge.encode(claim))
            link.value = url
            link_row.hidden = False
            note.textContent = _("The link is {n} characters long.").format(n=number(len(url)))
            share(share_text(g, url), self.host.say)

        d.buttons(box, [("share", _("Share the link"), send, True), ("close", _("Back"), self.host.back_to_end, False)])
        d.on(link, "focus", lambda e: link.select())
