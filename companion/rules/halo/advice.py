"""Halo ActionClix for the advisor: how an attack roll splits (miss, hit, two 6s), which classes of two attacks
resolve alike, and the upgrade tokens a KO gives (each attack action asks these: halo.actions).

The classes come from icepool over both dice, the same way `attack.roll_chance` counts the chance to hit; two 6s
are a class of their own because they hit whatever the total and set off the double-six card ability.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from companion.core.model import Match
from companion.rules.action import Action
from companion.rules.advice.dice import Branch, split
from companion.rules.halo.tokens import UPGRADE

UPGRADE_FIGURE = "upgrade tokens"


@lru_cache(maxsize=64)
def attack_branches(needed: int) -> tuple[Branch, ...]:
    """The attack roll's classes when `needed` on 2d6 hits (two 6s always do)."""
    return split((6, 6), lambda a, b: "two 6s" if a == b == 6 else "hit" if a + b >= needed else "miss")


def figures(before: Match, after: Match, action: Action) -> dict[str, int]:
    """The Upgrade tokens the attacking unit gains (one for each unit it eliminates)."""
    unit = action.unit or ""
    was, now = (next((u.tokens[UPGRADE] for u in s.units if u.id == unit), 0) for s in (before, after))
    return {UPGRADE_FIGURE: now - was}


def outcome_key(action: Action, label: str, damage: Callable[[], int]) -> object:
    """Attacks whose class resolves to the same figures: every miss alike; a hit (or two 6s without the card's
    splash) by the damage it deals to the one target, whoever deals it (`damage`: the attacker's damage value as
    it attacks). A splash is weighed on its own."""
    if label == "miss":
        return "miss"
    if label == "two 6s" and action.params.get("splash") is True:
        return None
    return ("hit", action.params.get("target"), damage())
