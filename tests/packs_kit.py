"""Helpers shared by test_packs.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import shutil
from pathlib import Path

from companion.core.packs.load import builtin_dir

SYSTEMS = ("armageddon-empires", "halo-actionclix", "heroclix-skirmish", "killer-of-the-maze", "scarab")


def copy_pack(tmp_path: Path, system: str, new_id: str | None = None) -> Path:
    """A writable copy of a built-in pack (renamed to `new_id` when given) under tmp_path."""
    target = tmp_path / (new_id or system)
    shutil.copytree(builtin_dir() / system, target)
    if new_id:
        edit(target / "pack.toml", f'id = "{system}"', f'id = "{new_id}"')
    return target


def edit(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {file.name}"
    file.write_text(text.replace(old, new, 1), encoding="utf-8")
