"""What the session hands the layers below it when it is built, not when a module is imported: the reducer the
game systems' checks and reactions (core can't import the systems) and the rules their pack data (rules read no
files).

`wire()` runs once per process, from the first Session built (`Session.__init__`); the worker processes of a
restore build their own Session, so they are wired the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion import rules  # the registry alone: the systems load when a match of theirs is in hand
from companion.core.match.event_base import check_systems
from companion.core.match.reactions import react_with
from companion.rules.pack_source import install_pack_source

if TYPE_CHECKING:
    from companion.core.packs.load import Pack

_WIRED: list[bool] = []  # one entry once wired: a second Session finds the same wiring and adds nothing


def _get_pack(*args: Any, **kwargs: Any) -> Pack:
    """The pack loader's get_pack, loaded the first time a rule asks for pack data."""
    from companion.core.packs.load import get_pack

    return get_pack(*args, **kwargs)


def wire() -> None:
    """Hand the shared match reducer each system's invariant and the rules their pack source (once)."""
    if _WIRED:
        return
    # every event any path applies is checked by its match's system too (the reducer refuses a token a unit
    # doesn't take, whoever sends it)
    check_systems(rules.invariant)
    react_with(rules.reactions)  # the core's token, mark, reserve and add_unit events ask the match's system
    install_pack_source(_get_pack)  # the rules read pack data from here, never from files themselves
    _WIRED.append(True)
