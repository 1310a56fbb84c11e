"""Helpers of the unit checks in `model.validate`: which units of a state are new since the last state that
passed, and whether (and why) a unit's tokens break their limits."""

from __future__ import annotations

from itertools import compress
from operator import is_not
from typing import TYPE_CHECKING

from companion.core.errors import InvalidMatch

if TYPE_CHECKING:
    from companion.core.model import Tokens, Unit

ACTION, ACTION_LAST = "action", "action_last"  # model.ACTION, model.ACTION_LAST (model imports this module)
MAX_KIND = 32  # a token kind is a short word of its pack, as a position is (model.MAX_POSITION)


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


def _undeclared(kind: str, limits: dict[str, int | None]) -> bool:
    """A kind the match's pack doesn't declare, where it declares any (the action's are always the core's)."""
    return bool(limits) and kind not in limits and kind not in (ACTION, ACTION_LAST) or len(kind) > MAX_KIND


def tokens_out_of_range(tokens: Tokens, limits: dict[str, int | None]) -> bool:
    """Whether a unit's tokens break the match's limits: fewer than none, more than the pack's limit (the action:
    this turn's and earlier ones together), or a kind the match's pack doesn't declare (when it declares any)."""
    for kind, count in tokens.items():
        if count < 0:
            return True
        if not count:
            continue
        limit = limits.get(ACTION if kind == ACTION_LAST else kind)
        if limit is None:
            if _undeclared(kind, limits):
                return True
        elif (tokens[ACTION] + tokens[ACTION_LAST] if kind in (ACTION, ACTION_LAST) else count) > limit:
            return True
    return False


def refuse_tokens(u: Unit, limits: dict[str, int | None]) -> None:
    """The reason a unit's tokens break their limits (which validate found with `tokens_out_of_range`)."""
    tokens = u.tokens
    for kind, count in tokens.items():
        limit = limits.get(ACTION if kind == ACTION_LAST else kind)
        if count < 0 or (limit is not None and kind == ACTION and tokens[ACTION] + tokens[ACTION_LAST] > limit):
            raise InvalidMatch(f"{u.name}: {kind} tokens out of range")
        if count and limit is None and _undeclared(kind, limits):
            raise InvalidMatch(f"{u.name}: this game has no {kind[:MAX_KIND]!r} tokens")
        if limit is not None and kind not in (ACTION, ACTION_LAST) and count > limit:
            raise InvalidMatch(f"{u.name}: more {kind} tokens than the limit of {limit}")
    raise InvalidMatch(f"{u.name}: action tokens out of range")
