"""Properties over random turns of Halo ActionClix and the Scarab (issue 33): whatever a player picks from the
helper's options, no unit gets two actions in a turn, the table never holds more units than the starting force,
and every loot roll follows an action that ended on an opposing spawn point (once per action)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match
from companion.rules import Action

from builders import match, unit
from rules_explain_resolve_kit import defaults, scarab


def halo_start() -> Match:
    """Two players, five units each on the table (some one click from KO, grenade icons, upgrade tokens) and three
    reserve units each, never deployed."""
    cast = []
    for p in ("p1", "p2"):
        cast += [unit(f"{p}t{i}", p, clicks=1 + i % 3, points=30 + 10 * (i % 3), tokens={"upgrade": i % 2},
                      ref="halo:odst:grenade-icon" if i == 0 else None) for i in range(5)]
        cast += [unit(f"{p}r{i}", p, points=30 + 10 * i, location="reserve") for i in range(3)]
    return replay(match(), [Event("add_unit", {"unit": u}) for u in cast])


def on_table(state: Match, owner: str) -> int:
    return sum(1 for u in state.units if u.owner == owner and u.location == "table")


def play(system_id: str, start: Match, seed: int, steps: int, looting: bool) -> None:
    system = rules.get(system_id)
    rng = random.Random(seed)
    state = start
    force = {p.id: on_table(start, p.id) for p in start.players}
    given_now: Counter[str] = Counter()  # action tokens given this turn, per unit
    looted: set[str] = set()
    for _ in range(steps):
        if state.status == "finished":
            break
        options = [o for o in system.legal_actions(state) if o.enabled]
        if not options:
            break
        option = rng.choice(options)
        action = Action(option.action, rng.choice(option.units) if option.units else None, defaults(option, rng))
        try:
            res = system.resolve(state, action, random.Random(rng.random()))
        except IllegalAction:
            continue  # a random form the helper refuses: nothing happens
        if action.name == "loot-roll":
            roller = state.unit(action.unit or "")
            assert roller.position == "enemy-spawn" and roller.id in given_now and roller.id not in looted
            looted.add(roller.id)
        turn = state.turn
        state = apply(state, Event("batch", {"events": [{"type": e.type, "data": e.data} for e in res.events]},
                                   by=state.active_player.id))
        if state.turn != turn:
            given_now.clear()
            looted.clear()
        for e in res.events:
            if e.type == "token" and e.data["kind"] == "action" and e.data["delta"] > 0:
                given_now[e.data["unit"]] += 1
                assert given_now[e.data["unit"]] == 1, f"{e.data['unit']} got a second action this turn"
        for player, count in force.items():
            assert on_table(state, player) <= count, f"{player} has more units on the table than its starting force"
    assert looting or not looted


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(10, 80))
def test_random_halo_turns_keep_the_seeds_limits(seed: int, steps: int) -> None:
    play("halo-actionclix", halo_start(), seed, steps, looting=True)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(10, 60))
def test_random_scarab_turns_keep_the_seeds_limits(seed: int, steps: int) -> None:
    play("scarab", scarab(), seed, steps, looting=False)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(10, 80))
def test_units_knocked_out_by_hand_come_back_only_by_respawning(seed: int, steps: int) -> None:
    """Audit 3: between the helper's actions, damage entered by hand KOs units and the players put KO'd units in
    the reserves by hand; such a unit is eliminated like any: only a respawn brings it back (at full health), no
    reserve unit waits KO'd under another reason, and the table plus the open respawns never outgrow the force."""
    system = rules.get("halo-actionclix")
    rng = random.Random(seed)
    state = halo_start()
    force = {p.id: on_table(state, p.id) for p in state.players}
    for _ in range(steps):
        if state.status == "finished":
            break
        pick = rng.random()
        unit_ = rng.choice(state.units)
        if pick < 0.1 and unit_.location == "table" and not unit_.eliminated:
            state = apply(state, Event("damage", {"unit": unit_.id, "amount": rng.randint(1, 3)}))
            continue
        if pick < 0.2 and unit_.location == "table" and unit_.eliminated:
            state = apply(state, Event("set_location", {"unit": unit_.id, "location": "reserve"}))
            continue
        options = [o for o in system.legal_actions(state) if o.enabled]
        option = rng.choice(options)
        action = Action(option.action, rng.choice(option.units) if option.units else None, defaults(option, rng))
        try:
            res = system.resolve(state, action, random.Random(rng.random()))
        except IllegalAction:
            continue
        before = state
        state = apply(state, Event("batch", {"events": [{"type": e.type, "data": e.data} for e in res.events]},
                                   by=state.active_player.id))
        for u in state.units:
            was = before.unit(u.id)
            if was.location == "reserve" and was.eliminated and u.location == "table":
                assert action.name == "respawn" and not u.eliminated, f"{u.id} came back KO'd by {action.name}"
            assert not (u.location == "reserve" and u.eliminated and u.reserve_reason), \
                f"{u.id} waits KO'd in the reserves as {u.reserve_reason!r}"
        for player, count in force.items():
            waiting = sum(1 for u in state.units if u.owner == player and u.location == "reserve"
                          and (u.reserve_reason == "eliminated" or (not u.reserve_reason and u.eliminated)))
            assert on_table(state, player) + waiting <= count, f"{player}'s force grew"
