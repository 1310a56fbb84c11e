"""What a game system forbids in any change to a match, checked for every new event whatever its path (the
helper's actions, a counter set on a unit card, `companion match event`, a live table's seat).

A system that has such rules gives `check_change(before, after) -> (reason, rule id) | None`; the session asks it
before it stores a new event. History already stored is replayed as it is (undo, restore, share codes), so a
match saved before a rule was checked still opens.
"""

from __future__ import annotations

from companion.core.errors import IllegalAction, UnknownSystem
from companion.core.model import Match


def refuse_change(before: Match, after: Match) -> None:
    """IllegalAction with the system's reason when the match's rules forbid going from `before` to `after`."""
    from companion.rules import get  # the systems, only once a match changes

    try:
        system = get(before.system)
    except UnknownSystem:
        return  # a pack without a rules helper: the core's checks are all there is
    check = getattr(system, "check_change", None)
    refusal = check(before, after) if check is not None else None
    if refusal:
        raise IllegalAction(*refusal)
