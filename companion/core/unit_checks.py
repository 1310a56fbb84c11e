"""Two helpers of the unit checks in `model.validate`: which units of a state are new since the last state that
passed, and why a unit's tokens break their limits."""

from __future__ import annotations

from itertools import compress
from operator import is_not
from typing import TYPE_CHECKING

from companion.core.errors import InvalidMatch

if TYPE_CHECKING:
    from companion.core.model import Unit


def changed_in_place(units: tuple[Unit, ...], last: tuple[Unit, ...]) -> list[tuple[Unit, Unit]] | None:
    """The units of `units` that are not those of `last` (the units of the last state that passed, in the same
    context), each with the unit of `last` in its place, when each has the id of that unit: then no two share an
    id, as in `last`, and the others passed. None when the tuples differ otherwise (a unit added, removed or
    moved)."""
    if units is last:
        return []
    if len(units) != len(last):
        return None
    moved = list(map(is_not, units, last))  # compared by identity, in C: an event changes one unit or a few
    if moved.count(True) == 1:  # the most common by far: the quickest way to it
        at = moved.index(True)
        return [(units[at], last[at])] if units[at].id == last[at].id else None
    pairs = list(zip(compress(units, moved), compress(last, moved), strict=True))
    return pairs if all(new.id == old.id for new, old in pairs) else None


def refuse_tokens(u: Unit, limits: dict[str, int | None]) -> None:
    """The reason a unit's tokens break their limits (which validate found, checking them all at once)."""
    tokens = u.tokens
    for kind, count in vars(tokens).items():  # the fields of Tokens: model.TOKEN_KINDS, in order
        limit = limits.get("action" if kind == "action_last" else kind)
        if count < 0 or (limit is not None and kind == "action" and tokens.action + tokens.action_last > limit):
            raise InvalidMatch(f"{u.name}: {kind} tokens out of range")
        if limit is not None and kind in ("upgrade", "grenade") and count > limit:
            raise InvalidMatch(f"{u.name}: more {kind} tokens than the limit of {limit}")
