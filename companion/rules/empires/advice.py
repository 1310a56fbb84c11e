"""Armageddon Empires for the advisor: a challenge's pools split by their numbers of successes (exact, from the
same icepool pools as the odds), and what the roll is worth once the challenge is accepted as rolled.

Starting a challenge harms nobody yet: each side may still accept, reroll with Fate or play a tactic. The advisor
weighs a roll as if both sides then accept it (the row says so): it applies the system's own Accept steps to the
position after the roll, through the reducer, and reads the harm. For the Defender's Prerogative it compares the
Fate reroll with accepting now: "beats accepting" is the chance the reroll leaves the acting side better off (less
harm taken or more dealt; in a threshold challenge, the card made where accepting now makes none). The damage and
KO keys count the card across the challenge the same way: its wounds and damage, and whether it falls.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from companion.core.match.events import replay
from companion.core.model import Match, Unit
from companion.rules.advice.dice import Branch, ScriptedDice
from companion.rules.base import Action, Harm, System
from companion.rules.empires import flow
from companion.rules.empires.dice import DiceRule, successes
from companion.rules.empires.steps import Start

ACCEPTED = "Assumes both sides accept the roll (no Fate reroll or tactic card after it)."
HARM = ("wounds", "damage")
CERTAIN = (Branch(Fraction(1), (), "as it stands"),)  # accepting rolls nothing


def _pool(count: int, rule: DiceRule) -> list[tuple[Fraction, tuple[int, ...], int]]:
    """(chance, a roll, successes) for each number of successes of `count` dice: the roll shows that many dice on
    the lowest success face and the rest on 1 (a failure)."""
    if count <= 0:
        return [(Fraction(1), (), 0)]
    return [(p, (rule.success_on,) * k + (1,) * (count - k), k) for k, p in sorted(successes(count, rule).items())]


def start_branches(plan: Start) -> tuple[Branch, ...]:
    """The start's classes: the target drawn (when several were seen), the attacker's and the defender's successes
    (a threshold challenge: the threshold dice's)."""
    out = []
    targets: list[Unit | None] = list(plan.candidates) or [None]
    for i, target in enumerate(targets):
        draw = (i + 1,) if len(targets) > 1 else ()
        share = Fraction(1, len(targets))
        defence = _pool(plan.defence(target) if target is not None else plan.threshold, plan.rule)
        for pa, ra, a in _pool(plan.attack_dice, plan.rule):
            for pd, rd, d in defence:
                label = (f"{target.name}: " if draw else "") + (f"{a} to {d}" if target else
                                                                 f"{a} to the threshold's {d}")
                out.append(Branch(share * pa * pd, draw + ra + rd, label))
    return tuple(out)


def reroll_branches(rule: DiceRule, dice: int) -> tuple[Branch, ...]:
    return tuple(Branch(p, roll, f"{k} of {dice} rerolled succeed") for p, roll, k in _pool(dice, rule))


def settled(system: System, state: Match) -> Match:
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


def points(system: System, before: Match, after: Match, action: Action) -> tuple[int, str]:
    """Harm dealt to the other side less harm taken, once the roll is accepted."""
    me = _side(before, action)
    return _net(before, settled(system, after), me), "harm dealt"


def harm(system: System, before: Match, after: Match, action: Action) -> Harm | None:
    """The damage and KO keys of a row: the wounds and damage the card on the other side of the challenge takes
    once the roll is accepted, and whether that eliminates it (killed or destroyed). None when the acting side can
    harm no card here: a threshold challenge, or the defender's own step where only a duel harms the attacker."""
    challenge = flow.current(before) or flow.current(after)  # a start has no challenge before it
    if challenge is None or challenge.defender is None:
        return None
    me = _side(before, action)
    other = challenge.defender if challenge.attacker.owner == me else challenge.attacker
    if other.id == challenge.attacker.id and not challenge.reverse:
        return None
    end = settled(system, after)
    return Harm(_harm(before, end, lambda u: u.id == other.id),
                flow.live(before.unit(other.id)) and end.unit(other.id).eliminated)


def figures(system: System, before: Match, after: Match, action: Action, against_accepting: bool) -> dict[str, int]:
    """Whether the challenge succeeds (harm, or the card created) or loses one of the acting side's cards, once
    accepted (the card it eliminates is the KO key, `harm`); for a step weighed `against_accepting` (a Fate
    reroll), whether it leaves the acting side better off than accepting now instead."""
    challenge = flow.current(after)
    me, end = _side(before, action), settled(system, after)
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
            out["beats accepting"] = int(_net(before, end, me) > _net(before, settled(system, before), me))
    return out


def _net(before: Match, after: Match, me: str) -> int:
    """Harm `me`'s side dealt less harm it took, from `before` to `after`."""
    return _harm(before, after, lambda u: u.owner != me) - _harm(before, after, lambda u: u.owner == me)
