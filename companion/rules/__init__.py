"""Game systems: `get("halo-actionclix")` gives the system object the app asks for legal actions and reasons.

Each system implements `companion.rules.base.System`; its rules text and numbers live in content/<system>/.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.errors import UnknownSystem
from companion.rules.base import Action, ActionOption, System, Verdict
from companion.rules.empires.system import ArmageddonEmpires
from companion.rules.halo.actions import HaloActionClix
from companion.rules.maze.system import KillerOfTheMaze
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


__all__ = ["Action", "ActionOption", "System", "Verdict", "available", "get"]
