"""Pods of 3-4 against an independent exhaustive search (tests/pods_kit.py): pods within one win wherever the
standings allow (the fewest pods spanning more than one win, as the search finds), then the fewest repeated pairs
any such seating has (none where one can be avoided)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.match.events import Event
from companion.core.tournament.events import apply, replay
from companion.core.tournament.pairing import next_pairing
from companion.core.tournament.pods import pod_sizes, seat_pods
from companion.core.tournament.results import meetings, standings
from companion.core.tournament.state import Tournament, new_tournament

from pods_kit import Search, TooBig

T0 = 1_800_000_000.0


def ev(kind: str, **data: object) -> Event:
    return Event(kind, dict(data), "judge", T0)


def seat(t: Tournament, kind: str, rng: random.Random) -> Tournament:
    p = next_pairing(t, rng)
    return apply(t, ev(kind, tables=[list(x) for x in p.tables], byes=list(p.byes)))


def play(t: Tournament, rng: random.Random) -> Tournament:
    for tb in t.tables:
        t = apply(t, ev("result", table=tb.number, vp={p: rng.randint(0, 14) for p in tb.players}))
    return t


def rounds_checked(n: int, size: int, rounds: int, seed: int, limit: int | None) -> tuple[int, int]:
    """Play a whole event; at each pairing compare the app's pods with the search. (rounds checked, skipped)."""
    rng = random.Random(seed)
    t = new_tournament("ev-1", "Pods", table_size=size, now=T0)
    t = seat(replay(t, [ev("register", player=f"P{i:02}") for i in range(n)]), "pair", rng)
    checked = skipped = 0
    for _ in range(rounds - 1):
        t = play(t, rng)
        rows = standings(t)
        ranked = [r.player for r in rows if r.player in set(t.active)]
        points = {r.player: r.points for r in rows}
        met = meetings(t)
        t = seat(t, "next_round", rng)
        ours = t.tables
        assert sorted(len(tb.players) for tb in ours) == sorted(pod_sizes(len(ranked), size))
        search = Search(ranked, points, met, pod_sizes(len(ranked), size), limit)
        try:
            fewest = search.fewest_spans()
            pairs = search.fewest_pairs(fewest)
        except TooBig:
            skipped += 1
            continue
        checked += 1
        our_spans = sum(search.spans(tb.players) for tb in ours)
        assert our_spans == fewest, f"round {t.current.number}: {our_spans} pods over one win, {fewest} possible"
        our_pairs = sum(search.pairs(tb.players) for tb in ours)
        assert our_pairs == pairs, f"round {t.current.number}: {our_pairs} repeated pairs, {pairs} possible"
    return checked, skipped


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(6, 16), st.sampled_from([3, 4]), st.integers(3, 5), st.integers(0, 2**32))
def test_pods_up_to_16_players_match_the_exhaustive_search(n: int, size: int, rounds: int, seed: int) -> None:
    checked, skipped = rounds_checked(n, size, rounds, seed, None)
    assert checked == rounds - 1 and not skipped


def test_pods_of_17_to_24_players_match_a_bounded_search() -> None:
    checked = skipped = 0
    for seed in range(12):
        n, size = 17 + seed % 8, (3, 4)[seed % 2]
        c, s = rounds_checked(n, size, 5, seed, 400_000)
        checked, skipped = checked + c, skipped + s
    assert checked >= skipped  # most rounds are decided by the search within its bound


def test_the_issue_case_24_players_round_5_seats_no_repeat() -> None:
    for seed in range(3):  # 24 players in pods of 4: 0 repeated pairs possible in round 5 here
        assert rounds_checked(24, 4, 5, seed, 2_000_000)[0] >= 1


# 17 players in pods of 3 before round 5 (an event the app seated before this search, seed 0): repeats can't be
# avoided here, and swaps between pods left 11 repeated pairs where 8 were possible.
RANKED = ["P04", "P03", "P06", "P00", "P16", "P08", "P10", "P13", "P12", "P02", "P11", "P14", "P15", "P05", "P09",
          "P01", "P07"]
POINTS = {"P04": 9, "P03": 6, "P06": 6, "P00": 6, "P16": 4, "P08": 4, "P10": 4, "P13": 4, "P12": 3, "P02": 3,
          "P11": 3, "P14": 3, "P15": 2, "P05": 0, "P09": 0, "P01": 0, "P07": 0}
MET = """P00-P03 P00-P04*2 P00-P06 P00-P09 P00-P10 P00-P12 P00-P13 P00-P14 P00-P16 P01-P03 P01-P05 P01-P08 P01-P09
P01-P10 P01-P11 P01-P12 P01-P13 P01-P14 P01-P15 P02-P03 P02-P04 P02-P05 P02-P06 P02-P07 P02-P08 P02-P10 P02-P11
P02-P14 P02-P16 P03-P04 P03-P07 P03-P08 P03-P09 P03-P10 P03-P13 P03-P14 P03-P16 P04-P06*2 P04-P07 P04-P08 P04-P10
P04-P16 P05-P07 P05-P09 P05-P10 P05-P11 P05-P12 P05-P13 P05-P14 P06-P08 P06-P11 P06-P12 P06-P15 P06-P16*2 P07-P08
P07-P09 P07-P10 P07-P15 P07-P16 P08-P10 P08-P11 P08-P12 P08-P13 P08-P16 P09-P10 P09-P13 P09-P14 P09-P15 P10-P11
P10-P15 P10-P16 P11-P12 P11-P14 P11-P15 P12-P13 P12-P15 P12-P16 P13-P14 P13-P15 P14-P16 P15-P16"""


def _met(text: str) -> dict[frozenset[str], int]:
    met = {}
    for item in text.split():
        pair, _, times = item.partition("*")
        met[frozenset(pair.split("-"))] = int(times or 1)
    return met


def test_17_players_in_pods_of_3_repeat_no_more_pairs_than_the_exhaustive_minimum() -> None:
    met = _met(MET)
    sizes = pod_sizes(17, 3)
    search = Search(RANKED, POINTS, met, sizes)
    fewest = search.fewest_spans()
    least = search.fewest_pairs(fewest)
    assert least == 8  # repeats can't be avoided: this is the case the search exists for
    for seed in range(5):  # whatever the swaps' random order
        pods = seat_pods(RANKED, POINTS, met, 3, random.Random(seed))
        assert sorted(map(len, pods)) == sorted(sizes) and sorted(p for pod in pods for p in pod) == sorted(RANKED)
        assert sum(search.spans(pod) for pod in pods) == fewest
        assert sum(search.pairs(pod) for pod in pods) == least


def test_17_in_pods_of_3_whole_events_match_the_exhaustive_search() -> None:
    for seed in range(4):
        assert rounds_checked(17, 3, 5, seed, None)[0] == 4
