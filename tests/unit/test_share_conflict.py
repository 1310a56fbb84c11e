"""A share conflict shown side by side; "keep both" labels their copy so the match list tells the two apart."""

from __future__ import annotations

from pathlib import Path

from companion.session import Session
from companion.session.sharing.keeping import import_shared
from companion.session.sharing.share_sync import name_their_copy
from companion.session.table.share_conflict import differences
from companion.share import Choice, SharedMatch
from companion.store.matches import MatchStore


def test_differences_side_by_side_and_their_copy_labelled(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path))
    match = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
    other = Session(MatchStore(tmp_path / "other"))
    other.import_match(session.export(match.id))
    other.dispatch(match.id, "score", {"player": "p2", "kind": "vp", "delta": 3})
    session.dispatch(match.id, "end_round")
    theirs = SharedMatch.from_export(other.export(match.id))
    rows = {r.what: (r.mine, r.theirs) for r in differences(session, theirs)}
    assert rows["Ben"] == ("0 VP", "3 VP")
    assert rows["Where"] == ("Turn 1 · Ben's round 1 of 2", "Turn 1 · Ann's round 1 of 2")  # mine ended Ann's round
    assert rows["Events"] == ("1 (1 since the split)", "1 (1 since the split)")
    assert rows["First different step"][1].startswith("Ben")  # their first step after the split, described
    copy = import_shared(session, theirs, Choice.BOTH).match_id
    label = name_their_copy(session, copy, now=1_800_000_000)
    assert label.startswith("their copy, kept ")
    listed = {s.id: s.label for s in session.list_matches()}
    assert listed == {match.id: "", copy: label}
    assert session.state(copy).player("p2").vp == 3 and session.state(match.id).player("p2").vp == 0
