"""The shortcuts that make replay fast give exactly the results of the slow way."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core import model
from companion.core.errors import IllegalAction, InvalidMatch
from companion.core.frozen import CheckedMemo, _plain_fields, replace
from companion.core.match.events import Event, apply, replay
from companion.core.match.reducer import Reducer
from companion.core.model import Match, Tokens, Unit, validate

from builders import match, unit
from properties_kit import events, start

UNIT = start().units[0]


@given(st.dictionaries(st.sampled_from(["click", "start", "eliminated", "location", "points", "name"]),
                       st.one_of(st.integers(-2, 9), st.booleans(), st.text(max_size=3))))
def test_replace_equals_dataclasses_replace(changes: dict) -> None:
    fast, slow = replace(UNIT, **changes), dataclasses.replace(UNIT, **changes)
    assert fast == slow and type(fast) is Unit
    assert list(vars(fast).items()) == list(vars(slow).items())  # same fields, same order
    assert replace(UNIT.dial[0], markers=("ko",)) == dataclasses.replace(UNIT.dial[0], markers=("ko",))


def test_replace_refuses_what_dataclasses_replace_refuses() -> None:
    with pytest.raises(TypeError) as fast:
        replace(UNIT, colour="red")
    with pytest.raises(TypeError) as slow:
        dataclasses.replace(UNIT, colour="red")
    assert str(fast.value) == str(slow.value)
    with pytest.raises(dataclasses.FrozenInstanceError):
        replace(UNIT, click=1).click = 2  # type: ignore[misc]


def test_replace_leaves_an_attribute_besides_the_fields_to_dataclasses_replace() -> None:
    odd = dataclasses.replace(UNIT)
    object.__setattr__(odd, "note", "set by hand")
    fast, slow = replace(odd, click=1), dataclasses.replace(odd, click=1)
    assert vars(fast) == vars(slow) and "note" not in vars(fast)


@dataclass(frozen=True)
class _Checked:
    value: int
    double: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "double", 2 * self.value)


def test_replace_runs_post_init_when_there_is_one() -> None:
    assert replace(_Checked(1), value=4).double == 8


def test_memo_goes_by_identity_and_context_and_is_bounded() -> None:
    memo: CheckedMemo[Unit] = CheckedMemo(limit=2)
    same = dataclasses.replace(UNIT)
    memo.remember(UNIT, "a")
    assert memo.passed(UNIT, "a")
    assert not memo.passed(same, "a")  # equal but another object: checked again
    assert not memo.passed(UNIT, "b")
    memo.remember(same, "a")
    memo.remember(UNIT.tokens, "a")  # full: forgets everything first
    assert not memo.passed(UNIT, "a") and memo.passed(UNIT.tokens, "a")


def test_a_unit_checked_in_one_match_is_checked_again_against_another() -> None:
    state = start()
    validate(state)
    strangers = replace(state, players=tuple(replace(p, id=f"x{p.id}") for p in state.players), winners=())
    with pytest.raises(InvalidMatch, match="its owner 'p1' is not a player of this match"):
        validate(strangers)
    loaded = apply(state, Event("token", {"unit": "u1", "kind": "action", "delta": 1}))
    validate(loaded)
    strict = replace(loaded, rules=replace(loaded.rules, token_limits={"action": 0}))
    with pytest.raises(InvalidMatch, match="Unit u1: action tokens out of range"):
        validate(strict)


def test_a_handler_that_breaks_a_remembered_unit_is_still_refused() -> None:
    reducer: Reducer[Match, Event] = Reducer(validate)
    reducer.handler("tighten")(lambda s, e: replace(s, rules=replace(s.rules, token_limits={"action": 0})))
    reducer.handler("token")(lambda s, e: apply(s, e))
    state = reducer.apply(start(), Event("token", {"unit": "u2", "kind": "action", "delta": 1}))
    with pytest.raises(IllegalAction, match="Unit u2: action tokens out of range"):
        reducer.apply(state, Event("tighten"))


def test_a_new_state_is_counted_in_place_only_when_nothing_else_holds_it() -> None:
    kept = start()
    seq = kept.seq
    reducer: Reducer[Match, Event] = Reducer(validate)
    reducer.handler("same")(lambda s, e: s)  # the state itself: held by the caller
    reducer.handler("kept")(lambda s, e: kept)  # a state held elsewhere (here, by this test)
    reducer.handler("new")(lambda s, e: replace(s, turn=s.turn + 1))  # built just now
    before = replace(kept, seq=seq + 10)
    for kind in ("same", "kept", "new"):
        after = reducer.apply(before, Event(kind))
        assert after.seq == seq + 11 and after is not before and after is not kept, kind
    assert (before.seq, kept.seq) == (seq + 10, seq)  # neither was changed


def test_end_turn_keeps_units_without_action_tokens_as_they_are() -> None:
    state = replay(match("heroclix-skirmish"), [Event("add_unit", {"unit": unit(u, "p1")}) for u in ("a", "b")])
    state = apply(state, Event("token", {"unit": "a", "kind": "action", "delta": 1}))
    after = apply(state, Event("end_turn"))
    assert after.units[1] is state.units[1]
    assert after.units[0].tokens == Tokens(action=0, action_last=1)


class _NoMemo(CheckedMemo[Unit]):
    def passed(self, obj: Unit, context: object) -> bool:
        return False


def _outcomes(seq: list[Event]) -> list[object]:
    state, out = start(), []
    for event in seq:
        try:
            state = apply(state, event)
            out.append(state)
        except IllegalAction as exc:
            out.append(str(exc))
    return out


class _NoLastPassed(list):
    """validate's memory of the last players that passed, always empty."""

    def __getitem__(self, index: object) -> object:
        return ((), None, None, ())


@given(st.lists(events(), max_size=40))
def test_replay_with_the_memo_equals_replay_without(seq: list[Event]) -> None:
    fast = _outcomes(seq)
    memo, model._VALID_UNITS = model._VALID_UNITS, _NoMemo()
    last, model._LAST_PASSED = model._LAST_PASSED, _NoLastPassed([None])
    try:
        slow = _outcomes(seq)
    finally:
        model._VALID_UNITS, model._LAST_PASSED = memo, last
    assert fast == slow


@dataclass(frozen=True)
class _Hand:
    value: int

    def __init__(self, value: int) -> None:
        object.__setattr__(self, "value", abs(value))


def test_replace_runs_a_hand_written_init() -> None:
    assert replace(_Hand(1), value=-3).value == 3
    assert _plain_fields(Unit) is not None and _plain_fields(Match) is not None  # the fast path is taken


def test_a_dial_checked_on_one_unit_is_checked_again_when_it_turns_round() -> None:
    state = start()
    validate(state)
    spinning = replace(state, units=(replace(state.units[0], cyclic=True), *state.units[1:]))
    with pytest.raises(InvalidMatch, match="Unit u1: a dial that turns round has no KO click"):
        validate(spinning)


def test_a_unit_changed_in_place_is_checked_and_may_not_take_another_units_id() -> None:
    state = start()
    validate(state)  # now the last state that passed: the next tuples differ from its units in one place
    first, second, *rest = state.units
    twin = (first, replace(second, id=first.id), *rest)
    with pytest.raises(InvalidMatch, match="two units share one id"):
        validate(replace(state, units=twin))
    validate(state)
    with pytest.raises(InvalidMatch, match="two units share one id"):  # two changed at once
        validate(replace(state, units=(replace(first, name="Renamed"), *twin[1:])))
    validate(state)
    broken = (first, replace(second, click=len(second.dial)), *rest)
    with pytest.raises(InvalidMatch, match="click, starting click or points out of range"):
        validate(replace(state, units=broken))
    with pytest.raises(InvalidMatch, match="a dial needs at least one click"):
        validate(replace(state, units=(first, replace(second, dial=()), *rest)))
    validate(state)
    strict = replace(state, rules=replace(state.rules, token_limits={"action": 1}))
    validate(strict)
    greedy = (first, replace(second, tokens=second.tokens.counted("action", 5)), *rest)
    with pytest.raises(InvalidMatch, match="action tokens out of range"):
        validate(replace(strict, units=greedy))
