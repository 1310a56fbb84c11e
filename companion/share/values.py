"""Small pieces of the byte layout: times as millisecond steps, trimmed positional arrays, checked reads.

Every read of decoded data goes through `want`/`seq`/`mapping`, which refuse wrong types with DamagedCode,
so the layout code never trusts what it was given.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from companion.share.errors import DamagedCode

T = TypeVar("T")
MAX_INT = 2**63  # ints beyond 64 bits are never ours (and huge ones are slow to print)
MAX_DEPTH = 16  # nesting of free-form event data


def damaged(what: str) -> DamagedCode:
    return DamagedCode(f"the code is damaged or not from this app ({what})")


# --- times ------------------------------------------------------------------------------------------


def time_code(seconds: float, anchor_ms: int) -> int | float:
    """A time as whole milliseconds after the anchor when that is exact (event times are), else the float."""
    ms = round(seconds * 1000)
    return ms - anchor_ms if abs(ms) < MAX_INT and ms / 1000 == seconds else float(seconds)


def read_time(value: Any, anchor_ms: int, what: str) -> float:
    if type(value) is int:
        return (anchor_ms + want_int(value, what)) / 1000
    return want_float(value, what)


def anchor_of(seconds: float) -> int:
    return round(seconds * 1000)


def number_code(value: float) -> int | float:
    """A float field as an int when it is whole (a timer's 600.0 seconds is one or three bytes, not nine)."""
    return int(value) if value.is_integer() and abs(value) < MAX_INT else value


# --- positional arrays ------------------------------------------------------------------------------


def trim(values: list[Any], required: int, defaults: Sequence[Any]) -> list[Any]:
    """Drop trailing optional values equal to their defaults (type-strict: 0, False and None differ).

    `values` holds `required` fields and then one per default; `pad` reads the result back.
    """
    n = len(values)
    while n > required and same(values[n - 1], defaults[n - 1 - required]):
        n -= 1
    return values[:n]


def pad(arr: Any, required: int, defaults: Sequence[Any], what: str) -> list[Any]:
    """Read a trimmed array: at least `required` items, at most `required + len(defaults)`, defaults filled in."""
    items = seq(arr, what)
    if not required <= len(items) <= required + len(defaults):
        raise damaged(f"{what}: {len(items)} fields")
    return [*items, *defaults[len(items) - required:]]


def same(a: Any, b: Any) -> bool:
    """Equality that also compares types, recursively (True != 1 != 1.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


# --- checked reads ----------------------------------------------------------------------------------


def want_int(value: Any, what: str, low: int = -MAX_INT, high: int = MAX_INT) -> int:
    if type(value) is not int or not low <= value <= high:
        raise damaged(f"{what}: expected a whole number")
    return value


def want_float(value: Any, what: str) -> float:
    if type(value) is int:
        value = float(want_int(value, what))
    if type(value) is not float or not math.isfinite(value):
        raise damaged(f"{what}: expected a number")
    return value


def want_str(value: Any, what: str) -> str:
    if type(value) is not str:
        raise damaged(f"{what}: expected text")
    return value


def want_bool(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise damaged(f"{what}: expected yes or no")
    return value


def seq(value: Any, what: str) -> list[Any]:
    if type(value) is not list:
        raise damaged(f"{what}: expected a list")
    return value


def seq_of(value: Any, read: Callable[[Any, str], T], what: str) -> list[T]:
    return [read(v, f"{what}[{i}]") for i, v in enumerate(seq(value, what))]


def mapping(value: Any, read: Callable[[Any, str], T], what: str) -> dict[str, T]:
    if type(value) is not dict:
        raise damaged(f"{what}: expected a table")
    return {want_str(k, what): read(v, f"{what}.{k}") for k, v in value.items()}


def json_value(value: Any, what: str, depth: int = 0) -> Any:
    """Free-form event data: plain JSON types only, bounded depth (no tags, bytes or odd keys)."""
    if depth > MAX_DEPTH:
        raise damaged(f"{what}: nested too deeply")
    if value is None or type(value) in (bool, str):
        return value
    if type(value) is int:
        return want_int(value, what)
    if type(value) is float:
        return want_float(value, what)
    if type(value) is list:
        return [json_value(v, what, depth + 1) for v in value]
    if type(value) is dict:
        return {want_str(k, what): json_value(v, what, depth + 1) for k, v in value.items()}
    raise damaged(f"{what}: unexpected {type(value).__name__}")


def pick(value: Any, names: Sequence[str], what: str) -> str:
    """A name from a fixed list sent as its position, or any other name sent as text."""
    if type(value) is int:
        if not 0 <= value < len(names):
            raise damaged(f"{what}: unknown code {value}")
        return names[value]
    return want_str(value, what)


def code(name: str, names: Sequence[str]) -> int | str:
    return names.index(name) if name in names else name
