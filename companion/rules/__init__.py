"""Game systems: `get("halo-actionclix")` gives the system object the app asks for legal actions and reasons.

Each system subclasses `companion.rules.base.System` (the app asks it, nowhere else, what differs between
games); its rules text and numbers live in content/<system>/.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.errors import UnknownSystem
from companion.core.model import Match
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


FIRST = HaloActionClix.id  # the game the New match screen offers first (the most played)


def get(system_id: str, *, plain: bool = False) -> System:
    """The game system of `system_id`; UnknownSystem when none is written for it yet, or with `plain` the plain
    base system (no helper actions, the core's defaults) that a pack without a helper plays by."""
    factory = _FACTORIES.get(system_id)
    if factory is None:
        if plain:
            system = System()
            system.id = system_id  # named for its messages; the core's defaults otherwise
            return system
        raise UnknownSystem(f"the rules helper doesn't know {system_id!r} yet; it knows {', '.join(available())}")
    return factory()


def available() -> tuple[str, ...]:
    return tuple(sorted(_FACTORIES))


_INVARIANTS: dict[str, Callable[[Match], None] | None] = {}


def invariant(system_id: str) -> Callable[[Match], None] | None:
    """What the reducer checks on every state of a match of this system (None: only the core's checks); asked
    once per system, as the reducer runs it on every event."""
    if system_id not in _INVARIANTS:
        _INVARIANTS[system_id] = get(system_id, plain=True).invariant()
    return _INVARIANTS[system_id]


__all__ = ["Action", "ActionOption", "System", "Verdict", "available", "get", "invariant"]
