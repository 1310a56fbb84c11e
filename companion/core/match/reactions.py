"""What a game system adds to the core's handling of a few events: its words and its rules about them.

The core keeps tokens, turn marks and reserve reasons as the short words a pack declares, and can't import the
systems; so whoever knows them hands the core a lookup by system id (`react_with`, which the session does when
it is built: session/wiring.py), and the handlers in `events` ask the match's system here: may this unit take
this token, this mark, this reason, and what does a unit entering the table hold. Without a lookup (or for a
system it doesn't know) the core's own handling is all there is.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.model import Match, Unit


class Reactions:
    """A system's part in the core's events; this base adds nothing (rules.base.System overrides it)."""

    def token_change_refusal(self, state: Match, unit: Unit, kind: str, delta: int) -> str | None:
        """Why `unit` can't be given (`delta` > 0) or lose `delta` tokens of `kind` now, None when it can: the
        kinds its pack declares, and the system's rules about giving them (an action after a weapon swap)."""
        return None

    def mark_refusal(self, state: Match, unit: Unit, mark: str) -> str | None:
        """Why `unit` can't be marked `mark` (a word its pack doesn't declare), None when it can."""
        return None

    def reason_refusal(self, state: Match, unit: Unit, reason: str) -> str | None:
        """Why `reason` is no reason for `unit` to be in the reserves (its pack doesn't declare it), None if it is."""
        return None

    def entering(self, state: Match, unit: Unit) -> Unit:
        """A unit as it enters the match (an `add_unit`): what its card gives it on the table (a token)."""
        return unit


NONE = Reactions()
ReactionLookup = Callable[[str], Reactions | None]
_LOOKUP: list[ReactionLookup] = []
_BY_SYSTEM: dict[str, Reactions] = {}  # asked once per system: a replay pays one dict look-up an event


def react_with(lookup: ReactionLookup) -> None:
    """Have the core's events ask the match's system, as `lookup` gives it by system id, from now on."""
    _LOOKUP[:] = [lookup]
    _BY_SYSTEM.clear()


def reactions(system: str) -> Reactions:
    """The reactions of the match's system (the base's, adding nothing, when no lookup was handed in)."""
    try:
        return _BY_SYSTEM[system]
    except KeyError:
        found = _LOOKUP[0](system) if _LOOKUP else None
        _BY_SYSTEM[system] = found = found if found is not None else NONE
        return found
