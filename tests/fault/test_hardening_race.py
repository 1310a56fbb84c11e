"""Fault test: a writer process dispatching while this process imports shared copies of the same match.

Every event `dispatch` acknowledged must still be in the match afterwards: an import either fast-forwards a
copy it compared under the match's lock, or refuses (the two copies went different ways), never overwrites.
"""

from __future__ import annotations

import multiprocessing as mp
import time
from pathlib import Path

import pytest

from companion.core.match.events import Event
from companion.session import Session
from companion.session.sharing.keeping import import_shared
from companion.share import ChoiceNeeded, SharedMatch
from companion.store.matches import MatchStore

TRIALS = 400  # at most; the trials end with the writer
WRITES = 600  # the log stays short, so each trial's export and replay stay fast
WRITER_EVENT = {"player": "p1", "kind": "vp", "delta": 1}
THEIR_EVENT = {"player": "p2", "kind": "vp", "delta": 1}


def _writer(root: str, match_id: str, stop: mp.Event, acknowledged: mp.Value) -> None:  # type: ignore[valid-type]
    session = Session(MatchStore(Path(root)))
    while not stop.is_set() and acknowledged.value < WRITES:
        session.dispatch(match_id, "score", WRITER_EVENT, by="p1")
        with acknowledged.get_lock():
            acknowledged.value += 1


def _theirs(session: Session, match_id: str) -> SharedMatch:
    """The other device's copy: ours as read a moment ago, plus one event of theirs."""
    mine = SharedMatch.from_export(session.export(match_id))
    extra = Event("score", THEIR_EVENT, "p2", time.time() // 1)
    return SharedMatch.of(mine.initial, (*mine.events, extra))


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs fork")
def test_importing_while_a_writer_dispatches_loses_no_acknowledged_event(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    ctx = mp.get_context("fork")
    stop, acknowledged = ctx.Event(), ctx.Value("i", 0)
    writer = ctx.Process(target=_writer, args=(str(tmp_path), match_id, stop, acknowledged))
    writer.start()
    outcomes = {"updated": 0, "refused": 0}
    try:
        while acknowledged.value < 3:  # the writer is under way
            time.sleep(0.01)
        for _ in range(TRIALS):
            if not writer.is_alive():
                break
            theirs = _theirs(session, match_id)
            try:
                import_shared(session, theirs)
                outcomes["updated"] += 1
            except ChoiceNeeded:
                outcomes["refused"] += 1
    finally:
        stop.set()
        writer.join(10)
    assert writer.exitcode == 0
    log = Session(MatchStore(tmp_path)).log(match_id)
    written = sum(1 for e in log if e.by == "p1")
    assert written == acknowledged.value, f"{acknowledged.value - written} acknowledged events lost ({outcomes})"
    assert sum(1 for e in log if e.by == "p2") <= outcomes["updated"]
    assert sum(outcomes.values()) >= 20, outcomes  # the importer really raced the writer
