"""Armageddon Empires for the advisor: what a challenge's roll is worth once the challenge is accepted as rolled.

Starting a challenge harms nobody yet: each side may still accept, reroll with Fate or play a tactic. The advisor
weighs a roll as if both sides then accept it (the row says so): it applies the system's own Accept steps to the
position after the roll, through the reducer, and reads the harm. For the Defender's Prerogative it compares the
Fate reroll with accepting now: "beats accepting" is the chance the reroll leaves the acting side better off (less
harm taken or more dealt; in a threshold challenge, the card made where accepting now makes none). The damage and
KO keys count the card across the challenge the same way: its wounds and damage, and whether it falls.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.core.match.events import replay
from companion.core.model import Match, Unit
from companion.rules.action import Action
from companion.rules.advice.dice import ScriptedDice
from companion.rules.advisor import Advisor, Harm, Judge
from companion.rules.empires import flow
from companion.rules.empires.actions import ChallengeAction

ACCEPTED = "Assumes both sides accept the roll (no Fate reroll or tactic card after it)."
HARM = ("wounds", "damage")


def settled(system: Judge, state: Match) -> Match:
    """The position once every side accepts the challenge under way as it stands (the system's own Accept)."""
    for _ in range(3):  # the prerogative ends it at once; otherwise two accepts in a row
        challenge = flow.current(state)
        if challenge is None:
            break
        state = replay(state, list(system.resolve(state, Action("accept", challenge.acting.id), ScriptedDice(()))
                                   .events))
    return state


def _harm(before: Match, after: Match, whose: Callable[[Unit], bool]) -> int:
    """Wounds and damage the units `whose` picks took from `before` to `after`: both counters on every card, since
    a duel wounds a unit-card assassin or saboteur, whose own kind of harm is damage (seed 004 ¶18)."""
    now = {u.id: u for u in after.units}
    return sum(now[u.id].counters.get(counter, 0) - u.counters.get(counter, 0)
               for u in before.units if whose(u) and u.id in now for counter in HARM)


def _side(before: Match, action: Action) -> str:
    """Whose view a row takes: the acting card's player (the defender's, for its Prerogative)."""
    unit = next((u for u in before.units if u.id == action.unit), None)
    return unit.owner if unit is not None else before.active_player.id


class EmpiresAdvisor(Advisor):
    """A challenge's harm is wounds and damage once both sides accept (no card's clicks count), its points the harm
    dealt less the harm taken, and whether it succeeds or costs a card its own figures."""

    assumes = (ACCEPTED,)

    def target(self, state: Match, action: Action) -> str | None:
        return None  # no card's clicks count: a card is harmed in wounds and damage, once accepted (`harm`)

    def points(self, before: Match, after: Match, action: Action) -> tuple[int, str]:
        """Harm dealt to the other side less harm taken, once the roll is accepted."""
        me = _side(before, action)
        return _net(before, settled(self.system, after), me), "harm dealt"

    def harm(self, path: Sequence[Match], action: Action) -> Harm | None:
        """The damage and KO keys of a row: the wounds and damage the card on the other side of the challenge
        takes once the roll is accepted, and whether that eliminates it (killed or destroyed). None when the acting
        side can harm no card here: a threshold challenge, or the defender's own step where only a duel harms the
        attacker."""
        before, after = path[0], path[-1]
        challenge = flow.current(before) or flow.current(after)  # a start has no challenge before it
        if challenge is None or challenge.defender is None:
            return None
        me = _side(before, action)
        other = challenge.defender if challenge.attacker.owner == me else challenge.attacker
        if other.id == challenge.attacker.id and not challenge.reverse:
            return None
        end = settled(self.system, after)
        return Harm(_harm(before, end, lambda u: u.id == other.id),
                    flow.live(before.unit(other.id)) and end.unit(other.id).eliminated)

    def figures(self, before: Match, after: Match, action: Action) -> dict[str, int]:
        """Whether the challenge succeeds (harm, or the card created) or loses one of the acting side's cards, once
        accepted (the card it eliminates is the KO key, `harm`); for a step weighed against accepting (a Fate
        reroll), whether it leaves the acting side better off than accepting now instead."""
        kind = self.system.actions.get(action.name)
        against_accepting = isinstance(kind, ChallengeAction) and kind.weighed_against_accepting
        challenge = flow.current(after)
        me, end = _side(before, action), settled(self.system, after)
        out: dict[str, int] = {}
        if challenge is not None and not against_accepting:
            defender = challenge.defender
            harmed = defender is not None and _harm(before, end, lambda u: u.id == defender.id) > 0
            made = challenge.made
            out["succeeds"] = int(harmed or made)
        fell = [u for u in end.units if u.eliminated and not before.unit(u.id).eliminated]
        out["loses a card"] = sum(1 for u in fell if u.owner == me)
        if against_accepting:
            was = flow.current(before)
            if was is not None and was.defender is None:  # a threshold: nobody is harmed, the card is the gain
                out["beats accepting"] = int(challenge is not None and challenge.made and not was.made)
            else:  # the attacker gains by harm dealt, the defender by harm avoided (or dealt, in a duel)
                out["beats accepting"] = int(_net(before, end, me) > _net(before, settled(self.system, before), me))
        return out


def _net(before: Match, after: Match, me: str) -> int:
    """Harm `me`'s side dealt less harm it took, from `before` to `after`."""
    return _harm(before, after, lambda u: u.owner != me) - _harm(before, after, lambda u: u.owner == me)
