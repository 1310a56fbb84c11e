"""Hypothesis properties over random turns of HeroClix Skirmish and The Killer of the Maze (issue 33): no Maze
model ever carries what its type may not, whatever the helper or a hand-set counter does; a Skirmish match's
rounds and force checks follow its build total; objects never count as characters; and a piece leaving the map
by any path ends the match when one player is left."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.creation import new_match
from companion.core.match.events import Event, apply, replay
from companion.core.match.force_check import check_force
from companion.core.model import Match
from companion.core.packs.load import get_pack
from companion.rules import Action, refuse_change
from companion.rules.maze.carry import carry_refusal
from companion.rules.maze.items import catalogue
from companion.rules.skirmish.rounds import in_play, is_character, unit_kind

from builders import SEED, match, rng_for, unit

MAZE = rules.get("killer-of-the-maze")
SKIRMISH = rules.get("heroclix-skirmish")
SKIRMISH_PACK = get_pack("heroclix-skirmish")
KEYWORDS = ("terminator", "space-marine", "scions", "weapons-expert", "demolition-expert")
ITEMS = catalogue().counted_items()


def maze_model(uid: str, keywords: list[str], morale: int, counters: dict[str, int]) -> dict[str, Any]:
    clicks = [{"stats": {"wounds": w, "armour": 3, "sight": 2, "morale": 8}, "markers": keywords} for w in (3, 2, 1)]
    return {"id": uid, "name": f"Model {uid}", "points": 0, "owner": "p1",
            "dial": [*clicks, {"stats": {}, "markers": ["ko"]}], "counters": {"morale": morale, **counters}}


def lawful(state: Match) -> list[str]:
    """Every item some model holds though it may not carry it (empty: the restrictions hold)."""
    return [f"{u.name}: {item}" for u in state.units for item in ITEMS
            if u.counters.get(item, 0) > 0 and carry_refusal(u, item)]


def choose(param: Any, number: int) -> Any:
    if param.kind in ("choice", "unit") and param.choices:
        return param.choices[number % len(param.choices)][0]
    if param.kind == "int":
        return param.low + number % (param.high - param.low + 1)
    if param.kind == "bool":
        return bool(number % 2)
    return param.default


class Faces(random.Random):
    """Dice whose faces Hypothesis draws (and shrinks): each die takes the next face, counted into its range."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = faces or [0]
        self.next = 0

    def randint(self, a: int, b: int) -> int:
        face = self.faces[self.next % len(self.faces)]
        self.next += 1
        return a + face % (b - a + 1)


@st.composite
def squads(draw: st.DrawFn) -> Match:
    """One to four models of random keywords, each with the items its type may carry and some ammunition."""
    state = match("killer-of-the-maze")
    units = []
    for i in range(draw(st.integers(1, 4))):
        keywords = draw(st.lists(st.sampled_from(KEYWORDS), max_size=2, unique=True))
        units.append(maze_model(f"m{i}", keywords, draw(st.integers(0, 8)), {}))
    state = replay(state, [Event("add_unit", {"unit": u}) for u in units])
    for uid in [u.id for u in state.units]:
        for item in (*draw(st.lists(st.sampled_from(ITEMS), max_size=3, unique=True)), *catalogue().ammo):
            if carry_refusal(state.unit(uid), item) is None:  # against what it holds so far (not_with)
                state = apply(state, Event("counter", {"scope": "unit", "target": uid, "name": item, "delta": 1}))
    return state


@settings(max_examples=100, deadline=None)
@given(squads(), st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99), st.integers(0, 999), st.booleans(),
                                    st.lists(st.integers(0, 9), max_size=4)), max_size=40))
def test_random_maze_turns_never_put_an_item_on_a_model_that_may_not_carry_it(
        state: Match, picks: list[tuple[int, int, int, bool, list[int]]]) -> None:
    assert lawful(state) == []
    for option_pick, unit_pick, number, by_hand, faces in picks:
        if by_hand:  # a counter set on a unit card: the session's check decides
            u = state.units[unit_pick % len(state.units)]
            after = apply(state, Event("counter", {"scope": "unit", "target": u.id, "delta": 1,
                                                   "name": ITEMS[number % len(ITEMS)]}))
            try:
                refuse_change(state, after)
            except IllegalAction:
                continue
            state = after
        else:
            enabled = [o for o in MAZE.legal_actions(state) if o.enabled]
            assert enabled, "the turn always goes on"
            # half the picks go to the actions that put items on models (or take them off), the rest anywhere
            busy = [o for o in enabled if o.action in ("scavenge", "use-equipment", "sacrificial-blade")]
            option = (busy or enabled)[option_pick % len(busy or enabled)] if option_pick % 2 else \
                enabled[option_pick % len(enabled)]
            params = {p.name: choose(p, number) for p in option.params}
            unit_id = option.units[unit_pick % len(option.units)] if option.units else None
            try:
                res = MAZE.resolve(state, Action(option.action, unit_id, params), Faces(faces))
            except IllegalAction:
                continue  # random params the option refuses (shots over what is left, ...)
            state = replay(state, list(res.events))
        assert lawful(state) == [], state.units
        # one model's actions come together: in a sub-phase, at most one model is still acting
        stage = 2 * state.turn + (1 if state.phase.endswith("Activity") else 0)
        acting = [u for u in state.units if u.counters.get("step-acted") == stage
                  and u.counters.get("step-done") != stage]
        assert len(acting) <= 1


@settings(max_examples=25, deadline=None)
@given(squads())
def test_every_scavenge_result_keeps_the_carry_restrictions(state: Match) -> None:
    """Each of the 36 results of the D66, for every model of a random squad: what goes into its inventory is
    what it may carry."""
    state = replay(state, [Event("counter", {"scope": "unit", "target": u.id, "name": "beacon-turn", "delta": 1})
                           for u in state.units])  # the Beacon's roll made: straight to the Activity sub-phase
    state = replay(state, list(MAZE.resolve(state, Action("start-activity"), random.Random(0)).events))
    for model in state.units:
        for tens in range(6):
            for ones in range(6):
                res = MAZE.resolve(state, Action("scavenge", model.id, {"keep": True}), Faces([tens, ones]))
                after = replay(state, list(res.events))
                assert after.rolls[len(state.rolls)].total == 10 * (tens + 1) + ones + 1  # (then Jagged Metal's save)
                assert lawful(after) == []


@given(st.integers(0, 1000), st.integers(2, 4))
def test_a_skirmish_match_plays_one_round_per_100_points_of_a_200_or_300_build(total: int, players: int) -> None:
    names = ["Ann", "Ben", "Cat", "Dan"][:players]
    try:
        state = new_match(SKIRMISH_PACK, names, match_id="m", now=0.0, build_total=total)
    except IllegalAction:
        assert total not in (200, 300)
        return
    assert total in (200, 300) and state.rules.rounds_per_turn == total // 100


@given(st.integers(1, 10))
def test_skirmish_rounds_given_alone_follow_a_build_total(rounds: int) -> None:
    try:
        state = match("heroclix-skirmish", rounds_per_turn=rounds)
    except IllegalAction:
        assert rounds not in (2, 3)
        return
    assert rounds in (2, 3) and state.rules.rounds_per_turn == rounds


KINDS = st.sampled_from(("", "object", "object:crate", "bystander", "bystander:agent"))


@given(st.lists(st.tuples(KINDS, st.integers(0, 160)), max_size=8), st.sampled_from((2, 3)), st.integers(2, 4))
def test_force_checks_follow_the_build_total_and_objects_never_count_as_characters(
        force: list[tuple[str, int]], rounds: int, players: int) -> None:
    state = match("heroclix-skirmish", players=players, rounds_per_turn=rounds)
    state = replay(state, [Event("add_unit", {"unit": unit(f"u{i}", "p1", points=pts, ref=ref)})
                           for i, (ref, pts) in enumerate(force)])
    found = {f.rule: f for f in check_force(SKIRMISH_PACK, state, "p1")}
    total, limit = sum(p for _, p in force), rounds * 100
    assert found["build-total"].ok is (total <= limit) and f"of {limit} points" in found["build-total"].text
    characters = sum(1 for ref, _ in force if not ref)
    assert found["min-characters"].ok is (characters >= 3)
    assert f"has {characters} character{'' if characters == 1 else 's'}" in found["min-characters"].text
    if players >= 3:
        assert found["max-characters-multiplayer"].ok is (characters <= 5)
    # one more object changes no character count
    more = apply(state, Event("add_unit", {"unit": unit("extra", "p1", points=0, ref="object")}))
    again = {f.rule: f.ok for f in check_force(SKIRMISH_PACK, more, "p1")}
    assert again["min-characters"] == found["min-characters"].ok
    assert again.get("max-characters-multiplayer") == (found["max-characters-multiplayer"].ok if players >= 3
                                                        else None)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99), st.integers(1, 3)), max_size=30),
       st.lists(KINDS, min_size=1, max_size=3), st.booleans())
def test_random_skirmish_turns_never_give_objects_actions_and_a_last_force_wins(
        picks: list[tuple[int, int, int]], refs: list[str], boss: bool) -> None:
    """Ann's two characters against Ben's random pieces (characters, bystanders, objects), with or without a
    character of his own: half the picks score or deal damage."""
    ben = [unit(f"u{i}", "p2", clicks=2, ref=ref, points=10) for i, ref in enumerate(refs)]
    ben += [unit("boss", "p2", clicks=2)] if boss else []
    state = replay(match("heroclix-skirmish"), [Event("add_unit", {"unit": u}) for u in (
        unit("lead", "p1", clicks=2), unit("aide", "p1", clicks=2), *ben)])
    for option_pick, unit_pick, number in picks:
        if state.status == "finished":
            break
        options = SKIRMISH.legal_actions(state)
        for option in options:
            assert all(is_character(state.unit(u)) for u in option.units)
            for param in option.params:
                if param.name == "target" and option.action == "attack":
                    assert all(is_character(state.unit(u)) for u, _ in param.choices)
        enabled = [o for o in options if o.enabled]
        scoring = [o for o in enabled if o.action in ("deal-damage", "score-element")]
        option = (scoring or enabled)[option_pick % len(scoring or enabled)] if option_pick % 2 else \
            enabled[option_pick % len(enabled)]
        params = {p.name: p.default for p in option.params}
        if option.action == "deal-damage":
            params.update(clicks=number, target=option.params[0].choices[unit_pick % len(option.params[0].choices)][0])
        if option.action == "score-element":
            held = [v for v, _ in option.params[1].choices if v]
            params.update(element=held[unit_pick % len(held)] if held else "", points=1)
            if held:
                params["what"] = unit_kind(state.unit(params["element"]))
        unit_id = option.units[unit_pick % len(option.units)] if option.units else None
        try:
            res = SKIRMISH.resolve(state, Action(option.action, unit_id, params), rng_for(SEED, len(state.rolls)))
        except IllegalAction:
            continue
        before = state
        state = apply(state, Event("batch", {"label": res.summary, "events": [
            {"type": e.type, "data": e.data} for e in res.events]}, by=state.active_player.id))
        left = {u.owner for u in state.units if in_play(u) and is_character(u)
                and not (unit_kind(u) == "bystander" and u.points == 0)}
        removed = any(in_play(u) and not in_play(state.unit(u.id)) for u in before.units)
        if removed and len(left) == 1:
            assert state.status == "finished" and state.winners == tuple(left)
