"""Sharing a match between devices by QR code or link: what the app and the CLI call.

    plan = share_match(session, match_id)           # CodePlan: .texts (links), .versions, .parts
    picture = png(plan.texts[0])                     # PNG bytes for ft.Image(src=...)
    collector = Collector(); collector.add(text)     # scanned or pasted links, in any order -> Progress "2 of 3"
    collector.add_image(path_or_png_bytes)           # the codes in a photo or screenshot (zxing-cpp extra)
    shared = read_collected(session, collector)      # SharedMatch (checked, replayed; turn codes onto our copy)
    encode_turn(shared, base, library)               # a turn code: the events after the first `base`
    compare(local_copy(session, shared.id), shared)  # what an import would do, to ask the person first
    import_shared(session, shared, choice)           # store it by the merge rules

Errors are ShareError subclasses (CompanionError) with messages meant for the person holding the phone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.lazy import lazy_exports

# Each name loads its module when first used: reading a code needs no QR library, the first screen none of this.
__getattr__ = lazy_exports(__name__, {
    "companion.share.codec": ("decode", "encode"),
    "companion.share.codes.turns": ("base_check", "encode_turn", "read_any"),
    "companion.share.collect": ("Collector", "Progress"),
    "companion.share.errors": ("ChoiceNeeded", "DamagedCode", "IncompleteCode", "InvalidSharedMatch", "MissingPack",
                               "NewerCode", "NoCodeFound", "NotOurCode", "ScanUnavailable", "ShareError",
                               "TurnCodeNeedsBase"),
    "companion.share.library": ("Library",),
    "companion.share.merge": ("Choice", "Comparison", "ImportResult", "Relation", "compare", "import_shared",
                              "local_copy"),
    "companion.share.payload": ("SharedMatch",),
    "companion.share.qr": ("CodePlan", "plan", "png"),
    "companion.share.scan": ("read_image",),
    "companion.share.text": ("read_text",),
})

if TYPE_CHECKING:
    from companion.share.codec import decode, encode
    from companion.share.codes.turns import base_check, encode_turn, read_any
    from companion.share.collect import Collector, Progress
    from companion.share.errors import (
        ChoiceNeeded,
        DamagedCode,
        IncompleteCode,
        InvalidSharedMatch,
        MissingPack,
        NewerCode,
        NoCodeFound,
        NotOurCode,
        ScanUnavailable,
        ShareError,
        TurnCodeNeedsBase,
    )
    from companion.share.library import Library
    from companion.share.merge import Choice, Comparison, ImportResult, Relation, compare, import_shared, local_copy
    from companion.share.payload import SharedMatch
    from companion.share.qr import CodePlan, plan, png
    from companion.share.scan import read_image
    from companion.share.text import read_text


def library_for(session: Any) -> Library:
    """The packs a session knows (built in and the user's own): what a code may leave out."""
    from companion.share.library import Library

    return Library.load(tuple(session.user_pack_dirs))


def share_match(session: Any, match_id: str, *, history: bool = True) -> CodePlan:
    """The code(s) for a stored match. Without history the code is smaller, but a device that already has the
    match can't merge it event by event (it will ask keep mine / take theirs / keep both)."""
    from companion.share.codec import encode
    from companion.share.payload import SharedMatch
    from companion.share.qr import plan

    shared = SharedMatch.from_export(session.export(match_id))
    return plan(encode(shared if history else shared.squashed(), library_for(session)))


def read_collected(session: Any, collector: Collector) -> SharedMatch:
    """The match in a complete set of scanned texts (raises IncompleteCode while parts are missing). A turn
    code is read onto this device's copy of its match; TurnCodeNeedsBase says when that copy lacks the point
    it continues from (nothing is stored: ask for the whole code)."""
    from companion.share.codes.turns import read_any
    from companion.share.merge import local_copy

    return read_any(collector.data(), library_for(session), lambda match_id: local_copy(session, match_id))


__all__ = [
    "ChoiceNeeded", "Choice", "CodePlan", "Collector", "Comparison", "DamagedCode", "ImportResult", "IncompleteCode",
    "InvalidSharedMatch", "Library", "MissingPack", "NewerCode", "NoCodeFound", "NotOurCode", "Progress", "Relation",
    "ScanUnavailable", "ShareError", "SharedMatch", "compare", "decode", "encode", "import_shared", "library_for",
    "local_copy", "plan", "png", "read_collected", "read_image", "read_text", "share_match", "TurnCodeNeedsBase",
    "base_check", "encode_turn", "read_any",
]
