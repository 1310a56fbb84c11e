"""The advisor (issue 28) over random reachable positions of every game: each figure of each ranked option equals
a brute-force count over every face of every die (itertools.product, the system's own `resolve` on each roll and
the reducer's effects, no icepool); the ranking is sorted by the chosen key; every option is legal by `explain`,
is one `legal_actions` lists, and `resolve` takes it as it stands."""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import rules
from companion.core.match.describe import damage_taken, trial
from companion.core.match.events import replay
from companion.core.model import Match
from companion.rules import Action, advice
from companion.rules.advice import Row, ScriptedDice
from companion.rules.advisor import Advisor
from companion.rules.empires import flow

from advice_kit import options, start, take
from rules_explain_resolve_kit import walk

SYSTEMS = sorted(rules.available())
MAX_DICE = 4  # rows rolling more dice are left to other examples: each roll costs a resolve (6^4 = 1,296 here)


def brute_force(system: rules.System, state: Match, row: Row) -> dict[str, Fraction | None]:
    """Every figure of `row` by resolving every roll of the dice it makes, each equally likely."""
    first = system.resolve(state, row.action, ScriptedDice(row.outcomes[0].branch.dice)).events
    sides = [int(s) for e in first if e.type == "roll" for n, s in re.findall(r"(\d+)d(\d+)", e.data["expr"])
             for _ in range(int(n))]
    assert len(sides) == len(row.outcomes[0].branch.dice)
    sums: dict[str, Fraction] = dict.fromkeys(("hit", "damage", "ko", "points", "win", "upgrade"), Fraction(0))
    figures: dict[str, Fraction] = {}
    rolls_that_judge: set[bool] = set()  # whether each roll's resolution says hit or miss
    aimed: set[bool] = set()  # whether some card's damage and KO are counted
    # a game counting damage and KO its own way is counted by hand below, so no other may do so unchecked
    assert type(system.advisor).harm is Advisor.harm or system.id == "armageddon-empires"
    me, kind = state.active_player.id, system.scoring_kind(state)
    rolls = list(itertools.product(*(range(1, s + 1) for s in sides)))
    for faces in rolls:
        resolution = system.resolve(state, row.action, ScriptedDice(faces))
        path = trial(state, resolution.events)
        after = path[-1]
        sums["hit"] += bool(resolution.success)
        rolls_that_judge.add(resolution.success is not None)
        if system.id == "armageddon-empires":  # harm lands on a card once both sides accept: counted by hand
            card = accepted_harm(system, state, after, row.action)
            if card is not None:
                aimed.add(True)
                sums["damage"], sums["ko"] = sums["damage"] + card[0], sums["ko"] + card[1]
        elif row.target:
            aimed.add(True)
            sums["damage"] += damage_taken(state, resolution.events, row.target)
            was = state.unit(row.target)
            sums["ko"] += not was.eliminated and was.location == "table" and any(
                s.unit(row.target).eliminated or s.unit(row.target).location != "table" for s in path[1:])
        sums["points"] += system.advisor.points(state, after, row.action)[0]
        if type(system.advisor).points is Advisor.points:  # the game's points are the player's own
            assert system.advisor.points(state, after, row.action)[0] == (
                getattr(after.player(me), kind) - getattr(state.player(me), kind))
        sums["win"] += after.status == "finished" and me in after.winners
        if row.action.unit:
            unit = row.action.unit
            sums["upgrade"] += after.unit(unit).tokens["upgrade"] - state.unit(unit).tokens["upgrade"]
        for name, value in system.advisor.figures(state, after, row.action).items():
            figures[name] = figures.get(name, Fraction(0)) + value
    counted = {**{k: v / len(rolls) for k, v in sums.items()}, **{k: v / len(rolls) for k, v in figures.items()}}
    return {**counted, "hit": counted["hit"] if rolls_that_judge == {True} else None, "aimed": bool(aimed)}


def accepted_harm(system: rules.System, before: Match, after: Match, action: Action) -> tuple[int, bool] | None:
    """Armageddon Empires (seed 004 ¶17-18, 22): the card across the challenge from the acting side, its wounds and
    damage once both sides accept (each accept resolved in turn, as at the table) and whether it is eliminated;
    None in a threshold challenge, or on the defender's side where only a duel harms the attacker."""
    challenge = flow.current(before) or flow.current(after)
    if challenge is None or challenge.defender is None:
        return None
    acting = before.unit(action.unit) if action.unit else None
    mine = acting.owner if acting is not None else before.active_player.id
    across = challenge.defender if challenge.attacker.owner == mine else challenge.attacker
    if across.id == challenge.attacker.id and challenge.kind not in (flow.DUEL, flow.INTEL_DUEL):
        return None
    end = after
    while (now := flow.current(end)) is not None:
        end = replay(end, list(system.resolve(end, Action("accept", now.acting.id), random.Random(0)).events))
    harm = sum(end.unit(across.id).counters.get(c, 0) - before.unit(across.id).counters.get(c, 0)
               for c in ("wounds", "damage"))
    fell = before.unit(across.id).location == "table" and not before.unit(across.id).eliminated \
        and end.unit(across.id).eliminated
    return harm, fell


def check_position(system: rules.System, state: Match, by: str, rng: random.Random) -> list[Row]:
    """Every property at one position; the ranked rows."""
    rows = advice.rank(system, state, by)
    keys = [r.key(by) for r in rows]
    assert keys == sorted(keys, reverse=True)
    listed = {(o.action, u) for o in system.legal_actions(state) if o.enabled for u in o.units or (None,)}
    for row in rows:
        assert (row.action.name, row.action.unit) in listed
        assert system.explain(state, row.action).legal, row.action
        system.resolve(state, row.action, rng)  # resolve takes it as it stands
        assert sum(o.branch.chance for o in row.outcomes) == 1
    countable = [r for r in rows if len(r.outcomes[0].branch.dice) <= MAX_DICE]
    for row in rng.sample(countable, min(2, len(countable))):
        counted = brute_force(system, state, row)
        assert (row.hit, row.damage, row.ko, row.points, row.win, row.aimed) == (
            counted["hit"], counted["damage"], counted["ko"], counted["points"], counted["win"],
            counted["aimed"]), row.action
        assert row.figures.get("upgrade tokens", 0) == counted["upgrade"]
        assert {k: v for k, v in row.figures.items() if v} == {k: v for k, v in counted.items() if v and k not in (
            "hit", "damage", "ko", "points", "win", "upgrade", "aimed")}
    return rows


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SYSTEMS), st.integers(0, 2**32 - 1), st.integers(1, 6), st.sampled_from(advice.KEYS))
def test_every_figure_is_the_brute_force_count_and_the_ranking_is_sorted_and_legal(
        system_id: str, seed: int, steps: int, by: str) -> None:
    def check(system: rules.System, state: Match, rng: random.Random) -> list[Action]:
        check_position(system, state, by, rng)
        return options(system, state, rng)

    walk(system_id, seed, steps, check, take, start(system_id, seed))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(1, 6), st.sampled_from(("ko", "damage")))
def test_armageddon_empires_damage_and_ko_are_the_card_harm_counted_over_every_face(
        seed: int, steps: int, by: str) -> None:
    """The game's own damage and KO (`advisor.harm`: the card across the challenge, once accepted) walked more often
    than the draw above gives it, ranked by those keys."""
    def check(system: rules.System, state: Match, rng: random.Random) -> list[Action]:
        check_position(system, state, by, rng)
        return options(system, state, rng)

    walk("armageddon-empires", seed, steps, check, take, start("armageddon-empires", seed))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SYSTEMS), st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_a_struck_target_is_left_out_and_nothing_else_changes(system_id: str, seed: int, steps: int) -> None:
    def check(system: rules.System, state: Match, rng: random.Random) -> list[Action]:
        rows = advice.rank(system, state)
        struck = {r.target for r in rows[:1] if r.target}
        kept = advice.rank(system, state, struck=struck)
        assert [r.action for r in kept] == [r.action for r in rows if r.target not in struck]
        return options(system, state, rng)

    walk(system_id, seed, steps, check, take, start(system_id, seed))
