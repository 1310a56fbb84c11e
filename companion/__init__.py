"""Tabletop Companion: the table's state for miniatures games (`companion.__version__`, `version()`).

Importing the package loads nothing else: `companion --version` and the app's first frame pay only for what
they use (tests/unit/test_lazy_imports.py keeps it so).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

DIST_NAME = "tabletop-companion"

# `name = "..."` / `version = "..."` written plainly in [project]: read without loading a TOML parser
_PLAIN_KEY = re.compile(r'^(name|version)\s*=\s*"([^"\\]*)"\s*(?:#.*)?$')


def _project_table(text: str) -> dict[str, str]:
    """project.name and project.version when written as plain one-line strings; anything else is left out."""
    found: dict[str, str] = {}
    inside = False
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            inside = line.split("#", 1)[0].strip() == "[project]"
        elif inside and (plain := _PLAIN_KEY.match(line)):
            found[plain.group(1)] = plain.group(2)
    return found


def _from_pyproject(text: str) -> str | None:
    project = _project_table(text)
    if project.get("name") != DIST_NAME or not project.get("version"):
        import tomllib  # written some other way (a multi-line table, escapes ...): the real parser decides

        try:
            project = tomllib.loads(text).get("project", {})
        except tomllib.TOMLDecodeError:
            return None
    if project.get("name") == DIST_NAME and project.get("version"):
        return str(project["version"])
    return None


@cache
def version() -> str:
    """project.version in pyproject.toml, the one place the version is written.

    A source checkout and a `flet build` app folder (phones: the package is copied there, not installed) have
    pyproject.toml beside the package and read it, so an edit shows without reinstalling; an installed wheel
    reads its metadata, which was made from that same file.
    """
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        found = _from_pyproject(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        found = None
    if found:
        return found
    from importlib import metadata  # an installed wheel only: ~40 ms of imports the checkout never pays

    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        return "unknown"


def __getattr__(name: str) -> str:
    if name == "__version__":  # lazy: the CLI's other commands don't pay for reading the version
        return version()
    raise AttributeError(name)
