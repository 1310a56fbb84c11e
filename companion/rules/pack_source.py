"""Where the rules get pack data: rules read no files, so whoever reads packs (the session, when it is built:
session/wiring.py) hands their data in through this source, by system id.

Its own module, not the systems' base, so that wiring a session loads no rule system, dice or pack schema (the
app's first frame and `match list` need none of them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.core.errors import UnknownSystem

if TYPE_CHECKING:
    from companion.core.packs.load import Pack

_PACK_SOURCE: list[Callable[[str], Pack]] = []


def install_pack_source(source: Callable[[str], Pack]) -> None:
    _PACK_SOURCE[:] = [source]


def pack_of(system_id: str) -> Pack:
    """The rule pack of a system, as handed in (its tables, items, sequences)."""
    if not _PACK_SOURCE:
        raise UnknownSystem(f"no rule packs were handed to the rules (asked for {system_id!r})")
    return _PACK_SOURCE[0](system_id)
