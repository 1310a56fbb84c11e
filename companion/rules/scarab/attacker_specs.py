"""The attacking player's actions against the Scarab (seed 000): what each is, its rule, and what it asks."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.action import Param
from companion.rules.scarab.positions import POSITIONS
from companion.rules.scarab.state import MODIFIER

AERIAL_LIMIT = 2
CORE_ADJACENT_BONUS = 3
CORE_DAMAGE = 1
JUMP_DAMAGE = 1
ADJACENT = Param("adjacent", "Adjacent to the Main Power Core (+3 attack)", "bool", default=False)
GRENADE = Param("grenade", "Throw a grenade (uses a Grenade token)", "bool", default=False)


@dataclass(frozen=True)
class Spec:
    id: str
    title: str
    rule: str
    cost: int = 1
    dice: str | None = None


SPECS = (
    Spec("move", "Move (then attack) or another action", "attacker-actions"),
    Spec("shoot-scarab", "Shoot the Scarab", "shooting-the-scarab", dice="2d6"),
    Spec("attack", "Attack a reinforcement", "reinforcements", dice="2d6"),
    Spec("attack-core", "Attack the Main Power Core", "main-power-core", dice="2d6"),
    Spec("enter", "Enter the Scarab", "inside"),
    Spec("exit", "Exit the Scarab", "exiting"),
    Spec("move-off", "Move off (kneeling Scarab)", "moving-off"),
    Spec("jump-off", "Jump off (standing Scarab)", "jumping-off"),
    Spec("end-turn", "End turn", "attacker-actions", cost=0),
)
SPEC_BY_ID = {s.id: s for s in SPECS}

NOTES = {
    "move": "Moving (and climbing on top), then an attack if it makes one, or any other action such as a power. "
            "Say where its move ends.",
    "shoot-scarab": "Every figure has line of fire to the Scarab; not from on top of it.",
    "attack": "Reinforcements don't count toward your victory: only destroying the Scarab does.",
    "attack-core": "Needs a clear line of fire to the core on the Scarab Interior map.",
    "enter": "Placed on one of the 12 Ramp squares (1 square of its move); it may go on and attack the core. "
             "HeroClix: this wakes the interior defenders.",
    "exit": "From the Ramp (it may walk onto it in this action): placed anywhere on top; its move ends, it may "
            "still shoot.",
    "move-off": "Only while the Scarab kneels: place it next to the Chassis base (1 square of its move).",
    "jump-off": "Only while the Scarab stands: place it next to the area beneath (1 square of its move).",
}
HOUSE_NOTES = {
    "flyers-board-from-adjacent": "House rule: flyers may board from any square next to the area beneath.",
    "flyer-limit-2": "House rule: at most two flying figures move on top of the Scarab a turn.",
}


CLOSE_COMBAT = Param("close_combat", "Close combat (a sword or another adjacent-only attack)", "bool", default=False)
NEXT_TO_BASE = Param("next_to_base", "It stands next to one of the Scarab's four bases", "bool", default=False)
UNDER_BASE = Param("under_base", "The grenade's target square is one of the 16 under the Scarab's bases", "bool",
                   default=False)
VIA_RAMP = Param("via_ramp", "From the Interior map: it reaches the Ramp in this action with movement left", "bool",
                 default=False)
JUMP_CLIMB = Param("jump_climb", "It has Jump/Climb or the flight symbol (no damage)", "bool", default=False)
MOVE_TO = Param("to", "Where its move ends", "choice", (("", "Where it is (or elsewhere on the same map)"),
                                                       *POSITIONS.items()), default="")

# The plain attacks and the fields each one's form asks (besides a reinforcement's target): a move that ends in an
# attack asks the same fields for it (move_attack), so one attack reads the same from every action.
ATTACKS = ("shoot-scarab", "attack", "attack-core")
FIELDS = {
    "shoot-scarab": (MODIFIER, GRENADE, UNDER_BASE, CLOSE_COMBAT, NEXT_TO_BASE),
    "attack": (MODIFIER, GRENADE),
    "attack-core": (ADJACENT, MODIFIER, GRENADE),
}
