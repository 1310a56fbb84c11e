"""Data folders for the backup tests: matches with long histories, judge events, a user pack, a library."""

from __future__ import annotations

from pathlib import Path

from companion.core.match.events import Event
from companion.core.packs.load import builtin_dir
from companion.session import Session
from companion.session.judging.service import Judging

T0 = 1_800_000_000.0


def play(session: Session, match_id: str, events: int, *, vp_of: str = "p1") -> None:
    """`events` scoring events (a history longer than the 64-event tail reaches the segment files)."""
    for _ in range(events):
        session.dispatch(match_id, "score", {"player": vp_of, "kind": "vp", "delta": 1})


def add_match(session: Session, events: int, *, system: str = "halo-actionclix") -> str:
    match = session.new_match(system, ["Ann", "Ben"])
    play(session, match.id, events)
    return match.id


def add_event(root: Path, name: str, tables: int) -> str:
    store = Judging(root)
    t = store.new_event(name, [[f"P{n}a", f"P{n}b"] for n in range(1, tables + 1)], now=T0)
    store.apply(t.id, Event("start", {}, "judge", T0 + 5))
    return t.id


def add_pack(root: Path, pack_id: str = "my-halo", version: str = "1.0") -> Path:
    """A user pack copied from the built-in Halo pack under another id and version."""
    source = builtin_dir() / "halo-actionclix"
    target = root / "packs" / pack_id
    target.mkdir(parents=True, exist_ok=True)
    for f in source.iterdir():
        if f.is_file():
            text = f.read_text("utf-8")
            if f.name == "pack.toml":
                text = text.replace('id = "halo-actionclix"', f'id = "{pack_id}"', 1)
                text = _set_version(text, version)
            (target / f.name).write_text(text, "utf-8")
    return target


def _set_version(text: str, version: str) -> str:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("version = "):
            lines[i] = f'version = "{version}"'
            break
    return "\n".join(lines) + "\n"


def add_library(root: Path, units: int) -> None:
    folder = root / "library"
    folder.mkdir(parents=True, exist_ok=True)
    body = ",".join(f'{{"name": "Unit {i}", "dial": "8 10 17 3"}}' for i in range(units))
    (folder / "units.json").write_text(f'{{"units": [{body}]}}')


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder`, byte for byte (what "nothing changed" is checked against)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
