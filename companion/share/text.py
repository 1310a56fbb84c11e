"""The text form of a code: a link the phone's camera app hands to the app, and that can be pasted.

    ttcomp://m/<DIGITS>                     one code (format 2 on: its bytes as decimal digits)
    ttcomp://m/<i>-<n>-<SET>.<DIGITS>       part i of n of a longer code; SET tells codes apart
    ttcomp://m/<BASE32>                     one code as earlier versions wrote it (still read)
    ttcomp://m/<i>-<n>-<SET>-<BASE32>       a part as earlier versions wrote it (still read)

The scheme and host stay lower case because Android matches a link's scheme and host case-sensitively; they
go into the QR code in byte mode. The rest goes in a denser mode the link allows. Digits: QR's numeric mode
stores 3 digits in 10 bits, and 7 bytes are 17 digits, so a byte costs 8.1 bits, against 8.8 for upper-case
Base32 in alphanumeric mode (5.5 bits a character) and 10.7 for base64url in byte mode: at the sizes of a
whole match that is one to two QR versions smaller than Base32 (`benchmarks/share.py` prints the figures).
Digits need no escaping in any link handler, which is why Base45 (8.25 bits, but with space, '%', '+', '/'
and '.') was never used. A part's index and set go in alphanumeric mode and its bytes in numeric mode; the '.'
before them (where Base32 parts have '-') says they are digits, so an old Base32 part is never misread.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass

from companion.share.errors import DamagedCode, NotOurCode

SCHEME = "ttcomp"  # registered in pyproject.toml [tool.flet.deep_linking]
HOST = "m"
PREFIX = f"{SCHEME}://{HOST}/"
TIMER_MARK = "T-"  # judge mode's table timers share the scheme: see timer_code.py
FORCE_MARK = "F-"  # and saved forces: see force_code.py
BYTE_PART = len(PREFIX) - 1  # "ttcomp://m" in byte mode; from the "/" on, alphanumeric mode
MAX_TEXT = 140_000  # far above 16 parts of the largest code; longer text is refused before any work
_BODY = re.compile(r"[0-9]+"  # a whole code
                   r"|(\d{1,2})-(\d{1,2})-([A-Z2-7]{4})\.([0-9]+)"  # a part in digits
                   r"|(?:(\d{1,2})-(\d{1,2})-([A-Z2-7]{4})-)?([A-Z2-7]+)")  # Base32, whole or a part (old)
_PART_HEAD = re.compile(r"\d{1,2}-\d{1,2}-[A-Z2-7]{4}\.")


@dataclass(frozen=True)
class Piece:
    """One scanned or pasted text: a whole code (index = total = 1) or one part of a sequence."""

    index: int
    total: int
    set_id: str  # "" for a whole code
    data: bytes


CHUNK = 7  # bytes a group of digits holds
DIGITS = (0, 3, 5, 8, 10, 13, 15, 17)  # digits for 0..7 bytes: enough for 256**n - 1
_TAIL = {d: n for n, d in enumerate(DIGITS[:-1])}


def to_digits(data: bytes) -> str:
    """Bytes as decimal digits, 7 bytes to 17 digits (a shorter last group gets the digits it needs)."""
    out = []
    for i in range(0, len(data), CHUNK):
        chunk = data[i:i + CHUNK]
        out.append(str(int.from_bytes(chunk, "big")).zfill(DIGITS[len(chunk)]))
    return "".join(out)


def from_digits(text: str) -> bytes:
    groups, rest = divmod(len(text), DIGITS[CHUNK])
    if rest not in _TAIL:
        raise DamagedCode("the code's text is cut short: scan or paste all of it")
    sizes = [(DIGITS[CHUNK], CHUNK)] * groups + ([(rest, _TAIL[rest])] if rest else [])
    out, pos = bytearray(), 0
    for width, size in sizes:
        value = int(text[pos:pos + width])
        if value >= 256**size:
            raise DamagedCode("the code's text is damaged: scan or paste it again")
        out += value.to_bytes(size, "big")
        pos += width
    return bytes(out)


def b32(data: bytes) -> str:
    return base64.b32encode(data).decode("ascii").rstrip("=")


def unb32(text: str) -> bytes:
    if len(text) % 8 in (1, 3, 6):
        raise DamagedCode("the code's text is cut short: scan or paste all of it")
    try:
        return base64.b32decode(text + "=" * (-len(text) % 8))
    except (binascii.Error, ValueError):
        raise DamagedCode("the code's text is damaged: scan or paste it again") from None


def set_id(data: bytes) -> str:
    """Four characters naming a multi-part code, from the CRC of its bytes (parts of two codes don't mix)."""
    return b32(zlib.crc32(data).to_bytes(4, "big"))[:4]


def to_text(data: bytes) -> str:
    return PREFIX + to_digits(data)


def to_parts(data: bytes, total: int) -> list[str]:
    """Split a code into `total` link texts of near-equal size (cut at 7-byte steps: whole groups of digits)."""
    steps = -(-len(data) // CHUNK)
    if not 2 <= total <= min(steps, 99):
        raise ValueError(f"{len(data)} bytes can't be split into {total} parts")
    sizes = [CHUNK * (steps // total + (1 if i < steps % total else 0)) for i in range(total)]
    cuts = [sum(sizes[:i]) for i in range(total + 1)]
    sid = set_id(data)
    return [f"{PREFIX}{i}-{total}-{sid}.{to_digits(data[cuts[i - 1]:cuts[i]])}" for i in range(1, total + 1)]


def split_link(text: str) -> list[str]:
    """A link's pieces for the QR code's modes: the lower-case head (byte mode), a part's index and set
    (alphanumeric), its digits (numeric); a whole code is head and digits, an old Base32 one head and the rest."""
    body = text[len(PREFIX):]
    if body.isdigit():
        return [text[:len(PREFIX)], body]
    if body.startswith(FORCE_MARK) and body[len(FORCE_MARK):].isdigit():  # a force code (force_code.py)
        return [text[:BYTE_PART], text[BYTE_PART:len(PREFIX) + len(FORCE_MARK)], body[len(FORCE_MARK):]]
    head = _PART_HEAD.match(body)
    if head is not None and body[head.end():].isdigit():
        return [text[:BYTE_PART], text[BYTE_PART:len(PREFIX) + head.end()], body[head.end():]]
    return [text[:BYTE_PART], text[BYTE_PART:]]


def read_text(text: str) -> Piece:
    """Read a pasted or scanned link, or the app route it opens ("/<BASE32>"); raises NotOurCode or DamagedCode."""
    if len(text) > MAX_TEXT:
        raise NotOurCode("this text")
    clean = "".join(text.split())  # a link broken over lines by a chat app still reads
    if clean[: len(PREFIX)].lower() == PREFIX:
        body = clean[len(PREFIX):].upper().rstrip("/")
        if body.startswith(TIMER_MARK):
            raise NotOurCode("this table timer code")
        if body.startswith(FORCE_MARK):
            raise NotOurCode("this force code")
        match = _BODY.fullmatch(body)
        if match is None:
            raise DamagedCode("the code's text is damaged: it has characters a code never has")
    else:
        match = _BODY.fullmatch(clean[1:]) if clean.startswith("/") else None
        if match is None:
            raise NotOurCode("this text")
    if match.group(0).isdigit():
        return Piece(1, 1, "", from_digits(match.group(0)))
    if match.group(4) is not None:  # a part in digits
        index, total, sid = match.group(1, 2, 3)
        data = from_digits(match.group(4))
    else:
        index, total, sid, payload = match.group(5, 6, 7, 8)
        data = unb32(payload)
    if index is None:
        return Piece(1, 1, "", data)
    i, n = int(index), int(total)
    if not 1 <= i <= n or n < 2:
        raise DamagedCode(f"the code says it is part {i} of {n}")
    return Piece(i, n, sid, data)
