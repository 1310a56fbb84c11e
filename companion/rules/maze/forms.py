"""The Killer of the Maze: what the player fills in before an action resolves, and the reminders shown with each
action (what the match can't check: tiles, doors, sight lines)."""

from __future__ import annotations

from companion.core.model import Unit
from companion.rules.action import Param
from companion.rules.maze import gear, parties, scavenge
from companion.rules.maze.items import catalogue

TO_HIT_CHOICES = (("", "not set: enter it from your rules"),) + tuple((str(n), f"{n}+") for n in range(2, 7))

NOTES = {
    "move": "1 tile in an open direction. Finish one model's movement before the next model's.",
    "advance": "3 tiles in one direction (turn only where a locked door or a closed tile blocks it).",
    "start-activity": "Only once every model that wished to move has moved: there is no going back. Then finish "
                      "one model's activities before the next model's.",
    "fire": "The Blind Horror must be visible and within range (tiles).",
    "break-down-door": "The Terminator must be on a tile with a Locked Door: remove the door.",
    "light-vent": "Lights one vent opening on the model's tile for two game turns.",
    "pick-up-transfer": "Set the counters of both models by hand: items must fit the inventory and its keywords. "
                        "A Demolition Expert may spend this action to pick up an active Trip Mine on its tile.",
    "scavenge-read": "The Servo Skull's extra die may stand in for either die of the D66: choose the reading. Not "
                     "an action; it comes before any model's next action.",
    "lost": "A cave-in, or groups beyond each other's Sight Distance: put each model in the party it is in now. The "
            "helper finds the smallest party (ties: all of them) and takes its models' morale. Not an action.",
    "end-imperial-phase": "The Tyranid player takes the Tyranid Action phase.",
    "beacon-roll": "At the beginning of each turn, before any model acts. Not an action.",
    "sacrificial-blade": "Forced once three-quarters of the bearer's morale is lost: once each Action phase, not one "
                         "of its two actions; it can't drop the Blade.",
    "end-turn": "The Tyranid Action phase's rules are not in the source. At the end of the turn, remove the tiles "
                "no imperial model could see after moving 3 tiles toward them.",
}


def _blade_params() -> tuple[Param, ...]:
    return (Param("boon", "Sacrificial Blade: boon", "choice", gear.BLADE_BOONS),
            Param("weapon", "Sacrificial Blade: the weapon that recovers D3 shots", "choice",
                  tuple((w.id, w.name) for w in catalogue().weapons.values() if w.recharge)))


def _found_params() -> tuple[Param, ...]:
    """What a reading of the scavenge table asks: where a found item goes, and Jagged Metal's save."""
    return (Param("keep", "Put a found item straight into the model's inventory", "bool", default=True),
            Param(scavenge.ARMOUR_BOON, "Jagged Metal: armour save 2 better (the Sacrificial Blade's boon is on)",
                  "bool", default=False, rare=True))


def params(action: str, models: tuple[Unit, ...]) -> tuple[Param, ...]:
    """What the player fills in for `action` (`models`: the team's models on the board, for a target)."""
    cat = catalogue()
    if action == "fire":
        return (Param("weapon", "Weapon", "choice", tuple((w.id, w.name) for w in cat.weapons.values())),
                Param("shots", "Shots (the weapon's minimum to maximum, no more than are left; a Frag Grenade "
                               "makes 2D6 hit rolls instead)", "int", low=1, high=6, default=1),
                Param("distance", "Tiles to the Blind Horror", "int", low=0, high=10, default=1),
                Param("to_hit", "Hit roll needed: NOT in this part of the source, enter it from your rules "
                                "(Flamers hit automatically)", "choice", TO_HIT_CHOICES, default=""),
                Param("reroll_ones", "Reroll hit rolls of 1 (a Heavy Stubber made 4+ hits this phase)", "bool",
                      rare=True))
    if action == "reload":
        return (Param("weapon", "Weapon to reload", "choice",
                      tuple((w.id, w.name) for w in cat.weapons.values() if w.recharge)),)
    if action == "light-vent":
        return (Param("weapon", "Flamer", "choice", tuple((w, cat.weapons[w].name) for w in gear.VENT_WEAPONS)),)
    if action == "use-equipment":
        return (Param("item", "Equipment", "choice", tuple((g, cat.gear[g].name) for g in gear.usable_gear())),
                Param("target", "Medkit: the model it treats (on the user's tile)", "unit",
                      tuple((u.id, u.name) for u in models)),
                Param("skull", "Servo Skull: effect", "choice", gear.SKULL_EFFECTS), *_blade_params())
    if action == "sacrificial-blade":
        return _blade_params()
    if action == "beacon-roll":
        return parties.params(models)  # the models in the bearer's party gain the point
    if action == "scavenge":
        return (Param("times", "Times this tile was scavenged already (tiles aren't tracked)", "int", low=0, high=2,
                      default=0), *_found_params())
    if action == "scavenge-read":
        waiting = tuple(dict.fromkeys(v for u in models for v in scavenge.readings(u)))
        return (Param("reading", "Reading of the D66 (the extra die in place of one die, or none)", "choice",
                      tuple((str(v), scavenge.reading_label(v)) for v in waiting)), *_found_params())
    if action == "lost":
        return parties.params(models)
    return ()
