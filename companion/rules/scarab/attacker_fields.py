"""The fields the attacking player's actions against the Scarab ask (seed 000), and the numbers of its rules."""

from __future__ import annotations

from companion.rules.action import Param
from companion.rules.scarab.positions import POSITIONS

AERIAL_LIMIT = 2
CORE_ADJACENT_BONUS = 3
CORE_DAMAGE = 1
JUMP_DAMAGE = 1
ADJACENT = Param("adjacent", "Adjacent to the Main Power Core (+3 attack)", "bool", default=False)
GRENADE = Param("grenade", "Throw a grenade (uses a Grenade token)", "bool", default=False)
CLOSE_COMBAT = Param("close_combat", "Close combat (a sword or another adjacent-only attack)", "bool", default=False)
NEXT_TO_BASE = Param("next_to_base", "It stands next to one of the Scarab's four bases", "bool", default=False)
UNDER_BASE = Param("under_base", "The grenade's target square is one of the 16 under the Scarab's bases", "bool",
                   default=False)
VIA_RAMP = Param("via_ramp", "From the Interior map: it reaches the Ramp in this action with movement left", "bool",
                 default=False)
JUMP_CLIMB = Param("jump_climb", "It has Jump/Climb or the flight symbol (no damage)", "bool", default=False)
MOVE_TO = Param("to", "Where its move ends", "choice", (("", "Where it is (or elsewhere on the same map)"),
                                                       *POSITIONS.items()), default="")
HOUSE_NOTES = {
    "flyers-board-from-adjacent": "House rule: flyers may board from any square next to the area beneath.",
    "flyer-limit-2": "House rule: at most two flying figures move on top of the Scarab a turn.",
}
