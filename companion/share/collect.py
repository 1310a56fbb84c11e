"""Collecting scanned texts into one code: a whole code at once, or the parts of a sequence in any order."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from companion.share.errors import IncompleteCode, NotOurCode
from companion.share.force_code import is_force_link
from companion.share.scan import read_image
from companion.share.text import PREFIX, Piece, b32, read_text


@dataclass(frozen=True)
class Progress:
    have: int
    total: int

    @property
    def done(self) -> bool:
        return self.have == self.total

    def __str__(self) -> str:
        return f"{self.have} of {self.total}"


@dataclass
class Collector:
    """Feed it every text the camera or the user gives; it keeps the parts of one code until all are in.

    Scanning the same part twice is harmless. A part of another code is refused (call `reset` to start over
    with that one) so two codes on a table never mix.
    """

    total: int = 0
    set_id: str = ""
    parts: dict[int, bytes] = field(default_factory=dict)
    force_link: str = ""  # a force code found in the last picture (force_code.py), for the scanner to keep

    def add(self, text: str) -> Progress:
        """Add one link text; raises NotOurCode or DamagedCode for text that is not a code of ours."""
        return self.add_piece(read_text(text))

    def add_image(self, source: bytes | str | Path) -> Progress:
        """Add the codes in a picture (a screenshot may hold several parts); other QR codes are skipped."""
        for piece in self.pieces_in_image(source):
            self.add_piece(piece)
        return self.progress

    def pieces_in_image(self, source: bytes | str | Path) -> list[Piece]:
        """The codes of ours in a picture, not yet added (a screenshot may hold several parts)."""
        pieces = []
        self.force_link = ""
        for text in read_image(source):
            try:
                pieces.append(read_text(text))
            except NotOurCode:
                if is_force_link(text):  # a saved force, not a match: its taker reads `force_link`
                    self.force_link = text
                continue
        if not pieces and not self.force_link:
            raise NotOurCode("the QR code in that picture")
        return pieces

    def add_piece(self, piece: Piece) -> Progress:
        if self.parts and (piece.total, piece.set_id) != (self.total, self.set_id):
            raise IncompleteCode(f"that code belongs to another match share (this one has {self.progress} "
                                 "parts); scan the rest of this one, or start over")
        self.total, self.set_id = piece.total, piece.set_id
        self.parts[piece.index] = piece.data
        return self.progress

    @property
    def progress(self) -> Progress:
        return Progress(len(self.parts), self.total)

    @property
    def missing(self) -> list[int]:
        return [i for i in range(1, self.total + 1) if i not in self.parts]

    def data(self) -> bytes:
        """The whole code's bytes once every part is in."""
        if not self.total or self.missing:
            missing = ", ".join(map(str, self.missing)) or "all"
            raise IncompleteCode(f"{self.progress} parts scanned; still missing part {missing}")
        return b"".join(self.parts[i] for i in range(1, self.total + 1))

    def reset(self) -> None:
        self.total, self.set_id = 0, ""
        self.parts.clear()


def part_link(piece: Piece) -> str:
    """The link of one part of a multi-part code, as its QR code holds it (what is kept between launches)."""
    return f"{PREFIX}{piece.index}-{piece.total}-{piece.set_id}-{b32(piece.data)}"
