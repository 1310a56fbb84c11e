"""Typed errors for sharing: each message tells a player what happened and what to do."""

from __future__ import annotations

from companion.core.errors import CompanionError


class ShareError(CompanionError):
    """Base of every error raised while reading, writing or importing a shared match."""


class NotOurCode(ShareError):
    """Text or bytes that are not a Tabletop Companion code at all."""

    def __init__(self, what: str = "this") -> None:
        super().__init__(f"{what} is not a Tabletop Companion match code")


class NewerCode(ShareError):
    """A code written by a newer version of the app (a format this app can't read yet)."""

    def __init__(self) -> None:
        super().__init__("this code was made by a newer version of Tabletop Companion: update the app to read it")


class DamagedCode(ShareError):
    """A code of ours whose content fails its checksum or structure checks (mistyped, cut short, damaged)."""


class CodeTooLarge(ShareError):
    """Input beyond the size limits (checked before any decompression)."""


class InvalidSharedMatch(ShareError):
    """The code reads, but the match in it breaks the rules of the model or its history does not replay."""


class MissingPack(ShareError):
    """The match needs a rule pack (or pack version) this app doesn't have."""


class ScanUnavailable(ShareError):
    """Reading codes from images needs the optional zxing-cpp and Pillow packages."""

    def __init__(self) -> None:
        super().__init__("reading QR codes from pictures needs the scan extra: "
                         "pip install 'tabletop-companion[scan]'")


class NoCodeFound(ShareError):
    """An image in which no Tabletop Companion QR code could be read."""


class IncompleteCode(ShareError):
    """A code in several parts of which some are still missing."""


class ChoiceNeeded(ShareError):
    """An import whose history differs from the local copy: keep mine, take theirs or keep both."""


class TurnCodeNeedsBase(ShareError):
    """A turn code read without the match it continues, or next to a copy that lacks the point it starts from."""
