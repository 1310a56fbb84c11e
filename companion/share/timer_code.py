"""A judge's table timer as a link/QR code, so a player's phone shows the same countdown offline.

    ttcomp://m/T-<BASE32( CRC-32 | CBOR(payload) )>

The payload is `core.tournament_clock.table_timer_payload`; a running clock travels as its deadline, so every
phone that reads the code shows the same time. "-" is not a Base32 letter, so a timer link can never be read as
a match code (and it stays in QR alphanumeric mode).
"""

from __future__ import annotations

import zlib
from typing import Any

import cbor2

from companion.core.model import Timer
from companion.core.tournament.clock import BadTimerPayload, timer_from_payload
from companion.share.errors import DamagedCode
from companion.share.text import PREFIX, TIMER_MARK, b32, unb32

MAX_BYTES = 2048  # a timer is a few hundred bytes: anything bigger is not one


def timer_link(payload: dict[str, Any]) -> str:
    body = cbor2.dumps(payload)
    return PREFIX + TIMER_MARK + b32(zlib.crc32(body).to_bytes(4, "big") + body)


def is_timer_link(text: str) -> bool:
    """A timer link, or the app route it opens as a deep link ("/T-...")."""
    clean = "".join(text.split())
    body = clean[len(PREFIX):] if clean[: len(PREFIX)].lower() == PREFIX else clean.removeprefix("/")
    return body.upper().startswith(TIMER_MARK)


def read_timer_link(text: str) -> tuple[Timer, tuple[float, ...]]:
    """The timer and its warning marks; DamagedCode when the code is cut or altered."""
    clean = "".join(text.split())
    body = clean[len(PREFIX):] if clean[: len(PREFIX)].lower() == PREFIX else clean.removeprefix("/")
    encoded = body[len(TIMER_MARK):].upper()
    if len(encoded) > MAX_BYTES * 2:
        raise DamagedCode("this timer code is far too long")
    raw = unb32(encoded)  # DamagedCode when cut short or altered
    if len(raw) < 5 or zlib.crc32(raw[4:]).to_bytes(4, "big") != raw[:4]:
        raise DamagedCode("this timer code is damaged: its checksum doesn't match")
    try:
        payload = cbor2.loads(raw[4:])
    except (cbor2.CBORDecodeError, ValueError, RecursionError) as exc:
        raise DamagedCode("this timer code is damaged") from exc
    try:
        return timer_from_payload(payload)
    except BadTimerPayload as exc:
        raise DamagedCode(str(exc)) from exc
