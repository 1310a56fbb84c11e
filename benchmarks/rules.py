"""Speed of the rules helper: odds queries, parsing + rolling, Halo attacks, legal actions. Goal: <= 2 ms median.

Run: .venv/bin/python benchmarks/rules.py   (prints a table; nothing here is asserted)
"cold" clears our distribution cache first, as for an expression seen for the first time (icepool keeps small
caches of its own, e.g. sums of d6, so it is a little warmer than a fresh process); "warm" is a repeat.
The guard rows time, once each, the largest expressions the odds budget accepts, and how fast refusals are.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import rules  # noqa: E402
from companion.core.creation import new_match  # noqa: E402
from companion.core.dice import DiceError, roll  # noqa: E402
from companion.core.events import Event, replay  # noqa: E402
from companion.core.model import Match  # noqa: E402
from companion.core.odds import _distribution, distribution  # noqa: E402
from companion.core.packs import get_pack  # noqa: E402
from companion.rules.halo_actionclix import AttackSetup, hit_chance, resolve_attack  # noqa: E402

GOAL_MS = 2.0


def measure(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """(median, p95) in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        fn()
        times.append((time.perf_counter_ns() - start) / 1e6)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.95))]


def odds_cold(expr: str, target: int) -> Callable[[], object]:
    def run() -> object:
        _distribution.cache_clear()
        return distribution(expr).at_least(target)
    return run


def refused(expr: str) -> Callable[[], object]:
    def run() -> object:
        _distribution.cache_clear()
        try:
            return distribution(expr)
        except DiceError:
            return None
    return run


def rows() -> list[tuple[str, Callable[[], object], int]]:
    rng = random.Random(1)
    out: list[tuple[str, Callable[[], object], int]] = []
    for expr, target in (("2d6", 9), ("3d6+2", 13), ("2d6+1d4-2", 8), ("4d6kh3", 15), ("2d20kh1", 18),
                         ("7d6>=5", 3), ("d66", 44), ("2d10sq", 50)):
        out.append((f"odds {expr} >= {target} (cold)", odds_cold(expr, target), 200))
        out.append((f"odds {expr} >= {target} (warm)", lambda e=expr, t=target: distribution(e).at_least(t), 2000))
    for expr in ("2d6", "2d6+1d4-2", "4d6kh3", "7d6>=5", "d66", "2d10sq", "100d6"):
        out.append((f"parse + roll {expr}", lambda e=expr: roll(e, rng), 2000))
    setup = AttackSetup(attack=9, defense=16, moved=5)
    out.append(("halo hit_chance", lambda: hit_chance(setup), 2000))
    out.append(("halo resolve_attack", lambda: resolve_attack(setup, rng), 2000))
    out += _legal_action_rows()
    for expr in ("100d6", "100d10", "3d1000", "100d6kh50", "20d20kh10"):
        out.append((f"guard: odds {expr} (first time)", odds_cold(expr, 1), 1))
    for expr in ("100d100", "100d1000", "100d10kh99"):
        out.append((f"guard: refuse {expr}", refused(expr), 200))
    return out


def big_halo_match() -> Match:
    """4 players x 5 units (one in reserve each), some tokens and actions already given: 20 units."""
    state = new_match(get_pack("halo-actionclix"), ["Ann", "Ben", "Cat", "Dan"], match_id="bench", seed=1, now=0.0)
    dial = [{"stats": {"speed": 8, "attack": 10 - i, "defense": 16 - i, "damage": 2}} for i in range(5)]
    dial.append({"stats": {}, "markers": ["ko"]})
    events = []
    for p in range(1, 5):
        for i in range(5):
            events.append(Event("add_unit", {"unit": {
                "id": f"u{p}{i}", "name": f"Unit {p}{i}", "points": 25 + 5 * i, "owner": f"p{p}", "dial": dial,
                "location": "reserve" if i == 4 else "table",
                "tokens": {"grenade": i % 2, "upgrade": i % 3}}}))
    events.append(Event("token", {"unit": "u10", "kind": "action", "delta": 1}))
    return replay(state, events)


def _legal_action_rows() -> list[tuple[str, Callable[[], object], int]]:
    state = big_halo_match()
    system = rules.get("halo-actionclix")
    return [("halo legal_actions (4 players, 20 units)", lambda: system.legal_actions(state), 2000),
            ("halo explain (one unit)", lambda: system.explain(state, rules.Action("attack", "u11")), 2000)]


def main() -> None:
    print(f"{'case':<48} {'median ms':>10} {'p95 ms':>10}  goal <= {GOAL_MS} ms")
    for name, fn, runs in rows():
        median, p95 = measure(fn, runs)
        flag = "" if name.startswith("guard") or median <= GOAL_MS else "  over goal"
        print(f"{name:<48} {median:>10.3f} {p95:>10.3f}{flag}")


if __name__ == "__main__":
    main()
