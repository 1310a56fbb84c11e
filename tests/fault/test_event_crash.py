"""Kill a judge's process with SIGKILL at random moments while it writes an event: the event file must always
open, whole, with every change the store had returned for (the file is rewritten whole at each change)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from companion.session.judging.service import Judging

T0 = 1_800_000_000.0
CHILD = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    from companion.core.match.events import Event
    from companion.core.tournament.state import new_tournament
    from companion.session.judging.service import Judging
    store, t0 = Judging(Path(sys.argv[1])), float(sys.argv[2])
    if not store.exists("ev-1"):
        store.create(new_tournament("ev-1", "Crash", now=t0))
        store.apply("ev-1", Event("seat", {"table": 1, "players": ["Ann", "Ben"]}, "judge", t0))
        store.apply("ev-1", Event("start", {}, "judge", t0))
    print(json.dumps({"n": len(store.load("ev-1").log)}), flush=True)  # ready
    while True:
        store.apply("ev-1", Event("extend", {"table": 1, "seconds": 1, "reason": "call"}, "judge", t0))
        print(json.dumps({"n": len(store.load("ev-1").log)}), flush=True)
""")


def run_and_kill(root: Path, rng: random.Random) -> int:
    """Start the child, let it write for a random while, SIGKILL it; return the log length it last acknowledged."""
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(root), str(T0)], stdout=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert proc.stdout is not None
    acked = json.loads(proc.stdout.readline())["n"]  # ready: the event stored so far
    time.sleep(rng.uniform(0.0, 0.25))
    proc.send_signal(signal.SIGKILL)
    out = proc.stdout.read()
    proc.wait()
    for line in out.decode().splitlines():  # the last line may be cut off by the kill: not acknowledged
        try:
            acked = json.loads(line)["n"]
        except ValueError:
            break
    return acked


def crash_many(tmp_path: Path, kills: int) -> None:
    rng = random.Random(kills)
    root = tmp_path / "crash"
    stored = 0
    for _ in range(kills):
        acked = run_and_kill(root, rng)
        loaded = Judging(root).load("ev-1")  # raises DamagedFile (and moves the file aside) if it is not whole
        # every acknowledged change is there; at most one more (saved, killed before it was printed)
        assert max(acked, stored) <= len(loaded.log) <= max(acked, stored) + 1
        assert loaded.state.table(1).timer.deadline == T0 + 1800 + len(loaded.log) - 2  # state and log agree
        stored = len(loaded.log)
    assert stored > kills  # the child really wrote between kills
    # nothing set aside as damaged (a killed writer's temp files are left for the next start to clear)
    kept = [p.name for p in (root / "tournaments").iterdir() if not p.name.startswith(".")]
    assert [name for name in kept if not name.endswith(".tmp")] == ["ev-1.json"]


def test_sigkill_never_damages_an_event_or_loses_an_acknowledged_change(tmp_path: Path) -> None:
    crash_many(tmp_path, kills=10)


@pytest.mark.slow
def test_sigkill_an_event_writer_60_times(tmp_path: Path) -> None:
    crash_many(tmp_path, kills=60)  # the match writer's 200 kills cover the atomic writer itself; CI time is shared
