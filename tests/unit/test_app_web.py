"""`companion app --web` serves the app offline on 127.0.0.1."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("args", [["app", "--web"], []], ids=["app --web", "no display: falls back to web"])
def test_web_app_is_served_without_a_cdn(tmp_path: Path, args: list[str]) -> None:
    port = free_port()
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path), "FLET_SERVER_PORT": str(port)}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    proc = subprocess.Popen([sys.executable, "-m", "companion", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        body = ""
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    body = response.read().decode()
                break
            except OSError:
                time.sleep(0.3)
        assert "flutter" in body.lower()
        # no_cdn: the page loads the renderer from us, so it works with no internet at the table
        assert "flet.noCdn=true" in body
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=20)
    assert f"http://127.0.0.1:{port}/" in out
    if not args:
        assert "no display here" in out
