"""The one fast path for frozen dataclasses: a cheaper `replace`, and `made` for building one from its fields.

Replaying a log builds a new state per event (a restore replays every stored match in full, and reads every
event of a backup), so these run hundreds of thousands of times; `replace` gives exactly the result of
`dataclasses.replace` (tests/property/test_fast_replay.py), `made` what __init__ would set. Both fill a NEW
instance before anyone holds it: nothing here writes into an instance already made. `benchmarks/backup.py`'s
one-process restore is the figure that justifies them.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def _plain_fields(cls: type) -> tuple[int, frozenset[str]] | None:
    """How many fields a dataclass has, and their names, when `replace` may copy them without __init__."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    if getattr(cls.__init__, "__code__", None) is None or cls.__init__.__code__.co_filename != "<string>":
        return None  # a hand-written __init__ (dataclasses generates its own from source text: "<string>")
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields) or len(fields) != len(cls.__dataclass_fields__):
        return None  # init=False fields or InitVars: only __init__ knows what to do
    return len(fields), frozenset(f.name for f in fields)


_PLAIN: dict[type, tuple[int, frozenset[str]] | None] = {}  # _plain_fields without @cache's hashing
_new, _set = object.__new__, object.__setattr__


def replace(obj: T, /, **changes: Any) -> T:
    """dataclasses.replace for a plain (frozen) dataclass without running __init__ field by field.

    The same result: every field copied from `obj` except `changes`; anything unusual (an unknown field name,
    __post_init__, slots, InitVar, an attribute besides the fields) goes to dataclasses.replace, which also raises
    its usual errors. An instance holds each of its fields (set by __init__ or by this, and a frozen one can't
    lose one), so one attribute more than the fields shows in the count alone: no need to compare the names.
    """
    cls = type(obj)
    try:
        plain = _PLAIN[cls]
    except KeyError:
        plain = _PLAIN[cls] = _plain_fields(cls)
    old = obj.__dict__
    if plain is None or len(old) != plain[0] or not plain[1].issuperset(changes):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    fields = old.copy()  # in field order, as __init__ (or this) set them
    fields.update(changes)
    return made(cls, fields)


def made(cls: type[T], fields: dict[str, Any]) -> T:
    """A new instance of the plain frozen dataclass `cls` holding `fields` (every field, in field order, as
    __init__ would set them) without __init__'s frozen setattr per field. The caller vouches for the fields."""
    new = _new(cls)
    _set(new, "__dict__", fields)
    return new
