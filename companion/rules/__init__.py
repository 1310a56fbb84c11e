"""Game systems: `get("halo-actionclix")` gives the system object the app asks for legal actions and reasons.

Each system implements `companion.rules.base.System`; its rules text and numbers live in content/<system>/.
The registry below knows each system's id, name and where its class lives without importing it: a system (and
its dice engines, packs ...) loads the first time a match of it is in hand, not when the app or a command starts.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.core.errors import UnknownSystem
from companion.core.model import Unit
from companion.rules.base import Action, ActionOption, System, Verdict


@dataclass(frozen=True)
class Registered:
    """A system as the registry knows it before it is loaded: tests/test_rules_registry.py checks each against
    the class it names."""

    id: str
    name: str
    module: str  # the module that defines the system's class
    cls: str
    positions: str | None = None  # the module whose POSITIONS are the places its rules tell apart


SYSTEMS: tuple[Registered, ...] = (
    Registered("armageddon-empires", "Armageddon Empires", "companion.rules.empires.system", "ArmageddonEmpires"),
    Registered("halo-actionclix", "Halo ActionClix", "companion.rules.halo.actions", "HaloActionClix",
               positions="companion.rules.halo.actions"),
    Registered("heroclix-skirmish", "HeroClix Skirmish", "companion.rules.skirmish.system", "HeroClixSkirmish"),
    Registered("killer-of-the-maze", "The Killer of the Maze", "companion.rules.maze.system", "KillerOfTheMaze"),
    Registered("scarab", "The Scarab", "companion.rules.scarab.system", "Scarab",
               positions="companion.rules.scarab.positions"),
)
_BY_ID = {s.id: s for s in SYSTEMS}
_SCARAB = "scarab"  # its own dials (the Scarab's parts) stand nowhere


def _attribute(module: str, name: str) -> Any:
    return getattr(importlib.import_module(module), name)


@cache
def _factory(system_id: str) -> type[System]:
    entry = _BY_ID[system_id]
    return _attribute(entry.module, entry.cls)  # type: ignore[no-any-return]


def get(system_id: str) -> System:
    """The rules helper of a game system; UnknownSystem when none is written for it yet."""
    if system_id not in _BY_ID:
        raise UnknownSystem(f"the rules helper doesn't know {system_id!r} yet; it knows {', '.join(available())}")
    return _factory(system_id)()


def available() -> tuple[str, ...]:
    return tuple(sorted(_BY_ID))


def positions(system_id: str, unit: Unit | None = None) -> dict[str, str]:
    """The places of the system (for `unit`: none when it has no place, e.g. one of the Scarab's own dials); the
    first is where a unit with no position ("") stands. Systems that don't turn on positions have none."""
    entry = _BY_ID.get(system_id)
    if entry is None or entry.positions is None:
        return {}
    dial_id = _attribute("companion.rules.scarab.state", "dial_id") if system_id == _SCARAB else None
    if unit is not None and dial_id is not None and dial_id(unit) is not None:
        return {}
    return dict(_attribute(entry.positions, "POSITIONS"))


def position_of(system_id: str, unit: Unit) -> str | None:
    """Where the unit stands in words, None when its system doesn't track positions (or it has none)."""
    places = positions(system_id, unit)
    if not places:
        return None
    return places.get(unit.position) or next(iter(places.values()))


__all__ = ["SYSTEMS", "Action", "ActionOption", "Registered", "System", "Verdict", "available", "get",
           "position_of", "positions"]
