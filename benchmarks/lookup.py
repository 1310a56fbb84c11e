"""Rules lookup speed: median and p95 time per query over all packs (goal: p95 <= 5 ms).

Run with the venv python: `.venv/bin/python benchmarks/lookup.py [--repeat N]`. Prints the time to load the
packs and build the index once, then per query kind the median and p95 over every repetition.
"""

from __future__ import annotations

import argparse
import statistics
import time

from companion.core.packs.load import discover
from companion.core.packs.lookup import RulesIndex

QUERIES = {
    "exact words": ["swap weapons", "loot roll", "bonus round", "scavenge", "main power core", "assassin",
                    "first round", "reload", "snake draft", "knockback"],
    "phrases": ["moved more than 4 squares", "jump off scarab", "defender's prerogative",
                "how many actions does the attacker get", "what counts as a success", "can I move diagonally"],
    "typos": ["granade", "scarb", "relaod", "asassin", "defenders prerogitive", "bonus rouns", "swap wepons"],
    "as you type": ["resp", "sacrif", "gren", "bon", "defend"],
    "one system": ["advance", "event dial d6", "victory points", "threshold", "spawn point"],
}
SYSTEM_FOR = {"advance": "killer-of-the-maze", "event dial d6": "scarab", "victory points": "heroclix-skirmish",
              "threshold": "armageddon-empires", "spawn point": "halo-actionclix"}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=200, help="times each query runs (default 200)")
    args = parser.parse_args()

    start = time.perf_counter()
    packs, errors = discover()
    loaded = time.perf_counter()
    index = RulesIndex(packs.values())
    built = time.perf_counter()
    if errors:
        print("pack errors:", *errors, sep="\n  ")
    print(f"{len(packs)} packs, {len(index.docs)} sections, {len(index.vocab)} words indexed")
    print(f"load packs {1000 * (loaded - start):.1f} ms, build index {1000 * (built - loaded):.1f} ms (once)\n")

    print(f"{'queries':<14}{'n':>6}{'median ms':>12}{'p95 ms':>10}{'max ms':>10}")
    everything: list[float] = []
    for kind, queries in QUERIES.items():
        times = []
        for _ in range(args.repeat):
            for q in queries:
                t = time.perf_counter()
                index.search(q, SYSTEM_FOR.get(q))
                times.append(1000 * (time.perf_counter() - t))
        everything += times
        print(f"{kind:<14}{len(times):>6}{statistics.median(times):>12.3f}{percentile(times, 95):>10.3f}"
              f"{max(times):>10.3f}")
    p95 = percentile(everything, 95)
    print(f"{'all':<14}{len(everything):>6}{statistics.median(everything):>12.3f}{p95:>10.3f}{max(everything):>10.3f}")
    print(f"\ngoal p95 <= 5 ms: {'met' if p95 <= 5 else 'NOT met'}")


if __name__ == "__main__":
    main()
