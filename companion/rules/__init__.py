"""Game systems: `get("halo-actionclix")` gives the system object the app asks for legal actions and reasons.

Each system implements `companion.rules.base.System`; its rules text and numbers live in content/<system>/.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.errors import UnknownSystem
from companion.core.model import Unit
from companion.rules.base import Action, ActionOption, System, Verdict
from companion.rules.empires.system import ArmageddonEmpires
from companion.rules.halo.actions import POSITIONS as HALO_POSITIONS
from companion.rules.halo.actions import HaloActionClix
from companion.rules.maze.system import KillerOfTheMaze
from companion.rules.scarab.positions import POSITIONS as SCARAB_POSITIONS
from companion.rules.scarab.state import dial_id
from companion.rules.scarab.system import Scarab
from companion.rules.skirmish.system import HeroClixSkirmish

_FACTORIES: dict[str, Callable[[], System]] = {
    ArmageddonEmpires.id: ArmageddonEmpires,
    HaloActionClix.id: HaloActionClix,
    HeroClixSkirmish.id: HeroClixSkirmish,
    KillerOfTheMaze.id: KillerOfTheMaze,
    Scarab.id: Scarab,
}


def get(system_id: str) -> System:
    """The rules helper of a game system; UnknownSystem when none is written for it yet."""
    factory = _FACTORIES.get(system_id)
    if factory is None:
        raise UnknownSystem(f"the rules helper doesn't know {system_id!r} yet; it knows {', '.join(available())}")
    return factory()


def available() -> tuple[str, ...]:
    return tuple(sorted(_FACTORIES))


# The places a system's rules tell apart (a unit's `position` word -> its label); the first is where a unit with
# no position ("") stands. Systems that don't turn on positions have none.
_POSITIONS: dict[str, dict[str, str]] = {Scarab.id: SCARAB_POSITIONS, HaloActionClix.id: HALO_POSITIONS}


def positions(system_id: str, unit: Unit | None = None) -> dict[str, str]:
    """The places of the system (for `unit`: none when it has no place, e.g. one of the Scarab's own dials)."""
    if unit is not None and system_id == Scarab.id and dial_id(unit) is not None:
        return {}
    return dict(_POSITIONS.get(system_id, {}))


def position_of(system_id: str, unit: Unit) -> str | None:
    """Where the unit stands in words, None when its system doesn't track positions (or it has none)."""
    places = positions(system_id, unit)
    if not places:
        return None
    return places.get(unit.position) or next(iter(places.values()))


__all__ = ["Action", "ActionOption", "System", "Verdict", "available", "get", "position_of", "positions"]
