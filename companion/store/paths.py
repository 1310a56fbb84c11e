"""Where the app keeps its data."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "tabletop-companion"


def data_dir() -> Path:
    """COMPANION_DATA_DIR if set (tests, portable installs), else the folder Flet gives a packaged app
    (FLET_APP_STORAGE_DATA, also set by `flet run`), else the platform's user data folder."""
    for var in ("COMPANION_DATA_DIR", "FLET_APP_STORAGE_DATA"):
        value = os.environ.get(var)
        if value:
            return Path(value).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
