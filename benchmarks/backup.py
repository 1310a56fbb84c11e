"""Backing up and restoring a big data folder: 200 matches of 500 events each, a judge event, a user pack.

    python benchmarks/backup.py [--matches N] [--events N] [--runs N]

Prints the time to create the backup, to restore it into an empty folder (every history replayed: a backup is
never trusted), to restore it again into the same folder (all unchanged), and the file's size against the
folder's. Goals: each step <= 2 s, file <= 30 % of the folder.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from storage import new_match  # noqa: E402

from companion.session import Session  # noqa: E402
from companion.session.data.backup import create_backup  # noqa: E402
from companion.session.data.restore import restore_backup  # noqa: E402

from backup_data import add_event, add_pack  # noqa: E402


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def build(root: Path, matches: int, events: int) -> None:
    session = Session.open(root)
    template = session.export(new_match(session, events))  # a Skirmish match: units, damage, heals, turns
    for _ in range(matches - 1):
        session.import_match(template, as_new=True)
    add_event(root, "Friday Skirmish", 16)
    add_pack(root)


def timed(step) -> tuple[float, float]:
    """Wall and CPU seconds of one step (CPU time is steadier on a shared, loaded machine)."""
    t, cpu = time.perf_counter(), time.process_time()
    step()
    return time.perf_counter() - t, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        source = tmp_path / "source"
        build(source, args.matches, args.events)
        session = Session.open(source)
        file = tmp_path / "backup.zip"
        creates, fresh, again = [], [], []
        for run in range(args.runs):
            creates.append(timed(lambda: create_backup(session, file)))
            target = Session.open(tmp_path / f"restored-{run}")
            fresh.append(timed(lambda t=target: restore_backup(t, file)))
            again.append(timed(lambda t=target: restore_backup(t, file)))
        size, data = file.stat().st_size, folder_bytes(source)
    print(f"{args.matches} matches x {args.events} events, 1 judge event (16 tables), 1 user pack; {args.runs} runs")
    print(f"{'step':<34} {'median':>8} {'max':>8} {'cpu med':>8} {'cpu max':>8}   goal")
    for name, samples in (("create the backup", creates), ("restore into an empty folder", fresh),
                          ("restore again (all unchanged)", again)):
        wall, cpu = [s[0] for s in samples], [s[1] for s in samples]
        print(f"{name:<34} {statistics.median(wall):>7.2f}s {max(wall):>7.2f}s {statistics.median(cpu):>7.2f}s"
              f" {max(cpu):>7.2f}s   <= 2 s")
    print(f"{'backup file / data folder':<34} {size / 2**20:>6.1f} MB / {data / 2**20:.1f} MB = {size / data:.0%}"
          "   <= 30 %")


if __name__ == "__main__":
    main()
