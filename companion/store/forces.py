"""Saved forces: a player's whole force under a name, kept beside the saved units.

One small JSON file per force in `<data dir>/library/forces/` (inside the library folder, so backups carry it),
written atomically; a file that can't be read is moved aside and reported, never overwritten. A force is known
by its name within its game: saving again under the same name replaces it.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.records import SavedForce
from companion.store.atomic import DamagedFile, dump, move_aside, private_dir, read_json, write_atomic

FORMAT = "ttcomp-force"
VERSION = 1
ID = re.compile(r"^[a-z0-9-]{1,60}$")
MAX_NAME = 60


class NoSuchForce(CompanionError):
    pass


class ForceLibrary:
    def __init__(self, root: Path) -> None:
        self.folder = root / "library" / "forces"

    def entries(self) -> tuple[list[SavedForce], list[DamagedFile]]:
        """Every saved force (by game, then name), and the files that couldn't be read (now moved aside)."""
        found: list[SavedForce] = []
        damaged: list[DamagedFile] = []
        if not self.folder.is_dir():
            return found, damaged
        for path in sorted(self.folder.glob("*.json")):
            try:
                force = _force(path.stem, read_json(path))
                if force is None:
                    raise move_aside(path, "not a saved force")
            except DamagedFile as exc:
                damaged.append(exc if exc.path != path else move_aside(path, str(exc)))
                continue
            found.append(force)
        return sorted(found, key=lambda f: (f.system, f.name.lower(), f.id)), damaged

    def save(self, system: str, name: str, units: list[dict[str, Any]]) -> tuple[SavedForce, bool]:
        """Keep the force under `name` (replacing one of that name in that game); returns it and whether it
        replaced one."""
        name = " ".join(name.split())
        if not name:
            raise CompanionError("give the force a name")
        if len(name) > MAX_NAME:
            raise CompanionError(f"a force's name has at most {MAX_NAME} characters")
        if not units:
            raise CompanionError("a force needs at least one unit")
        old = self.find(system, name)
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "force"
        force = SavedForce(old.id if old else f"{slug}-{secrets.token_hex(3)}", system, name, tuple(units))
        private_dir(self.folder)
        write_atomic(self.folder / f"{force.id}.json", dump({"format": FORMAT, "version": VERSION, "system": system,
                                                              "name": name, "units": units}))
        return force, old is not None

    def find(self, system: str, name: str) -> SavedForce | None:
        """The force of that game with that name (case and spacing aside), or that id."""
        wanted = " ".join(name.split()).casefold()
        for force in self.entries()[0]:
            if force.system == system and (force.name.casefold() == wanted or force.id == name):
                return force
        return None

    def delete(self, force_id: str) -> None:
        if not ID.match(force_id):
            raise NoSuchForce(f"no saved force {force_id!r}")
        try:
            (self.folder / f"{force_id}.json").unlink()
        except FileNotFoundError:
            raise NoSuchForce(f"no saved force {force_id!r}") from None


def _force(force_id: str, data: Any) -> SavedForce | None:
    if not (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("system"), str)
            and isinstance(data.get("name"), str) and isinstance(data.get("units"), list)
            and all(isinstance(u, dict) for u in data["units"])):
        return None
    return SavedForce(force_id, data["system"], data["name"], tuple(data["units"]))
