"""Sounds synthesised with Web Audio: the browser's audio objects, typed.

The page's sound (:mod:`ui.chrome.sound_view`) plays through :class:`Synth`; like
:mod:`ui.browser.dom` for the document, this is the only code that touches Web Audio.
"""

from __future__ import annotations

from typing import Protocol

from ui.browser.dom import is_none, window


class AudioParam(Protocol):
    """A node's parameter (a gain, a frequency), scheduled in context time."""

    value: float

    def setValueAtTime(self, value: float, time: float, /) -> None: ...
    def exponentialRampToValueAtTime(self, value: float, time: float, /) -> None: ...


class AudioNode(Protocol):
    def connect(self, destination: AudioNode, /) -> None: ...


class GainNode(AudioNode, Protocol):
    gain: AudioParam


class Oscillator(AudioNode, Protocol):
    type: str
    frequency: AudioParam

    def start(self, time: float, /) -> None: ...
    def stop(self, time: float, /) -> None: ...


class AudioContext(Protocol):
    state: str
    currentTime: float
    destination: AudioNode

    def createGain(self) -> GainNode: ...
    def createOscillator(self) -> Oscillator: ...
    def resume(self) -> None: ...
    def suspend(self) -> None: ...


class Synth:
    """Sounds synthesised with Web Audio (no audio files, nothing to license).

    No ``AudioContext`` exists until :meth:`unlock` is called from the
    player's first gesture, so nothing can play before it.  Two gain buses
    (effects, music) feed the output; a gain of 0 is silence.
    """

    def __init__(self) -> None:
        self.ctx: AudioContext | None = None
        self.fx: GainNode | None = None
        self.music: GainNode | None = None

    @property
    def ready(self) -> bool:
        return self.ctx is not None

    def unlock(self) -> bool:
        if self.ctx is not None:
            if str(self.ctx.state) == "suspended":
                self.ctx.resume()
            return True
        ctor = getattr(window, "AudioContext", None)
        if ctor is None or is_none(ctor):
            return False
        ctx: AudioContext = ctor.new()
        self.fx = ctx.createGain()
        self.fx.connect(ctx.destination)
        self.music = ctx.createGain()
        self.music.connect(ctx.destination)
        self.ctx = ctx
        return True

    def levels(self, fx: float, music: float) -> None:
        if self.fx is None or self.music is None:
            return
        self.fx.gain.value = fx
        self.music.gain.value = music

    def suspend(self, hidden: bool) -> None:
        if self.ctx is None:
            return
        if hidden:
            self.ctx.suspend()
        else:
            self.ctx.resume()

    @property
    def now(self) -> float:
        return float(self.ctx.currentTime) if self.ctx is not None else 0.0

    def tone(
        self,
        freq: float,
        start: float,
        dur: float,
        wave: str = "sine",
        peak: float = 0.3,
        bus: str = "fx",
        glide: float | None = None,
    ) -> None:
        """One note: ``start`` seconds from now, an attack then an exponential decay."""
        if self.ctx is None or self.fx is None or self.music is None:
            return
        t0 = self.now + max(0.0, start)
        osc = self.ctx.createOscillator()
        osc.type = wave
        osc.frequency.setValueAtTime(freq, t0)
        if glide is not None:
            osc.frequency.exponentialRampToValueAtTime(glide, t0 + dur)
        env = self.ctx.createGain()
        env.gain.setValueAtTime(0.0001, t0)
        env.gain.exponentialRampToValueAtTime(peak, t0 + min(0.015, dur / 4))
        env.gain.exponentialRampToValueAtTime(0.0001, t0 + dur)
        osc.connect(env)
        env.connect(self.fx if bus == "fx" else self.music)
        osc.start(t0)
        osc.stop(t0 + dur + 0.05)
