"""The personal unit library: units saved from a match to build the next force quickly.

One small JSON file per saved unit in `<data dir>/library/`, written atomically like the matches; a file that
can't be read is moved aside and reported, never overwritten (the whole-data backup includes this folder).
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.records import SavedUnit
from companion.store.atomic import DamagedFile, dump, move_aside, private_dir, read_json, write_atomic

FORMAT = "ttcomp-unit"
VERSION = 1
ID = re.compile(r"^[a-z0-9-]{1,60}$")


class NotInLibrary(CompanionError):
    pass


class UnitLibrary:
    def __init__(self, root: Path) -> None:
        self.folder = root / "library"

    def entries(self) -> tuple[list[SavedUnit], list[DamagedFile]]:
        """Every saved unit (by name), and the files that couldn't be read (now moved aside)."""
        found: list[SavedUnit] = []
        damaged: list[DamagedFile] = []
        if not self.folder.is_dir():
            return found, damaged
        for path in sorted(self.folder.glob("*.json")):
            try:
                data = read_json(path)
                if not (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("unit"), dict)
                        and isinstance(data.get("system"), str)):
                    raise move_aside(path, "not a saved unit")
            except DamagedFile as exc:
                damaged.append(exc if exc.path != path else move_aside(path, str(exc)))
                continue
            found.append(SavedUnit(path.stem, data["system"], data["unit"]))
        return sorted(found, key=lambda s: (s.name.lower(), s.id)), damaged

    def save(self, system: str, unit: dict[str, Any]) -> SavedUnit:
        private_dir(self.folder)
        slug = re.sub(r"[^a-z0-9]+", "-", str(unit.get("name", "unit")).lower()).strip("-")[:40] or "unit"
        saved = SavedUnit(f"{slug}-{secrets.token_hex(3)}", system, unit)
        write_atomic(self.folder / f"{saved.id}.json",
                     dump({"format": FORMAT, "version": VERSION, "system": system, "unit": unit}))
        return saved

    def get(self, saved_id: str) -> SavedUnit:
        for saved in self.entries()[0]:
            if saved.id == saved_id:
                return saved
        raise NotInLibrary(f"no saved unit {saved_id!r} in your library")

    def delete(self, saved_id: str) -> None:
        if not ID.match(saved_id):
            raise NotInLibrary(f"no saved unit {saved_id!r} in your library")
        try:
            (self.folder / f"{saved_id}.json").unlink()
        except FileNotFoundError:
            raise NotInLibrary(f"no saved unit {saved_id!r} in your library") from None
