"""Sharing for the screens and the CLI: a match's codes and their QR pictures, reading scanned or pasted codes,
what an import would do, importing by the merge rules, and judges' table timers as codes.

See `companion.share` for the walk-through; errors are ShareError subclasses (CompanionError) worded for players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.errors import CompanionError
from companion.core.lazy import lazy_exports

# Loaded when first used: the first screen asks only `is_share_route`, and reading a code needs no QR library.
__getattr__ = lazy_exports(__name__, {
    "companion.session.sharing.keeping": ("import_shared", "library_for", "local_copy", "read_collected",
                                          "share_match"),
    "companion.share": ("Choice", "ChoiceNeeded", "CodePlan", "Collector", "IncompleteCode", "NoCodeFound",
                        "Progress", "ScanUnavailable", "SharedMatch", "compare", "decode", "encode", "plan", "png"),
    "companion.share.errors": ("CodeTooLarge", "NotOurCode"),
    "companion.share.text": ("read_text",),
    "companion.share.timer_code": ("read_timer_link", "timer_link"),
})

if TYPE_CHECKING:
    from companion.session.sharing.keeping import (
        import_shared,
        library_for,
        local_copy,
        read_collected,
        share_match,
    )
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
    )
    from companion.share.errors import CodeTooLarge, NotOurCode
    from companion.share.text import read_text
    from companion.share.timer_code import read_timer_link, timer_link


def is_share_route(route: str | None) -> bool:
    """A shared link opened from the phone's camera app arrives as the route "/<code>" (a deep link)."""
    if not route or route == "/":
        return False
    from companion.share.force_code import is_force_link
    from companion.share.text import read_text
    from companion.share.timer_code import is_timer_link

    if is_timer_link(route) or is_force_link(route):
        return True
    try:
        read_text(route)
    except CompanionError:
        return False
    return True


__all__ = [
    "Choice", "ChoiceNeeded", "CodePlan", "CodeTooLarge", "Collector", "IncompleteCode", "NoCodeFound", "NotOurCode",
    "Progress", "ScanUnavailable", "SharedMatch", "compare", "decode", "encode", "import_shared", "is_share_route",
    "library_for", "local_copy", "plan", "png", "read_collected", "read_text", "read_timer_link",
    "share_match", "timer_link",
]
