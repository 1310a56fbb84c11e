"""HeroClix Skirmish for the advisor: an attack roll is a critical hit (two 6s), a hit, a miss or a critical miss
(two 1s), split by icepool over both dice like the chance `combat.hit_chance` shows. The victory points it scores
are the match's own (`vp`), so the advisor needs nothing more from this game."""

from __future__ import annotations

from functools import lru_cache

from companion.core.model import Match
from companion.rules.action import Action
from companion.rules.advice.dice import Branch, split
from companion.rules.advisor import Advisor
from companion.rules.skirmish.combat import CRITICAL_DAMAGE, attack_setup, critical, pushed


@lru_cache(maxsize=64)
def attack_branches(needed: int) -> tuple[Branch, ...]:
    return split((6, 6), lambda a, b: critical((a, b)) or ("hit" if a + b >= needed else "miss"))


def attack_outcomes(state: Match, action: Action) -> tuple[Branch, ...]:
    """An attack's classes: critical hit, hit, miss, critical miss, by the roll it needs."""
    return attack_branches(max(2, min(attack_setup(state, action).needed, 13)))  # 2d6 totals run from 2 to 12


class SkirmishAdvisor(Advisor):
    """The victory points are the match's own (`vp`); only which attacks resolve alike is the game's."""

    def outcome_key(self, state: Match, action: Action, label: str) -> object:
        """Attacks whose class resolves to the same figures: every plain miss alike; a critical miss by the
        attacker it damages; a hit by the damage dealt to the one target (a critical hit's extra point, modifiers
        and the first round's reduction included), whoever deals it unless it is pushed."""
        attack = attack_setup(state, action)
        if label == "miss":
            return "miss"
        if label == "critical miss":
            return ("critical miss", attack.attacker.id)
        extra = CRITICAL_DAMAGE if label == "critical hit" else 0
        # pushing can KO the attacker, so a pushed hit may end otherwise: keyed by who deals it
        by = attack.attacker.id if pushed(attack.attacker, action.params) else None
        return ("hit", attack.target.id, attack.damage + extra, attack.reduce, by)
