"""Tabletop Companion: the table's state for miniatures games (`companion.__version__`, `version()`)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import metadata
from pathlib import Path

DIST_NAME = "tabletop-companion"


@cache
def version() -> str:
    """project.version in pyproject.toml, the one place the version is written.

    A source checkout and a `flet build` app folder (phones: the package is copied there, not installed) have
    pyproject.toml beside the package and read it, so an edit shows without reinstalling; an installed wheel
    reads its metadata, which was made from that same file.
    """
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") == DIST_NAME and project.get("version"):
            return str(project["version"])
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        pass
    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        return "unknown"


def __getattr__(name: str) -> str:
    if name == "__version__":  # lazy: the CLI's other commands don't pay for reading the version
        return version()
    raise AttributeError(name)
