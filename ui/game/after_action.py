"""What follows an action, in one place and one order (pure: no browser imports).

Every action on the table (a move from the pointer, the keys, a tap,
Finish or "Show me how"; Undo, Redo, End, going back; the clock running
out) reaches the engine once (:meth:`ui.table.table_view.Table.dispatch`
or ``Table.act``), and the events it caused come here.
:meth:`AfterAction.run` takes them through these steps, in this order:

1. **forget** — the parts that knew the old position drop what they knew:
   the helpers' hint, Finish offer and background work
   (:meth:`ui.helpers.hints_view.Helper.changed`), a "Show me how" the
   player played over (:meth:`ui.helpers.show_me_view.ShowMe.changed`);
2. **state and render** — the table brings its state (the card tracker,
   the layout) to the events and renders from it once, with the cards'
   flights (the ``draw`` the table hands in);
3. **speech** — the sentence a screen reader hears
   (:func:`ui.chrome.messages.action_text`); Finish's own moves say only
   what they cause;
4. **sound** — the action's sound (:meth:`ui.chrome.sound_view.Sound.events`);
5. **keep** — the game is written once (:meth:`ui.game.current.GameService.keep`):
   at a final end, the count in the statistics and the game's record go
   in one transaction under the cross-tab lock, never a count and then a save;
6. **the end** — once a game ends, the end screen
   (:meth:`ui.screens.end_view.Screens.game_ended`), which waits for the
   render's flights to land.

The render comes before the speech, the sound and the write so that the
cards move at once (``bench/ui_bench.py`` measures drop to settled DOM),
and before the end screen, which waits for them.  The parts made after
the table join the steps that are theirs through :meth:`AfterAction.forgets`
and :meth:`AfterAction.at_end`; the pipeline reaches no part it was not
given.

>>> import engine
>>> from ui.game.current import GameService
>>> from ui.storage import settings
>>> from ui.storage.store import MemoryStore, Records
>>> from ui.table.state import TableState
>>> state = TableState()
>>> service = GameService(Records(MemoryStore()), settings.Settings, lambda p, o: (None, None), state=state)
>>> service.adopt(engine.new_game("spider-1", 7))
>>> class Quiet:
...     def announce(self, text: str) -> None: ...
...     def events(self, events: list[engine.Event], reverse: bool) -> None: ...
>>> after = AfterAction(state, service, Quiet(), Quiet(), settings.Settings)
>>> steps: list[str] = []
>>> after.forgets(lambda: steps.append("forget"))
>>> events = state.game.play(state.legal()[0])
>>> after.run(events, PLAY, lambda: steps.append("draw"))
>>> steps
['forget', 'draw']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine import Card, Event, Outcome, PileId, StatusChanged
from ui.chrome import messages as say
from ui.game.current import GameService
from ui.storage.settings import Settings
from ui.table.state import TableState

PLAY = "play"
"""An action of the player's (or of "Show me how")."""
FINISH = "finish"
"""A move of Finish's: said as the events it causes, not as a move."""
UNDO = "undo"
BACK = "back"
"""Going back many moves (Restart this deal, Undo to the last deal): said by the one who went back."""


class Announcer(Protocol):
    """Where the sentence goes: the live region (:class:`ui.chrome.messages_view.Messages`)."""

    def announce(self, text: str) -> None: ...


class Sounds(Protocol):
    """The action's sound (:class:`ui.chrome.sound_view.Sound`)."""

    def events(self, events: list[Event], reverse: bool) -> None: ...


def ends(events: list[Event]) -> bool:
    """Whether ``events`` end the game (a win, End, the clock, stuck)."""
    return any(isinstance(e, StatusChanged) and e.status != Outcome.PLAYING for e in events)


class AfterAction:
    """The one pipeline after an action (see the module's words)."""

    def __init__(
        self,
        state: TableState,
        service: GameService,
        speaker: Announcer,
        sounds: Sounds,
        settings: Callable[[], Settings],
    ) -> None:
        self._state = state
        self._service = service
        self._speaker = speaker
        self._sounds = sounds
        self._settings = settings
        self._forget: list[Callable[[], None]] = []
        self._at_end: list[Callable[[], None]] = []

    def forgets(self, fn: Callable[[], None]) -> None:
        """Step 1: ``fn()`` before the render, for a part that knew the old position."""
        self._forget.append(fn)

    def at_end(self, fn: Callable[[], None]) -> None:
        """Step 6: ``fn()`` when an action ends the game (after it is kept)."""
        self._at_end.append(fn)

    def forget(self) -> None:
        """Step 1 alone: a new game is shown (what the parts knew goes, nothing is played)."""
        for fn in self._forget:
            fn()

    def run(self, events: list[Event], how: str, draw: Callable[[], None]) -> None:
        """The steps after an action that caused ``events`` (``how``: :data:`PLAY`,
        :data:`FINISH`, :data:`UNDO`, ``redo``, :data:`BACK`, ``clock``);
        ``draw()`` brings the table's state to them and renders it."""
        self.forget()
        draw()
        self._say(events, how)
        self._sounds.events(events, how == UNDO)
        ended = ends(events)
        self._service.keep(ended)
        if ended:
            for fn in self._at_end:
                fn()

    def _say(self, events: list[Event], how: str) -> None:
        g, t = self._state.game, self._state.tracker
        level = self._settings().verbosity
        if g is None or t is None or not say.says(level) or how == BACK:  # going back says where it went
            return
        self._speaker.announce(
            say.action_text(
                g.rules,
                events,
                public_piles(self._state),
                how=PLAY if how == FINISH else how,
                level=level,
                moves=len(g.moves),
                score=g.score,
                quiet_moves=how == FINISH,
            )
        )


def public_piles(state: TableState) -> dict[PileId, list[Card | None]]:
    """Every pile as the player sees it (None: a face-down card)."""
    t = state.tracker
    assert t is not None
    return {pile: [t.cards[u] for u in uids] for pile, uids in t.piles.items()}
