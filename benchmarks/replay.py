"""Replaying a match's whole event log: events per second, wall and CPU time.

    python benchmarks/replay.py [--events N] [--runs N] [--before DIR]

The log is a realistic Skirmish match (benchmarks/storage.py: 10 units, then scores, damage, heals and turn
ends). Two passes are timed: `replay` (the reducer alone: apply + invariant check per event) and `segmented`
(what an import or a restore does: replay and cut into stored segments). With --before DIR (a source tree of an
older version, e.g. `git archive main companion | tar -x -C DIR`), the same log is replayed by that tree's code in
a subprocess and both are printed in one table. CPU time (time.process_time) is steadier than wall time on a
loaded machine.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _measure(root: Path, events: int, runs: int) -> dict[str, list[float]]:
    """Build the log with the code under `root` and time its replay `runs` times (seconds per pass)."""
    sys.path[:0] = [str(root), str(ROOT / "benchmarks")]
    from companion.core.match.events import replay
    from companion.session import Session
    from companion.session.matches import segmented
    from companion.store.matches import MatchStore

    new_match = importlib.import_module("storage").new_match  # after companion: it puts this tree on the path

    with tempfile.TemporaryDirectory() as tmp:
        session = Session(MatchStore(Path(tmp)))
        initial, log = session.store.full_log(new_match(session, events))
    expected = replay(initial, log)
    out: dict[str, list[float]] = {}
    for name, step in (("replay", lambda: replay(initial, log)), ("segmented", lambda: segmented(initial, log))):
        for run in range(runs + 1):  # the first run warms caches up and is not counted
            wall, cpu = time.perf_counter(), time.process_time()
            result = step()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            state = result if name == "replay" else result[0].state
            assert state == expected
            assert sys.modules["companion"].__file__.startswith(str(root))
            if run:
                out.setdefault(f"{name} wall", []).append(wall)
                out.setdefault(f"{name} cpu", []).append(cpu)
    out["events"] = [float(len(log))]
    return out


def _stats(samples: list[float], events: float) -> tuple[float, float]:
    """Median and p95 of events per second (p95 of the time: the slow end)."""
    ordered = sorted(samples)
    slow = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return events / statistics.median(ordered), events / slow


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--before", type=Path, help="source tree of the version to compare against")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(_measure(args.root, args.events, args.runs)))
        return
    columns = {}
    if args.before:
        cmd = [sys.executable, __file__, "--json", "--root", str(args.before.resolve()),
               "--events", str(args.events), "--runs", str(args.runs)]
        columns["before"] = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    columns["now"] = _measure(ROOT, args.events, args.runs)
    events = columns["now"]["events"][0]
    print(f"replaying a {events:.0f}-event Skirmish log, {args.runs} runs (events per second; p95 = slowest 5 %)")
    print(f"{'pass':<16} {'version':<8} {'median':>10} {'p95':>10} {'us/event':>9}")
    for key in ("replay wall", "replay cpu", "segmented wall", "segmented cpu"):
        for version, data in columns.items():
            median, p95 = _stats(data[key], events)
            print(f"{key:<16} {version:<8} {median:>10,.0f} {p95:>10,.0f} {1e6 / median:>9.1f}")
    if "before" in columns:
        for key in ("replay cpu", "segmented cpu"):
            speedup = statistics.median(columns["before"][key]) / statistics.median(columns["now"][key])
            print(f"{key}: {speedup:.1f}x faster (median)")


if __name__ == "__main__":
    main()
