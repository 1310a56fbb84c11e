"""Small builders for test matches and units."""

from __future__ import annotations

import random
from typing import Any

from companion.core.match.creation import new_match
from companion.core.model import Match
from companion.core.packs.load import get_pack

SEED = 7  # the scenario tests' dice: rng_for(SEED, n) for the match's n-th roll (matches carry no seed)


def rng_for(seed: int, index: int) -> random.Random:
    """A seeded generator per roll number: scenario tests replay the same dice (the app rolls fairly instead)."""
    return random.Random(f"tabletop-companion:{seed}:{index}")


def dial(*clicks: tuple[int, int, int, int], ko: bool = True) -> list[dict[str, Any]]:
    """A dial as JSON from (speed, attack, defense, damage) clicks, ending on a KO click."""
    out: list[dict[str, Any]] = [
        {"stats": {"speed": s, "attack": a, "defense": d, "damage": g}} for s, a, d, g in clicks
    ]
    if ko:
        out.append({"stats": {}, "markers": ["ko"]})
    return out


def unit(uid: str, owner: str, clicks: int = 4, **extra: Any) -> dict[str, Any]:
    data = {"id": uid, "name": f"Unit {uid}", "points": 30, "owner": owner,
            "dial": dial(*[(8, 10 - i, 16 - i, 2) for i in range(clicks)])}
    data.update(extra)
    return data


def match(system: str = "halo-actionclix", players: int = 2, **kwargs: Any) -> Match:
    names = ["Ann", "Ben", "Cat", "Dan"][:players]
    return new_match(get_pack(system), names, match_id="m1", now=1_000_000.0, **kwargs)


def rng_rolling(*dice: int) -> random.Random:
    """A seeded generator whose first rolls of a d6 are `dice` (e.g. rng_rolling(6, 6): two 6s)."""
    for n in range(100_000):
        r = random.Random(n)
        if all(r.randint(1, 6) == d for d in dice):
            return random.Random(n)
    raise AssertionError(f"no seed below 100000 rolls {dice}")
