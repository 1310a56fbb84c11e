"""Halo ActionClix's one attack (seed 001) and the action beyond the attacks that ends in it.

An attack is a shot ("attack") or a grenade ("throw-grenade"). Moving first adds only the squares moved (more
than 4: -3 attack) and where the move ends: "move-and-attack" is a move and a shot, "throw-grenade" may follow a
move, and a respawn with a target is its placement on a spawn point, then its move off it and a shot or a grenade:
one of those two attack actions (its `with` field names which), made on the match as it stands just after the
placement (`AttackPart`). The form (`follow_up_params`), the checks, the odds, the advisor's classes and the
resolution all come from that attack action (halo.actions), so an action that ends in an attack can't carry only
part of it (issue 40: a respawn's shot had no odds, no dice, no splash fields and no advisor row).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.rules.action import Action, Param, Resolution
from companion.rules.halo.respawn import RULE as RESPAWN_RULE
from companion.rules.halo.tokens import GRENADE as GRENADE_TOKEN
from companion.rules.halo.tokens import GRENADE_ICON

WITH = "with"  # a respawn's field: how it attacks after its move (the id of the attack action it makes)


@dataclass(frozen=True)
class AttackPart:
    """The attack an action ends in: the attack action on `before` (the match just before it), after the
    action's own `events` (a respawn's placement) and the lines they add."""

    before: Match
    attack: Action
    events: tuple[Event, ...] = ()
    details: tuple[str, ...] = ()


def composed(state: Match, action: Action, part: AttackPart, shot: Resolution) -> Resolution:
    """The action's resolution: its own events, then the attack's as the attack itself resolved them."""
    name = state.unit(action.unit or "").name
    return Resolution((*part.events, *shot.events), f"{name} respawns: {shot.summary}",
                      (RESPAWN_RULE, *shot.rules), (*part.details, *shot.details), shot.success)


def follow_up_params(shot: tuple[Param, ...], ways: tuple[tuple[str, str], ...]) -> tuple[Param, ...]:
    """The attack's fields in an action that may end in one (a respawn, whose own fields ask the squares moved):
    the target with "No attack" first, how it attacks (`ways`, the attack actions' ids and labels, the first the
    default) when there is a choice, then the fields of the moving shot's form `shot` (modifiers, the double-six
    card, the units next to the target)."""
    target = Param("target", "Attack after moving (optional)", "choice", (("", "No attack"), *shot[0].choices),
                   default="")
    how = (Param(WITH, "How it attacks", "choice", ways, default=ways[0][0]),) if len(ways) > 1 else ()
    return (target, *how, *(p for p in shot[1:] if p.name != "moved"))


def may_throw(unit: Unit, grenades_kept: bool) -> bool:
    """Whether a unit coming in could throw a grenade after its move: it holds one, or its card's icon gives it
    one (`grenades_kept`: the match keeps Grenade tokens)."""
    return grenades_kept and (unit.tokens[GRENADE_TOKEN] > 0 or GRENADE_ICON in unit.tags)
