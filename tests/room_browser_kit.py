"""Helpers shared by test_room_browser.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def wait_served(url: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def serve(data: Path, port: int) -> tuple[subprocess.Popen[str], str]:
    """`judge serve` on `port`, listening; returns the process and the judge's one-time link."""
    env = {**os.environ, "COMPANION_DATA_DIR": str(data)}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "judge", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    for _ in range(20):
        line = proc.stdout.readline()
        if "/judge/login?code=" in line:
            wait_served(f"http://127.0.0.1:{port}/find")
            return proc, line.split()[-1]
    proc.terminate()
    raise AssertionError("judge serve printed no judge link")
