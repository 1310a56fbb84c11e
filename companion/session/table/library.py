"""Units beyond the table's taps: edit, duplicate, save to the personal library and add from it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.match.dial_text import Row, filled_rows, lines_as_rows, parse_dial, rows_as_lines
from companion.core.match.events import Event
from companion.core.model import Click, Match, Unit
from companion.core.records import SavedUnit
from companion.session.matches import Session
from companion.store.library import UnitLibrary

__all__ = ["Row", "SavedUnit", "add_from_library", "dial_as_text", "duplicate_unit", "edit_unit", "filled_rows",
           "forget_saved", "lines_as_rows", "parse_dial", "rows_as_lines", "save_to_library", "saved_units"]
KEPT = ("name", "points", "dial", "ref", "cyclic", "start")  # what a saved unit keeps: what it is, not its state


def _library(session: Session) -> UnitLibrary:
    root: Path | None = session.store.root
    if root is None:
        raise CompanionError("this session keeps no files, so it has no unit library")
    return UnitLibrary(root)


def saved_units(session: Session, system: str) -> list[SavedUnit]:
    """The library's units for one game system (those of other games can't join its matches)."""
    return [s for s in _library(session).entries()[0] if s.system == system]


def save_to_library(session: Session, match_id: str, unit_id: str) -> SavedUnit:
    match = session.state(match_id)
    unit = _unit(match, unit_id)
    return _library(session).save(match.system, {k: v for k, v in _json(unit).items() if k in KEPT})


def forget_saved(session: Session, saved_id: str) -> None:
    _library(session).delete(saved_id)


def add_from_library(session: Session, match_id: str, saved_id: str, owner: str) -> Match:
    saved = _library(session).get(saved_id)
    match = session.state(match_id)
    if saved.system != match.system:
        raise CompanionError(f"{saved.name} is a unit of another game ({saved.system})")
    unit = {**saved.unit, "id": _free_id(match), "owner": owner}
    return session.dispatch(match_id, "add_unit", {"unit": unit}, by=owner)


def duplicate_unit(session: Session, match_id: str, unit_id: str) -> Match:
    """A fresh copy of the unit (its dial at the start, no tokens) beside it: two of the same figure."""
    match = session.state(match_id)
    unit = _unit(match, unit_id)
    copy = {k: v for k, v in _json(unit).items() if k in KEPT}
    copy.update(id=_free_id(match), owner=unit.owner, click=unit.start, name=_copy_name(match, unit.name))
    return session.dispatch(match_id, "add_unit", {"unit": copy}, by=unit.owner)


def edit_unit(session: Session, match_id: str, unit_id: str, *, name: str, points: int, dial_text: str,
              owner: str) -> Match:
    """New name, points, owner or dial, as one undoable step; the unit keeps its tokens, place and damage
    taken (its click, within the new dial)."""
    match = session.state(match_id)
    unit = _unit(match, unit_id)
    dial = parse_dial(dial_text, match.rules.stats, cyclic=unit.cyclic)
    data = _json(unit)
    last = len(dial) - 1
    data.update(name=name, points=points, owner=owner, dial=[_click_json(c) for c in dial],
                click=min(unit.click, last), start=min(unit.start, last))
    data["eliminated"] = dial[data["click"]].ko
    return session.dispatch_events(match_id, _replace_events(unit_id, data), f"Edit {unit.name}", by=owner)


def dial_as_text(unit: Unit, stats: tuple[str, ...]) -> str:
    """The dial as the editor's text (one click per line; the KO click is implied)."""
    return "\n".join(" ".join([*(str(c.stats.get(s, 0)) for s in stats), *c.markers])
                     for c in unit.dial if not c.ko)


def _replace_events(unit_id: str, data: dict[str, Any]) -> list[Event]:
    return [Event("remove_unit", {"unit": unit_id}), Event("add_unit", {"unit": data})]


def _unit(match: Match, unit_id: str) -> Unit:
    try:
        return match.unit(unit_id)
    except KeyError:
        raise CompanionError(f"no unit {unit_id!r} in this match") from None


def _json(unit: Unit) -> dict[str, Any]:
    return {"id": unit.id, "name": unit.name, "points": unit.points, "owner": unit.owner,
            "dial": [_click_json(c) for c in unit.dial], "click": unit.click, "start": unit.start,
            "cyclic": unit.cyclic, "eliminated": unit.eliminated, "location": unit.location,
            "tokens": dict(unit.tokens),
            "counters": dict(unit.counters), "ref": unit.ref}


def _click_json(click: Click) -> dict[str, Any]:
    return {"stats": dict(click.stats), "markers": list(click.markers)}


def _free_id(match: Match) -> str:
    taken = {u.id for u in match.units}
    return next(f"u{n}" for n in range(1, len(taken) + 2) if f"u{n}" not in taken)


def _copy_name(match: Match, name: str) -> str:
    names = {u.name for u in match.units}
    return next(f"{name} ({n})" for n in range(2, len(names) + 3) if f"{name} ({n})" not in names)
