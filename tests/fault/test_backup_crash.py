"""A restore killed at any moment (SIGKILL: a dead battery, the OS reclaiming the app) leaves every match either
as it was or as restored — never damaged, never half of each."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.session import Session
from companion.session.data.backup import create_backup
from companion.session.data.restore import restore_backup
from companion.store.matches import MatchStore

from backup_data import add_match, play

CHILD = "import sys; from pathlib import Path; from companion.session import Session; " \
        "from companion.session.data.restore import restore_backup; " \
        "restore_backup(Session.open(Path(sys.argv[1])), Path(sys.argv[2])); print('done', flush=True)"
IN_WORKERS = CHILD.replace("Path(sys.argv[2])", "Path(sys.argv[2]), workers=2")


def prepare(tmp_path: Path) -> tuple[Path, dict[str, list], dict[str, list]]:
    """A device holding older copies of some matches, and a backup with all of them played further."""
    phone = Session.open(tmp_path / "phone")
    ids = [add_match(phone, 70) for _ in range(6)]
    device = tmp_path / "device"
    create_backup(phone, tmp_path / "old.zip")
    restore_backup(Session.open(device), tmp_path / "old.zip")
    for match_id in ids[:4]:
        play(phone, match_id, 30)
    for _ in range(3):
        add_match(phone, 40)
    create_backup(phone, tmp_path / "new.zip")
    old = {m: Session.open(device).log(m) for m in ids}
    new = {s.id: phone.log(s.id) for s in phone.list_matches()}
    return device, old, new


def kill_restores(tmp_path: Path, trials: int) -> int:
    device, old, new = prepare(tmp_path)
    pristine = tmp_path / "pristine"
    subprocess.run(["cp", "-a", str(device), str(pristine)], check=True)
    rng = random.Random(20261124)
    finished = 0
    for trial in range(trials):
        subprocess.run(["rm", "-rf", str(device)], check=True)
        subprocess.run(["cp", "-a", str(pristine), str(device)], check=True)
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(device), str(tmp_path / "new.zip")],
                                 stdout=subprocess.PIPE, env={**os.environ, "PYTHONHASHSEED": str(trial)})
        time.sleep(rng.uniform(0.05, 0.9))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate()
        finished += out.startswith(b"done")
        session = Session.open(device)
        stored = {s.id for s in session.list_matches()}
        assert set(old) <= stored, f"trial {trial}: a match the device had is gone"
        for match_id in stored:
            log = session.log(match_id)  # raises if anything is damaged
            assert log in (old.get(match_id), new.get(match_id)), f"trial {trial}: match {match_id} is a mix"
        assert not list(device.rglob("*.damaged-*")), f"trial {trial}: a file was damaged"
    return finished


def test_a_killed_restore_leaves_each_match_old_or_new(tmp_path: Path) -> None:
    finished = kill_restores(tmp_path, trials=8)
    assert finished < 8  # at least one kill landed mid-restore (else the test proves nothing)


@pytest.mark.slow
def test_many_killed_restores(tmp_path: Path) -> None:
    kill_restores(tmp_path, trials=60)


def test_a_restore_in_worker_processes_killed_with_them_leaves_each_match_absent_or_whole(tmp_path: Path) -> None:
    """A restore into an empty folder, its matches merged in worker processes, killed at random moments while they
    write, all at once (a dead battery) or the app alone (its workers die with it): each match is then missing or
    complete, never damaged."""
    played, phone = Session(MatchStore(None)), Session.open(tmp_path / "phone")
    for _ in range(34):  # enough for a restore to start workers on its own, too
        phone.import_match(played.export(add_match(played, 200)))
    create_backup(phone, tmp_path / "new.zip")
    new = {s.id: phone.log(s.id) for s in phone.list_matches()}

    def restore(device: Path, kill_after: float | None, *, only_the_app: bool = False) -> None:
        """Restore in a child; with `kill_after`, kill it that long after its first match is stored (watched
        every millisecond: the moments workers write, whatever the machine's speed or load)."""
        child = subprocess.Popen([sys.executable, "-c", IN_WORKERS, str(device), str(tmp_path / "new.zip")],
                                 stdout=subprocess.PIPE, start_new_session=True)
        if kill_after is not None:
            while child.poll() is None and not any((device / "matches").glob("*.json")):
                time.sleep(0.001)
            time.sleep(kill_after)
            child.kill() if only_the_app else os.killpg(child.pid, signal.SIGKILL)
        out = child.communicate()[0]
        assert kill_after is not None or out.startswith(b"done")
        start = time.perf_counter()
        while time.perf_counter() - start < 20:  # the workers die with the app that started them
            try:
                os.killpg(child.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.02)
        else:
            raise AssertionError("a worker outlived its app")

    restore(tmp_path / "whole", None)
    assert len(Session.open(tmp_path / "whole").store.ids()) == len(new)
    cut = 0
    for trial in range(6):
        device = tmp_path / f"device-{trial}"
        restore(device, random.Random(trial).uniform(0, 0.03), only_the_app=trial % 2 == 1)
        session = Session.open(device)
        for match_id in session.store.ids():
            assert session.log(match_id) == new[match_id], f"trial {trial}: match {match_id} is not the backup's"
        assert not list(device.rglob("*.damaged-*")), f"trial {trial}: a file was damaged"
        cut += 0 < len(session.store.ids()) < len(new)
    assert cut  # at least one kill landed while matches were being written (else the test proves nothing)
