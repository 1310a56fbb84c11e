"""Codes coming in one part at a time: kept in the data folder across launches until complete or discarded."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.session import Session
from companion.session.sharing.incoming import Incoming
from companion.session.sharing.keeping import library_for
from companion.share import SharedMatch, encode
from companion.share.text import to_parts
from companion.store.matches import MatchStore
from companion.store.pending_parts import PendingParts

TESTS = Path(__file__).resolve().parents[1]


def three_part_code(tmp_path: Path) -> tuple[str, list[str], Session]:
    """A match on a first device, as the three links of a 3-part code."""
    source = Session(MatchStore(tmp_path / "sender"))
    match = source.new_match("halo-actionclix", ["Ann", "Ben"])
    for _ in range(3):
        source.dispatch(match.id, "score", {"player": "p1", "kind": "kills", "delta": 1})
    data = encode(SharedMatch.from_export(source.export(match.id)), library_for(source))
    return match.id, to_parts(data, 3), source


def route_of(link: str) -> str:
    """The app route a deep link opens: ttcomp://m/<BODY> arrives as /<BODY>."""
    return "/" + link.split("/", 3)[3]


def test_three_parts_one_per_launch_bring_the_match(tmp_path: Path) -> None:
    match_id, parts, source = three_part_code(tmp_path)
    data = tmp_path / "phone"
    seen = []
    for link in (parts[2], parts[0], parts[1]):  # the camera app reads them in any order
        out = subprocess.run([sys.executable, str(TESTS / "launch_app.py"), str(data), route_of(link)],
                             capture_output=True, text=True, timeout=120, cwd=TESTS)
        assert out.returncode == 0, out.stderr
        seen.append(json.loads(out.stdout.strip().splitlines()[-1]))
    assert [s["route"] for s in seen[:2]] == ["/scan", "/scan"]
    assert "1 of 3 received" in seen[0]["status"] and "2 of 3 received" in seen[1]["status"]
    assert seen[0]["matches"] == seen[1]["matches"] == ""
    assert seen[2]["route"] == f"/match/{match_id}" and seen[2]["matches"] == match_id
    assert Session.open(data).state(match_id) == source.state(match_id)
    assert PendingParts(data).all() == []  # imported: the kept parts are gone


def test_parts_wait_side_by_side_and_can_be_discarded(tmp_path: Path) -> None:
    _, first, _ = three_part_code(tmp_path)
    other = to_parts(random.Random(1).randbytes(200), 4)
    phone = Session(MatchStore(tmp_path / "phone"))
    Incoming(phone).add_text(first[0])
    assert str(Incoming(phone).add_text(other[3])) == "1 of 4"  # another code: the first one waits
    later = Incoming(phone)  # a new launch
    assert sorted(str(w) for w in later.waiting()) == ["1 of 3 received", "1 of 4 received"]
    assert str(later.add_text(first[1])) == "2 of 3"  # picks up the kept part of the same code
    later.discard()
    assert [str(w) for w in Incoming(phone).waiting()] == ["1 of 4 received"]


def test_the_same_part_twice_counts_once_and_whole_codes_keep_nothing(tmp_path: Path) -> None:
    _, parts, source = three_part_code(tmp_path)
    phone = Session(MatchStore(tmp_path / "phone"))
    incoming = Incoming(phone)
    incoming.add_text(parts[0])
    assert str(incoming.add_text(parts[0])) == "1 of 3"
    from companion.session.sharing.keeping import share_match

    whole = share_match(source, source.list_matches()[0].id).texts[0]
    assert Incoming(phone).add_text(whole).done
    assert [str(w) for w in Incoming(phone).waiting()] == ["1 of 3 received"]


def test_a_damaged_or_foreign_kept_file_is_moved_aside_and_never_trusted(tmp_path: Path) -> None:
    _, parts, _ = three_part_code(tmp_path)
    phone = Session(MatchStore(tmp_path / "phone"))
    Incoming(phone).add_text(parts[0])
    folder = tmp_path / "phone" / "incoming"
    (kept,) = folder.glob("*.json")
    kept.write_text("{not json")
    assert Incoming(phone).waiting() == []
    assert any(".damaged-" in p.name for p in folder.iterdir())
    # a kept text that isn't a part of that code is dropped when the parts are read again
    pending = PendingParts(tmp_path / "phone")
    pending.add(kept.stem.split("-")[0], 3, 2, "ttcomp://m/NOT-A-PART")
    incoming = Incoming(phone)
    assert str(incoming.add_text(parts[0])) == "1 of 3"


@pytest.mark.parametrize("bad", [("ABCD", 1, 1), ("abcd", 3, 1), ("ABCD", 3, 4)])
def test_pending_parts_refuse_what_no_code_has(tmp_path: Path, bad: tuple[str, int, int]) -> None:
    with pytest.raises(ValueError):
        PendingParts(tmp_path).add(*bad, "ttcomp://m/X")


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(order=st.permutations(range(4)), repeats=st.lists(st.integers(0, 3), max_size=3),
       launches=st.lists(st.booleans(), min_size=7, max_size=7))
def test_any_order_any_launches_the_match_arrives_with_the_last_new_part(
        order: list[int], repeats: list[int], launches: list[bool]) -> None:
    """Parts in any order, some twice, each maybe in a new launch: the match is stored exactly when the last
    missing part arrives, never before, and nothing is left kept."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        source = Session(MatchStore(root / "sender"))
        match = source.new_match("scarab", ["Ann", "Ben"])
        parts = to_parts(encode(SharedMatch.from_export(source.export(match.id)), library_for(source)), 4)
        phone = Session(MatchStore(root / "phone"))
        incoming, seen = Incoming(phone), set()
        for step, index in enumerate([*order[:2], *repeats, *order[2:]]):
            if launches[step % len(launches)]:
                incoming = Incoming(Session(MatchStore(root / "phone")))  # the app started anew
            progress = incoming.add_text(parts[index])
            seen.add(index)
            assert progress.have == len(seen) and progress.done == (len(seen) == 4)
            if progress.done:
                incoming.store(None)
                break
        assert Session(MatchStore(root / "phone")).state(match.id) == source.state(match.id)
        assert PendingParts(root / "phone").all() == []
