"""Reading what people type (minutes, points, ports, event data) into checked values, one clear message each.

The app's fields and the command line share these, so both refuse the same input with the same words before
any work starts or anything is stored.
"""

from __future__ import annotations

import json
import math
from typing import Any

from companion.core.errors import CompanionError
from companion.core.limits import EVENT_DATA_BYTES, EVENT_DATA_DEPTH, IMPORT_BYTES, QUERY_CHARS

__all__ = ["IMPORT_BYTES", "QUERY_CHARS", "BadInput", "event_data", "minutes", "minutes_to_seconds", "points",
           "port", "query", "whole"]

MAX_MINUTES = 24 * 60  # a day: beyond any round or extension (the event checks its own tighter bounds)
MAX_POINTS_DIGITS = 6  # VP and build totals: 999,999 is far past any game's score


class BadInput(CompanionError):
    """Typed input that is not what the field asks for."""


def minutes(text: str | float) -> float:
    """Minutes as a number above zero and at most a day ("1.5" and "1,5" are a minute and a half)."""
    try:
        value = float(text.strip().replace(",", ".")) if isinstance(text, str) else float(text)
    except (ValueError, OverflowError):
        raise BadInput(f"{str(text)[:40]!r} is not a number of minutes (e.g. 2 or 1.5)") from None
    if not math.isfinite(value) or value <= 0:
        raise BadInput("give the minutes to add, above zero")
    if value > MAX_MINUTES:
        raise BadInput(f"at most {MAX_MINUTES} minutes (a day)")
    return value


def minutes_to_seconds(text: str | float) -> int:
    """Whole seconds for a number of minutes; at least one."""
    return max(1, round(minutes(text) * 60))


def whole(text: str, digits: int = 9) -> int | None:
    """A whole number typed in a field ("-3", "12"), or None: ASCII digits only ("²" and "١٢" are not), bounded."""
    clean = text.strip()
    body = clean[1:] if clean.startswith("-") else clean
    if not body.isascii() or not body.isdigit() or len(body) > digits:
        return None
    return int(clean)


def whole_between(text: str, what: str, low: int, top: int) -> int:
    """A whole number from `low` to `top` typed in the digits 0-9 ("²", "①", "٣" refused, never guessed): the
    judge's result form and the player's page ask their VP and places through this one check."""
    value = whole(text, digits=6)
    if value is None or not low <= value <= top:
        raise BadInput(f"{what}: type a whole number from {low} to {top} in the digits 0-9.")
    return value


def points(text: str, what: str = "points") -> int:
    """A whole number of points, 0 to 999,999."""
    clean = text.strip()
    if not clean.isascii() or not clean.isdigit() or len(clean) > MAX_POINTS_DIGITS:
        raise BadInput(f"{what}: give a whole number from 0 to {10 ** MAX_POINTS_DIGITS - 1:,}")
    return int(clean)


def port(text: str | int) -> int:
    """A TCP port to serve on: 1 to 65535."""
    clean = str(text).strip()
    if not clean.isascii() or not clean.isdigit() or not 1 <= int(clean[:6]) <= 65535:
        raise BadInput(f"{clean[:40]!r} is not a port: give a number from 1 to 65535")
    return int(clean)


def event_data(text: str) -> dict[str, Any]:
    """An event's data typed as a JSON object, within the size and nesting limits of one event."""
    if len(text.encode("utf-8", "surrogatepass")) > EVENT_DATA_BYTES:
        raise BadInput(f"the event's data is larger than {EVENT_DATA_BYTES // 1024} KB")
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadInput(f"the event's data is nested more than {EVENT_DATA_DEPTH} deep") from None
    except ValueError as exc:
        raise BadInput(f"the event's data is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise BadInput("the event's data must be a JSON object, e.g. '{\"unit\": \"u1\", \"amount\": 2}'")
    return data


def query(text: str) -> str:
    """A rules search, refused when longer than any honest question (it would only cost time)."""
    if len(text) > QUERY_CHARS:
        raise BadInput(f"a rules search is at most {QUERY_CHARS} characters; this one has {len(text):,}")
    return text
