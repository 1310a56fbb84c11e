"""Rule packs: finding them (built in and user-added), checking and reading them.

A pack is a folder `content/<id>/` with a `pack.toml` (identity and match set-up), optional data files
(units, turn, tables, items, force, victory, options: see pack_schema) and Markdown rules text. Errors
name the file and the field; a broken pack never hides the others.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.dice.roll_tables import RollTable, build_table
from companion.core.errors import UnknownSystem
from companion.core.limits import PACK_FILE_BYTES
from companion.core.model import Rules
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


def builtin_dir() -> Path:
    """The packs shipped with the app: inside the installed package, or content/ in a source checkout."""
    here = Path(__file__).resolve().parents[2]
    installed = here / "content"
    return installed if installed.is_dir() else here.parent / "content"


def _read_text(file: Path) -> str:
    """A pack file's text: a regular file (links followed) of at most PACK_FILE_BYTES, in UTF-8; else PackError."""
    try:
        st = file.stat()
        if not stat.S_ISREG(st.st_mode):
            raise PackError(f"{file}: not a file (a folder or a device); a pack holds plain text files")
        if st.st_size > PACK_FILE_BYTES:
            raise PackError(f"{file}: {st.st_size:,} bytes, more than the {PACK_FILE_BYTES:,} a pack file may have")
        with open(file, "rb") as f:
            data = f.read(PACK_FILE_BYTES + 1)  # the file may have grown since stat
    except FileNotFoundError:
        what = "a link to a file that is not there" if file.is_symlink() else "missing"
        raise PackError(f"{file}: {what}") from None
    except OSError as exc:
        raise PackError(f"{file}: can't read it ({exc.strerror or exc})") from None
    if len(data) > PACK_FILE_BYTES:
        raise PackError(f"{file}: more than the {PACK_FILE_BYTES:,} bytes a pack file may have")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise PackError(f"{file}: not UTF-8 text") from None


def parse_toml(text: str) -> dict[str, Any]:
    import tomllib  # here: a session's parsed cache (store/pack_cache.py) mostly spares loading it

    return tomllib.loads(text)


# How TOML text becomes data: tomllib, or what a session installs (the same data, parsed once per device)
_parse: Callable[[str], dict[str, Any]] = parse_toml


def use_parser(parse: Callable[[str], dict[str, Any]]) -> None:
    """Parse pack files with `parse` from now on (it must give what tomllib gives, and raise ValueError where it
    does: TOMLDecodeError is one)."""
    global _parse
    _parse = parse


def _read_toml(file: Path) -> dict[str, Any]:
    if not file.exists() and not file.is_symlink():
        raise PackError(f"{file}: no {file.name} in this pack folder")
    text = _read_text(file)
    try:
        return _parse(text)
    except ValueError as exc:  # tomllib.TOMLDecodeError
        raise PackError(f"{file}: not valid TOML ({exc})") from None
    except RecursionError:
        raise PackError(f"{file}: not valid TOML (nested too deeply)") from None


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
    files = {"pack.toml": _read_toml(file)}
    ctx.run(str(file), PACK_FILE, files["pack.toml"])
    for name in sorted(p.name for p in folder.glob("*.toml")):
        if name != "pack.toml" and name not in DATA_FILES:
            raise PackError(f"{folder / name}: unknown data file; expected one of: {', '.join(DATA_FILES)}")
    for name, spec in DATA_FILES.items():
        if (folder / name).exists() or (folder / name).is_symlink():
            files[name] = _read_toml(folder / name)
            ctx.run(str(folder / name), spec, files[name])
    sections: list[Section] = []
    for md in sorted(folder.glob("*.md")):
        sections.extend(parse_rules(md, _read_text(md), ctx))
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


def _pack_folders(extra_dirs: tuple[Path, ...], errors: list[str]) -> Iterator[Path]:
    """Every pack folder, the built-in ones first; a packs folder that can't be read adds to `errors`."""
    for root in (builtin_dir(), *extra_dirs):
        try:
            folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
        except FileNotFoundError:
            continue
        except OSError as exc:
            errors.append(f"{root}: can't read the packs folder ({exc.strerror or exc})")
            continue
        yield from folders


def discover(extra_dirs: tuple[Path, ...] = ()) -> tuple[dict[str, Pack], list[str]]:
    """All packs that load, by id, and the errors of those that don't (one broken pack hides no other)."""
    packs: dict[str, Pack] = {}
    errors: list[str] = []
    for folder in _pack_folders(extra_dirs, errors):
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


def names(extra_dirs: tuple[Path, ...] = ()) -> dict[str, str]:
    """Each pack's name by id, read from its pack.toml alone: what a list of matches shows, without reading and
    checking every file of every pack (that waits for the first match opened). A pack whose pack.toml can't be
    read, or names another folder, is left out, as `discover` leaves it out; the first of an id wins, as there."""
    found: dict[str, str] = {}
    for folder in _pack_folders(extra_dirs, []):
        try:
            head = _read_toml(folder / "pack.toml").get("pack")
        except (PackError, OSError, RecursionError):
            continue
        if isinstance(head, dict) and head.get("id") == folder.name and isinstance(head.get("name"), str):
            found.setdefault(folder.name, head["name"])
    return found


def get_pack(system: str, extra_dirs: tuple[Path, ...] = ()) -> Pack:
    packs, _ = discover(extra_dirs)
    if system not in packs:
        known = ", ".join(sorted(packs)) or "none"
        raise UnknownSystem(f"no rule pack for {system!r}; known systems: {known}")
    return packs[system]
