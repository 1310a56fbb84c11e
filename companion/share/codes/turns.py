"""Turn codes: only the events the other device lacks, after a point of the history both hold.

    body: [match id, base, check, events(, catalogue digest)]

`base` is how many events of the log the receiver must already hold and `check` a CRC-32 of the match's start
and those events, so a device that lacks that point (or holds a different history up to it) finds out before
anything is read, and asks for the whole code instead. Events are written exactly as in a whole code, after a
scope built from the base both sides hold (players, units and their names, the time of the last event), so a
turn of ten events is a few dozen bytes.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import cbor2

from companion.core.errors import CompanionError
from companion.core.match.events import Event
from companion.core.model import Match, to_json
from companion.share.codec import TURN, Envelope, decode, frame, unframe
from companion.share.codes.name_model import segment, unit_names
from companion.share.codes.scope import Scope
from companion.share.errors import InvalidSharedMatch, ShareError, TurnCodeNeedsBase
from companion.share.event_layout import events_in, events_out
from companion.share.layout import HEX_ID, match_out
from companion.share.library import Library
from companion.share.payload import MAX_EVENTS, SharedMatch, canonical
from companion.share.values import anchor_of, damaged, want_int, want_str


def base_check(initial: Match, events: tuple[Event, ...] | list[Event]) -> int:
    """A CRC-32 of a match's start and the first events of its log: what "holding this point" means."""
    text = json.dumps({"initial": to_json(initial), "events": [e.to_json() for e in events]}, sort_keys=True,
                      ensure_ascii=False)
    return zlib.crc32(text.encode())


def _scope_at(initial: Match, base: tuple[Event, ...], library: Library) -> Scope:
    """The scope after writing the match's start and its first events, as a whole code would."""
    scope = Scope(refs=library.ref_table(initial.system, initial.pack_version))
    scope.marks, scope.reasons = library.words(initial.system)
    match_out(initial, scope, library.pack_rules(initial.system, initial.pack_version))
    events_out(base, scope)
    scope.anchor = anchor_of(base[-1].at) if base else anchor_of(initial.created)
    scope.used_refs = False
    return scope


def encode_turn(shared: SharedMatch, base: int, library: Library) -> bytes:
    """The code for the events after the first `base` ones; checked by reading it back onto that base."""
    if not 0 <= base <= len(shared.events):
        raise ValueError(f"the match has {len(shared.events)} events, not {base}")
    m = shared.initial
    scope = _scope_at(m, shared.events[:base], library)
    names = unit_names((), (), shared.events[base:], lambda u: scope.refs.number(u) is not None)
    scope.name_table = tuple(names)
    body: list[Any] = [bytes.fromhex(m.id) if HEX_ID.match(m.id) else m.id, base,
                       base_check(m, shared.events[:base]), events_out(shared.events[base:], scope)]
    if scope.used_refs:
        body.append(scope.refs.digest)
    plain = cbor2.dumps(body)
    data = frame(TURN, m.system, m.pack_version, plain, names)
    try:
        back = TurnCode.of(unframe(data, segment(names) + plain), library).onto(shared)
    except ShareError as exc:
        raise InvalidSharedMatch(f"this match holds a value a code can't carry ({exc})") from None
    if canonical(back) != canonical(shared):
        raise InvalidSharedMatch("this match can't be shared: it holds values a code can't carry exactly")
    return data


@dataclass(frozen=True)
class TurnCode:
    """A turn code opened but not yet read: it is read onto the receiver's copy of the match (`onto`)."""

    match_id: str
    base: int
    check: int
    events: Any
    digest: int | None
    library: Library
    names: tuple[str, ...] = ()  # format 4: the names of the units the turn adds
    format: int = 4

    @staticmethod
    def of(envelope: Envelope, library: Library) -> TurnCode:
        body = envelope.body
        if type(body) is not list or len(body) not in (4, 5):
            raise damaged("unexpected layout")
        mid = body[0].hex() if type(body[0]) is bytes else want_str(body[0], "match id")
        digest = want_int(body[4], "catalogue", 0, 0xFFFF) if len(body) == 5 else None
        return TurnCode(mid, want_int(body[1], "base", 0, MAX_EVENTS), want_int(body[2], "check", 0, 2**32 - 1),
                        body[3], digest, library, envelope.names, envelope.format)

    def lacking(self, local: SharedMatch | None) -> str | None:
        """Why `local` can't take this code (None when it can)."""
        ask = "ask the other player for the whole match code (share, whole match)"
        if local is None:
            return f"this is a turn code for match {self.match_id}, which is not on this device: {ask}"
        if len(local.events) < self.base or base_check(local.initial, local.events[:self.base]) != self.check:
            return (f"this turn code continues match {self.match_id} from a point this device doesn't have "
                    f"(its first {self.base} events as the other device has them): {ask}")
        return None

    def onto(self, local: SharedMatch | None) -> SharedMatch:
        """Their whole match: our first `base` events and theirs after them (raises TurnCodeNeedsBase)."""
        why = self.lacking(local)
        if why is not None or local is None:
            raise TurnCodeNeedsBase(why or "")
        base = local.events[:self.base]
        scope = _scope_at(local.initial, base, self.library)
        scope.name_table, scope.format = self.names, self.format
        if self.digest is not None and self.digest != scope.refs.digest:
            raise TurnCodeNeedsBase("the turn code uses units from a catalogue that differs from this app's: "
                                    "update the app on both devices")
        try:
            theirs = events_in(self.events, scope, MAX_EVENTS - len(base))
        except ShareError:
            raise
        except CompanionError as exc:
            raise InvalidSharedMatch(f"the events in this code are not valid: {exc}") from None
        return SharedMatch.of(local.initial, [*base, *theirs])


def read_any(data: bytes, library: Library, local: Callable[[str], SharedMatch | None]) -> SharedMatch:
    """A whole code's match, or a turn code read onto `local(match id)` (this device's copy, or None)."""
    if len(data) >= 1 and data[0] >> 4 >= 2:
        envelope = unframe(data)
        if envelope.flags & TURN:
            code = TurnCode.of(envelope, library)
            return code.onto(local(code.match_id))
    return decode(data, library)
