"""What the About screen and `companion --version` show: version, licence, data folder, packs, platform features.

Also the one place that says what a platform can do (the app hides what it cannot).
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

from companion import version
from companion.session.matches import Session
from companion.store.paths import data_dir

LICENSE = "MIT"  # pyproject.toml project.license; the LICENSE file at the repository root
HOMEPAGE_NOTE = "Free software: no account, no network, no tracking."


@dataclass(frozen=True)
class PackInfo:
    id: str
    name: str
    version: str
    builtin: bool


@dataclass(frozen=True)
class AppInfo:
    version: str
    license: str
    data_folder: Path | None  # None: a session kept in memory (previews, tests)
    packs: tuple[PackInfo, ...]
    pack_errors: tuple[str, ...]


def app_info(session: Session) -> AppInfo:
    packs, errors = session.packs()
    user_dirs = tuple(d.resolve() for d in session.user_pack_dirs)
    infos = tuple(PackInfo(p.id, p.name, p.version, not any(d in p.path.resolve().parents for d in user_dirs))
                  for p in sorted(packs.values(), key=lambda p: p.name.lower()))
    return AppInfo(version(), LICENSE, session.store.root, infos, tuple(errors))


def default_data_folder() -> Path:
    return data_dir()


def picture_decoder() -> str | None:
    """The library that reads QR codes in pictures here: zxing-cpp (desktops), OpenCV (phones), or None."""
    if importlib.util.find_spec("zxingcpp") and importlib.util.find_spec("PIL"):
        return "zxing-cpp"
    if importlib.util.find_spec("cv2") and importlib.util.find_spec("numpy"):
        return "OpenCV"
    return None


__all__ = ["AppInfo", "HOMEPAGE_NOTE", "LICENSE", "PackInfo", "app_info", "default_data_folder",
           "picture_decoder", "version"]
