"""The Scarab for the advisor: every attack of the game is 2d6 + attack against a defense where two 6s always hit
(Halo ActionClix's base rules, which the Scarab game is played on), so its roll splits into the same classes as a
Halo attack, read off the exact chance the action's own `odds` gives (each action's `outcomes`; the unit a hit
damages is its `aimed_at`). What the advisor counts beyond the match's end: the clicks each of the Scarab's dials
takes, and as its points the clicks that count toward winning (the core's for the attacker)."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.model import Match, Unit
from companion.rules.action import Action, Odds
from companion.rules.advice.dice import Branch
from companion.rules.halo.advice import attack_branches
from companion.rules.halo.attack import roll_chance
from companion.rules.scarab.state import CHASSIS, CORE, DIAL_NAMES, SCARAB_PLAYER, SHELL, dial_id, dials


def branches(odds: Odds | None) -> tuple[Branch, ...] | None:
    """An attack's classes, read off its exact chance (None when it isn't an attack with these values)."""
    if odds is None or odds.chance is None:
        return None
    # the total 2d6 must reach: the one whose chance (two 6s counted) is the odds' own
    needed = next((n for n in range(2, 14) if roll_chance(n) == odds.chance), None)
    return None if needed is None else attack_branches(needed)


def figures(before: Match, after: Match, action: Action) -> dict[str, int]:
    """The clicks the Scarab's other dials take (the core's are the attacker's points: see `points`)."""
    was, now = dials(before), dials(after)
    return {f"{DIAL_NAMES[d]} clicks": now[d].click - was[d].click for d in (SHELL, CHASSIS)
            if d in was and d in now and not was[d].cyclic}


def points(before: Match, after: Match, action: Action) -> tuple[int, str]:
    """What a step is worth toward winning: for the attackers, the clicks the Main Power Core dial takes (only its
    all-black click ends the Scarab; Shell clicks and reinforcements don't bring it nearer, and the Shell's show in
    `figures`); for the Scarab, the clicks the attackers' figures take."""
    if before.active_player.id == SCARAB_PLAYER:
        return _clicks(before, after, lambda u: u.owner != SCARAB_PLAYER), "clicks on attackers"
    return _clicks(before, after, lambda u: dial_id(u) == CORE), f"{DIAL_NAMES[CORE].removesuffix(' dial')} clicks"


def _clicks(before: Match, after: Match, counts: Callable[[Unit], bool]) -> int:
    now = {u.id: u for u in after.units}
    return sum(max(0, now[u.id].click - u.click) for u in before.units if counts(u) and u.id in now and not u.cyclic)
