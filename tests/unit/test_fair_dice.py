"""Fair dice: nothing that travels with a match (export, share code) predicts its next roll; dice are drawn when
the player commits and logged; an undone roll stays in the log, in every copy; tests still inject seeded dice."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, apply
from companion.core.match.history import History
from companion.core.model import from_json, to_json
from companion.rules import Action, get
from companion.session import Session
from companion.session.play import dice as dice_service
from companion.session.sharing.keeping import import_shared
from companion.share import SharedMatch, decode, encode, read_text
from companion.share import codec as share_codec
from companion.share.text import to_text
from companion.store.matches import MatchStore

from builders import match, unit

HALO = get("halo-actionclix")
ATTACK = Action("attack", "u1", {"target": "u2"})


def table(session: Session) -> str:
    """A Halo match with a Spartan (p1) facing a Grunt (p2); its id."""
    m = session.new_match("halo-actionclix", ["Ann", "Ben"])
    session.dispatch(m.id, "add_unit", {"unit": unit("u1", "p1")}, by="p1")
    session.dispatch(m.id, "add_unit", {"unit": unit("u2", "p2", clicks=6)}, by="p2")
    return m.id


def copy_of(session: Session, match_id: str, how: str) -> Session:
    """Another device holding the match: from its JSON export, or from its share code (with the first
    device's clock, so a second ticking over between the two rolls can't tell them apart)."""
    other = Session(MatchStore(None), clock=session.clock)
    if how == "export":
        other.import_match(json.loads(json.dumps(session.export(match_id))))
    else:
        code = encode(SharedMatch.from_export(session.export(match_id)))
        import_shared(other, decode(read_text(to_text(code)).data))
    return other


def test_no_seed_travels_with_a_match() -> None:
    session = Session(MatchStore(None))
    match_id = table(session)
    session.roll(match_id, "2d6", by="p1")
    exported = session.export(match_id)
    assert "seed" not in exported["initial"] and "seed" not in exported["state"]
    assert "seed" not in to_json(session.state(match_id))
    # what the share code carries is the logged dice, and nothing else about dice to come
    shared = decode(encode(SharedMatch.from_export(exported)))
    assert shared.to_export()["state"] == exported["state"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(how=st.sampled_from(["export", "share"]), before=st.integers(0, 4), seed=st.integers(0, 2**32))
def test_two_copies_rolling_the_same_action_get_independent_dice(how: str, before: int, seed: int) -> None:
    """Whatever happened before the copy was made, the copy's next rolls are not the original's: each device draws
    its own. 20 attacks each: the chance of equal dice by luck is 36**-20."""
    session = Session(MatchStore(None))
    match_id = table(session)
    for _ in range(before):
        session.roll(match_id, "2d6", by="p1", rng=random.Random(seed))
    other = copy_of(session, match_id, how)
    assert other.state(match_id) == session.state(match_id)
    mine, theirs = [], []
    for _ in range(20):
        for s, out in ((session, mine), (other, theirs)):
            resolution, _ = s.act(match_id, ATTACK, by="p1")  # no rng: the device's randomness
            out.append(next(e.data["dice"] for e in resolution.events if e.type == "roll"))
            s.undo(match_id, by="p1")
    assert mine != theirs


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), how=st.sampled_from(["export", "share"]))
def test_the_dice_depend_on_the_generator_only(seed: int, how: str) -> None:
    """An injected seeded generator gives the same dice on the original and on any copy, and the same as the rules
    helper alone: the match itself adds nothing to the dice (no seed, no roll count)."""
    session = Session(MatchStore(None), clock=lambda: 1_795_538_929.0)
    match_id = table(session)
    other = copy_of(session, match_id, how)
    expected = HALO.resolve(session.state(match_id), ATTACK, random.Random(seed))
    for s in (session, other):
        resolution, before = s.act(match_id, ATTACK, by="p1", rng=random.Random(seed))
        assert resolution == expected and before.rolls == ()
    assert other.state(match_id) == session.state(match_id)


def test_a_roll_uses_the_operating_systems_randomness_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[random.Random] = []

    class Recorder(random.SystemRandom):
        def __init__(self) -> None:
            super().__init__()
            made.append(self)

    monkeypatch.setattr(random, "SystemRandom", Recorder)
    session = Session(MatchStore(None))
    match_id = table(session)
    session.roll(match_id, "2d6", by="p1")
    session.act(match_id, ATTACK, by="p1")
    assert len(made) == 2 and isinstance(dice_service.fair_rng(), Recorder)


def test_an_undone_roll_stays_in_the_log_and_in_every_copy() -> None:
    session = Session(MatchStore(None))
    match_id = table(session)
    first, _ = session.act(match_id, ATTACK, by="p1", rng=random.Random(1))
    session.undo(match_id, by="p1")
    assert session.state(match_id).rolls == ()  # the table is as before the roll ...
    step, record = session.log(match_id)[-2:]
    assert record.type == "undo" and record.by == "p1"  # ... and the log says a roll was made and undone
    assert step.data["events"] == [{"type": e.type, "data": e.data} for e in first.events]
    assert record.data == {"step": len(session.log(match_id)) - 2}
    session.act(match_id, ATTACK, by="p1", rng=random.Random(2))  # rolling again: after the undone one
    rolls = dice_service.logged_rolls(session, match_id)
    assert [r.undone for r in rolls] == [True, False]
    for how in ("export", "share"):  # everyone holding a copy sees it too
        copied = dice_service.logged_rolls(copy_of(session, match_id, how), match_id)
        assert [(r.dice, r.undone) for r in copied] == [(r.dice, r.undone) for r in rolls]


def test_undo_and_redo_are_events_and_a_new_step_ends_redo() -> None:
    session = Session(MatchStore(None))
    match_id = table(session)
    session.roll(match_id, "2d6", by="p1", rng=random.Random(3))
    session.undo(match_id)
    session.undo(match_id)  # takes back the second unit: the last step in effect
    assert [(e.type, e.data.get("step")) for e in session.log(match_id)][2:] == [("roll", None), ("undo", 2),
                                                                                   ("undo", 1)]
    session.redo(match_id)
    session.redo(match_id)  # the roll is back, and both redos are in the log too
    assert [(e.type, e.data.get("step")) for e in session.log(match_id)][5:] == [("redo", 1), ("redo", 2)]
    assert [r.undone for r in dice_service.logged_rolls(session, match_id)] == [False]
    session.undo(match_id)
    session.dispatch(match_id, "score", {"player": "p1", "kind": "vp", "delta": 1})
    with pytest.raises(IllegalAction, match="nothing to redo"):
        session.redo(match_id)
    assert [e.type for e in session.log(match_id)][-2:] == ["undo", "score"]  # the roll stays undone
    assert [r.undone for r in dice_service.logged_rolls(session, match_id)] == [True]


def test_undo_of_any_step_is_recorded() -> None:
    history = History.start(match()).push(Event("score", {"player": "p1", "kind": "vp", "delta": 1}))
    undone = history.undo("p2", 5.0)
    assert [e.type for e in undone.tail] == ["score", "undo"] and not undone.can_undo and undone.can_redo
    assert undone.tail[-1] == Event("undo", {"step": 0}, "p2", 5.0) and undone.state == match()


def test_old_undone_records_still_read_and_stay_put() -> None:
    """Logs written before undo was an event hold `undone` records in place of a step with dice: they replay
    (changing nothing) and undo passes them by."""
    old = [Event("roll", {"expr": "d6", "dice": [4], "total": 4}),
           Event("undone", {"step": {"type": "roll", "data": {"expr": "d6", "dice": [2], "total": 2}}})]
    history = History.of(0, match(), old)
    assert history.active == (0,) and [r.total for r in history.state.rolls] == [4]
    assert history.undo().state.rolls == () and not history.undo().can_undo


def test_a_record_must_hold_a_step_with_dice() -> None:
    with pytest.raises(IllegalAction, match="only steps that rolled dice"):
        apply(match(), Event("undone", {"step": {"type": "score", "data": {}}}))
    with pytest.raises(IllegalAction):
        apply(match(), Event("undone", {"step": "a roll"}))


def test_old_exports_and_codes_with_a_seed_are_still_read(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(MatchStore(None))
    match_id = table(session)
    session.roll(match_id, "2d6", by="p1", rng=random.Random(5))
    exported = session.export(match_id)
    old = {**exported, "initial": {**exported["initial"], "seed": 4242}, "state": {**exported["state"], "seed": 4242}}
    other = Session(MatchStore(None))
    assert other.import_match(old) == session.state(match_id)  # the old seed is read and dropped
    assert from_json(old["state"]) == session.state(match_id)

    def old_writer(*args: Any) -> list[Any]:  # the layout as older apps wrote it: the seed third
        arr = writer(*args)
        return [*arr[:2], 4242, *arr[3:]]

    writer = share_codec.match_out
    monkeypatch.setattr(share_codec, "match_out", old_writer)
    code = encode(SharedMatch.from_export(exported))
    monkeypatch.undo()
    assert decode(code).to_export()["state"] == exported["state"]


def test_a_seeded_generator_stays_injectable() -> None:
    a, b = Session(MatchStore(None)), Session(MatchStore(None))
    ids = table(a), table(b)
    rolled = [s.roll(i, "4d6kh3", by="p1", rng=random.Random(9)) for s, i in zip((a, b), ids, strict=True)]
    assert rolled[0] == rolled[1] == dice_service.roll("4d6kh3", random.Random(9))
    assert a.state(ids[0]).rolls == b.state(ids[1]).rolls


def test_what_a_committed_attack_did_is_said_in_words() -> None:
    session = Session(MatchStore(None))
    match_id = table(session)
    # a seed that hits: the Grunt's 6-click dial takes the Spartan's damage
    seed = next(s for s in range(100) if HALO.resolve(session.state(match_id), ATTACK, random.Random(s)).success)
    resolution, before = session.act(match_id, ATTACK, by="p1", rng=random.Random(seed))
    lines = dice_service.changes(before, resolution.events)
    assert resolution.success is True
    assert "Unit u2 takes 2 damage" in lines and "Unit u1: +1 Action token" in lines
    miss = next(s for s in range(100) if HALO.resolve(before, ATTACK, random.Random(s)).success is False)
    missed = HALO.resolve(before, ATTACK, random.Random(miss))
    assert dice_service.changes(before, missed.events) == ["Unit u1: +1 Action token"]
