"""QR codes for share links: how large they get, splitting into a numbered sequence, and PNG pictures.

Error correction M (15 % of a code may be smudged or glared away). A code up to version 25 (117 modules a
side) still scans from a phone screen at arm's length; a longer match becomes several codes of near-equal
size that the reader collects in any order. PNGs are drawn by codes/render.py (zlib only: works on phones).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.share.codes.render import grid, png_of
from companion.share.errors import CodeTooLarge
from companion.share.text import CHUNK, split_link, to_parts, to_text

MAX_VERSION = 25  # one comfortable code
MAX_PARTS = 16
QUIET_ZONE = 4  # modules of white around the code, as the standard asks
TARGET_PIXELS = 800  # the PNG's side, about; Flet scales it to the screen

if TYPE_CHECKING:  # loaded by the first code planned or drawn: qrcode brings PIL, which the first screen never needs
    import qrcode


@dataclass(frozen=True)
class CodePlan:
    """The link texts of one share (one, or a sequence) and the QR version each needs."""

    texts: tuple[str, ...]
    versions: tuple[int, ...]

    @property
    def parts(self) -> int:
        return len(self.texts)

    @property
    def version(self) -> int:
        """The largest version among the parts."""
        return max(self.versions)


def _qr(text: str) -> qrcode.QRCode:
    """A QR code holding the link: the lower-case head in byte mode, digits in numeric mode, the rest (a part's
    index, old Base32 codes) in alphanumeric mode."""
    import qrcode
    from qrcode.constants import ERROR_CORRECT_M
    from qrcode.util import MODE_8BIT_BYTE, MODE_ALPHA_NUM, MODE_NUMBER, QRData

    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=QUIET_ZONE)
    head, *rest = split_link(text)
    qr.add_data(QRData(head.encode("ascii"), mode=MODE_8BIT_BYTE))
    for piece in rest:
        qr.add_data(QRData(piece.encode("ascii"), mode=MODE_NUMBER if piece.isdigit() else MODE_ALPHA_NUM))
    return qr


def _fitted(text: str) -> qrcode.QRCode:
    """The QR code for a link with its version already known (plan found it: no second search)."""
    qr = _qr(text)
    qr.version = version_of(text)
    return qr


@functools.lru_cache(maxsize=64)
def version_of(text: str) -> int:
    """The smallest QR version (1-40) at ECC M that holds the link; 41 when none does."""
    from qrcode.exceptions import DataOverflowError

    try:
        return int(_qr(text).best_fit())
    except (DataOverflowError, ValueError):  # qrcode raises ValueError when its second guess passes 40
        return 41


def plan(data: bytes, max_version: int = MAX_VERSION) -> CodePlan:
    """One code when the match fits within `max_version`, else the fewest parts that each fit."""
    text = to_text(data)
    version = version_of(text)
    if version <= max_version:
        return CodePlan((text,), (version,))
    for total in range(2, MAX_PARTS + 1):
        if -(-len(data) // CHUNK) < total:
            break
        texts = to_parts(data, total)
        versions = tuple(version_of(t) for t in texts)
        if max(versions) <= max_version:
            return CodePlan(tuple(texts), versions)
    raise CodeTooLarge(f"this match is too large for {MAX_PARTS} QR codes; share it as a file instead")


def png(text: str, target_pixels: int = TARGET_PIXELS) -> bytes:
    """The link as a black-on-white PNG about `target_pixels` wide, quiet zone included (codes/render.py)."""
    rows = grid(_fitted, text)
    return png_of(rows, max(2, target_pixels // len(rows)))
