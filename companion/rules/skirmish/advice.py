"""HeroClix Skirmish for the advisor: an attack roll is a hit or a miss (the source gives no critical hits), split
by icepool over both dice like the chance `combat.hit_chance` shows. The victory points it scores are the match's
own (`vp`), so the advisor needs nothing more from this game."""

from __future__ import annotations

from functools import lru_cache

from companion.core.model import Match
from companion.rules.advice.dice import Branch, split
from companion.rules.base import Action
from companion.rules.skirmish.combat import attack_setup


@lru_cache(maxsize=64)
def attack_branches(needed: int) -> tuple[Branch, ...]:
    return split((6, 6), lambda a, b: "hit" if a + b >= needed else "miss")


def outcomes(state: Match, action: Action) -> tuple[Branch, ...] | None:
    if action.name != "attack":
        return None
    return attack_branches(max(2, min(attack_setup(state, action).needed, 13)))  # 2d6 totals run from 2 to 12


def outcome_key(state: Match, action: Action, label: str) -> object:
    """Attacks whose class resolves to the same figures: every miss alike; a hit by the damage dealt to the one
    target (modifiers and the first round's reduction included), whoever deals it."""
    if label == "miss":
        return "miss"
    attack = attack_setup(state, action)
    return ("hit", attack.target.id, attack.damage, attack.reduce)
