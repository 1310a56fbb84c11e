"""Turn codes between two devices: round trips both ways, refusals that store nothing, and the merge rules."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.session import Session
from companion.session.sharing.share_sync import import_code, read_code, share_code
from companion.share import ChoiceNeeded, Collector, SharedMatch, TurnCodeNeedsBase, encode_turn, read_any
from companion.share.codec import TURN
from companion.share.codes.turns import TurnCode
from companion.store.matches import MatchStore

from share_strategies_kit import LIBRARY, shared_matches

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from share_play import Clock, play_halo, play_turn  # noqa: E402

MAX_TURN_VERSION = 8  # one Halo turn in one code a phone reads at arm's length


def send(src: Session, dst: Session, match_id: str, *, full: bool = False) -> tuple[bool, int]:
    """Show the code on `src`, read and import it on `dst`; (was it a turn code, its QR version)."""
    code = share_code(src, match_id, full=full)
    collector = Collector()
    for text in code.plan.texts:
        collector.add(text)
    import_code(dst, read_code(dst, collector))
    return code.turn, code.plan.version


def two_devices(seed: int, turns: int = 2) -> tuple[Session, Session, str, Clock, random.Random]:
    a, match_id = play_halo(seed=seed, turns=turns)
    clock = a.clock
    assert isinstance(clock, Clock)
    b = Session(MatchStore(None), clock=clock)
    return a, b, match_id, clock, random.Random(seed)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.lists(st.sampled_from(["a", "b", "a-again", "b-again"]), min_size=1, max_size=5))
def test_turn_codes_round_trip_both_ways(seed: int, moves: list[str]) -> None:
    """After one whole code, each turn travels as a turn code, A to B and B to A, also twice in a row (a
    device that sends again without having heard back sends everything since the last point it heard)."""
    a, b, match_id, clock, rng = two_devices(seed)
    assert send(a, b, match_id) == (False, send(a, b, match_id, full=True)[1])  # the first exchange: whole
    send(b, a, match_id)  # B answers (nothing new): now each knows what the other holds
    for move in moves:
        src, dst = (a, b) if move.startswith("a") else (b, a)
        if not move.endswith("again"):
            play_turn(src, match_id, clock, rng)
        assert send(src, dst, match_id)[0]
        assert a.log(match_id) == b.log(match_id) and a.state(match_id) == b.state(match_id)


def test_each_realistic_turn_fits_a_small_code() -> None:
    a, b, match_id, clock, rng = two_devices(16, turns=6)
    send(a, b, match_id)
    send(b, a, match_id)
    versions = []
    for i in range(6):
        src, dst = (a, b) if i % 2 else (b, a)
        play_turn(src, match_id, clock, rng)
        versions.append(send(src, dst, match_id)[1])
    assert max(versions) <= MAX_TURN_VERSION, versions


def test_a_turn_code_without_its_base_is_refused_and_nothing_is_stored() -> None:
    a, b, match_id, clock, rng = two_devices(3)
    send(a, b, match_id)
    send(b, a, match_id)
    play_turn(a, match_id, clock, rng)
    code = share_code(a, match_id)
    assert code.turn

    def offer(device: Session) -> None:
        collector = Collector()
        collector.add(code.plan.texts[0])
        import_code(device, read_code(device, collector))

    stranger = Session(MatchStore(None))
    with pytest.raises(TurnCodeNeedsBase, match="not on this device.*whole match code"):
        offer(stranger)
    assert stranger.list_matches() == []

    behind, _ = Session(MatchStore(None), clock=clock), None  # holds the match from before the base
    initial = SharedMatch.from_export(b.export(match_id))
    behind.import_match(SharedMatch.of(initial.initial, initial.events[:code.base - 3]).to_export())
    before = behind.export(match_id)
    with pytest.raises(TurnCodeNeedsBase, match="point this device doesn't have"):
        offer(behind)
    assert behind.export(match_id) == before

    other = Session(MatchStore(None), clock=clock)  # same length, different history up to the base
    changed = list(initial.events)
    changed[-1] = changed[-1].__class__(changed[-1].type, changed[-1].data, changed[-1].by, changed[-1].at + 1)
    other.import_match(SharedMatch.of(initial.initial, changed).to_export())
    with pytest.raises(TurnCodeNeedsBase):
        offer(other)


def test_merge_rules_hold_for_turn_codes() -> None:
    """A device that went on differently after the base is asked what to keep; an older code changes nothing."""
    a, b, match_id, clock, rng = two_devices(5)
    send(a, b, match_id)
    send(b, a, match_id)
    play_turn(a, match_id, clock, rng)
    play_turn(b, match_id, clock, rng)  # both played the same turn differently
    code = share_code(a, match_id)
    assert code.turn
    collector = Collector()
    collector.add(code.plan.texts[0])
    theirs = read_code(b, collector)
    with pytest.raises(ChoiceNeeded, match="different ways"):
        import_code(b, theirs)
    from companion.share import Choice

    result = import_code(b, theirs, Choice.BOTH)
    assert len(b.list_matches()) == 2 and result.match_id != match_id
    assert b.log(result.match_id) == a.log(match_id)

    mine_ahead = import_code(a, SharedMatch.of(theirs.initial, theirs.events[:-2]))
    assert mine_ahead.action.startswith("unchanged")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shared_matches(), st.data())
def test_turn_codes_of_any_match_read_back_onto_their_base(shared: SharedMatch, data: st.DataObject) -> None:
    base = data.draw(st.integers(0, len(shared.events)))
    code = encode_turn(shared, base, LIBRARY)
    assert code[0] & TURN
    local = SharedMatch.of(shared.initial, shared.events[:base])
    assert read_any(code, LIBRARY, {shared.id: local}.get) == shared
    if base:
        shorter = SharedMatch.of(shared.initial, shared.events[:base - 1])
        with pytest.raises(TurnCodeNeedsBase):
            read_any(code, LIBRARY, {shared.id: shorter}.get)


def test_a_turn_code_read_as_a_whole_code_says_what_it_is() -> None:
    session, match_id = play_halo(seed=2, turns=1)
    shared = SharedMatch.from_export(session.export(match_id))
    from companion.share import decode
    from companion.share.codec import unframe

    code = encode_turn(shared, 5, LIBRARY)
    with pytest.raises(TurnCodeNeedsBase, match="turn code"):
        decode(code, LIBRARY)
    assert TurnCode.of(unframe(code), LIBRARY).base == 5
