"""The Killer of the Maze: what the player fills in before an action resolves, one form per action (each action
of rules/maze/actions.py asks its own; the Beacon roll and Lost parties ask parties.params)."""

from __future__ import annotations

from companion.core.model import Unit
from companion.rules.action import Param
from companion.rules.maze import gear, scavenge
from companion.rules.maze.items import catalogue

TO_HIT_CHOICES = (("", "not set: enter it from your rules"),) + tuple((str(n), f"{n}+") for n in range(2, 7))


def fire_params() -> tuple[Param, ...]:
    return (Param("weapon", "Weapon", "choice", tuple((w.id, w.name) for w in catalogue().weapons.values())),
            Param("shots", "Shots (the weapon's minimum to maximum, no more than are left; a Frag Grenade makes "
                           "2D6 hit rolls instead)", "int", low=1, high=6, default=1),
            Param("distance", "Tiles to the Blind Horror", "int", low=0, high=10, default=1),
            Param("to_hit", "Hit roll needed: NOT in this part of the source, enter it from your rules (Flamers "
                            "hit automatically)", "choice", TO_HIT_CHOICES, default=""),
            Param("reroll_ones", "Reroll hit rolls of 1 (a Heavy Stubber made 4+ hits this phase)", "bool",
                  rare=True))


def reload_params() -> tuple[Param, ...]:
    return (Param("weapon", "Weapon to reload", "choice",
                  tuple((w.id, w.name) for w in catalogue().weapons.values() if w.recharge)),)


def vent_params() -> tuple[Param, ...]:
    cat = catalogue()
    return (Param("weapon", "Flamer", "choice", tuple((w, cat.weapons[w].name) for w in gear.VENT_WEAPONS)),)


def blade_params() -> tuple[Param, ...]:
    return (Param("boon", "Sacrificial Blade: boon", "choice", gear.BLADE_BOONS),
            Param("weapon", "Sacrificial Blade: the weapon that recovers D3 shots", "choice",
                  tuple((w.id, w.name) for w in catalogue().weapons.values() if w.recharge)))


def equipment_params(models: tuple[Unit, ...]) -> tuple[Param, ...]:
    """Use Equipment's form (`models`: the team's models on the board, whom a Medkit may treat)."""
    cat = catalogue()
    return (Param("item", "Equipment", "choice", tuple((g, cat.gear[g].name) for g in gear.usable_gear())),
            Param("target", "Medkit: the model it treats (on the user's tile)", "unit",
                  tuple((u.id, u.name) for u in models)),
            Param("skull", "Servo Skull: effect", "choice", gear.SKULL_EFFECTS), *blade_params())


def _found_params() -> tuple[Param, ...]:
    """What a reading of the scavenge table asks: where a found item goes, and Jagged Metal's save."""
    return (Param("keep", "Put a found item straight into the model's inventory", "bool", default=True),
            Param(scavenge.ARMOUR_BOON, "Jagged Metal: armour save 2 better (the Sacrificial Blade's boon is on)",
                  "bool", default=False, rare=True))


def scavenge_params() -> tuple[Param, ...]:
    return (Param("times", "Times this tile was scavenged already (tiles aren't tracked)", "int", low=0, high=2,
                  default=0), *_found_params())


def reading_params(models: tuple[Unit, ...]) -> tuple[Param, ...]:
    """Reading a Scavenge roll: the readings waiting among `models` (the team's models on the board)."""
    waiting = tuple(dict.fromkeys(v for u in models for v in scavenge.readings(u)))
    return (Param("reading", "Reading of the D66 (the extra die in place of one die, or none)", "choice",
                  tuple((str(v), scavenge.reading_label(v)) for v in waiting)), *_found_params())
