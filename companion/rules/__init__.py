"""Game systems: `get("halo-actionclix")` gives the system object the app asks for legal actions and reasons.

Each system subclasses `companion.rules.base.System` (the app asks it, nowhere else, what differs between
games); its rules text and numbers live in content/<system>/.
The registry below knows each system's id, name and where its class lives without importing it: a system (and
its dice engines, packs ...) loads the first time a match of it is in hand, not when the app or a command starts.
Importing the registry loads not even the systems' base (`System`, `Action` ... load when first named, with it
the force checks, dice and pack schema): a list of matches names their games and turns from this module alone.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from companion.core.errors import IllegalAction, UnknownSystem
from companion.core.lazy import lazy_exports

if TYPE_CHECKING:
    from companion.core.model import Match
    from companion.rules.action import Action, ActionOption, Verdict
    from companion.rules.base import System

__getattr__ = lazy_exports(__name__, {"companion.rules.action": ("Action", "ActionOption", "Verdict"),
                                      "companion.rules.base": ("System",)})


@dataclass(frozen=True)
class Registered:
    """A system as the registry knows it before it is loaded: tests/unit/test_lazy_imports.py checks each against
    the class it names."""

    id: str
    name: str
    module: str  # the module that defines the system's class
    cls: str
    turn_phases: int = 1  # the match's turns in one of the game's turns (its `game_turn`), for lists of matches


SYSTEMS: tuple[Registered, ...] = (
    Registered("armageddon-empires", "Armageddon Empires", "companion.rules.empires.system", "ArmageddonEmpires"),
    Registered("halo-actionclix", "Halo ActionClix", "companion.rules.halo.system", "HaloActionClix"),
    Registered("heroclix-skirmish", "HeroClix Skirmish", "companion.rules.skirmish.system", "HeroClixSkirmish"),
    Registered("killer-of-the-maze", "The Killer of the Maze", "companion.rules.maze.system", "KillerOfTheMaze",
               turn_phases=2),
    Registered("scarab", "The Scarab", "companion.rules.scarab.system", "Scarab"),
)
_BY_ID = {s.id: s for s in SYSTEMS}
FIRST = "halo-actionclix"  # the game the New match screen offers first (the most played)
# the game of a judged event unless the judge picks another, and of every event stored before events named theirs
JUDGED_FIRST = "heroclix-skirmish"


def game_turn(system_id: str, turn: int) -> int:
    """The game's turn holding the match's `turn`, as `System.game_turn` says it, without loading the system (a list
    of matches shows it): a game whose turn holds each side's phase ends the match's turn at each phase's end."""
    phases = _BY_ID[system_id].turn_phases if system_id in _BY_ID else 1
    return (turn + phases - 1) // phases


@cache
def _factory(system_id: str) -> type[System]:
    entry = _BY_ID[system_id]
    return getattr(importlib.import_module(entry.module), entry.cls)  # type: ignore[no-any-return]


def get(system_id: str, *, plain: bool = False) -> System:
    """The game system of `system_id`; UnknownSystem when none is written for it yet, or with `plain` the plain
    base system (no helper actions, the core's defaults) that a pack without a helper plays by."""
    if system_id not in _BY_ID:
        if plain:
            return _plain(system_id)
        raise UnknownSystem(f"the rules helper doesn't know {system_id!r} yet; it knows {', '.join(available())}")
    return _system(system_id)


# One object per game system for the whole process. A system keeps no match's state, only what it reads once
# from its pack (its token words, its house-rule options: rules/base.py); a new object per call read the pack
# again each time, a scan of every pack folder (a table's tap asked 20 times per card: benchmarks/ui.py).
@cache
def _system(system_id: str) -> System:
    return _factory(system_id)()


@cache
def _plain(system_id: str) -> System:
    from companion.rules.base import System

    system = System()
    system.id = system_id  # named for its messages; the core's defaults otherwise
    return system


def available() -> tuple[str, ...]:
    return tuple(sorted(_BY_ID))


def invariant(system_id: str) -> Callable[[Match], None] | None:
    """What the reducer checks on every state of a match of this system (None: only the core's checks); the
    reducer asks once per system and keeps the answer."""
    return get(system_id, plain=True).invariant()


def reactions(system_id: str) -> System:
    """What the core's events ask a match's system (core.match.reactions): its pack's tokens, turn marks and
    reserve reasons, and its rules about them; the plain base system for a pack without a helper."""
    return get(system_id, plain=True)


def refuse_change(before: Match, after: Match) -> None:
    """IllegalAction when the match's system forbids the change from `before` to `after` (`System.check_change`,
    e.g. the Maze's carry restrictions).
    The session asks it for every new event whatever its path; history already stored replays as it is (undo,
    restore, share codes), so a match saved before a rule was checked still opens."""
    try:
        system = get(before.system)
    except UnknownSystem:
        return  # a pack without a rules helper: the core's checks are all there is
    refusal = system.check_change(before, after)
    if refusal:
        raise IllegalAction(*refusal)


__all__ = ["FIRST", "SYSTEMS", "Action", "ActionOption", "Registered", "System", "Verdict", "available", "get",
           "invariant", "reactions", "refuse_change"]
