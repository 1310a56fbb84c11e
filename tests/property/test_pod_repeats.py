"""Pod seating against the independent exhaustive search (tests/pods_kit.py) on small random event histories:
the app's seating has the fewest pods spanning more than one win, and among those the fewest repeated pairs."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.tournament.pods import pod_sizes, seat_pods

from pods_kit import Search


@st.composite
def histories(draw: st.DrawFn) -> tuple[list[str], dict[str, int], dict[frozenset[str], int], int]:
    """(the standings, points, who met whom how often, pod size) after 1-5 earlier rounds: each seated at random
    or, as an event goes, by the app from the standings of the time (so the leaders keep meeting); every pod has a
    winner (3 points) or, now and then, a draw (1 point each)."""
    n = draw(st.integers(6, 13))
    size = draw(st.sampled_from([3, 4]))
    players = [f"P{i:02}" for i in range(n)]
    points = dict.fromkeys(players, 0)
    met: Counter[frozenset[str]] = Counter()
    for _ in range(draw(st.integers(1, 5))):
        ranked = sorted(players, key=lambda p: -points[p])
        if draw(st.booleans()):
            pods = [list(pod) for pod in seat_pods(ranked, points, met, size, random.Random(0))]
        else:
            order, pods = draw(st.permutations(players)), []
            for k in pod_sizes(n, size):
                pods.append(order[sum(map(len, pods)):sum(map(len, pods)) + k])
        for pod in pods:
            met.update(frozenset(pair) for pair in combinations(pod, 2))
            winner = draw(st.integers(-1, len(pod) - 1))
            for i, p in enumerate(pod):
                points[p] += 1 if winner < 0 else 3 * (i == winner)
    return sorted(players, key=lambda p: -points[p]), points, dict(met), size


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories(), st.integers(0, 2**32))
def test_pods_have_the_fewest_spans_then_the_fewest_repeated_pairs(history, seed: int) -> None:  # noqa: ANN001
    ranked, points, met, size = history
    sizes = pod_sizes(len(ranked), size)
    pods = seat_pods(ranked, points, met, size, random.Random(seed))
    assert sorted(map(len, pods)) == sorted(sizes) and sorted(p for pod in pods for p in pod) == sorted(ranked)
    search = Search(ranked, points, met, sizes)
    fewest = search.fewest_spans()
    ours = (sum(search.spans(pod) for pod in pods), sum(search.pairs(pod) for pod in pods))
    assert ours == (fewest, search.fewest_pairs(fewest))
