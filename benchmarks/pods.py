"""Pod seating time (tournament.pods.seat_pods, pure Python as on a phone) on realistic fields: 17, 32 and 64
players in pods of 3 and 4, whole events of 5 rounds (round 1 random, rounds 2-5 seated by the app from the
standings, a random winner per pod, a draw now and then), several events per case.

    .venv/bin/python benchmarks/pods.py [--events 10] [--players 17,32,64] [--rounds 5]

Prints per case and round the CPU time of a seating (median and p95 over the events), how many seatings
repeated a pair and how many repeated pairs they hold in all, and how often the whole-field search
(pod_search.fewest_repeats) ran out of its budget (then the best seating it found so far stands, no worse than
the swaps' result).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from itertools import combinations

from companion.core.tournament import pods as pods_module
from companion.core.tournament.pod_search import DEFAULT_BUDGET, fewest_repeats
from companion.core.tournament.pods import pod_sizes, seat_pods

gave_up = [0]


def _counted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - the search as the app calls it, budget overruns counted
    found, steps = fewest_repeats(*args, **kwargs)
    if steps > kwargs.get("budget", args[6] if len(args) > 6 else DEFAULT_BUDGET):
        gave_up[0] += 1
    return found, steps


def event(n: int, size: int, rounds: int, seed: int) -> list[tuple[float, int, bool]]:
    """(CPU seconds, repeated pairs, whether the search gave up) for rounds 2..rounds of one event."""
    rng = random.Random(seed)
    players = [f"P{i:03}" for i in range(n)]
    points = dict.fromkeys(players, 0)
    met: Counter[frozenset[str]] = Counter()
    out = []
    for number in range(1, rounds + 1):
        ranked = sorted(players, key=lambda p: -points[p])
        if number == 1:
            order, pods = rng.sample(players, n), []
            for k in pod_sizes(n, size):
                pods.append(order[sum(map(len, pods)):sum(map(len, pods)) + k])
        else:
            before = gave_up[0]
            start = time.process_time()
            pods = [list(p) for p in seat_pods(ranked, points, dict(met), size, rng)]
            spent = time.process_time() - start
            pairs = sum(1 for pod in pods for pair in combinations(pod, 2) if met[frozenset(pair)])
            out.append((spent, pairs, gave_up[0] > before))
        for pod in pods:
            met.update(frozenset(pair) for pair in combinations(pod, 2))
            winner = rng.randrange(-1, len(pod)) if rng.random() < 0.1 else rng.randrange(len(pod))
            for i, p in enumerate(pod):
                points[p] += 1 if winner < 0 else 3 * (i == winner)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10)
    parser.add_argument("--players", default="17,32,64")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    pods_module.fewest_repeats = _counted
    print("| players, pod size | round | median ms | p95 ms | max ms | seatings with a repeat | repeated pairs, all "
          "events | search out of budget |")
    print("|---|---|---|---|---|---|---|---|")
    for n in (int(x) for x in args.players.split(",")):
        for size in (3, 4):
            runs = [event(n, size, args.rounds, seed) for seed in range(args.events)]
            for r in range(args.rounds - 1):
                times = sorted(run[r][0] * 1000 for run in runs)
                p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
                repeating = sum(1 for run in runs if run[r][1])
                out = sum(1 for run in runs if run[r][2])
                print(f"| {n}, {size} | {r + 2} | {statistics.median(times):.0f} | {p95:.0f} | {times[-1]:.0f} "
                      f"| {repeating} of {len(runs)} | {sum(run[r][1] for run in runs)} | {out} |", flush=True)


if __name__ == "__main__":
    main()
