"""Rule packs: finding them (built in and user-added) and reading their identity and match set-up.

A pack is a folder `content/<id>/` with a `pack.toml`. This module reads the parts every match needs;
errors name the file and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError, UnknownSystem
from companion.core.model import TURN_STYLES, Rules


class PackError(CompanionError):
    """A pack file that can't be used; the message names the file, the field and what was expected."""


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


def builtin_dir() -> Path:
    """The packs shipped with the app: inside the installed package, or content/ in a source checkout."""
    here = Path(__file__).resolve().parent.parent
    installed = here / "content"
    return installed if installed.is_dir() else here.parent / "content"


def _field(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in table:
        raise PackError(f"{where}: field {key!r} is missing")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise PackError(f"{where}: field {key!r} should be {kind.__name__}, got {type(value).__name__}")
    return value


def load_pack(folder: Path) -> Pack:
    file = folder / "pack.toml"
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PackError(f"{file}: no pack.toml in this pack folder") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PackError(f"{file}: not valid TOML ({exc})") from None
    pack = _field(data, "pack", dict, f"{file} [pack]")
    where = f"{file} [pack]"
    match = data.get("match", {})
    mwhere = f"{file} [match]"
    if not isinstance(match, dict):
        raise PackError(f"{mwhere}: should be a table")
    style = match.get("turn_style", "player")
    if style not in TURN_STYLES:
        raise PackError(f"{mwhere}: field 'turn_style' should be one of {', '.join(TURN_STYLES)}, got {style!r}")
    limits = match.get("token_limits", {})
    if not isinstance(limits, dict) or not all(isinstance(v, int) for v in limits.values()):
        raise PackError(f"{mwhere}: field 'token_limits' should map token kinds to whole numbers (-1: no limit)")
    counters = match.get("counters", {})
    if not isinstance(counters, dict) or not all(isinstance(v, list) for v in counters.values()):
        raise PackError(f"{mwhere}: field 'counters' should map match/player/unit to lists of names")
    rules = Rules(
        turn_style=style,
        rounds_per_turn=match.get("rounds_per_turn", 1),
        stats=tuple(match.get("stats", Rules().stats)),
        token_limits={k: (None if v < 0 else v) for k, v in limits.items()},
        counters={k: tuple(v) for k, v in counters.items()},
        phases=tuple(match.get("phases", ())),
    )
    result = Pack(
        id=_field(pack, "id", str, where),
        name=_field(pack, "name", str, where),
        version=_field(pack, "version", str, where),
        source=_field(pack, "source", str, where),
        min_players=_field(pack, "min_players", int, where),
        max_players=_field(pack, "max_players", int, where),
        turn=_field(pack, "turn", str, where),
        round=_field(pack, "round", str, where),
        rules=rules,
        path=folder,
    )
    if result.id != folder.name:
        raise PackError(f"{where}: field 'id' is {result.id!r} but the folder is named {folder.name!r}")
    if not 2 <= result.min_players <= result.max_players <= 4:
        raise PackError(f"{where}: players should satisfy 2 <= min_players <= max_players <= 4")
    return result


def discover(extra_dirs: tuple[Path, ...] = ()) -> tuple[dict[str, Pack], list[str]]:
    """All packs that load, by id, and the errors of those that don't (one broken pack hides no other)."""
    packs: dict[str, Pack] = {}
    errors: list[str] = []
    for root in (builtin_dir(), *extra_dirs):
        if not root.is_dir():
            continue
        for folder in sorted(p for p in root.iterdir() if p.is_dir()):
            try:
                pack = load_pack(folder)
            except PackError as exc:
                errors.append(str(exc))
                continue
            if pack.id in packs and root != builtin_dir():
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
