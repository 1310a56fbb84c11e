"""Sharing a match between devices by QR code or link: the bytes and the pictures. Taking a session's match
into a code, and storing a code's match by the merge rules, are the session's (session/sharing/keeping.py).

    plan(encode(shared, library))                   # CodePlan: .texts (links), .versions, .parts
    picture = png(plan.texts[0])                     # PNG bytes for ft.Image(src=...)
    collector = Collector(); collector.add(text)     # scanned or pasted links, in any order -> Progress "2 of 3"
    collector.add_image(path_or_png_bytes)           # the codes in a photo or screenshot (zxing-cpp extra)
    shared = read_any(collector.data(), library, local_copy)  # SharedMatch (checked; turn codes onto a copy)
    encode_turn(shared, base, library)               # a turn code: the events after the first `base`
    compare(mine, shared)                            # what an import would do, to ask the person first

Errors are ShareError subclasses (CompanionError) with messages meant for the person holding the phone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    "companion.share.merge": ("Choice", "Comparison", "Relation", "compare"),
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
    from companion.share.merge import Choice, Comparison, Relation, compare
    from companion.share.payload import SharedMatch
    from companion.share.qr import CodePlan, plan, png
    from companion.share.scan import read_image
    from companion.share.text import read_text

__all__ = [
    "ChoiceNeeded", "Choice", "CodePlan", "Collector", "Comparison", "DamagedCode", "IncompleteCode",
    "InvalidSharedMatch", "Library", "MissingPack", "NewerCode", "NoCodeFound", "NotOurCode", "Progress", "Relation",
    "ScanUnavailable", "ShareError", "SharedMatch", "compare", "decode", "encode", "plan", "png", "read_image",
    "read_text", "TurnCodeNeedsBase", "base_check", "encode_turn", "read_any",
]
