"""Properties of undo and redo as events: for any sequence of steps, undos and redos the state is the replay of the
steps not undone; the history cut into segments replays the same; codes round-trip; and a merge of two devices'
logs never brings an undone step back unless a redo in the log says so."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.match.history import History, NeedSegment, Segment, effective, replay_log, stacks
from companion.session import Session
from companion.session.sharing.keeping import import_shared
from companion.share import ChoiceNeeded, SharedMatch, decode, encode
from companion.store.matches import MatchStore

from builders import match, unit

STEPS = st.sampled_from([
    ("score", {"player": "p1", "kind": "vp", "delta": 1}),
    ("score", {"player": "p2", "kind": "kills", "delta": 2}),
    ("damage", {"unit": "u1", "amount": 1}),
    ("heal", {"unit": "u1", "amount": 1}),
    ("roll", {"expr": "2d6", "dice": [3, 4], "total": 7}),
    ("end_turn", {}),
    # a rename applies only from the name the player has: the two take turns, any other order is refused
    ("rename_player", {"player": "p2", "name": "Benjamin", "was": "Ben"}),
    ("rename_player", {"player": "p2", "name": "Ben", "was": "Benjamin"}),
])
OPS = st.lists(st.one_of(STEPS, st.just("undo"), st.just("redo")), max_size=120)


def start() -> Any:
    m = match()
    return replay(m, [Event("add_unit", {"unit": unit("u1", "p1")})])


def run(ops: list[Any], limit: int) -> tuple[History, dict[int, Segment]]:
    """Push, undo and redo as a device does, compacting with a small tail; refused operations change nothing."""
    history, kept = History.start(start()), {}
    for at, op in enumerate(ops):
        with contextlib.suppress(IllegalAction):
            if op == "undo":
                undoing = history  # a refused undo leaves no segment reopened, as the session stores none
                while True:
                    try:
                        undoing = undoing.undo("p2", float(at))
                        break
                    except NeedSegment as need:  # as the store does: the segment that ends there
                        undoing = undoing.reopen(max((s for s in kept.values() if s.end == need.base),
                                                     key=lambda s: s.base))
                history = undoing
                # undo takes back the state kept from before the step: the same as replaying the tail
                assert history.state == History.of(history.base, history.snapshot, history.tail).state
            elif op == "redo":
                history = history.redo("p1", float(at))
            else:
                history = history.push(Event(op[0], op[1], "p1", float(at)))
            segment, history = history.compact(limit)
            if segment is not None:
                kept[segment.base] = segment
    return history, kept


def marks_made(ops: list[Any], limit: int) -> list[Event]:
    """The undo and redo events a device makes for `ops`, one per undo or redo that had something to act on."""
    made: list[Event] = []
    for at, op in enumerate(ops):
        with contextlib.suppress(IllegalAction):
            if op in ("undo", "redo"):
                history = History.replayed(start(), whole_log(*run(ops[:at], limit)), 10**6)[0]
                history = history.undo() if op == "undo" else history.redo()
                made.append(history.tail[-1])
    return made


def whole_log(history: History, kept: dict[int, Segment]) -> list[Event]:
    events, base = [], 0
    while base < history.base:
        events.extend(kept[base].events)
        base = kept[base].end
    return [*events, *history.tail]


SCORE = ("score", {"player": "p1", "kind": "vp", "delta": 1})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OPS, st.integers(2, 12))
@example([SCORE] * 5 + ["undo", SCORE] + [SCORE] * 3, 3)  # an undo inside a later segment
@example([SCORE] * 9 + ["undo"] * 7 + ["redo"] * 3 + [SCORE] + ["undo"] * 6 + ["redo"] * 6, 3)  # across segments
def test_the_state_is_the_replay_of_the_steps_not_undone(ops: list[Any], limit: int) -> None:
    history, kept = run(ops, limit)
    log = whole_log(history, kept)
    active, undone = stacks(log)
    # the steps in effect, replayed in log order, make the state; nothing was removed from the log
    assert history.state == replay(start(), [log[i] for i in active])
    assert history.state == replay_log(start(), log) and len(log) == history.length
    assert [e.type for e in log if e.type in ("undo", "redo")] == [h.type for h in marks_made(ops, limit)]
    # each segment of the stored chain replays on its own from its state to the next one's (or the snapshot)
    base = 0
    while base < history.base:
        segment = kept[base]
        stacks(segment.events, segment.base)  # its undos and redos name its own steps
        after = kept[segment.end].state if segment.end < history.base else history.snapshot
        assert replay(segment.state, effective(segment.events, segment.base)) == after
        base = segment.end
    # the whole log replayed and cut again gives the same state and what can be undone and redone
    again, segments = History.replayed(start(), log, limit)
    assert again.state == history.state and again.undone == history.undone
    assert [e for s in segments for e in s.events] + list(again.tail) == log
    for a, b in zip(segments, segments[1:], strict=False):
        assert replay(a.state, effective(a.events, a.base)) == b.state  # each cut replays on its own



def chain(history: History, kept: dict[int, Segment]) -> list[Segment]:
    """The stored segments a history's tail points back through, oldest first."""
    segments, base = [], 0
    while base < history.base:
        segments.append(kept[base])
        base = kept[base].end
    return segments


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OPS, st.integers(1, 12))
@example([SCORE] * 3 + [SCORE, "undo"] * 6, 3)  # a tap and its undo, again and again, at the tail's edge
@example([SCORE] * 4 + ["undo", "undo", SCORE, "redo", "undo", "redo", SCORE], 3)  # undo past a cut, then redo
def test_where_a_device_cuts_its_log_changes_nothing_but_the_files(ops: list[Any], limit: int) -> None:
    history, kept = run(ops, limit)
    whole, none = run(ops, 10**6)  # the same taps, never cut
    # the stored match is the same either way: its log, its state, what undo and redo would take
    assert none == {} and whole_log(history, kept) == list(whole.tail)
    assert (history.state, history.undone, history.length) == (whole.state, whole.undone, whole.length)
    assert history.active == tuple(i for i in whole.active if i >= history.base)
    # and a restore of that log cuts it where the device did: the same segments, the same head
    again, segments = History.replayed(start(), whole.tail, limit)
    assert again == history and segments == chain(history, kept)


def device(ops: list[Any], session: Session, match_id: str) -> None:
    for op in ops:
        with contextlib.suppress(IllegalAction):
            if op == "undo":
                session.undo(match_id, by="p2")
            elif op == "redo":
                session.redo(match_id, by="p1")
            else:
                session.dispatch(match_id, op[0], op[1], by="p1")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(STEPS, st.just("undo"), st.just("redo")), max_size=30), OPS.map(lambda o: o[:30]),
       OPS.map(lambda o: o[:30]))
def test_merging_never_brings_an_undone_step_back_silently(common: list[Any], mine: list[Any],
                                                           theirs: list[Any]) -> None:
    a = Session(MatchStore(None))
    match_id = a.new_match("halo-actionclix", ["Ann", "Ben"]).id
    a.dispatch(match_id, "add_unit", {"unit": unit("u1", "p1")})
    device(common, a, match_id)
    b = Session(MatchStore(None))
    import_shared(b, decode(encode(SharedMatch.from_export(a.export(match_id)))))
    device(mine, b, match_id)
    device(theirs, a, match_id)
    before = b.log(match_id)
    was_undone = _undone(before)
    shared = decode(encode(SharedMatch.from_export(a.export(match_id))))
    assert shared == SharedMatch.from_export(a.export(match_id))  # undo and redo round-trip in codes
    try:
        import_shared(b, shared)
    except ChoiceNeeded:
        assert b.log(match_id) == before  # asked: nothing changed
        return
    after = b.log(match_id)
    assert after[:len(before)] == before  # only ever extended
    for step in was_undone - _undone(after):  # back only by a redo event that names it
        assert any(e.type == "redo" and e.data["step"] == step for e in after[len(before):])
    assert b.state(match_id) == replay_log(b.store.full_log(match_id)[0], after)


def _undone(log: list[Event]) -> set[int]:
    active = set(stacks(log)[0])
    return {i for i, e in enumerate(log) if e.type not in ("undo", "redo") and i not in active}
