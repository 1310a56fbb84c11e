"""An undo is an event every copy receives: it survives share codes (whole and turn), an older code read again,
exports and a backup restored afterwards, and never comes back silently (issue 30's +5 VP case)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.match.events import Event
from companion.core.match.history import History
from companion.session import Session
from companion.session.data.backup import create_backup
from companion.session.data.restore import restore_backup
from companion.session.sharing.share_sync import import_code, read_code, share_code
from companion.share import Collector, Relation, SharedMatch, decode, encode
from companion.share.event_layout import NUMBERS
from companion.store.matches import MatchStore

from builders import match


def vp(session: Session, match_id: str, player: str = "p1") -> int:
    return session.state(match_id).player(player).vp


def score(session: Session, match_id: str, delta: int, by: str = "p1") -> None:
    session.dispatch(match_id, "score", {"player": "p1", "kind": "vp", "delta": delta}, by=by)


def texts(session: Session, match_id: str, *, full: bool = False) -> list[str]:
    """The texts of the code `session` shows for the match (a turn code once the other phone's point is known)."""
    return list(share_code(session, match_id, full=full).plan.texts)


def scan(session: Session, code: list[str]) -> str:
    """Read and import a code on `session`; what it says it did."""
    collector = Collector()
    for text in code:
        collector.add(text)
    result = import_code(session, read_code(session, collector))
    return f"{result.comparison.describe()}; {result.action}"


@pytest.fixture(params=["memory", "files"])
def phones(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Session, Session]:
    def phone(name: str) -> Session:
        return Session(MatchStore(None if request.param == "memory" else tmp_path / name))

    return phone("ana"), phone("ben")


def ana_scores_six(ana: Session) -> str:
    match_id = ana.new_match("halo-actionclix", ["Ana", "Ben"]).id
    score(ana, match_id, 1)
    score(ana, match_id, 5)  # by mistake
    return match_id


def test_an_undo_after_sharing_reaches_the_other_phone_both_ways(phones: tuple[Session, Session]) -> None:
    ana, ben = phones
    match_id = ana_scores_six(ana)
    old_code = texts(ana, match_id)
    assert "stored" in scan(ben, old_code) and vp(ben, match_id) == 6
    ana.undo(match_id, by="p1")
    assert vp(ana, match_id) == 1

    # Ben's older copy goes to Ana: it is behind hers (her undo is one more event), so nothing changes
    said = scan(ana, texts(ben, match_id))
    assert "1 event behind yours" in said and "unchanged" in said and vp(ana, match_id) == 1
    # Ana's copy goes to Ben: one newer event, the undo, and Ben's phone is at 1 VP too
    said = scan(ben, texts(ana, match_id))
    assert "1 newer event for" in said and vp(ben, match_id) == 1
    assert ben.undo_news(match_id)[0] == "Ana undid “Ana: +5 VP”"
    # the code Ben first read, read again on either phone: older than both copies, never a silent return
    for phone in (ana, ben):
        said = scan(phone, old_code)
        assert "1 event behind yours" in said and "unchanged" in said and vp(phone, match_id) == 1
    # a redo travels the same way
    ben.redo(match_id, by="p2")
    assert "1 newer event" in scan(ana, texts(ben, match_id)) and vp(ana, match_id) == 6
    assert ana.undo_news(match_id)[0] == "Ben redid Ana's “Ana: +5 VP”"


def test_a_backup_restored_after_an_undo_keeps_the_undo(tmp_path: Path) -> None:
    ana = Session.open(tmp_path / "ana")
    match_id = ana_scores_six(ana)
    create_backup(ana, tmp_path / "before-undo.zip")
    ana.undo(match_id, by="p1")
    dry = restore_backup(ana, tmp_path / "before-undo.zip", dry_run=True)
    assert dry.counts["matches"]["kept_local"] == 1 and dry.counts["matches"]["updated"] == 0
    report = restore_backup(ana, tmp_path / "before-undo.zip")
    assert report.counts["matches"]["kept_local"] == 1 and report.changes == 0
    assert vp(ana, match_id) == 1 and ana.log(match_id)[-1].type == "undo"

    # a backup made after the undo, restored on a device that has the match from before it: the undo arrives
    create_backup(ana, tmp_path / "after-undo.zip")
    laptop = Session.open(tmp_path / "laptop")
    restore_backup(laptop, tmp_path / "before-undo.zip")
    assert vp(laptop, match_id) == 6
    report = restore_backup(laptop, tmp_path / "after-undo.zip")
    assert report.counts["matches"]["updated"] == 1 and vp(laptop, match_id) == 1


def test_both_phones_changed_after_the_undo_the_player_is_asked(phones: tuple[Session, Session]) -> None:
    ana, ben = phones
    match_id = ana_scores_six(ana)
    scan(ben, texts(ana, match_id))
    ana.undo(match_id, by="p1")
    score(ben, match_id, 1, by="p2")  # Ben went on from the +5 his phone still shows
    from companion.share import ChoiceNeeded

    with pytest.raises(ChoiceNeeded, match="went different ways"):
        scan(ben, texts(ana, match_id, full=True))
    assert vp(ben, match_id) == 7 and vp(ana, match_id) == 1  # nothing changed on either phone unasked


def test_undo_and_redo_travel_compactly_in_codes_and_exports() -> None:
    session = Session(MatchStore(None))
    match_id = ana_scores_six(session)
    session.undo(match_id, by="p2")
    session.redo(match_id, by="p1")
    session.undo(match_id, by="p1")
    shared = SharedMatch.from_export(session.export(match_id))
    assert session.export(match_id)["version"] == 2
    assert [e.type for e in shared.events][-3:] == ["undo", "redo", "undo"] and shared.state.player("p1").vp == 1
    back = decode(encode(shared))
    assert back == shared and back.state == shared.state
    # as the compact kinds: a kind number and one small argument each (how far back the step is)
    without = SharedMatch.of(shared.initial, shared.events[:-3])
    assert len(encode(shared)) - len(encode(without)) < 20
    assert "undo" in NUMBERS and "redo" in NUMBERS


def test_an_export_of_version_1_with_undone_records_still_imports() -> None:
    """Exports from before undo was an event: `undone` records where a roll was taken back."""
    record = {"type": "undone", "by": "p1", "at": 5.0,
              "data": {"step": {"type": "roll", "data": {"expr": "d6", "dice": [2], "total": 2}, "by": "p1",
                                "at": 4.0}}}
    roll = {"type": "roll", "data": {"expr": "d6", "dice": [5], "total": 5}, "by": "p1", "at": 6.0}
    initial = match()
    history = History.start(initial)
    export = {"format": "tabletop-companion/match-export", "version": 1, "initial": json.loads(json.dumps(
        SharedMatch.of(initial, ()).to_export()["initial"])), "events": [record, roll]}
    session = Session(MatchStore(None))
    state = session.import_match(export)
    assert [r.total for r in state.rolls] == [5] and history.state == initial
    session.undo(state.id, by="p2")  # passes the record by: takes back the roll of 5
    assert session.state(state.id).rolls == () and [e.type for e in session.log(state.id)] == [
        "undone", "roll", "undo"]


def test_a_hostile_log_with_an_undo_out_of_order_is_refused() -> None:
    initial = match()
    steps = [Event("score", {"player": "p1", "kind": "vp", "delta": d}) for d in (1, 5)]
    for bad in ({"step": 0}, {"step": 2}, {"step": -1}, {"step": "1"}, {"step": 1, "x": 1}, {}):
        with pytest.raises(Exception, match="undo"):
            SharedMatch.of(initial, [*steps, Event("undo", bad)])
    with pytest.raises(Exception, match="redo"):
        SharedMatch.of(initial, [*steps, Event("redo", {"step": 1})])
    ok = SharedMatch.of(initial, [*steps, Event("undo", {"step": 1}), Event("redo", {"step": 1})])
    assert ok.state.player("p1").vp == 6


def test_the_relation_of_an_undone_copy_is_newer() -> None:
    session = Session(MatchStore(None))
    match_id = ana_scores_six(session)
    before = SharedMatch.from_export(session.export(match_id))
    session.undo(match_id)
    from companion.share import compare

    after = SharedMatch.from_export(session.export(match_id))
    assert compare(before, after).relation is Relation.THEIRS_AHEAD
    assert compare(after, before).relation is Relation.MINE_AHEAD
