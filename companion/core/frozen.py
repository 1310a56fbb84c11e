"""Speed for the frozen dataclasses of a state: a cheaper `replace`, and a memo of objects already checked.

Replaying a log builds a new state per event (a restore replays every stored match in full), so these run
hundreds of thousands of times; both give exactly the results of the slow way.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any, Generic, TypeVar

T = TypeVar("T")


@cache
def _plain_fields(cls: type) -> tuple[tuple[str, ...], frozenset[str]] | None:
    """A dataclass's field names (in order, and as a set) when `replace` may copy them without __init__."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    if getattr(cls.__init__, "__code__", None) is None or cls.__init__.__code__.co_filename != "<string>":
        return None  # a hand-written __init__ (dataclasses generates its own from source text: "<string>")
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields) or len(fields) != len(cls.__dataclass_fields__):
        return None  # init=False fields or InitVars: only __init__ knows what to do
    names = tuple(f.name for f in fields)
    return names, frozenset(names)


def replace(obj: T, /, **changes: Any) -> T:
    """dataclasses.replace for a plain (frozen) dataclass without running __init__ field by field.

    The same result: every field copied from `obj` except `changes`; anything unusual (an unknown field name,
    __post_init__, slots, InitVar) goes to dataclasses.replace, which also raises its usual errors.
    """
    cls = type(obj)
    plain = _plain_fields(cls)
    if plain is None or not plain[1].issuperset(changes):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    old = obj.__dict__
    new = object.__new__(cls)
    new.__dict__.update({name: old[name] for name in plain[0]}, **changes)  # field order, as __init__ sets them
    return new


class CheckedMemo(Generic[T]):
    """Which immutable objects already passed a check in a given context, by identity.

    The memo holds each object, so its id() can't be reused by another object while it is remembered; it is
    bounded (forgotten all at once when full) so replaying many matches doesn't grow it without end.
    """

    def __init__(self, limit: int = 4096) -> None:
        self.limit = limit
        self._seen: dict[int, tuple[T, Any]] = {}

    def passed(self, obj: T, context: Any) -> bool:
        entry = self._seen.get(id(obj))
        return entry is not None and entry[0] is obj and entry[1] == context

    def remember(self, obj: T, context: Any) -> None:
        if len(self._seen) >= self.limit:
            self._seen.clear()
        self._seen[id(obj)] = (obj, context)
