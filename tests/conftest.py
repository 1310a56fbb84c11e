"""Shared fixtures. Every test gets its own data folder: no test ever touches a real user's matches."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from companion.session import Session
from companion.session.wiring import wire
from companion.store.matches import MatchStore

# The app wires the layers when it builds its Session; tests that drive core/ and rules/ directly (a replay, a
# Maze item read from its pack) get the same wiring here, once, rather than from an import's side effect.
wire()

# No per-example deadline: these machines are noisy, and a slow example is not a wrong one (speed is measured
# in benchmarks/, never asserted in tests).
settings.register_profile("companion", deadline=None)
settings.load_profile("companion")


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"
    monkeypatch.setenv("COMPANION_DATA_DIR", str(data))
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
    return data


@pytest.fixture(params=["memory", "files"])
def session(request: pytest.FixtureRequest, tmp_path: Path) -> Session:
    """A session over in-memory storage and over real files: both must behave the same."""
    root = None if request.param == "memory" else tmp_path / "store"
    return Session(MatchStore(root))
