"""Halo ActionClix's actions as data (seed 001): each action's title, rule section, cost in actions and whose units
it is for; the actions a turn allows, the positions on the map that matter to the rules, the dice each rolls and
the notes the players check themselves. Action ids and rule section ids are those of content/halo-actionclix
(turn.toml, rules.md)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.action import Param
from companion.rules.halo.attack import ATTACK_ROLL

ACTIONS_PER_TURN = 3
SPAWN_POINTS = 2  # each player sets out two spawn point counters
CAPTURED_COUNTER = "captured-spawn-points"
# Positions that matter to the rules: a spawn point of the unit's own player, or an opponent's ("": elsewhere)
OWN_SPAWN, ENEMY_SPAWN = "own-spawn", "enemy-spawn"
POSITIONS = {"": "Elsewhere on the map", OWN_SPAWN: "On one of its player's spawn points",
             ENEMY_SPAWN: "On an opponent's spawn point"}
MOVES = ("move", "move-and-attack", "throw-grenade", "respawn")  # the actions that move a unit: where it ends
ENDS = Param("ends", "Where its move ends", "choice", (("", "Elsewhere"), (ENEMY_SPAWN, POSITIONS[ENEMY_SPAWN])),
             default="")


@dataclass(frozen=True)
class Spec:
    """One action as the helper lists it."""

    id: str
    title: str
    rule: str
    cost: int  # actions of the turn it uses
    where: str  # whose units it is for: "table", "reserve" or "" (no unit)


SPECS = (
    Spec("move", "Move", "moving", 1, "table"),
    Spec("attack", "Attack", "attacking", 1, "table"),
    Spec("move-and-attack", "Move and attack", "move-attack-penalty", 1, "table"),
    Spec("throw-grenade", "Throw a grenade", "grenades", 1, "table"),
    Spec("respawn", "Respawn", "respawning", 1, "reserve"),
    Spec("swap-weapons", "Swap weapons", "swap-weapons", 0, "table"),
    Spec("upgrade", "Upgrade", "upgrading", 0, "table"),
    Spec("loot-roll", "Loot roll", "loot-roll", 0, "table"),
    Spec("end-turn", "End turn", "actions", 0, ""),
)
SPEC_BY_ID = {s.id: s for s in SPECS}
ATTACKS = ("attack", "move-and-attack", "throw-grenade")
# a respawn rolls the attack roll when it attacks after its move (halo.composed)
DICE = {"attack": ATTACK_ROLL, "move-and-attack": ATTACK_ROLL, "throw-grenade": ATTACK_ROLL, "respawn": ATTACK_ROLL,
        "loot-roll": "2d6"}
NOTES = {
    "attack": "Needs a clear line of fire to the target.",
    "move-and-attack": "More than 4 squares moved: -3 attack.",
    "throw-grenade": "Uses one Grenade token. More than 4 squares moved first: -3 attack. The source's grenade rules "
                     "are cut off: judged like a shot here.",
    "respawn": "Place it on one of your spawn points no enemy has captured; this action must move it off. "
               "Bring back the eliminated unit or a reserve unit worth the same or fewer points. With a target it "
               "attacks after the move (2d6, more than 4 squares: -3 attack).",
    "upgrade": "The source doesn't say whether upgrading uses one of your actions; here it doesn't.",
    "loot-roll": "Only if the unit ends your turn on an opponent's spawn point.",
}
