"""A shared match as bytes: `encode(shared) -> bytes`, `decode(bytes) -> SharedMatch`.

Format 4 (written now; `frame` shows the bytes) sends the unit names once, in a segment in front of the body,
coded by a model of how names are spelled (codes/name_model.py); the rest is format 3's: the body packed with
a context-mixing coder that has learnt a preset dictionary of the app's own words and layout (or with deflate
and that dictionary, whichever is smaller), texts the app writes rebuilt from names both sides hold, whole or
turn codes (codes/turns.py). Format 3 (names in the body), format 2 (deflate only) and format 1 codes (one
header byte, no dictionary) are still read.
The header and the trailing CRC keep their places, so any future code is at least recognised ("update the
app"). Reading is defensive: sizes are checked before inflating, inflating stops at a limit, CBOR is read
without tags, indefinite lengths or duplicate keys, the layout readers check every type, and the match must
pass the model's checks and replay.
"""

from __future__ import annotations

import io
import re
import zlib
from dataclasses import dataclass
from typing import Any

import cbor2

from companion.core.errors import CompanionError
from companion.core.model import from_json, to_json
from companion.share.codes import context_coder, name_model
from companion.share.codes.dictionary import CURRENT, KNOWN, NONE, preset
from companion.share.codes.name_model import end_of, names_of, segment, unit_names
from companion.share.codes.scope import Scope
from companion.share.errors import (
    CodeTooLarge,
    DamagedCode,
    InvalidSharedMatch,
    MissingPack,
    NewerCode,
    ShareError,
    TurnCodeNeedsBase,
)
from companion.share.event_layout import events_in, events_out
from companion.share.layout import match_in, match_out
from companion.share.library import Library
from companion.share.payload import MAX_EVENTS, SharedMatch, canonical
from companion.share.values import damaged, pick, want_int

FORMAT = 4
PACKED = 0x01  # the body is compressed (format 1 and 2: deflated)
TURN = 0x02  # format 2 and 3: a turn code, the events after a point the receiver holds (see codes/turns.py)
MODELLED = 0x04  # format 3: packed by the context coder (codes/context_coder.py) rather than deflate
MAX_CODE_BYTES = 64 * 1024  # what may be read from codes (a 16-part sequence of large codes is ~20 KB)
MAX_PLAIN_BYTES = 1024 * 1024  # what a body may inflate to
MAX_DEPTH = 32
# Built-in packs travel as a number (append, never reorder); other packs by their id.
PACK_NUMBERS = ("halo-actionclix", "scarab", "heroclix-skirmish", "killer-of-the-maze", "armageddon-empires")
SEMVER = re.compile(r"^(0|[1-9]\d?)\.(0|[1-9]\d?)\.(0|[1-9]\d?)$")
# cbor2 turns these tags into Python objects (dates, regexes, shared references ...): none belongs in a code.
_TAGS = (0, 1, 2, 3, 4, 5, 25, 28, 29, 30, 35, 36, 37, 52, 54, 100, 256, 258, 260, 261, 1004, 55799)


@dataclass(frozen=True)
class Envelope:
    """A format 2, 3 or 4 code opened: its flags, pack, the unit names sent in front (format 4) and the CBOR body
    (not yet read into a match)."""

    flags: int
    system: str
    version: str
    body: Any
    names: tuple[str, ...] = ()
    format: int = FORMAT


def encode(shared: SharedMatch, library: Library | None = None) -> bytes:
    """The canonical bytes of a whole match with its history; checked by reading them back before returning."""
    library = library or Library.load()
    m = shared.initial
    refs = library.ref_table(m.system, m.pack_version)
    names = unit_names(tuple(p.name for p in m.players), m.units, shared.events, lambda u: refs.number(u) is not None)
    scope = Scope(refs=refs, name_table=tuple(names))
    scope.marks, scope.reasons = library.words(m.system)
    body: list[Any] = [match_out(m, scope, library.pack_rules(m.system, m.pack_version)),
                       events_out(shared.events, scope)]
    if scope.used_refs:
        body.append(scope.refs.digest)
    plain = cbor2.dumps(body)  # not canonical=True: that sorts map keys, and key order is shown (stat order)
    data = frame(0, m.system, m.pack_version, plain, names)
    try:
        back = _whole(unframe(data, segment(names) + plain), library)
    except ShareError as exc:  # a value the layout can't carry (say, a number beyond 64 bits)
        raise InvalidSharedMatch(f"this match holds a value a code can't carry ({exc})") from None
    if canonical(back) != canonical(shared):
        raise InvalidSharedMatch("this match can't be shared: it holds values a code can't carry exactly")
    return data


def frame(flags: int, system: str, version: str, body: bytes, names: list[str] | tuple[str, ...] = ()) -> bytes:
    """Format 4 bytes: header, the pack in the clear, the names and CBOR body packed the smallest way.

        byte 0     format (high 4 bits) and flags (bit 0: packed, bit 1: turn code, bit 2: by the context coder)
        byte 1     preset dictionary number (codes/dictionary.py; 0: none)
        CBOR       the pack (number or id) and its version, uncompressed; with bit 2, the content's length
        bytes      the content: the names segment ("name\n" each, then "\n") and the CBOR body, as they are,
                   raw-deflated, or coded by the name model and the context coder (codes/name_model.py)
        4 bytes    CRC-32 of everything before it (checked first, as in format 1)
    Both sides hold the same dictionary and word list: both are pinned by tests (a new one gets a new number).
    """
    number = CURRENT
    dictionary = preset(number)
    head = cbor2.dumps(_pack_code(system)) + cbor2.dumps(_version_code(version))
    plain = segment(list(names)) + body
    if len(plain) > MAX_PLAIN_BYTES:
        raise CodeTooLarge(f"this match is too large to share as a code ({len(plain)} bytes before packing)")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zdict=dictionary)
    ways = [(0, plain), (PACKED, packer.compress(plain) + packer.flush())]
    if len(plain) <= context_coder.MAX_PLAIN:
        coded = name_model.pack(plain, dictionary)
        if context_coder.fits(plain, coded):
            ways.append((PACKED | MODELLED, cbor2.dumps(len(plain)) + coded))
    how, content = min(ways, key=lambda way: len(way[1]))  # the first of equals: plain before packed
    flags |= how
    header = bytes([FORMAT << 4 | flags, number if flags & PACKED else NONE])
    data = header + head + content
    data += zlib.crc32(data).to_bytes(4, "big")
    if len(data) > MAX_CODE_BYTES:
        raise CodeTooLarge(f"this match is too large to share as a code ({len(data)} bytes)")
    return data


def decode(data: bytes, library: Library | None = None) -> SharedMatch:
    """Read a whole match's code; raises a ShareError subclass for anything that is not a valid match of ours
    (and TurnCodeNeedsBase for a turn code, which needs the receiver's copy: see codes/turns.py)."""
    library = library or Library.load()
    if 6 <= len(data) <= MAX_CODE_BYTES and data[0] >> 4 == 1 and zlib.crc32(data[:-4]) == int.from_bytes(
            data[-4:], "big"):
        return _read_v1(data, library)
    return _whole(unframe(data), library)


def _whole(envelope: Envelope, library: Library) -> SharedMatch:
    if envelope.flags & TURN:
        raise TurnCodeNeedsBase("this is a turn code: it carries only the newest events of a match, so it is read "
                                "next to the copy of the match on this device (import it in the app)")
    body = envelope.body
    if type(body) is not list or len(body) not in (2, 3):
        raise damaged("unexpected layout")
    return read_match(envelope.system, envelope.version, body[0], body[1], body[2:], library, envelope.names,
                      envelope.format)


def unframe(data: bytes, written: bytes | None = None) -> Envelope:
    """Check and open a format 2, 3 or 4 code (any kind).

    `written`: the content (names and body) a writer has just packed into `data`, to check its code without
    unpacking it again
    (the packing is lossless by construction and proven by its own tests; what the check is for is the layout:
    values it can't carry exactly)."""
    if len(data) > MAX_CODE_BYTES:
        raise CodeTooLarge(f"the code is too large to be a match ({len(data)} bytes)")
    if len(data) < 8:
        raise damaged("too short")
    if zlib.crc32(data[:-4]) != int.from_bytes(data[-4:], "big"):
        raise DamagedCode("the code is damaged or incomplete (its checksum doesn't match): scan or paste it again")
    version, flags, number = data[0] >> 4, data[0] & 0x0F, data[1]
    if version > FORMAT:
        raise NewerCode()
    known = PACKED | TURN | (MODELLED if version >= 3 else 0)
    if (version < 2 or flags & ~known or number not in KNOWN or (number != NONE) != bool(flags & PACKED)
            or flags & MODELLED and not flags & PACKED):
        raise damaged("unknown header")
    stream = io.BytesIO(data[2:-4])
    reader = cbor2.CBORDecoder(stream, read_size=1, max_depth=2, allow_indefinite=False, tag_hook=_no_tag,
                               semantic_decoders={t: _no_tag for t in _TAGS})
    try:
        pack_raw, version_raw = reader.decode(), reader.decode()
        length = reader.decode() if flags & MODELLED else None
    except ShareError:
        raise
    except (cbor2.CBORError, ValueError, TypeError, OverflowError, RecursionError, EOFError) as exc:
        raise damaged(f"unreadable content: {type(exc).__name__}") from None
    system = pick(pack_raw, PACK_NUMBERS, "pack")
    pack_version = _read_version(version_raw)
    content = data[2 + stream.tell():-4]
    if written is not None:
        plain = written
    elif length is not None:
        plain = _unmodel(content, want_int(length, "length", 0, context_coder.MAX_PLAIN), preset(number),
                         version >= 4)
    else:
        plain = _inflate(content, preset(number)) if flags & PACKED else content
    if version < 4:
        return Envelope(flags, system, pack_version, _cbor(plain), (), version)
    try:
        end = end_of(plain)
        names = tuple(names_of(plain[:end]))
    except ValueError:  # UnicodeDecodeError is one
        raise damaged("the unit names are broken") from None
    return Envelope(flags, system, pack_version, _cbor(plain[end:]), names, version)


def read_match(system: str, version: str, match: Any, events: Any, rest: list[Any], library: Library,
               names: tuple[str, ...], code_format: int) -> SharedMatch:
    """A whole match from its body's parts and the names sent in front of it (formats 1 to 4 alike)."""
    scope = Scope(name_table=names, format=code_format)
    scope.marks, scope.reasons = library.words(system)
    if rest:
        scope.refs = library.ref_table(system, version)
        if want_int(rest[0], "catalogue", 0, 0xFFFF) != scope.refs.digest:
            raise MissingPack(f"the match uses units from the {system} {version} catalogue, which differs from this "
                              "app's: update the app on both devices")
    try:
        initial = match_in(match, system, version, scope, lambda: library.require_rules(system, version))
        initial = from_json(to_json(initial))  # the model's own checks: what it stores, it must load again
        log = events_in(events, scope, MAX_EVENTS)
    except ShareError:
        raise
    except CompanionError as exc:
        raise InvalidSharedMatch(f"the match in this code is not valid: {exc}") from None
    return SharedMatch.of(initial, log)


def _cbor(plain: bytes) -> Any:
    try:
        return cbor2.loads(plain, max_depth=MAX_DEPTH, allow_indefinite=False, allow_duplicate_keys=False,
                           strict_hashable_types=True, semantic_decoders={t: _no_tag for t in _TAGS},
                           tag_hook=_no_tag)
    except ShareError:
        raise
    except (cbor2.CBORError, ValueError, TypeError, OverflowError, RecursionError, EOFError, KeyError) as exc:
        raise damaged(f"unreadable content: {type(exc).__name__}") from None


def _read_v1(data: bytes, library: Library) -> SharedMatch:
    """Format 1 (before preset dictionaries): one header byte, a raw-deflated CBOR body, CRC-32 of the bytes."""
    if len(data) < 6:
        raise damaged("too short")
    if len(data) > MAX_CODE_BYTES:
        raise CodeTooLarge(f"the code is too large to be a match ({len(data)} bytes)")
    if zlib.crc32(data[:-4]) != int.from_bytes(data[-4:], "big"):
        raise DamagedCode("the code is damaged or incomplete (its checksum doesn't match): scan or paste it again")
    if data[0] & 0x0F & ~PACKED:
        raise damaged("unknown header")
    body = _cbor(_inflate(data[1:-4]) if data[0] & PACKED else data[1:-4])
    if type(body) is not list or len(body) not in (4, 5):
        raise damaged("unexpected layout")
    system = pick(body[0], PACK_NUMBERS, "pack")
    return read_match(system, _read_version(body[1]), body[2], body[3], body[4:], library, (), 1)


def _no_tag(*_args: Any) -> Any:
    raise damaged("tagged values are not used in match codes")


def _unmodel(packed: bytes, length: int, dictionary: bytes, named: bool) -> bytes:
    try:
        if named:
            return name_model.unpack(packed, length, dictionary)
        return context_coder.unpack(packed, length, dictionary, shaped=False)  # format 3
    except ValueError as exc:
        raise damaged(f"packed content is broken: {exc}") from None


def _inflate(packed: bytes, dictionary: bytes = b"") -> bytes:
    inflater = zlib.decompressobj(-15, zdict=dictionary) if dictionary else zlib.decompressobj(-15)
    try:
        plain = inflater.decompress(packed, MAX_PLAIN_BYTES + 1)
    except zlib.error:
        raise damaged("compressed content is broken") from None
    if len(plain) > MAX_PLAIN_BYTES or inflater.unconsumed_tail:
        raise CodeTooLarge("the code unpacks to more data than any match holds")
    if not inflater.eof or inflater.unused_data:
        raise damaged("compressed content is cut short or has extra bytes")
    return plain


def _pack_code(system: str) -> int | str:
    return PACK_NUMBERS.index(system) if system in PACK_NUMBERS else system


def _version_code(version: str) -> int | str:
    """"1.2.3" as 10203 (two or three bytes instead of six) when every part is below 100."""
    parts = SEMVER.match(version)
    return int(parts[1]) * 10000 + int(parts[2]) * 100 + int(parts[3]) if parts else version


def _read_version(value: Any) -> str:
    if type(value) is str:
        return value
    number = want_int(value, "pack version", 0, 999999)
    return f"{number // 10000}.{number // 100 % 100}.{number % 100}"
