"""Synthesise the game's sound effects into sounds/ with the standard library only.

Run from the repository root: ``python tools/make_sounds.py``. Every effect is built from
decaying sines (chimes, knocks) and filtered seeded noise (card snaps, riffles, sweeps),
normalised to its own peak level, with short fades at both ends so nothing clicks. The
output is deterministic: a rerun writes the same bytes.
"""

from __future__ import annotations

import array
import io
import math
import random
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RATE = 22050
Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def mix(into: Samples, sound: Sequence[float], at: float = 0.0, gain: float = 1.0) -> None:
    """Add ``sound`` into ``into`` starting ``at`` seconds (``into`` grows if needed)."""
    start = round(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, value in enumerate(sound):
        into[start + i] += value * gain


def tone(frequency: float, seconds: float, decay: float, attack: float = 0.004) -> Samples:
    """A sine with a short linear attack and an exponential decay (time constant ``decay``)."""
    out = []
    step = 2 * math.pi * frequency / RATE
    for i in range(round(seconds * RATE)):
        t = i / RATE
        envelope = min(1.0, t / attack) * math.exp(-t / decay)
        out.append(math.sin(step * i) * envelope)
    return out


def bell(frequency: float, seconds: float, decay: float) -> Samples:
    """A soft bell: the fundamental with a few quieter, faster-fading inharmonic partials."""
    out = tone(frequency, seconds, decay)
    for ratio, level, speed in ((2.0, 0.35, 0.5), (3.01, 0.12, 0.35), (4.2, 0.05, 0.25)):
        if frequency * ratio < RATE / 2.2:
            mix(out, tone(frequency * ratio, seconds, decay * speed), gain=level)
    return out


def noise(seconds: float, rng: random.Random) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def lowpass(samples: Sequence[float], cutoff: Callable[[float], float] | float) -> Samples:
    """One-pole low-pass; ``cutoff`` in Hz, constant or a function of time (a sweep)."""
    out, state = [], 0.0
    for i, value in enumerate(samples):
        frequency = cutoff(i / RATE) if callable(cutoff) else cutoff
        alpha = 1 - math.exp(-2 * math.pi * frequency / RATE)
        state += alpha * (value - state)
        out.append(state)
    return out


def highpass(samples: Sequence[float], cutoff: float) -> Samples:
    low = lowpass(samples, cutoff)
    return [value - smooth for value, smooth in zip(samples, low, strict=True)]


def shaped(samples: Sequence[float], envelope: Callable[[float], float]) -> Samples:
    return [value * envelope(i / RATE) for i, value in enumerate(samples)]


def decaying(attack: float, decay: float) -> Callable[[float], float]:
    return lambda t: min(1.0, t / attack) * math.exp(-t / decay)


def finish(samples: Samples, peak: float, fade_out: float = 0.02) -> Samples:
    """Normalise to ``peak`` (0..1), lead in with a little silence and fade the tail out.

    Every effect already starts from zero amplitude (its envelope rises from 0), so a
    sub-millisecond fade-in is enough and keeps the attack of a snap or a knock intact.
    """
    loudest = max(abs(value) for value in samples) or 1.0
    count = len(samples)
    head, tail = round(0.0005 * RATE), max(1, round(fade_out * RATE))
    out = silence(0.002)
    for i, value in enumerate(samples):
        gain = min(1.0, (i + 1) / head, (count - 1 - i) / tail)
        out.append(value / loudest * peak * gain)
    return out


# --- the effects ------------------------------------------------------------------------


def card_play() -> Samples:
    """A crisp snap: a bright noise burst over a short low thump."""
    rng = random.Random(1)
    snap = shaped(highpass(noise(0.12, rng), 1800), decaying(0.0008, 0.012))
    out = lowpass(snap, 7000)
    mix(out, tone(160, 0.12, 0.02, attack=0.002), gain=0.5)
    return finish(out, 0.8)


def card_deal() -> Samples:
    """A light flick: a quick band-limited swish."""
    rng = random.Random(2)
    swish = shaped(noise(0.09, rng), decaying(0.006, 0.018))
    return finish(lowpass(highpass(swish, 1200), 5000), 0.45)


def shuffle() -> Samples:
    """A riffle: many tiny card clicks, fast in the middle, under a soft rustle."""
    rng = random.Random(3)
    length = 0.75
    out = shaped(
        lowpass(highpass(noise(length, rng), 900), 4000),
        lambda t: 0.12 * math.sin(math.pi * t / length) ** 2,
    )
    t = 0.04
    while t < length - 0.06:
        click = shaped(highpass(noise(0.02, rng), 2000), decaying(0.0005, 0.004))
        mix(out, click, at=t, gain=rng.uniform(0.5, 1.0))
        t += 0.012 + 0.02 * abs(t / length - 0.5) + rng.uniform(0.0, 0.006)
    return finish(lowpass(out, 6000), 0.6, fade_out=0.04)


def trick_collect() -> Samples:
    """A soft sweep: noise whose brightness rises then falls, like cards slid together."""
    rng = random.Random(4)
    length = 0.32
    swept = lowpass(noise(length, rng), lambda t: 600 + 3000 * math.sin(math.pi * t / length))
    out = shaped(swept, lambda t: math.sin(math.pi * t / length) ** 1.5)
    return finish(highpass(out, 300), 0.45, fade_out=0.03)


def your_turn() -> Samples:
    """A discreet chime: one soft bell note."""
    return finish(bell(1046.5, 0.7, 0.22), 0.4, fade_out=0.05)


def bid() -> Samples:
    """A soft tap: a muted low knock."""
    rng = random.Random(6)
    out = tone(420, 0.09, 0.018, attack=0.0015)
    mix(out, lowpass(shaped(noise(0.09, rng), decaying(0.0005, 0.004)), 2500), gain=0.4)
    return finish(out, 0.5)


def announce() -> Samples:
    """Two rising chime notes (belote... rebelote)."""
    out = bell(783.99, 0.55, 0.2)
    mix(out, bell(1046.5, 0.8, 0.28), at=0.16)
    return finish(out, 0.55, fade_out=0.06)


def win() -> Samples:
    """A short happy arpeggio: C E G C, the last one held."""
    out: Samples = []
    notes = (523.25, 659.26, 783.99, 1046.5)
    for index, frequency in enumerate(notes):
        held = index == len(notes) - 1
        mix(out, bell(frequency, 0.8 if held else 0.4, 0.3 if held else 0.14), at=0.09 * index)
    return finish(out, 0.6, fade_out=0.08)


def lose() -> Samples:
    """A short descending figure in minor: G, E flat, C, slower and darker."""
    out: Samples = []
    for index, frequency in enumerate((392.0, 311.13, 261.63)):
        note = lowpass(bell(frequency, 0.6, 0.22), 1800)
        mix(out, note, at=0.17 * index)
    return finish(out, 0.5, fade_out=0.1)


def coinche() -> Samples:
    """A knock on wood, twice: damped woody resonances with a click on the attack."""
    rng = random.Random(10)
    knock = tone(190, 0.14, 0.03, attack=0.001)
    for frequency, level, decay in ((520, 0.6, 0.016), (1130, 0.35, 0.009)):
        mix(knock, tone(frequency, 0.14, decay, attack=0.001), gain=level)
    mix(knock, lowpass(shaped(noise(0.01, rng), decaying(0.0003, 0.002)), 4000), gain=0.5)
    out: Samples = []
    mix(out, knock)
    mix(out, knock, at=0.13, gain=0.8)
    return finish(out, 0.85)


EFFECTS: dict[str, Callable[[], Samples]] = {
    "card_play": card_play,
    "card_deal": card_deal,
    "shuffle": shuffle,
    "trick_collect": trick_collect,
    "your_turn": your_turn,
    "bid": bid,
    "announce": announce,
    "win": win,
    "lose": lose,
    "coinche": coinche,
}


def wav_bytes(samples: Sequence[float]) -> bytes:
    """16-bit mono PCM WAV at RATE."""
    pcm = array.array("h", (round(max(-1.0, min(1.0, value)) * 32767) for value in samples))
    if sys.byteorder == "big":
        pcm.byteswap()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())
    return buffer.getvalue()


def main() -> None:
    folder = ROOT / "sounds"
    folder.mkdir(exist_ok=True)
    for name, make in EFFECTS.items():
        data = wav_bytes(make())
        (folder / f"{name}.wav").write_bytes(data)
        print(f"{name}.wav: {len(data) // 1024} KB")


if __name__ == "__main__":
    main()
