"""Rate limits for what a phone may post to the room: a player's code (guessing one) and a report (a flood).

A token bucket per key (a client's address for codes, a player's seat for reports): `burst` posts at once, then
one every `60 / per_minute` seconds. The buckets live in memory (a restart forgets them) and at most MAX_KEYS are
kept: the fullest are forgotten first, as a full bucket is what a forgotten key gets anyway.
"""

from __future__ import annotations

import time
from collections.abc import Callable

MAX_KEYS = 10_000


class Limiter:
    def __init__(self, per_minute: float, burst: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60
        self.burst = float(burst)
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens left, when counted)

    def _tokens(self, key: str, now: float) -> float:
        tokens, then = self._buckets.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - then) * self.rate)

    def allow(self, key: str) -> bool:
        """Take one post from `key`'s bucket; False (nothing taken) when it is empty."""
        now = self.clock()
        tokens = self._tokens(key, now)
        if tokens < 1:
            return False
        if len(self._buckets) >= MAX_KEYS and key not in self._buckets:
            for old in sorted(self._buckets, key=lambda k: -self._tokens(k, now))[:MAX_KEYS // 10]:
                del self._buckets[old]
        self._buckets[key] = (tokens - 1, now)
        return True

    def wait(self, key: str) -> int:
        """Whole seconds until `key` may post again."""
        return max(1, int((1 - self._tokens(key, self.clock())) / self.rate) + 1)
