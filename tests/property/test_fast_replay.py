"""The shortcuts that make replay fast give exactly the results of the slow way: the cheaper `replace`, and the
reducer's check of only the units an event changed (`model.validate_step`) against `validate` of the whole state."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.errors import IllegalAction, InvalidMatch
from companion.core.frozen import _plain_fields, replace
from companion.core.match.events import REDUCER, Event, apply, replay
from companion.core.match.reducer import Reducer
from companion.core.model import Match, Timer, Tokens, Unit, validate, validate_step

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


def test_a_unit_kept_as_it_was_is_checked_again_when_its_players_or_rules_change() -> None:
    state = start()
    strangers = replace(state, players=tuple(replace(p, id=f"x{p.id}") for p in state.players), winners=())
    with pytest.raises(InvalidMatch, match="its owner 'p1' is not a player of this match"):
        validate_step(state, strangers)
    loaded = apply(state, Event("token", {"unit": "u1", "kind": "action", "delta": 1}))
    strict = replace(loaded, rules=replace(loaded.rules, token_limits={"action": 0}))
    with pytest.raises(InvalidMatch, match="Unit u1: action tokens out of range"):
        validate_step(loaded, strict)


def test_a_handler_that_breaks_a_unit_it_kept_is_still_refused() -> None:
    reducer: Reducer[Match, Event] = Reducer(validate, None, validate_step)
    reducer.handler("tighten")(lambda s, e: replace(s, rules=replace(s.rules, token_limits={"action": 0})))
    reducer.handler("token")(lambda s, e: apply(s, e))
    state = reducer.apply(start(), Event("token", {"unit": "u2", "kind": "action", "delta": 1}))
    with pytest.raises(IllegalAction, match="Unit u2: action tokens out of range"):
        reducer.apply(state, Event("tighten"))


def test_a_new_state_is_counted_on_a_copy_never_in_place() -> None:
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
    built: list[Match] = []
    reducer.handler("held")(lambda s, e: built.append(replace(s, turn=s.turn + 1)) or built[-1])
    after = reducer.apply(before, Event("held"))
    assert built[0].seq == before.seq and after.seq == before.seq + 1  # what the handler made stays as it made it


def test_end_turn_keeps_units_without_action_tokens_as_they_are() -> None:
    state = replay(match("heroclix-skirmish"), [Event("add_unit", {"unit": unit(u, "p1")}) for u in ("a", "b")])
    state = apply(state, Event("token", {"unit": "a", "kind": "action", "delta": 1}))
    after = apply(state, Event("end_turn"))
    assert after.units[1] is state.units[1]
    assert after.units[0].tokens == Tokens(action=0, action_last=1)


def _outcomes(seq: list[Event], reducer: Reducer[Match, Event]) -> list[object]:
    state, out = start(), []
    for event in seq:
        try:
            state = reducer.apply(state, event)
            out.append(state)
        except IllegalAction as exc:
            out.append(str(exc))
    return out


@given(st.lists(events(), max_size=40))
def test_replay_checking_changed_units_equals_replay_checking_whole_states(seq: list[Event]) -> None:
    fast, slow = Reducer(validate, REDUCER.guard, validate_step), Reducer(validate, REDUCER.guard)
    fast.handlers = slow.handlers = REDUCER.handlers
    assert _outcomes(seq, fast) == _outcomes(seq, slow)


def _verdict(check: Callable[[], None]) -> str:
    try:
        check()
    except InvalidMatch as exc:
        return str(exc)
    return "passed"


# A planted change to one unit: each field the unit checks read, set to a value that may break a rule.
_UNIT_CHANGES = st.one_of(
    st.fixed_dictionaries({"id": st.sampled_from(["u1", "u2", "u3", "u4"])}),
    st.fixed_dictionaries({"owner": st.sampled_from(["p1", "p2", "p9"])}),
    st.fixed_dictionaries({"click": st.integers(-1, 12)}), st.fixed_dictionaries({"start": st.integers(-1, 12)}),
    st.fixed_dictionaries({"points": st.integers(-1, 3)}), st.fixed_dictionaries({"eliminated": st.booleans()}),
    st.fixed_dictionaries({"cyclic": st.booleans()}), st.fixed_dictionaries({"dial": st.just(())}),
    st.fixed_dictionaries({"location": st.sampled_from(["table", "reserve", "moon"])}),
    st.fixed_dictionaries({"reserve_reason": st.sampled_from(["", "eliminated", "bored", "no reason!", "x" * 40])}),
    st.fixed_dictionaries({"position": st.sampled_from(["", "top", "no such place!", "x" * 40])}),
    st.fixed_dictionaries({"turn_marks": st.sampled_from(
        [(), ("acted",), ("acted", "acted"), ("napped",), ("not a word!",)])}),
    # the token map: the action's two kinds, the pack's, one no pack declares and one too long to be a kind
    st.fixed_dictionaries({"tokens": st.dictionaries(
        st.sampled_from(["action", "action_last", "upgrade", "grenade", "shield", "x" * 40]),
        st.integers(-1, 3)).map(Tokens)}),
)


@given(st.lists(events(), max_size=20), st.lists(st.tuples(st.integers(0, 3), _UNIT_CHANGES), max_size=3),
       st.sampled_from(["", "add", "drop", "limits", "players", "rules", "points", "twins", "timer"]))
def test_checking_changed_units_gives_the_whole_check_verdict(seq: list[Event], plants: list, also: str) -> None:
    before = start()
    for event in seq:
        with suppress(IllegalAction):
            before = apply(before, event)
    validate(before)  # the premise: the state the reducer starts from passed
    units = list(before.units)
    for at, changes in plants:
        units[at % len(units)] = replace(units[at % len(units)], **changes)
    if also == "add":
        units.append(replace(units[-1], id="u9"))
    elif also == "drop":
        units.pop(0)
    after = replace(before, units=tuple(units))
    if also == "limits":
        after = replace(after, rules=replace(after.rules, token_limits={"action": 0, "upgrade": 0}))
    elif also == "players":
        after = replace(after, players=tuple(replace(p, id=p.id.upper()) for p in after.players), winners=())
    elif also == "rules":
        after = replace(after, rules=replace(after.rules, turn_style="nobody's"))
    elif also == "points":
        after = replace(after, players=(replace(after.players[0], vp=-1), *after.players[1:]))
    elif also == "twins":
        after = replace(after, players=(after.players[0], replace(after.players[1], id=after.players[0].id),
                                        *after.players[2:]))
    elif also == "timer":
        after = replace(after, timers=(*after.timers, Timer("t9", "Round", duration=0)))
    assert _verdict(lambda: validate_step(before, after)) == _verdict(lambda: validate(after))


@dataclass(frozen=True)
class _Hand:
    value: int

    def __init__(self, value: int) -> None:
        object.__setattr__(self, "value", abs(value))


def test_replace_runs_a_hand_written_init() -> None:
    assert replace(_Hand(1), value=-3).value == 3
    assert _plain_fields(Unit) is not None and _plain_fields(Match) is not None  # the fast path is taken


def test_a_dial_is_checked_again_when_it_turns_round() -> None:
    state = start()
    spinning = replace(state, units=(replace(state.units[0], cyclic=True), *state.units[1:]))
    with pytest.raises(InvalidMatch, match="Unit u1: a dial that turns round has no KO click"):
        validate_step(state, spinning)


def test_a_unit_changed_in_place_is_checked_and_may_not_take_another_units_id() -> None:
    state = start()
    first, second, *rest = state.units
    twin = (first, replace(second, id=first.id), *rest)
    with pytest.raises(InvalidMatch, match="two units share one id"):
        validate_step(state, replace(state, units=twin))
    with pytest.raises(InvalidMatch, match="two units share one id"):  # two changed at once
        validate_step(state, replace(state, units=(replace(first, name="Renamed"), *twin[1:])))
    broken = (first, replace(second, click=len(second.dial)), *rest)
    with pytest.raises(InvalidMatch, match="click, starting click or points out of range"):
        validate_step(state, replace(state, units=broken))
    with pytest.raises(InvalidMatch, match="a dial needs at least one click"):
        validate_step(state, replace(state, units=(first, replace(second, dial=()), *rest)))
    strict = replace(state, rules=replace(state.rules, token_limits={"action": 1}))
    validate_step(state, strict)
    greedy = (first, replace(second, tokens=second.tokens.counted("action", 5)), *rest)
    with pytest.raises(InvalidMatch, match="action tokens out of range"):
        validate_step(strict, replace(strict, units=greedy))
