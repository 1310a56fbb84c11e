"""The cards' remembered verdicts are the reducer's: `unit_accepts` (a memo of the last match state asked about,
session/play/match_tools.py) answers exactly as `accepts` (the event tried on a copy) for every unit event, in
every game, on the match after any events and on any earlier state of it asked again later (old unit objects
met in another match)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import companion.session  # noqa: F401  (installs the systems' checks in the reducer, as the app runs it)
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, apply
from companion.core.model import Match
from companion.session.play.match_tools import accepts, unit_accepts

from builders import match, unit

UNITS = ("u1", "u2", "u3")
UNIT_EVENTS = (
    [("damage", {"amount": a}) for a in (1, 2, 9)] + [("heal", {"amount": a}) for a in (1, 3)]
    + [("token", {"kind": k, "delta": d}) for k in ("action", "upgrade", "grenade") for d in (1, -1)])
EVENTS = st.one_of(
    st.tuples(st.sampled_from(["damage", "heal"]), st.fixed_dictionaries({
        "unit": st.sampled_from(UNITS), "amount": st.integers(1, 4)})),
    st.tuples(st.just("set_click"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS),
                                                           "click": st.integers(0, 4)})),
    st.tuples(st.just("token"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS),
                                                       "kind": st.sampled_from(["action", "upgrade", "grenade"]),
                                                       "delta": st.sampled_from([1, -1, 2])})),
    st.tuples(st.just("mark"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS),
                                                      "mark": st.sampled_from(["acted", "swapped", "looted"])})),
    st.tuples(st.just("set_location"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS),
                                                              "location": st.sampled_from(["table", "reserve"])})),
    st.tuples(st.just("score"), st.fixed_dictionaries({"player": st.sampled_from(["p1", "p2"]),
                                                       "kind": st.sampled_from(["kills", "vp"]),
                                                       "delta": st.just(1)})),
    st.tuples(st.just("house_rule"), st.fixed_dictionaries({"option": st.sampled_from(["grenades", "nonsense"]),
                                                            "on": st.booleans()})),
    st.tuples(st.just("remove_unit"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS)})),
    st.tuples(st.just("add_unit"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS).map(
        lambda uid: unit(uid, "p2"))})),
    st.tuples(st.sampled_from(["end_turn", "end_round"]), st.just({})),
    st.tuples(st.just("end_match"), st.just({"winners": ["p1"]})),
    st.tuples(st.just("reopen"), st.just({})),
)


def same_verdicts(state: Match) -> None:
    for u in state.units:
        for type_, extra in UNIT_EVENTS:
            data = {"unit": u.id, **extra}
            assert unit_accepts(state, u, type_, data) == accepts(state, type_, data), (type_, data, state.seq)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(["halo-actionclix", "heroclix-skirmish", "killer-of-the-maze", "scarab",
                               "armageddon-empires"]),
       steps=st.lists(EVENTS, min_size=1, max_size=12), seed=st.integers(0, 1000))
def test_remembered_verdicts_are_the_reducers(system: str, steps: list[tuple[str, dict[str, Any]]],
                                              seed: int) -> None:
    state = match(system)
    for uid in UNITS:
        state = apply(state, Event("add_unit", {"unit": unit(uid, "p1" if uid != "u3" else "p2")}))
    seen = [state]
    pick = random.Random(seed)
    for type_, data in steps:
        try:
            state = apply(state, Event(type_, data))
        except IllegalAction:
            continue
        seen.append(state)
        same_verdicts(state)
        same_verdicts(pick.choice(seen))  # an earlier state: its units were remembered with other facts


def test_a_unit_that_is_not_the_matchs_is_asked_afresh() -> None:
    """A unit object from another state (same id, another click) gets the verdict of the match it is asked in."""
    state = apply(match("heroclix-skirmish"), Event("add_unit", {"unit": unit("u1", "p1")}))
    knocked = apply(state, Event("damage", {"unit": "u1", "amount": 9}))
    fresh = state.unit("u1")
    assert unit_accepts(state, fresh, "damage", {"unit": "u1", "amount": 1})
    assert not unit_accepts(knocked, fresh, "damage", {"unit": "u1", "amount": 1})  # knocked's u1 is KO'd
    assert unit_accepts(state, fresh, "damage", {"unit": "u1", "amount": 1})
