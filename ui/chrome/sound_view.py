"""Sound effects and a quiet music loop, synthesised with Web
Audio through :class:`ui.browser.audio.Synth`: no audio files, so no licence to record.

Nothing plays before the player's first gesture (the audio context is made
in the first pointerdown or keydown); muted, or a volume of 0, is silence
(no note is even scheduled); the music stops and the context is suspended
while the page is hidden.

Hooks for tests: ``#table[data-audio]`` — ``locked`` before the first
gesture, then ``on`` or ``muted``; ``data-sounds`` counts the effects
played (an effect not played because of mute or volume 0 is not counted).
"""

from __future__ import annotations

from engine import Event, Outcome, RunRemoved, StatusChanged
from ui.browser.audio import Synth
from ui.browser.dom import Element, Timer
from ui.chrome.appearance_view import Appearance

# A pentatonic loop, slow and low: (semitones from A3, beats)
LOOP = [
    (0, 1),
    (7, 1),
    (12, 1),
    (7, 1),
    (3, 1),
    (10, 1),
    (15, 1),
    (10, 1),
    (-2, 1),
    (5, 1),
    (10, 1),
    (5, 1),
    (0, 1),
    (7, 1),
    (12, 2),
]
BEAT = 0.6
A3 = 220.0


def _hz(semitones: float) -> float:
    return A3 * 2 ** (semitones / 12)


class Sound:
    def __init__(self, table: Element, look: Appearance) -> None:
        self.table = table
        self.look = look
        self.synth = Synth()
        self.count = 0
        self.music_timer = Timer(self._bar)
        self.hidden = False
        table.dataset.audio = "locked"
        table.dataset.sounds = "0"
        look.subscribe(lambda names: self.update() if {"volume", "music", "muted"} & names else None)

    # -- state ------------------------------------------------------------
    @property
    def fx_level(self) -> float:
        s = self.look.settings
        return 0.0 if s.muted else s.volume / 100.0

    @property
    def music_level(self) -> float:
        s = self.look.settings
        return 0.0 if s.muted else s.music / 100.0 * 0.35

    def gesture(self) -> None:
        """The player pressed something: audio may start now."""
        if self.synth.ready:
            return
        if self.synth.unlock():
            self.update()

    def update(self) -> None:
        """Settings changed (volumes, mute) or audio was unlocked."""
        if not self.synth.ready:
            return
        self.synth.levels(self.fx_level, self.music_level)
        self.table.dataset.audio = "muted" if self.look.settings.muted else "on"
        if self.music_level > 0 and not self.hidden:
            if not self.music_timer.pending:
                self.music_timer.start(50)
        else:
            self.music_timer.cancel()

    def visibility(self, hidden: bool) -> None:
        self.hidden = hidden
        self.synth.suspend(hidden)
        self.update()

    # -- effects -------------------------------------------------------------
    def effect(self, name: str) -> None:
        if not self.synth.ready or self.fx_level <= 0:
            return
        t = self.synth.tone
        if name == "move":
            t(900, 0, 0.06, "triangle", 0.25, glide=500)
        elif name == "deal":
            for k in range(5):
                t(700 + 40 * k, k * 0.045, 0.05, "triangle", 0.18, glide=420)
        elif name == "run":
            for k, st in enumerate((12, 16, 19, 24)):
                t(_hz(st + 12), k * 0.08, 0.25, "sine", 0.25)
        elif name == "win":
            for k, st in enumerate((12, 16, 19, 24, 19, 24, 28)):
                t(_hz(st + 12), k * 0.12, 0.4, "sine", 0.28)
        elif name == "illegal":
            t(160, 0, 0.14, "square", 0.08, glide=120)
        elif name == "undo":
            t(500, 0, 0.07, "triangle", 0.2, glide=800)
        else:
            return
        self.count += 1
        self.table.dataset.sounds = str(self.count)
        self.table.dataset.lastSound = name

    def events(self, events: list[Event], reverse: bool) -> None:
        """The sound of what a move did."""
        if not events:
            return
        if any(isinstance(e, StatusChanged) and e.status == Outcome.WON for e in events):
            self.effect("win")
        elif any(isinstance(e, RunRemoved) for e in events) and not reverse:
            self.effect("run")
        elif reverse:
            self.effect("undo")
        elif any(type(e).__name__ in ("Dealt", "DrawDealt", "StockDealt") for e in events):
            self.effect("deal")
        elif any(isinstance(e, StatusChanged) for e in events):
            return
        else:
            self.effect("move")

    # -- music ---------------------------------------------------------------
    def _bar(self) -> None:
        """Schedule one pass of the loop, and the next one just before it ends."""
        if not self.synth.ready or self.music_level <= 0 or self.hidden:
            return
        at = 0.05
        for st, beats in LOOP:
            self.synth.tone(_hz(st), at, BEAT * beats * 1.6, "sine", 0.2, bus="music")
            at += BEAT * beats
        self.music_timer.start((at - 0.2) * 1000)
