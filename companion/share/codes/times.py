"""Event times in a code: whole steps of 1, 10, 100 or 1000 ms since the event before, and format 4's packing
of small steps into as many bits as the largest needs (taps a few seconds apart: 6 bits each, not a byte)."""

from __future__ import annotations

from typing import Any

from companion.core.match.events import Event
from companion.share.values import MAX_INT, damaged, want_float, want_int

TICKS = (1, 10, 100, 1000)  # milliseconds per time step: the coarsest that holds every event time is used


class Clock:
    """Event times as whole steps since the event before (seconds when the app records whole seconds)."""

    def __init__(self, anchor_ms: int, tick: int) -> None:
        self.tick, self.steps = tick, anchor_ms // tick

    @staticmethod
    def tick_for(events: tuple[Event, ...]) -> int:
        exact = [round(e.at * 1000) for e in events if round(e.at * 1000) / 1000 == e.at]
        return max(t for t in TICKS if all(ms % t == 0 for ms in exact))

    def out(self, seconds: float) -> int | float:
        ms = round(seconds * 1000)
        if ms / 1000 != seconds or ms % self.tick or abs(ms) >= MAX_INT:
            return float(seconds)
        step = ms // self.tick - self.steps
        self.steps += step
        return step

    def read(self, value: Any, what: str) -> float:
        if type(value) is int:
            self.steps += want_int(value, what)
            return self.steps * self.tick / 1000
        return want_float(value, what)



def pack_steps(times: list[int]) -> bytes:
    """Format 4's time steps: the width in bits, then every step in that many bits (lowest bits first)."""
    width = max(1, max(times).bit_length())
    number = sum(t << (i * width) for i, t in enumerate(times))
    return bytes([width]) + number.to_bytes((len(times) * width + 7) // 8, "little")


def unpack_steps(packed: bytes, count: int) -> list[int]:
    width = packed[0] if packed else 0
    if not 1 <= width <= 8 or len(packed) != 1 + (count * width + 7) // 8:
        raise damaged("events: time steps of the wrong size")
    number = int.from_bytes(packed[1:], "little")
    return [number >> (i * width) & ((1 << width) - 1) for i in range(count)]
