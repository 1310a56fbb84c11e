"""`companion judge serve` as a process: clear refusals, the --lan warning, the judge's key kept private, no API
docs, and SIGTERM stopping it within seconds."""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from companion.core.match.events import Event
from companion.core.tournament.state import new_tournament
from companion.session.judging.service import Judging

from browser import free_port


def event(data: Path) -> None:
    store = Judging(data)
    store.create(new_tournament("friday-1", "Friday Skirmish", now=time.time()))
    store.apply("friday-1", Event("seat", {"table": 1, "players": ["Ann", "Ben"]}, "judge", time.time()))


def run(data: Path, *args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "judge", "serve", *args], capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, "COMPANION_DATA_DIR": str(data)})


def test_a_bad_or_busy_port_gets_one_clear_line(tmp_path: Path) -> None:
    event(tmp_path)
    bad = run(tmp_path, "--port", "99999")
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert [line for line in bad.stderr.splitlines() if line] == [
        "companion: '99999' is not a port: give a number from 1 to 65535"]
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        taken = run(tmp_path, "--port", str(port))
    assert taken.returncode == 1 and "Traceback" not in taken.stderr
    assert [line for line in taken.stderr.splitlines() if line] == [
        f"companion: can't serve on 127.0.0.1:{port}: Address already in use"]


def test_the_server_warns_on_lan_hides_its_key_and_stops_on_sigterm(tmp_path: Path) -> None:
    event(tmp_path)
    key_file = tmp_path / "tournaments" / "friday-1.json"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600  # the judge's key: nobody else may read it
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "companion", "judge", "serve", "--lan", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "COMPANION_DATA_DIR": str(tmp_path)})
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(3)]
        assert lines[0].startswith("Players follow their table at: http://") and lines[0].strip().endswith("/find")
        assert lines[1].startswith("Warning: anyone on this network")
        assert "/judge/login?code=" in lines[2]
        key = Judging(tmp_path).load("friday-1").token
        assert key not in "".join(lines)  # the key itself never appears in a link
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/table/1", timeout=2) as page:
                    assert "Ann vs Ben" in page.read().decode()
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        for path in ("/docs", "/redoc", "/openapi.json"):
            try:
                urllib.request.urlopen(base + path, timeout=5)
                raise AssertionError(f"{path} answered")
            except urllib.error.HTTPError as answer:
                assert answer.code == 404
        stream = urllib.request.urlopen(base + "/room/events", timeout=5)  # an open page holds a stream
        assert stream.readline().startswith(b"retry:")
        proc.send_signal(signal.SIGTERM)
        start = time.monotonic()
        proc.wait(timeout=15)
        assert time.monotonic() - start <= 5
        stream.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
