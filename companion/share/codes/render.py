"""A code's picture fast: the module grid chosen with a quick mask score, drawn as a 1-bit PNG by zlib.

qrcode builds the grid in pure Python and scores its eight mask patterns with a module-by-module loop, and
pypng writes 8-bit pixels in pure Python: together 100-130 ms for a version 17 code. Here each mask's grid is
still built by qrcode (1-2 ms), but scored on row and column strings and bit masks (the standard's four
penalty rules, in C-speed string and integer operations), and the PNG has one bit a pixel, packed a module
row at a time and deflated by zlib. Grids are cached by text: the share screen redraws without new work.
"""

from __future__ import annotations

import functools
import re
import struct
import zlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # loaded by the first code drawn: qrcode brings PIL, which the app's first screen never needs
    import qrcode

RUNS = re.compile(r"0{5,}|1{5,}")
FINDER = re.compile(r"(?=10111010000|00001011101)")


def penalty(rows: tuple[str, ...]) -> int:
    """The QR standard's mask penalty (rules 1-4) of a grid of '1' (dark) and '0' rows."""
    columns = ["".join(c) for c in zip(*rows, strict=True)]
    text = "2".join((*rows, *columns))  # one string for the regular expressions; '2' ends runs and patterns
    score = sum(len(run) - 2 for run in RUNS.findall(text))  # 3 + (length - 5)
    score += 40 * len(FINDER.findall(text))
    bits = [int(r, 2) for r in rows]
    width = len(rows[0])
    full = (1 << (width - 1)) - 1  # pairs of neighbours in a row
    for a, b in zip(bits, bits[1:], strict=False):
        same_row = ~(a ^ b)  # same colour above and below
        same_a = ~(a ^ (a >> 1))  # same colour left and right, in both rows
        same_b = ~(b ^ (b >> 1))
        score += 3 * bin(same_row & (same_row >> 1) & same_a & same_b & full).count("1")
    dark = sum(r.count("1") for r in rows)
    score += 10 * (abs(dark * 20 - len(rows) * width * 10) // (len(rows) * width))
    return score


@functools.lru_cache(maxsize=16)
def grid(qr_factory: object, text: str) -> tuple[str, ...]:
    """The module rows (quiet zone included) of the best-scoring mask for `text` (cached).

    The data is placed once (mask 0); every other mask is that grid with the data modules flipped where
    mask 0 and the other mask differ, and its own format bits: integer XORs instead of eight placements."""
    qr: qrcode.QRCode = qr_factory(text)  # type: ignore[operator]
    if qr.version is None:
        qr.best_fit()
    qr.makeImpl(False, 0)
    size = qr.modules_count
    placed = [int("".join("1" if m else "0" for m in row), 2) for row in qr.modules]
    patterns, formats, area = _masks(qr)
    best: tuple[int, tuple[str, ...]] | None = None
    for mask in range(8):
        rows = tuple(format((value ^ patterns[0][r] ^ patterns[mask][r]) & ~area[r] | formats[mask][r], f"0{size}b")
                     for r, value in enumerate(placed))
        score = penalty(rows)
        if best is None or score < best[0]:
            best = (score, rows)
    assert best is not None
    pad = "0" * qr.border
    blank = ("0" * (size + 2 * qr.border),) * qr.border
    return (*blank, *(pad + r + pad for r in best[1]), *blank)


def _bits(row: list[bool | None] | list[bool]) -> int:
    return int("".join("1" if m else "0" for m in row), 2)


def _masks(qr: qrcode.QRCode) -> tuple[list[list[int]], list[list[int]], list[int]]:
    return _masks_for(qr.version, qr.error_correction)


@functools.lru_cache(maxsize=8)
def _masks_for(version: int, level: int) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """For one version and level: each mask's pattern over the data modules and its format bits (row bit
    masks), and where the format (and version) bits are. The blank grid is qrcode's, made by the placement."""
    import qrcode

    blank = qrcode.main.precomputed_qr_blanks[version]
    qr = qrcode.QRCode(version=version, error_correction=level)
    qr.modules_count = size = len(blank)
    info: list[list[int]] = []
    for mask in range(8):
        qr.modules = [list(row) for row in blank]
        qr.setup_type_info(False, mask)
        if version >= 7:
            qr.setup_type_number(False)
        info.append([_bits(row) for row in qr.modules])
    free = [[m is None for m in row] for row in qr.modules]  # data modules: still unset before placement
    area = [_bits([b is None and not f for b, f in zip(row, frow, strict=True)]) for row, frow in zip(
        blank, free, strict=True)]
    patterns = []
    for mask in range(8):
        test = qrcode.util.mask_func(mask)
        patterns.append([_bits([free[r][c] and test(r, c) for c in range(size)]) for r in range(size)])
    formats = [[bits & a for bits, a in zip(rows, area, strict=True)] for rows in info]
    return patterns, formats, area


def png_of(rows: tuple[str, ...], box: int) -> bytes:
    """A black-on-white 1-bit greyscale PNG, `box` pixels a module."""
    side = len(rows) * box
    raw = bytearray()
    for row in rows:
        pixels = "".join(("0" if m == "1" else "1") * box for m in row)  # 1 is white in greyscale
        pixels += "1" * (-len(pixels) % 8)
        line = b"\x00" + int(pixels, 2).to_bytes(len(pixels) // 8, "big")  # filter byte 0: none
        raw += line * box
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(bytes(raw), 6)) \
        + _chunk(b"IEND", b"")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
