"""Rule packs: reading and checking them (finding their folders and reading their files: files.py).

A pack is a folder `content/<id>/` with a `pack.toml` (identity and match set-up), optional data files
(units, turn, tables, items, force, victory, options: see pack_schema) and Markdown rules text. Errors
name the file and the field; a broken pack never hides the others.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.dice.roll_tables import RollTable, build_table
from companion.core.errors import UnknownSystem
from companion.core.model import Rules
from companion.core.packs.files import builtin_dir, names, pack_folders, parse_toml, read_text, read_toml, use_parser
from companion.core.packs.pack_schema import DATA_FILES, PACK_FILE, check_semantics
from companion.core.packs.rules_text import Section, parse_rules
from companion.core.packs.schema import Checker, PackError

__all__ = ["Pack", "PackError", "builtin_dir", "discover", "get_pack", "load_pack", "names", "parse_toml",
           "use_parser"]


@dataclass(frozen=True)
class Pack:
    id: str
    name: str
    version: str
    source: str
    min_players: int
    max_players: int
    turn: str
    round: str
    rules: Rules
    path: Path
    data: dict[str, Any] = field(default_factory=dict)  # checked TOML by file stem: units, turn, tables ...
    sections: tuple[Section, ...] = ()
    tables: dict[str, RollTable] = field(default_factory=dict)
    fingerprint: str = ""  # changes when any file of the pack changes (cache key)

    def entries(self, file: str, key: str) -> list[dict[str, Any]]:
        """The array of tables `key` of data file `file` (e.g. ("turn", "action")); empty when absent."""
        return list(self.data.get(file, {}).get(key, []))

    def section(self, section_id: str) -> Section:
        for s in self.sections:
            if s.id == section_id:
                return s
        raise KeyError(section_id)

    def steps(self, sequence_id: str) -> list[dict[str, Any]]:
        """The steps of a sequence (e.g. the Scarab's turn) in order, each with its group's id and order."""
        for seq in self.entries("turn", "sequence"):
            if seq["id"] == sequence_id:
                return [{**step, "group": g["id"], "order": g["order"]} for g in seq["group"] for step in g["step"]]
        raise KeyError(sequence_id)

    def build_totals(self) -> tuple[int, ...]:
        """The build totals the force rules allow (Skirmish: 200 or 300), empty when the pack sets none."""
        return tuple(total for rule in self.entries("force", "rule") if rule["kind"] == "build_total"
                     for total in rule["choices"])

    def unit_tokens(self) -> dict[str, dict[str, Any]]:
        """The tokens a unit holds ([[token]] of scope "unit" in units.toml), by kind, in the pack's order."""
        return {t["id"]: t for t in self.entries("units", "token") if t["scope"] == "unit"}

    def marks(self) -> tuple[str, ...]:
        """What a unit may be marked as having done this turn ([[mark]]), in the pack's order."""
        return tuple(m["id"] for m in self.entries("units", "mark"))

    def reserve_reasons(self) -> tuple[str, ...]:
        """Why a unit may wait in the reserves ([[reserve]]), in the pack's order."""
        return tuple(r["id"] for r in self.entries("units", "reserve"))

    def option_defaults(self) -> dict[str, bool]:
        """House-rule options and whether each is on unless the players switch it."""
        return {o["id"]: o["default"] for o in self.entries("options", "option")}


def _fingerprint(folder: Path) -> str:
    try:
        stats = sorted((e.name, e.stat().st_mtime_ns, e.stat().st_size) for e in os.scandir(folder) if e.is_file())
    except OSError:
        return ""
    return repr(stats)


_CACHE: dict[Path, Pack] = {}


def load_pack(folder: Path) -> Pack:
    """Read and check every file of one pack folder; raises PackError naming the file and the field."""
    folder = Path(folder)
    stamp = _fingerprint(folder)
    cached = _CACHE.get(folder)
    if cached is not None and stamp and cached.fingerprint == stamp:
        return cached
    pack = _load(folder, stamp)
    _CACHE[folder] = pack
    return pack


def _load(folder: Path, stamp: str) -> Pack:
    ctx = Checker()
    file = folder / "pack.toml"
    files = {"pack.toml": read_toml(file)}
    ctx.run(str(file), PACK_FILE, files["pack.toml"])
    for name in sorted(p.name for p in folder.glob("*.toml")):
        if name != "pack.toml" and name not in DATA_FILES:
            raise PackError(f"{folder / name}: unknown data file; expected one of: {', '.join(DATA_FILES)}")
    for name, spec in DATA_FILES.items():
        if (folder / name).exists() or (folder / name).is_symlink():
            files[name] = read_toml(folder / name)
            ctx.run(str(folder / name), spec, files[name])
    sections: list[Section] = []
    for md in sorted(folder.glob("*.md")):
        sections.extend(parse_rules(md, read_text(md), ctx))
    ctx.check_refs()
    check_semantics(folder, files, ctx)
    tables = {t["id"]: build_table(t, str(folder / "tables.toml"))
              for t in files.get("tables.toml", {}).get("table", [])}

    pack = files["pack.toml"]["pack"]
    where = f"{file}: pack"
    match = files["pack.toml"].get("match", {})
    limits = match.get("token_limits", {})
    rules = Rules(
        turn_style=match.get("turn_style", "player"),
        rounds_per_turn=match.get("rounds_per_turn", 1),
        stats=tuple(match.get("stats", Rules().stats)),
        token_limits={k: (None if v < 0 else v) for k, v in limits.items()},
        action_tokens_carry=match.get("action_tokens_carry", True),
        counters={k: tuple(v) for k, v in match.get("counters", {}).items()},
        phases=tuple(match.get("phases", ())),
    )
    if pack["id"] != folder.name:
        raise PackError(f"{where}.id: is {pack['id']!r} but the folder is named {folder.name!r}")
    if pack["min_players"] > pack["max_players"]:
        raise PackError(f"{where}.min_players: players should satisfy 2 <= min_players <= max_players <= 4")
    return Pack(
        id=pack["id"], name=pack["name"], version=pack["version"], source=pack["source"],
        min_players=pack["min_players"], max_players=pack["max_players"], turn=pack["turn"], round=pack["round"],
        rules=rules, path=folder,
        data={name.removesuffix(".toml"): data for name, data in files.items() if name != "pack.toml"},
        sections=tuple(sections), tables=tables, fingerprint=stamp,
    )


def discover(extra_dirs: tuple[Path, ...] = ()) -> tuple[dict[str, Pack], list[str]]:
    """All packs that load, by id, and the errors of those that don't (one broken pack hides no other)."""
    packs: dict[str, Pack] = {}
    errors: list[str] = []
    for folder in pack_folders(extra_dirs, errors):
        try:
            pack = load_pack(folder)
        except PackError as exc:
            errors.append(str(exc))
            continue
        except (OSError, RecursionError) as exc:  # a file that changed under us, a link loop ...
            errors.append(f"{folder}: can't read this pack ({exc})")
            continue
        if pack.id in packs:  # ids are folder names: only a user's copy of a built-in pack meets one
            errors.append(f"{folder}: a pack with id {pack.id!r} is already loaded; this copy is ignored")
            continue
        packs[pack.id] = pack
    return packs, errors


def get_pack(system: str, extra_dirs: tuple[Path, ...] = ()) -> Pack:
    packs, _ = discover(extra_dirs)
    if system not in packs:
        known = ", ".join(sorted(packs)) or "none"
        raise UnknownSystem(f"no rule pack for {system!r}; known systems: {known}")
    return packs[system]
