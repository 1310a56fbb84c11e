"""The first share code of a process beside its second: what a player waits for the first time they open Share
or scan, over what every later code costs (the models' learnt tables: companion/share/codes/learnt_tables.py).

    python benchmarks/share_first.py [--runs N] [--before SRC]

Each run is a fresh process that sets up a match (2 x 5 units with names of 15-30 characters, 6 turns through the
rules helper, as share.py's), then makes its code twice (encode, checked by reading it back), or reads a code
twice (decode): ms of CPU and wall clock, median / p95 over the runs. --before SRC measures another source tree
of the app too (e.g. `git archive main | tar -x -C /tmp/before`), its processes in turn with this tree's, so both
see the same load. Printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = {"encode": "make a code", "decode": "read a code"}


def child(case: str, code_hex: str) -> None:
    from share_play import LONG_NAMES, play_halo

    from companion.share import Library, SharedMatch, decode, encode

    library = Library.load()
    session, match_id = play_halo(seed=16, turns=6, roster=LONG_NAMES)
    shared = SharedMatch.from_export(session.export(match_id))
    step: Callable[[], object] = (lambda: encode(shared, library)) if case == "encode" else \
        (lambda: decode(bytes.fromhex(code_hex), library))
    times = {}
    for which in ("first", "second"):
        wall, cpu = time.perf_counter(), time.process_time()
        step()
        times[which] = {"wall": (time.perf_counter() - wall) * 1000, "cpu": (time.process_time() - cpu) * 1000}
    print(json.dumps(times))


def the_code() -> str:
    from share_play import LONG_NAMES, play_halo

    from companion.share import Library, SharedMatch, encode

    session, match_id = play_halo(seed=16, turns=6, roster=LONG_NAMES)
    return encode(SharedMatch.from_export(session.export(match_id)), Library.load()).hex()


def stats(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="fresh processes per tree and case (default 15)")
    parser.add_argument("--before", type=Path, help="another source tree, measured in turn with this one")
    parser.add_argument("--child", choices=CASES, help=argparse.SUPPRESS)
    parser.add_argument("--code", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.code)
        return
    trees = {"before": args.before.resolve(), "after": ROOT} if args.before else {"this tree": ROOT}
    code = the_code()  # the same bytes from either tree: the format doesn't change
    got = {(tree, case, which, kind): [] for tree in trees for case in CASES for which in ("first", "second")
           for kind in ("cpu", "wall")}
    loads = []
    for _ in range(args.runs):
        for case in CASES:
            for tree, path in trees.items():  # in turn, so both see the same load
                env = {**os.environ, "PYTHONPATH": str(path)}
                done = subprocess.run([sys.executable, __file__, "--child", case, "--code", code], env=env,
                                      cwd=path, check=True, capture_output=True, text=True)
                for which, kinds in json.loads(done.stdout).items():
                    for kind, value in kinds.items():
                        got[tree, case, which, kind].append(value)
                loads.append(os.getloadavg()[0])
    print(f"First and second share code of a fresh process, ms (median / p95) over {args.runs} processes per tree "
          f"and case, in turn; load average {min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} cores")
    print(f"  {'case':<14}{'tree':<11}{'first CPU':>16}{'second CPU':>16}{'first wall':>16}{'second wall':>16}"
          f"{'first - second CPU':>20}")
    for case, label in CASES.items():
        for tree in trees:
            cells = [stats(got[tree, case, which, kind]) for kind in ("cpu", "wall") for which in ("first", "second")]
            extra = cells[0][0] - cells[1][0]
            print(f"  {label:<14}{tree:<11}" + "".join(f"{f'{m:.1f} / {p:.1f}':>16}" for m, p in cells)
                  + f"{extra:>20.1f}")


if __name__ == "__main__":
    main()
