"""Frozen dataclass trees (a match, a judge's event) as plain JSON types, optionally sharing converted parts.

A save converts a few states at once (a restored match: every segment's state and the head's); consecutive
states share most of their parts by identity (the dials, the rolls so far, the rules, every unit no event
touched), so a memo over those conversions does each shared part once.
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any

Memo = dict[int, tuple[Any, Any]]  # id(part) -> (part, its JSON); holding the part keeps its id from being reused


_UNSET = (("position", ""), ("reserve_reason", ""), ("turn_marks", []))
_LEAVES = frozenset({str, int, float, bool, type(None)})  # exactly these types are their own JSON (no call for them)


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def plain(value: Any, memo: Memo | None = None) -> Any:
    """`value` as dicts, lists and scalars (tuples become lists). With `memo`, the JSON of a tuple or dataclass
    met before (the same object) is returned again, not rebuilt: dump what comes back, don't change it."""
    # hand-rolled instead of dataclasses.asdict, which deep-copies every leaf: this runs on every save
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, dict):  # immutable only by convention: never remembered
        return {k: v if type(v) in _LEAVES else plain(v, memo) for k, v in value.items()}
    if isinstance(value, list):
        return [v if type(v) in _LEAVES else plain(v, memo) for v in value]
    if memo is not None:
        hit = memo.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
    if isinstance(value, tuple):
        out: Any = [v if type(v) in _LEAVES else plain(v, memo) for v in value]
    else:
        out = {}
        for name in _field_names(type(value)):
            v = getattr(value, name)
            out[name] = v if type(v) in _LEAVES else plain(v, memo)
        if "position" in out:  # a unit: fields written only once set, so older matches and events stay as they were
            for key, empty in _UNSET:
                if out[key] == empty:
                    del out[key]
    if memo is not None:
        memo[id(value)] = (value, out)
    return out
