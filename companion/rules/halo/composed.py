"""Halo ActionClix's one attack (seed 001) and every action that ends in it.

An attack is a shot ("attack") or a grenade ("throw-grenade"). Moving first adds only the squares moved (more
than 4: -3 attack) and where the move ends: "move-and-attack" is a move and a shot, "throw-grenade" may follow a
move, and a respawn with a target is its placement on a spawn point, then its move off it and a shot or a grenade.
`attack_part(state, action)` gives the attack an action ends in as the attack action the helper resolves, on the
match as it stands just before it (after a respawn's placement): the form (`follow_up_params`), the checks, the
odds, the advisor's classes and the resolution all come from there, so an action that ends in an attack can't
carry only part of it (issue 40: a respawn's shot had no odds, no dice, no splash fields and no advisor row).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match, Unit
from companion.rules.action import Action, Param, Resolution
from companion.rules.halo.attack import attack_params
from companion.rules.halo.respawn import RULE as RESPAWN_RULE
from companion.rules.halo.respawn import placement
from companion.rules.halo.specs import ATTACKS
from companion.rules.halo.tokens import GRENADE as GRENADE_TOKEN
from companion.rules.halo.tokens import GRENADE_ICON

SHOT, GRENADE = "move-and-attack", "throw-grenade"  # the attack a move ends in, by how the unit attacks
WITH = "with"  # a respawn's field: how it attacks after its move
HOW = {SHOT: "Shoot", GRENADE: "Throw a grenade"}
ENDS_IN_ATTACK = ("respawn",)  # the actions beyond the attacks themselves that may end in one


@dataclass(frozen=True)
class AttackPart:
    """The attack an action ends in: the attack action on `before` (the match just before it), after the
    action's own `events` (a respawn's placement) and the lines they add."""

    before: Match
    attack: Action
    events: tuple[Event, ...] = ()
    details: tuple[str, ...] = ()


def attack_part(state: Match, action: Action) -> AttackPart | None:
    """The attack `action` ends in, None when it ends in none (a respawn without a target, a move ...).
    IllegalAction when the steps before the attack can't be taken (a respawn no slot allows)."""
    if action.name in ATTACKS:
        return AttackPart(state, action)
    if action.name not in ENDS_IN_ATTACK or not action.params.get("target"):
        return None
    how = action.params.get(WITH) or SHOT
    if how not in HOW:
        raise IllegalAction(f"Respawn: how it attacks must be {' or '.join(map(repr, HOW))}, not {how!r}",
                            RESPAWN_RULE)
    events, details = placement(state, action)
    return AttackPart(replay(state, events), Action(how, action.unit, dict(action.params)), tuple(events),
                      tuple(details))


def composed(state: Match, action: Action, part: AttackPart, shot: Resolution) -> Resolution:
    """The action's resolution: its own events, then the attack's as the attack itself resolved them."""
    name = state.unit(action.unit or "").name
    return Resolution((*part.events, *shot.events), f"{name} respawns: {shot.summary}",
                      (RESPAWN_RULE, *shot.rules), (*part.details, *shot.details), shot.success)


def follow_up_params(targets: tuple[Unit, ...], grenades: bool) -> tuple[Param, ...]:
    """The attack's fields in an action that may end in one (a respawn, whose own fields ask the squares moved):
    the target with "No attack" first, how it attacks when one of its units could throw a grenade, then the
    move-and-attack's own fields (modifiers, the double-six card, the units next to the target)."""
    shot = attack_params(SHOT, targets)
    target = Param("target", "Attack after moving (optional)", "choice", (("", "No attack"), *shot[0].choices),
                   default="")
    how = (Param(WITH, "How it attacks", "choice", tuple(HOW.items()), default=SHOT),) if grenades else ()
    return (target, *how, *(p for p in shot[1:] if p.name != "moved"))


def may_throw(unit: Unit, grenades_kept: bool) -> bool:
    """Whether a unit coming in could throw a grenade after its move: it holds one, or its card's icon gives it
    one (`grenades_kept`: the match keeps Grenade tokens)."""
    return grenades_kept and (unit.tokens[GRENADE_TOKEN] > 0 or GRENADE_ICON in unit.tags)

