"""Helpers shared by test_live_browser.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from browser import free_port


class Host:
    """`companion table host` in a subprocess; reads the join links it prints."""

    def __init__(self, data: Path, match_id: str) -> None:
        self.port = free_port()
        env = {**os.environ, "COMPANION_DATA_DIR": str(data)}
        self.proc = subprocess.Popen([sys.executable, "-m", "companion", "table", "host", match_id, "--port",
                                      str(self.port)], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(self.base + "/", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise
                time.sleep(0.2)

    def next_join_link(self) -> str:
        assert self.proc.stdout is not None
        for _ in range(20):
            line = self.proc.stdout.readline()
            if "/join?code=" in line:
                return line.split()[-1]
        raise AssertionError("no join link printed")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=20)
