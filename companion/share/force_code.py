"""A saved force as one link/QR code, so a player brings their force to another phone once.

    ttcomp://m/F-<DIGITS>

The digits are the code's bytes as text.py writes a match's (QR numeric mode: the cheapest per byte):

    1 byte     FORMAT
    1 byte     how the content is packed: 0 as it is, 1 raw deflate, 2 the context coder (both after learning
               the match codes' preset dictionary, codes/dictionary.py, whose number is the next byte)
    1 byte     the preset dictionary's number (0 when not packed)
    2 bytes    the content's length before packing
    bytes      the content: CBOR [game, force name, stat names, units]; a unit is [name, points, clicks, start,
               cyclic, ref] and a click [values in stat-name order] or [values, markers]
    4 bytes    CRC-32 of everything before it

"-" is neither a digit nor a Base32 letter, so an app from before force codes says the link is damaged instead of
reading it as a match (and `F-` is not the timer codes' `T-`). Reading is defensive: the checksum first, sizes
before unpacking, CBOR without tags or indefinite lengths, every field's type and range.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

from companion.share.errors import CodeTooLarge, DamagedCode, NewerCode

# cbor2 and the packers are loaded by the first force coded or read: the first screen only asks is_force_link
from companion.share.text import FORCE_MARK, PREFIX, from_digits, to_digits

FORMAT = 1
RAW, DEFLATED, MODELLED = 0, 1, 2
MAX_CODE_BYTES = 16 * 1024  # a 10-unit force is a few hundred bytes
MAX_PLAIN = 64 * 1024
MAX_UNITS = 60
MAX_CLICKS = 40
MAX_TEXT = 120  # a name, a game id, a marker


@dataclass(frozen=True)
class ForceCode:
    """What a force code carries: the game, the force's name and its units as a saved force keeps them
    (name, points, dial as [{"stats", "markers"}], start, cyclic, ref)."""

    system: str
    name: str
    units: tuple[dict[str, Any], ...]


def force_link(force: ForceCode) -> str:
    return PREFIX + FORCE_MARK + to_digits(encode_force(force))


def is_force_link(text: str) -> bool:
    """A force link, or the app route it opens as a deep link ("/F-...")."""
    return _body(text).upper().startswith(FORCE_MARK)


def read_force_link(text: str) -> ForceCode:
    """The force in a link; DamagedCode when it is cut short or altered, NewerCode from a newer app."""
    digits = _body(text)[len(FORCE_MARK):]
    if not digits.isdigit() or not digits.isascii():
        raise DamagedCode("this force code's text is damaged: scan or paste it again")
    if len(digits) > MAX_CODE_BYTES * 3:
        raise CodeTooLarge("this force code is far too long")
    return decode_force(from_digits(digits))


def _body(text: str) -> str:
    clean = "".join(text[:MAX_CODE_BYTES * 3 + 100].split())
    return clean[len(PREFIX):] if clean[:len(PREFIX)].lower() == PREFIX else clean.removeprefix("/")


def encode_force(force: ForceCode) -> bytes:
    import cbor2

    from companion.share.codes import context_coder
    from companion.share.codes.dictionary import CURRENT, NONE, preset

    stats: list[str] = []
    for unit in force.units:
        for click in unit.get("dial", []):
            stats += [s for s in click.get("stats", {}) if s not in stats]
    units = [[str(u.get("name", "")), int(u.get("points", 0)), [_click_out(c, stats) for c in u.get("dial", [])],
              int(u.get("start", 0) or 0), bool(u.get("cyclic", False)), u.get("ref")] for u in force.units]
    plain = cbor2.dumps([force.system, force.name, stats, units])
    if len(plain) > MAX_PLAIN:
        raise CodeTooLarge(f"this force is too large for a code ({len(plain)} bytes)")
    dictionary = preset(CURRENT)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zdict=dictionary)
    ways = [(RAW, plain), (DEFLATED, packer.compress(plain) + packer.flush())]
    if len(plain) <= context_coder.MAX_PLAIN:
        coded = context_coder.pack(plain, dictionary)
        if context_coder.fits(plain, coded):
            ways.append((MODELLED, coded))
    how, content = min(ways, key=lambda way: len(way[1]))
    data = bytes([FORMAT, how, CURRENT if how else NONE]) + len(plain).to_bytes(2, "big") + content
    return data + zlib.crc32(data).to_bytes(4, "big")


def decode_force(data: bytes) -> ForceCode:
    from companion.share.codes.dictionary import KNOWN

    if len(data) < 10:
        raise DamagedCode("this force code is cut short: scan or paste all of it")
    if len(data) > MAX_CODE_BYTES:
        raise CodeTooLarge("this force code is far too long")
    if zlib.crc32(data[:-4]) != int.from_bytes(data[-4:], "big"):
        raise DamagedCode("this force code is damaged or incomplete (its checksum doesn't match): scan it again")
    if data[0] > FORMAT:
        raise NewerCode()
    how, number, length, content = data[1], data[2], int.from_bytes(data[3:5], "big"), data[5:-4]
    if data[0] != FORMAT or how not in (RAW, DEFLATED, MODELLED) or number not in KNOWN:
        raise DamagedCode("this force code is damaged: its header is unknown")
    return _read(_cbor(_unpack(how, number, length, content)))


def _unpack(how: int, number: int, length: int, content: bytes) -> bytes:
    from companion.share.codes import context_coder
    from companion.share.codes.dictionary import preset

    if how == RAW:
        plain = content
    elif how == DEFLATED:
        inflater = zlib.decompressobj(-15, zdict=preset(number)) if number else zlib.decompressobj(-15)
        try:
            plain = inflater.decompress(content, MAX_PLAIN + 1)
        except zlib.error:
            raise DamagedCode("this force code is damaged: its packed content is broken") from None
        if not inflater.eof or inflater.unused_data:
            raise DamagedCode("this force code is damaged: its packed content is cut short")
    else:
        try:
            plain = context_coder.unpack(content, length, preset(number))
        except ValueError:
            raise DamagedCode("this force code is damaged: its packed content is broken") from None
    if len(plain) != length:
        raise DamagedCode("this force code is damaged: its content has the wrong length")
    return plain


def _no_tag(*_args: Any) -> Any:
    raise DamagedCode("this force code is damaged: it holds tagged values")


def _cbor(plain: bytes) -> Any:
    import cbor2

    try:
        return cbor2.loads(plain, max_depth=8, allow_indefinite=False, allow_duplicate_keys=False, tag_hook=_no_tag)
    except DamagedCode:
        raise
    except (cbor2.CBORError, ValueError, TypeError, OverflowError, RecursionError, EOFError, KeyError):
        raise DamagedCode("this force code is damaged: its content can't be read") from None


def _click_out(click: dict[str, Any], stats: list[str]) -> list[Any]:
    given = click.get("stats", {})
    values = [given.get(s) for s in stats]
    while values and values[-1] is None:
        values.pop()
    markers = list(click.get("markers", []))
    return [values, markers] if markers else [values]


def _read(body: Any) -> ForceCode:
    bad = DamagedCode("this force code is damaged: its content is not a force")
    if type(body) is not list or len(body) != 4:
        raise bad
    system, name, stats, units = body
    if not (_text(system) and _text(name) and type(stats) is list and all(_text(s) for s in stats)
            and type(units) is list and 1 <= len(units) <= MAX_UNITS):
        raise bad
    return ForceCode(system, name, tuple(_unit_in(u, stats, bad) for u in units))


def _unit_in(unit: Any, stats: list[str], bad: DamagedCode) -> dict[str, Any]:
    if type(unit) is not list or len(unit) != 6:
        raise bad
    name, points, clicks, start, cyclic, ref = unit
    if not (_text(name) and type(points) is int and 0 <= points <= 999_999 and type(clicks) is list
            and 1 <= len(clicks) <= MAX_CLICKS and type(start) is int and 0 <= start < len(clicks)
            and type(cyclic) is bool and (ref is None or _text(ref))):
        raise bad
    out: dict[str, Any] = {"name": name, "points": points, "dial": [_click_in(c, stats, bad) for c in clicks]}
    if start:
        out["start"] = start
    if cyclic:
        out["cyclic"] = True
    if ref is not None:
        out["ref"] = ref
    return out


def _click_in(click: Any, stats: list[str], bad: DamagedCode) -> dict[str, Any]:
    if type(click) is not list or len(click) not in (1, 2) or type(click[0]) is not list \
            or len(click[0]) > len(stats):
        raise bad
    markers = click[1] if len(click) == 2 else []
    if type(markers) is not list or not all(_text(m) for m in markers):
        raise bad
    values = {}
    for stat, value in zip(stats, click[0], strict=False):
        if value is None:
            continue
        if not (type(value) is int and -999 <= value <= 999 or _text(value)):
            raise bad
        values[stat] = value
    return {"stats": values, "markers": list(markers)}


def _text(value: Any) -> bool:
    return type(value) is str and 0 < len(value) <= MAX_TEXT
