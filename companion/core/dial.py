"""A combat dial's own invariant, checked with the rest of a match's (core/model.py, validate)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.errors import InvalidMatch


def validate_dial(name: str, dial: Sequence[Any], cyclic: bool) -> None:
    """A dial needs at least one click; a non-cyclic dial ends on its only KO click."""
    if not dial:
        raise InvalidMatch(f"{name}: a dial needs at least one click")
    if cyclic:
        if any(c.ko for c in dial):
            raise InvalidMatch(f"{name}: a dial that turns round has no KO click")
        return
    if len(dial) < 2 or not dial[-1].ko or any(c.ko for c in dial[:-1]):
        raise InvalidMatch(f"{name}: the dial must end with exactly one KO click after at least one live click")
