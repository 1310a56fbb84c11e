"""The Scarab player's turn (seed 000) as its table of actions, one object each: the Scarab's fixed sequence (the
steps its dials decide: scarab/dial_steps.py; its guns: scarab/guns.py; the reinforcements' step:
scarab/defenders.py), then holding fire, the interior defenders' actions and the end of the turn. What a step is
and how the phase walks the sequence: scarab/sequence.py; what the turn reads from the match: scarab/turn.py.
The Scarab takes no actions: its steps cost none, and its dials never get tokens.
"""

from __future__ import annotations

from companion.rules.scarab.defenders import InteriorAction, Reinforcements
from companion.rules.scarab.dial_steps import Displaced, RollEvent, ShiftRotate, Specials, TurnEvent
from companion.rules.scarab.guns import Gun, HoldFire, Turret
from companion.rules.scarab.play import Side
from companion.rules.scarab.sequence import EndScarabTurn, Sequence, Step, TurnAction
from companion.rules.scarab.state import (
    CHASSIS,
    CORE,
    EVENT,
    SHELL,
)

INTERIOR_NOTE = ("At least five reinforcements must stay inside; one exits from the Ramp (it may walk onto it in "
                 "this action).")


GUNS = (Gun("main-gun", "Fire the main gun", "attacks", "any", "main-gun", CORE,
            "Never at units beneath the Scarab, on top of it or inside it.", "2d6"),
        Turret("turret", "Fire the aerial defense turret", "attacks", "any", "aerial-turret", CHASSIS,
               "Only at aerial vehicles, colossal figures and (HeroClix) characters with the flying symbols; never "
               "at units beneath, on top or inside.", "2d6"))
STEPS: tuple[Step, ...] = (
    RollEvent("roll-event", "Roll a d6 against the Event dial", "movement", "fixed", "move-scarab", EVENT,
              dice="d6"),
    ShiftRotate("move", "Shift or rotate the Scarab", "movement", "fixed", "move-scarab",
                text="Solid black lines don't stop it; no part of a base may leave the map."),
    Displaced("displaced", "Displaced units take 1 damage each", "movement", "fixed", "displaced-units",
              text="Tick every unit a base now covers: each is moved next to that base and takes 1 damage."),
    Specials("event-specials", "Event dial special attacks", "specials", "fixed", "special-attacks", EVENT),
    TurnEvent("turn-event", "Turn the Event dial clockwise", "specials", "fixed", "special-attacks", EVENT),
    Specials("shell-specials", "Shell dial special attacks", "specials", "fixed", "special-attacks", SHELL),
    *GUNS,
    Reinforcements("reinforcements", "Attack with a reinforcement", "reinforcement-attacks", "fixed",
                   "reinforcements",
                   text="This part of the source doesn't say how many reinforcements attack; each may attack once "
                        "here. Interior defenders use 'Interior defender action'.", dice="2d6"),
)
ACTIONS: tuple[TurnAction, ...] = (
    *STEPS,
    HoldFire("hold-fire", "Hold fire", "turn-sequence"),
    InteriorAction("interior-action", "Interior defender action", "interior-defence", INTERIOR_NOTE, "2d6"),
    EndScarabTurn("end-turn", "End the Scarab's turn", "turn-sequence"),
)
SCARAB_TURN = Side({a.id: a for a in ACTIONS}, "the Scarab's turn has no action {name!r}; its actions are {known}",
                   "turn-sequence")
SEQUENCE = Sequence(STEPS, ACTIONS[len(STEPS):])
