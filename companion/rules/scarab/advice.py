"""The Scarab for the advisor: every attack of the game is 2d6 + attack against a defense where two 6s always hit
(Halo ActionClix's base rules, which the Scarab game is played on), so its roll splits into the same classes as a
Halo attack, read off the exact chance the system's own `odds` gives. What the advisor counts beyond the match's
end: the clicks each of the Scarab's dials takes, and as its points the clicks that count toward winning (the core's
for the attacker)."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.model import Match, Unit
from companion.rules.action import Action
from companion.rules.advice.dice import Branch
from companion.rules.advisor import Advisor
from companion.rules.base import System
from companion.rules.halo.advice import attack_branches
from companion.rules.halo.attack import roll_chance
from companion.rules.scarab.move_attack import attack_part, landing
from companion.rules.scarab.positions import place
from companion.rules.scarab.state import CHASSIS, CORE, DIAL_NAMES, SCARAB_PLAYER, SHELL, dial_id, dials

SHOTS = ("shoot-scarab", "attack", "attack-core", "main-gun", "turret", "reinforcements", "interior-action")
HURTS = {"shoot-scarab": SHELL, "attack-core": CORE}  # the dial a hit damages (other shots name their target)


def _shot(action: Action) -> Action:
    """The attack the action makes: itself, or the one a move ends in (enter, exit, move off ...)."""
    return attack_part(action) or action


def outcomes(system: System, state: Match, action: Action) -> tuple[Branch, ...] | None:
    if _shot(action).name not in SHOTS or _stays(state, action):
        return None
    odds = system.odds(state, action)
    if odds is None or odds.chance is None:  # not an attack with these values (or no target)
        return None
    # the total 2d6 must reach: the one whose chance (two 6s counted) is the odds' own
    needed = next((n for n in range(2, 14) if roll_chance(n) == odds.chance), None)
    return None if needed is None else attack_branches(needed)


def _stays(state: Match, action: Action) -> bool:
    """A "move" that ends where it started: the plain attack itself, weighed as that (listed once)."""
    unit = next((u for u in state.units if u.id == action.unit), None)
    return action.name == "move" and unit is not None and landing(action, unit) == place(unit)


class ScarabAdvisor(Advisor):
    """The harm a shot does lands on the Scarab dial it hurts; the Shell's and the Chassis' clicks are figures of
    their own; only the core's clicks (for the attackers) or the attackers' (for the Scarab) win."""

    def target(self, state: Match, action: Action) -> str | None:
        shot = _shot(action)
        dial = dials(state).get(HURTS.get(shot.name, ""))
        return dial.id if dial is not None else shot.params.get("target")

    def figures(self, before: Match, after: Match, action: Action) -> dict[str, int]:
        """The clicks the Scarab's other dials take (the core's are the attacker's points: see `points`)."""
        was, now = dials(before), dials(after)
        return {f"{DIAL_NAMES[d]} clicks": now[d].click - was[d].click for d in (SHELL, CHASSIS)
                if d in was and d in now and not was[d].cyclic}

    def points(self, before: Match, after: Match, action: Action) -> tuple[int, str]:
        """What a step is worth toward winning: for the attackers, the clicks the Main Power Core dial takes (only its
        all-black click ends the Scarab; Shell clicks and reinforcements don't bring it nearer, and the Shell's show in
        `figures`); for the Scarab, the clicks the attackers' figures take."""
        if before.active_player.id == SCARAB_PLAYER:
            return _clicks(before, after, lambda u: u.owner != SCARAB_PLAYER), "clicks on attackers"
        return _clicks(before, after, lambda u: dial_id(u) == CORE), f"{DIAL_NAMES[CORE].removesuffix(' dial')} clicks"


def _clicks(before: Match, after: Match, counts: Callable[[Unit], bool]) -> int:
    now = {u.id: u for u in after.units}
    return sum(max(0, now[u.id].click - u.click) for u in before.units if counts(u) and u.id in now and not u.cyclic)
