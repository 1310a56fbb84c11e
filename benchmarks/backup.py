"""Backing up and restoring a big data folder: 200 matches of 500 events each, a judge event, a user pack.

Every match is played from its own seed (its own units, players, clock, dice and mix of events, with undos), so
the folder is what a real device holds: no two histories alike, nothing a restore could get for free.

    python benchmarks/backup.py [--matches N] [--events N] [--runs N] [--before SRC]

Prints the time to create the backup, to restore it into an empty folder (every history replayed: a backup is
never trusted; in worker processes where the restore starts any, and again in this process alone, as on a phone),
to restore it again into the same folder (all unchanged), and the file's size against the folder's. CPU time
counts the worker processes too. Goals: each step <= 2 s, file <= 30 % of the folder.

--before SRC (another source tree of the app, e.g. /work/main or `git archive main | tar -x -C /tmp/before`) adds
the one-process restore of the same file by that tree's code and by this one's, each in a fresh process, in turn
(so a machine that slows down slows both alike): before/after figures from one run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from companion.core.errors import IllegalAction  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.session.data.backup import create_backup  # noqa: E402
from companion.session.data.restore import restore_backup  # noqa: E402
from companion.store.matches import MatchStore  # noqa: E402

from backup_data import add_event, add_pack  # noqa: E402


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def unit(rng: random.Random, uid: str, owner: str) -> dict:
    """A figure with a dial of its own: 5-10 clicks of stats that fall as it takes damage, then KO."""
    speed, attack, defense = rng.randint(6, 10), rng.randint(8, 11), rng.randint(15, 18)
    dial = [{"stats": {"speed": speed - i // 2, "attack": attack - i // 2, "defense": defense - i // 3,
                       "damage": rng.randint(1, 4)}} for i in range(rng.randint(5, 10))]
    return {"id": uid, "name": f"{rng.choice(['Spartan', 'Elite', 'Grunt', 'Brute'])} {uid}",
            "points": rng.choice([30, 50, 70, 100]), "owner": owner, "dial": [*dial, {"stats": {}, "markers": ["ko"]}]}


def played(session: Session, seed: int, events: int) -> str:
    """A Skirmish match played from `seed`: 6-12 units, then scores, damage, heals, tokens, rolls, turns and some
    undos, until its log holds `events` events (an illegal pick, e.g. healing a unit at full health, is skipped)."""
    rng = random.Random(seed)
    clock = [1_800_000_000.0 + seed * 86_400]
    session.clock = lambda: clock[0]
    players = rng.sample(["Ann", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"], 2)
    match_id = session.new_match("heroclix-skirmish", players).id
    units = [f"u{n}" for n in range(rng.randint(6, 12))]
    for n, uid in enumerate(units):
        session.dispatch(match_id, "add_unit", {"unit": unit(rng, uid, "p1" if n % 2 == 0 else "p2")})
    picks = [
        (6, lambda: ("score", {"player": rng.choice(["p1", "p2"]), "kind": rng.choice(["vp", "kills"]),
                               "delta": rng.randint(1, 3)})),
        (6, lambda: ("damage", {"unit": rng.choice(units), "amount": rng.randint(1, 3)})),
        (3, lambda: ("heal", {"unit": rng.choice(units), "amount": rng.randint(1, 2)})),
        (3, lambda: ("token", {"unit": rng.choice(units), "kind": "action", "delta": 1})),
        (2, lambda: ("set_click", {"unit": rng.choice(units), "click": rng.randint(0, 3)})),
        (2, lambda: ("end_turn", {})),
    ]
    weights = [w for w, _ in picks]
    while session.history(match_id).length < events:
        clock[0] += rng.randint(5, 90)
        pick = rng.random()
        try:
            if pick < 0.1:
                session.roll(match_id, rng.choice(["2d6", "1d6", "3d6"]), "attack", rng=rng)
            elif pick < 0.13:
                session.undo(match_id)
            else:
                session.dispatch(match_id, *rng.choices(picks, weights)[0][1]())
        except IllegalAction:
            continue
    return match_id


def build(root: Path, matches: int, events: int) -> None:
    session, scratch = Session.open(root), Session(MatchStore(None))  # played in memory: no fsync per event
    for seed in range(matches):
        session.import_match(scratch.export(played(scratch, seed, events)))
    add_event(root, "Friday Skirmish", 16)
    add_pack(root)


# A one-process restore in a fresh interpreter (argv: data folder, backup file): its wall and CPU seconds.
RESTORE_ALONE = """
import os, sys, time
from pathlib import Path
from companion.session import Session
from companion.session.data.restore import restore_backup
session = Session.open(Path(sys.argv[1]))
os.sync()
t, cpu = time.perf_counter(), os.times()
restore_backup(session, Path(sys.argv[2]), workers=0)
end = os.times()
print(time.perf_counter() - t, end.user + end.system - cpu.user - cpu.system)
"""


def restore_in(tree: Path, target: Path, file: Path) -> tuple[float, float]:
    """Restore `file` into the empty folder `target` in one fresh process running `tree`'s code."""
    out = subprocess.run([sys.executable, "-c", RESTORE_ALONE, str(target), str(file)], cwd=tree,
                         env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True, check=True)
    wall, cpu = out.stdout.split()[-2:]
    return float(wall), float(cpu)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have finished (a restore's worker processes)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(step) -> tuple[float, float]:
    """Wall and CPU seconds of one step (CPU time is steadier on a shared, loaded machine). The disk is synced
    first: the data an earlier step left for the kernel to write is not charged to this one's fsyncs."""
    if hasattr(os, "sync"):
        os.sync()
    t, cpu = time.perf_counter(), cpu_seconds()
    step()
    return time.perf_counter() - t, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", type=Path, help="another source tree: its one-process restore beside this one's")
    parser.add_argument("--compare-only", action="store_true", help="with --before: only the before/after rows")
    args = parser.parse_args()
    trees = {"before": args.before.resolve(), "after": ROOT} if args.before else {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        source = tmp_path / "source"
        build(source, args.matches, args.events)
        session = Session.open(source)
        file = tmp_path / "backup.zip"
        creates, fresh, alone, again = [], [], [], []
        fresh_process: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
        create_backup(session, file)
        for run in range(args.runs):
            for name, tree in trees.items():
                fresh_process[name].append(restore_in(tree, tmp_path / f"{name}-{run}", file))
            if trees and args.compare_only:
                continue
            creates.append(timed(lambda: create_backup(session, file)))
            target = Session.open(tmp_path / f"restored-{run}")
            fresh.append(timed(lambda t=target: restore_backup(t, file)))
            again.append(timed(lambda t=target: restore_backup(t, file)))
            target = Session.open(tmp_path / f"alone-{run}")
            alone.append(timed(lambda t=target: restore_backup(t, file, workers=0)))
        size, data = file.stat().st_size, folder_bytes(source)
    print(f"{args.matches} matches x {args.events} events, 1 judge event (16 tables), 1 user pack; {args.runs} runs")
    print(f"{'step':<34} {'median':>8} {'p95':>8} {'cpu med':>8} {'cpu p95':>8}   goal")
    rows = [("create the backup", creates), ("restore into an empty folder", fresh),
            ("  the same in one process (phones)", alone), ("restore again (all unchanged)", again)]
    rows += [(f"  one process, fresh, {name}", samples) for name, samples in fresh_process.items()]
    for name, samples in rows:
        if not samples:
            continue
        wall, cpu = [s[0] for s in samples], [s[1] for s in samples]
        print(f"{name:<34} {statistics.median(wall):>7.2f}s {p95(wall):>7.2f}s {statistics.median(cpu):>7.2f}s"
              f" {p95(cpu):>7.2f}s   <= 2 s")
    if trees:
        ratio = [statistics.median(s[i] for s in fresh_process["after"]) /
                 statistics.median(s[i] for s in fresh_process["before"]) for i in (0, 1)]
        print(f"{'  after / before (medians)':<34} {ratio[0]:>7.2f}x {'':>8} {ratio[1]:>7.2f}x")
    print(f"{'backup file / data folder':<34} {size / 2**20:>6.1f} MB / {data / 2**20:.1f} MB = {size / data:.0%}"
          "   <= 30 %")


if __name__ == "__main__":
    main()
