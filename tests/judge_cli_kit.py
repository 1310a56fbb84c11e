"""Helpers shared by test_judge_cli.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def judge(tmp_path: Path, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "companion", "judge", *args], capture_output=True, text=True,
                          env=env, timeout=60)
    if ok:
        assert done.returncode == 0, done.stderr
    return done


def as_json(tmp_path: Path, *args: str) -> Any:
    return json.loads(judge(tmp_path, *args, "--json").stdout)
