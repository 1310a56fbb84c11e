"""The attacking player's turn against the Scarab (seed 000): its actions, one object each, with their checks, exact
odds and resolution.

Actions per turn: half the figures of the starting force (halo.reserves.starting_force: on the table, KO'd ones
too, or eliminated and waiting to respawn), rounded up; with the house rule "heroclix-attacker-actions" one per 100
points of that force instead (scarab/play.py `count`). Each action puts an action token on the figure (the pack's
limit is two held); like both base games, a figure takes one action a turn. Shots at the Scarab use the Shell dial's
defense (a figure marked colossal: the Chassis dial's) and damage the Shell dial; at most two aerial figures shoot
at the Scarab a turn (counted with the "acted-turn" counter). Shots at the Main Power Core get +3 when adjacent and
deal 1 damage. Map facts (adjacency, the Scarab kneeling or standing) that the match can't know are asked; where
each figure stands is match state (scarab.positions), and every action that moves a figure sets it.

One attack everywhere: a move (`Moving`) is taken apart (`plan`) into its move part and the plain attack
(`PlainAttack`) it makes, and that attack is checked, given odds and rolled by the plain attack's own code, in the
match as the move leaves it.

This module is the turn's table of actions; what they share: scarab/attacker_action.py; the plain attacks:
scarab/plain_attacks.py; the moves: scarab/attacker_moves.py.
"""

from __future__ import annotations

from companion.rules.scarab.attacker_action import AttackerAction, EndTurn
from companion.rules.scarab.attacker_moves import Enter, Exit, GetOff, JumpOff, Move
from companion.rules.scarab.plain_attacks import ATTACK, ATTACK_CORE, SHOOT
from companion.rules.scarab.play import Side

ACTIONS: tuple[AttackerAction, ...] = (
    Move("move", "Move (then attack) or another action", "attacker-actions",
         "Moving (and climbing on top), then an attack if it makes one, or any other action such as a power. "
         "Say where its move ends."),
    SHOOT,
    ATTACK,
    ATTACK_CORE,
    Enter("enter", "Enter the Scarab", "inside",
          "Placed on one of the 12 Ramp squares (1 square of its move); it may go on and attack the core. "
          "HeroClix: this wakes the interior defenders."),
    Exit("exit", "Exit the Scarab", "exiting",
         "From the Ramp (it may walk onto it in this action): placed anywhere on top; its move ends, it may "
         "still shoot."),
    GetOff("move-off", "Move off (kneeling Scarab)", "moving-off",
           "Only while the Scarab kneels: place it next to the Chassis base (1 square of its move)."),
    JumpOff("jump-off", "Jump off (standing Scarab)", "jumping-off",
            "Only while the Scarab stands: place it next to the area beneath (1 square of its move)."),
    EndTurn("end-turn", "End turn", "attacker-actions"),
)
ATTACKERS = Side({a.id: a for a in ACTIONS}, "the attacking player has no action {name!r}; the actions are {known}",
                 "attacker-actions")
