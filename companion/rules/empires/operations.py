"""Armageddon Empires (seed 004): the kinds of challenge a card starts, one object each, built once (ASSASSINATE,
SABOTAGE, CREATE):
an assassination aims at an enemy hero, a sabotage at an enemy facility, a threshold challenge at no card (it
creates one). Each knows the ability that starts it and the card's level in it, the cards it may aim at and the
words for them, its form, and (aimed ones) its Master, the kind of challenge a target makes and the target's
defence. The actions (actions.py) and the plans (steps.py) ask it, so no caller compares ability names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.model import Match, Unit
from companion.rules.action import Param
from companion.rules.empires import flow
from companion.rules.empires.dice import MAX_POOL

MAX_SEEN = 20  # cards seen in one hex for a random target: far above a real hex, a bound on the form and the odds
AP_COST = Param("ap_cost", "Action Points it costs (not in the source; 0: not tracked)", "int", high=99, default=0,
                rare=True)


class Operation:
    """A kind of challenge a card starts: the abilities that let it (`abilities`, any one serves), named `ability`."""

    ability: str  # the ability's name in a sentence: "Assassin"
    abilities: tuple[str, ...]  # the pack's trait ids that give it

    def level(self, unit: Unit) -> int:
        return flow.level(unit, *self.abilities)

    def no_target(self, state: Match, owner: str) -> str | None:
        """Why `owner` can't start one now for want of a card to aim at (None: nothing is missing)."""
        return None

    def drawn_row(self, cards: list[Unit]) -> str | None:
        """The option's extra note when Best moves weighs a drawn target for one of `cards` (None: no draw)."""
        return None

    def own_params(self, state: Match) -> tuple[Param, ...]:
        """The form before the dice setting."""
        raise NotImplementedError


class Aimed(Operation):
    """A challenge against an enemy card (hero or facility): a Master picks the target; otherwise it is drawn among
    the cards seen in the hex (seed 004 ¶15, ¶19)."""

    master: str  # the trait id of the Master version of the ability
    one: str  # the target's noun: "hero"
    many: str  # its plural
    extra: Param  # the operation's own switch on the form

    def aims_at(self, unit: Unit) -> bool:
        raise NotImplementedError

    def targets(self, state: Match, owner: str) -> tuple[Unit, ...]:
        """The enemy cards in play `owner` may aim at."""
        return tuple(u for u in state.units if u.owner != owner and flow.live(u) and self.aims_at(u))

    def no_target(self, state: Match, owner: str) -> str | None:
        return None if self.targets(state, owner) else f"no enemy {self.one} is on the table to target"

    def drawn_row(self, cards: list[Unit]) -> str | None:
        if any(not flow.has(u, self.master) for u in cards):
            return (f"With no Master {self.ability}, Best moves weighs each {self.one} as the only one seen.")
        return None

    def own_params(self, state: Match) -> tuple[Param, ...]:
        """The target, the cards seen, the bonus dice, the operation's switch and the Action Points."""
        enemies = self.targets(state, state.active_player.id)
        targets = tuple((u.id, u.name) for u in enemies)
        # one switch per enemy card: the random target is drawn among every one ticked (none for a Master)
        seen = tuple(Param(f"seen_{u.id}", f"Also seen in the hex: {u.name}", "bool") for u in enemies[:MAX_SEEN])
        return (Param("target", f"Target (a Master's pick; otherwise one of the {self.many} seen)", "unit", targets),
                *seen,
                Param("bonus", "Defender's other bonus dice (Bodyguard on its card is counted)", "int", low=0,
                      high=30, default=0),
                self.extra,
                AP_COST)

    def intel(self, params: Mapping[str, Any]) -> bool:
        """The target's hex holds an Intel Center (only a sabotage asks)."""
        return False

    def slayer(self, attacker: Unit, params: Mapping[str, Any]) -> bool:
        """One wound kills (only an assassination can)."""
        return False

    def kind(self, target: Unit, intel: bool, house_rule: bool) -> str:
        """The kind of challenge (flow.KIND_CODES) against `target`."""
        raise NotImplementedError

    def defence_base(self, target: Unit) -> int:
        """The target's own dice before Bodyguard and bonus."""
        raise NotImplementedError


class Assassination(Aimed):
    ability, abilities, master, one, many = "Assassin", ("assassin",), "master-assassin", "hero", "heroes"
    extra = Param("slayer_munition", "A one-shot Slayer munition (one wound kills)", "bool")

    def aims_at(self, unit: Unit) -> bool:
        return flow.is_hero(unit)

    def slayer(self, attacker: Unit, params: Mapping[str, Any]) -> bool:
        return flow.has(attacker, "slayer") or bool(params.get("slayer_munition"))

    def kind(self, target: Unit, intel: bool, house_rule: bool) -> str:
        return flow.DUEL if flow.has(target, "assassin") else flow.ASSASSINATION

    def defence_base(self, target: Unit) -> int:
        return flow.fate(target)


class Sabotage(Aimed):
    ability, abilities, master, one, many = "Saboteur", ("saboteur",), "master-saboteur", "facility", "facilities"
    extra = Param("intel_center", "An Intel Center is in the target's hex (a special duel)", "bool")

    def aims_at(self, unit: Unit) -> bool:
        return flow.is_facility(unit)

    def intel(self, params: Mapping[str, Any]) -> bool:
        return bool(params.get("intel_center"))

    def kind(self, target: Unit, intel: bool, house_rule: bool) -> str:
        if intel:
            return flow.INTEL_DUEL if house_rule else flow.SABOTAGE_INTEL
        return flow.SABOTAGE

    def defence_base(self, target: Unit) -> int:
        return flow.defense(target)


class CardCreation(Operation):
    """A threshold challenge: the hero's pool against a fixed number of threshold dice, to create a card."""

    ability, abilities = "Tactician, Technologist or Geneticist", flow.CREATORS

    def own_params(self, state: Match) -> tuple[Param, ...]:
        return (Param("dice", "Dice in the hero's pool (0: its Ability level)", "int", high=MAX_POOL, default=0),
                Param("threshold", "Threshold: its fixed number of dice", "int", low=1, high=MAX_POOL, default=1))


ASSASSINATE, SABOTAGE, CREATE = Assassination(), Sabotage(), CardCreation()
