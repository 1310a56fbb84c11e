"""Hypothesis properties of the reducer, the history and JSON conversion."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, apply, replay
from companion.core.match.history import History, NeedSegment
from companion.core.model import from_json, to_json, validate
from companion.session import Session
from companion.store.matches import MatchStore

from builders import unit
from properties_kit import events, start


@given(st.lists(events(), max_size=60))
def test_random_events_never_produce_an_invalid_state(seq: list[Event]) -> None:
    state = start()
    for event in seq:
        before = state
        try:
            state = apply(state, event)
        except IllegalAction:
            assert state is before  # refused: nothing changed
            continue
        validate(state)
        assert state.seq == before.seq + 1
        assert from_json(to_json(state)) == state  # state -> JSON -> state is identity


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(events(), min_size=1, max_size=160), st.data())
def test_undo_n_then_redo_n_returns_the_same_state(seq: list[Event], data: st.DataObject) -> None:
    # undo through segments with a tiny tail limit, then redo everything
    kept = {}
    applied: list[Event] = []
    history_full = History.start(start())
    for event in seq:
        try:
            history_full = history_full.push(event)
        except IllegalAction:
            continue
        applied.append(event)
        segment, history_full = history_full.compact(limit=8)
        if segment is not None:
            kept[segment.end] = segment
    final = history_full.state
    n = data.draw(st.integers(0, history_full.length))
    h = history_full
    for _ in range(n):
        try:
            h = h.undo()
        except NeedSegment as need:
            h = h.reopen(kept[need.base]).undo()
    # every undo is an event naming its step; the state is as if the undone steps never happened
    marks = h.tail[len(h.tail) - n:] if n else ()
    assert [e.type for e in marks] == ["undo"] * n and h.length == history_full.length + n
    assert [h.step(e.data["step"]) for e in marks] == list(reversed(applied[len(applied) - n:]))
    assert h.state == replay(start(), applied[:len(applied) - n])
    for _ in range(n):
        h = h.redo()
    assert h.state == final and h.length == history_full.length + 2 * n


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(events(), min_size=1, max_size=150), st.data())
def test_session_undo_redo_survives_reopening_the_store(seq: list[Event], data: st.DataObject) -> None:
    session = Session(MatchStore(None))
    m = session.new_match("heroclix-skirmish", ["Ann", "Ben", "Cat"])
    for uid, owner in (("u1", "p1"), ("u2", "p2"), ("u3", "p3")):
        session.dispatch(m.id, "add_unit", {"unit": unit(uid, owner)})
    for event in seq:
        with contextlib.suppress(IllegalAction):
            session.dispatch(m.id, event.type, event.data, by=event.by)
    final = session.state(m.id)
    total = session.history(m.id).length
    n = data.draw(st.integers(0, total))
    for _ in range(n):
        session.undo(m.id)
    assert session.history(m.id).length == total + n  # the log only grows
    again = Session(session.store)
    for _ in range(n):
        again.redo(m.id)
    assert again.state(m.id) == final and again.history(m.id).length == total + 2 * n
