"""The fair share of a server's live slots (session.fair): the cap holds, a newcomer takes from the client
holding the most, and only a house full of different clients turns one away."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.session.fair import FairShare


def test_a_newcomer_takes_the_oldest_slot_of_the_client_holding_the_most() -> None:
    evicted: list[str] = []
    share: FairShare[str] = FairShare(4, evicted.append)
    for holder in ("hog-1", "hog-2", "hog-3"):
        assert share.admit("hog", holder)
    assert share.admit("ann", "ann-1")
    assert share.admit("ben", "ben-1") and evicted == ["hog-1"]
    assert share.admit("ann", "ann-2") and evicted[-1] == "ann-1"  # hog 2, Ann 1: a swap would gain nothing
    assert share.admit("hog", "hog-4") and evicted[-1] == "hog-2"  # the hog replaces its own
    assert share.admit("cat", "cat-1") and evicted[-1] == "hog-3"  # hog 2, Cat 0
    assert not share.admit("dan", "dan-1")  # everyone holds one: really full
    assert [share.held_by(c) for c in ("hog", "ann", "ben", "cat")] == [1, 1, 1, 1]


def test_a_full_house_of_different_clients_turns_the_next_away() -> None:
    share: FairShare[int] = FairShare(3, lambda holder: None)
    for i in range(3):
        assert share.admit(f"phone-{i}", i)
    assert not share.admit("phone-9", 9)
    assert share.admit("phone-1", 10)  # a reload on phone 1 replaces its own page
    assert share.held_by("phone-1") == 1 and share.evicted == 1
    share.release(0)
    assert share.admit("phone-9", 9) and len(share) == 3


@given(st.integers(1, 8), st.lists(st.tuples(st.booleans(), st.integers(0, 4)), max_size=80))
def test_the_cap_holds_and_no_one_loses_a_slot_to_someone_holding_as_many(cap: int, steps: list) -> None:
    evicted: list[int] = []
    share: FairShare[int] = FairShare(cap, evicted.append)
    held: dict[int, str] = {}
    for n, (join, who) in enumerate(steps):
        client = f"c{who}"
        if join or not held:
            before = {c: share.held_by(c) for c in {*held.values(), client}}
            gone = len(evicted)
            if share.admit(client, n):
                held[n] = client
            for victim in evicted[gone:]:
                owner = held.pop(victim)
                assert owner == client or before[owner] >= before[client] + 2
        else:
            victim = sorted(held)[who % len(held)]
            share.release(victim)
            del held[victim]
        assert len(share) == len(held) <= cap
