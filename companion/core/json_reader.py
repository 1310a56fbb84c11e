"""Reading plain JSON into typed values, with errors that name the offending field (`units[2].dial[0].stats`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from companion.core.errors import InvalidMatch

T = TypeVar("T")
_MISSING = object()
_WORDS = frozenset({str})


class Reader:
    """Reads one JSON object with type checks that name the offending field."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, dict):
            raise InvalidMatch(f"{path}: expected an object, got {type(data).__name__}")
        self.data = data
        self.path = path

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        value = self.data.get(key, _MISSING)
        if type(value) is kind:  # by far the most common: exactly the kind asked (a bool is never an int here)
            return value
        if value is _MISSING:
            if default is ...:
                raise InvalidMatch(f"{self.path}.{key}: missing")
            return default
        kinds = kind if isinstance(kind, tuple) else (kind,)
        # bool is an int in Python; never accept it where a number is meant, or the other way round
        ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
        if float in kinds and isinstance(value, int) and not isinstance(value, bool):
            ok = True
        if not ok:
            names = " or ".join(k.__name__ for k in kinds)
            raise InvalidMatch(f"{self.path}.{key}: expected {names}, got {type(value).__name__}")
        return value

    def items(self, key: str, read: Callable[[Any, str], T], default: Any = ...) -> tuple[T, ...]:
        values = self.get(key, list, [] if default is not ... else ...)
        return tuple(read(v, f"{self.path}.{key}[{i}]") for i, v in enumerate(values))

    def mapping(self, key: str, value_kinds: tuple[type, ...]) -> dict[str, Any]:
        raw = self.get(key, dict, {})
        # parsed JSON: words for keys, values of exactly the kinds asked (a click's stats: one per unit and click),
        # their types gathered in C
        if _WORDS.issuperset(map(type, raw)) and frozenset(value_kinds).issuperset(map(type, raw.values())):
            return dict(raw)
        out: dict[str, Any] = {}
        for k, v in raw.items():
            Reader({k: v}, f"{self.path}.{key}").get(k, value_kinds)
            out[str(k)] = v
        return out
