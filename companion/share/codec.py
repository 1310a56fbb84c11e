"""A shared match as bytes (format 1): `encode(shared) -> bytes`, `decode(bytes) -> SharedMatch`.

    byte 0        format (high 4 bits) and flags (bit 0: the body is raw-deflate compressed)
    bytes 1..n-4  body: CBOR of [pack, pack version, match, events(, catalogue digest)]
    last 4 bytes  CRC-32 of everything before it, big-endian

The header byte and the trailing CRC are the same in every format, so any future code is at least recognised
("update the app"). The body is compressed only when that makes it smaller. Reading is defensive: sizes are
checked before inflating, inflating stops at a limit, CBOR is read without tags, indefinite lengths or
duplicate keys, the layout readers check every type, and the match must pass the model's checks and replay.
"""

from __future__ import annotations

import re
import zlib
from typing import Any

import cbor2

from companion.core.errors import CompanionError
from companion.core.model import from_json, to_json
from companion.share.errors import CodeTooLarge, DamagedCode, InvalidSharedMatch, MissingPack, NewerCode, ShareError
from companion.share.event_layout import events_in, events_out
from companion.share.layout import Scope, match_in, match_out
from companion.share.library import Library
from companion.share.payload import MAX_EVENTS, SharedMatch, canonical
from companion.share.values import damaged, pick, want_int

FORMAT = 1
DEFLATED = 0x01
MAX_CODE_BYTES = 64 * 1024  # what may be read from codes (a 16-part sequence of large codes is ~20 KB)
MAX_PLAIN_BYTES = 1024 * 1024  # what a body may inflate to
MAX_DEPTH = 32
# Built-in packs travel as a number (format 1: append, never reorder); other packs by their id.
PACK_NUMBERS = ("halo-actionclix", "scarab", "heroclix-skirmish", "killer-of-the-maze", "armageddon-empires")
SEMVER = re.compile(r"^(0|[1-9]\d?)\.(0|[1-9]\d?)\.(0|[1-9]\d?)$")
# cbor2 turns these tags into Python objects (dates, regexes, shared references ...): none belongs in a code.
_TAGS = (0, 1, 2, 3, 4, 5, 25, 28, 29, 30, 35, 36, 37, 52, 54, 100, 256, 258, 260, 261, 1004, 55799)


def encode(shared: SharedMatch, library: Library | None = None) -> bytes:
    """The canonical bytes of a match with its history; checked by reading them back before they are returned."""
    library = library or Library.load()
    m = shared.initial
    scope = Scope(refs=library.ref_table(m.system, m.pack_version))
    body: list[Any] = [_pack_code(m.system), _version_code(m.pack_version),
                       match_out(m, scope, library.pack_rules(m.system, m.pack_version)),
                       events_out(shared.events, scope)]
    if scope.used_refs:
        body.append(scope.refs.digest)
    plain = cbor2.dumps(body)  # not canonical=True: that sorts map keys, and key order is shown (stat order)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    packed = packer.compress(plain) + packer.flush()
    flags, content = (DEFLATED, packed) if len(packed) < len(plain) else (0, plain)
    data = bytes([FORMAT << 4 | flags]) + content
    data += zlib.crc32(data).to_bytes(4, "big")
    if len(data) > MAX_CODE_BYTES or len(plain) > MAX_PLAIN_BYTES:
        raise CodeTooLarge(f"this match is too large to share as a code ({len(data)} bytes)")
    try:
        back = decode(data, library)
    except ShareError as exc:  # a value the layout can't carry (say, a number beyond 64 bits)
        raise InvalidSharedMatch(f"this match holds a value a code can't carry ({exc})") from None
    if canonical(back) != canonical(shared):
        raise InvalidSharedMatch("this match can't be shared: it holds values a code can't carry exactly")
    return data


def decode(data: bytes, library: Library | None = None) -> SharedMatch:
    """Read a code's bytes; raises a ShareError subclass for anything that is not a valid match of ours."""
    if len(data) > MAX_CODE_BYTES:
        raise CodeTooLarge(f"the code is too large to be a match ({len(data)} bytes)")
    if len(data) < 6:
        raise damaged("too short")
    if zlib.crc32(data[:-4]) != int.from_bytes(data[-4:], "big"):
        raise DamagedCode("the code is damaged or incomplete (its checksum doesn't match): scan or paste it again")
    version, flags = data[0] >> 4, data[0] & 0x0F
    if version > FORMAT:
        raise NewerCode()
    if version < FORMAT or flags & ~DEFLATED:
        raise damaged("unknown header")
    plain = _inflate(data[1:-4]) if flags & DEFLATED else data[1:-4]
    try:
        body = cbor2.loads(plain, max_depth=MAX_DEPTH, allow_indefinite=False, allow_duplicate_keys=False,
                           strict_hashable_types=True, semantic_decoders={t: _no_tag for t in _TAGS},
                           tag_hook=_no_tag)
    except ShareError:
        raise
    except (cbor2.CBORError, ValueError, TypeError, OverflowError, RecursionError, EOFError, KeyError) as exc:
        raise damaged(f"unreadable content: {type(exc).__name__}") from None
    return _read_body(body, library or Library.load())


def _no_tag(*_args: Any) -> Any:
    raise damaged("tagged values are not used in match codes")


def _inflate(packed: bytes) -> bytes:
    inflater = zlib.decompressobj(-15)
    try:
        plain = inflater.decompress(packed, MAX_PLAIN_BYTES + 1)
    except zlib.error:
        raise damaged("compressed content is broken") from None
    if len(plain) > MAX_PLAIN_BYTES or inflater.unconsumed_tail:
        raise CodeTooLarge("the code unpacks to more data than any match holds")
    if not inflater.eof or inflater.unused_data:
        raise damaged("compressed content is cut short or has extra bytes")
    return plain


def _read_body(body: Any, library: Library) -> SharedMatch:
    if type(body) is not list or len(body) not in (4, 5):
        raise damaged("unexpected layout")
    system = pick(body[0], PACK_NUMBERS, "pack")
    version = _read_version(body[1])
    scope = Scope()
    if len(body) == 5:
        scope.refs = library.ref_table(system, version)
        if want_int(body[4], "catalogue", 0, 0xFFFF) != scope.refs.digest:
            raise MissingPack(f"the match uses units from the {system} {version} catalogue, which differs from this "
                              "app's: update the app on both devices")
    try:
        initial = match_in(body[2], system, version, scope, lambda: library.require_rules(system, version))
        initial = from_json(to_json(initial))  # the model's own checks: what it stores, it must load again
        events = events_in(body[3], scope, MAX_EVENTS)
    except ShareError:
        raise
    except CompanionError as exc:
        raise InvalidSharedMatch(f"the match in this code is not valid: {exc}") from None
    return SharedMatch.of(initial, events)


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
