"""Sharing for the screens and the CLI: a match's code(s) and their QR pictures, reading scanned or pasted codes,
what an import would do, importing by the merge rules, and judges' table timers as codes.

See `companion.share` for the walk-through; errors are ShareError subclasses (CompanionError) worded for players.
"""

from __future__ import annotations

from companion.core.errors import CompanionError
from companion.session.sharing.keeping import import_shared, library_for, local_copy, read_collected, share_match
from companion.share import (
    Choice,
    ChoiceNeeded,
    CodePlan,
    Collector,
    IncompleteCode,
    NoCodeFound,
    Progress,
    ScanUnavailable,
    SharedMatch,
    compare,
    decode,
    encode,
    plan,
    png,
    read_text,
)
from companion.share.errors import CodeTooLarge, NotOurCode
from companion.share.timer_code import is_timer_link, read_timer_link, timer_link


def is_share_route(route: str | None) -> bool:
    """A shared link opened from the phone's camera app arrives as the route "/<code>" (a deep link)."""
    if not route or route == "/":
        return False
    if is_timer_link(route):
        return True
    try:
        read_text(route)
    except CompanionError:
        return False
    return True


__all__ = [
    "Choice", "ChoiceNeeded", "CodePlan", "CodeTooLarge", "Collector", "IncompleteCode", "NoCodeFound", "NotOurCode",
    "Progress", "ScanUnavailable", "SharedMatch", "compare", "decode", "encode", "import_shared", "is_share_route",
    "is_timer_link", "library_for", "local_copy", "plan", "png", "read_collected", "read_text", "read_timer_link",
    "share_match", "timer_link",
]
