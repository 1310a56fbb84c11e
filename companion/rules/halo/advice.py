"""Halo ActionClix for the advisor: how an attack roll splits (miss, hit, two 6s) and the upgrade tokens a KO gives.

The classes come from icepool over both dice, the same way `attack.roll_chance` counts the chance to hit; two 6s
are a class of their own because they hit whatever the total and set off the double-six card ability.
"""

from __future__ import annotations

from functools import lru_cache

from companion.core.model import Match
from companion.rules.action import Action
from companion.rules.advice.dice import Branch, split
from companion.rules.advisor import Advisor
from companion.rules.halo.attack import attack_setup, dial_value
from companion.rules.halo.composed import attack_part
from companion.rules.halo.tokens import UPGRADE

UPGRADE_FIGURE = "upgrade tokens"


@lru_cache(maxsize=64)
def attack_branches(needed: int) -> tuple[Branch, ...]:
    """The attack roll's classes when `needed` on 2d6 hits (two 6s always do)."""
    return split((6, 6), lambda a, b: "two 6s" if a == b == 6 else "hit" if a + b >= needed else "miss")


def outcomes(state: Match, action: Action) -> tuple[Branch, ...] | None:
    """The classes of the attack the action ends in (None for the actions that end in none): a shot, a move and
    attack, a grenade, a respawn's shot (halo.composed)."""
    part = attack_part(state, action)
    if part is None:
        return None
    setup, _, _ = attack_setup(part.before, part.attack)
    return attack_branches(max(2, min(setup.needed, 13)))  # every total below 2 hits, above 12 only two 6s


class HaloAdvisor(Advisor):
    """A unit that eliminates another gains an Upgrade token (a figure of its own); attacks resolve alike by the
    damage they deal."""

    def figures(self, before: Match, after: Match, action: Action) -> dict[str, int]:
        """The Upgrade tokens the attacking unit gains (one for each unit it eliminates)."""
        unit = action.unit or ""
        was, now = (next((u.tokens[UPGRADE] for u in s.units if u.id == unit), 0) for s in (before, after))
        return {UPGRADE_FIGURE: now - was}


    def outcome_key(self, state: Match, action: Action, label: str) -> object:
        """Attacks whose class resolves to the same figures: every miss alike; a hit (or two 6s without the card's
        splash) by the damage it deals to the one target, whoever deals it. A splash is weighed on its own."""
        if label == "miss":
            return "miss"
        if label == "two 6s" and action.params.get("splash") is True:
            return None
        part = attack_part(state, action)
        before = part.before if part is not None else state
        return ("hit", action.params.get("target"), dial_value(before.unit(action.unit or ""), "damage"))
