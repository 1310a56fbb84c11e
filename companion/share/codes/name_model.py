"""Format 4's unit names: one text segment before the body, coded by a model of how names are spelled.

Unit names are most of what a short code can't rebuild: ten names of 15-30 letters were ~180 of a 480-byte
code, coded by the body's model, which has learnt CBOR and the app's own words, not letters. Format 4 sends
every unit name once, in order, as a segment in front of the body ("name\\n" each, then "\\n"), and the body
refers to it (layout.py: the next name, or its number). This model codes that segment: five contexts (the
byte so far; the last one, two and three bytes; the word so far) mixed by a weight set per partial byte,
after learning how names are spelled from a list of words (codes/name_words.py). Names it has never seen cost
~3.9 bits a letter here instead of ~5.5; a word it has seen (a rank, "Spartan", an earlier name's word) less.

The arithmetic is context_coder's (integer only, the same on every device) and, like it, part of the format:
a test pins its output, and changing a number or a word makes the codes written before unreadable.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from companion.core.errors import CompanionError
from companion.core.match.events import Event
from companion.core.model import Unit, _unit
from companion.share.codes import context_coder, learnt_tables, name_words
from companion.share.codes.context_coder import SQUASH, STRETCH, Coder

END = 0x0A  # ends a name; a second one (or one at the start) ends the segment
_HALF = 1 << 31
_LIMIT = 60  # counters settle slower than the body's: what the word list taught should last
_RATE = 6
_STEP = tuple(2 * 65536 // (2 * n + 3) for n in range(_LIMIT + 1))
_INPUTS = 5


def segment(names: list[str]) -> bytes:
    """The names as the segment in front of a format 4 body (each non-empty, without a line break)."""
    return "".join(f"{name}\n" for name in names).encode() + b"\n"


def names_of(segment_bytes: bytes) -> list[str]:
    """The names of a segment (ValueError if it is not UTF-8)."""
    return segment_bytes.decode("utf-8").split("\n")[:-2]


def end_of(plain: bytes) -> int:
    """Where the segment at the start of `plain` ends (ValueError if it doesn't)."""
    if plain[:1] == b"\n":
        return 1
    end = plain.find(b"\n\n")
    if end < 0:
        raise ValueError("the names don't end")
    return end + 2


def tableable(name: Any) -> bool:
    """Names the segment can hold: other texts travel where they are used, as before."""
    if type(name) is not str or not name or "\n" in name:
        return False
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return False
    return True


def unit_names(players: tuple[str, ...], units: tuple[Unit, ...], events: tuple[Event, ...],
               catalogued: Callable[[Unit], bool] = lambda unit: False) -> list[str]:
    """Format 4's name segment: the players' names, the names of the match's units and of the units its log
    adds (also inside steps), in the order a code writes them, each once. Left out: units that travel as their
    catalogue number (`catalogued`: their name comes with it), and names the segment can't hold (they stay
    where they are used)."""
    names: list[Any] = [*players, *(u.name for u in units if not catalogued(u))]
    for event in events:
        items = event.data.get("events") if event.type == "batch" else [{"type": event.type, "data": event.data}]
        for item in items if type(items) is list else ():
            data = item.get("data") if type(item) is dict and item.get("type") == "add_unit" else None
            unit = data.get("unit") if type(data) is dict else None
            if type(unit) is dict and not _catalogued(unit, catalogued):
                names.append(unit.get("name"))
    return list(dict.fromkeys(n for n in names if tableable(n)))


def _catalogued(data: dict[str, Any], catalogued: Callable[[Unit], bool]) -> bool:
    try:
        return catalogued(_unit(data, "unit"))
    except (CompanionError, TypeError, ValueError, AttributeError, KeyError):  # not a whole unit: its name stays
        return False


class NameModel:
    """Five context tables (key: context and the bits of this byte so far; value: probability << 8 | uses)
    and a mixer weight set per partial byte."""

    def __init__(self) -> None:
        self.tables: tuple[Any, ...] = ([_HALF] * 256, [_HALF] * 65536, {}, {}, {})
        self.learnt: tuple[Any, ...] = ({}, {}, {})  # read, never written: as context_coder's `copy` explains
        self.weights: list[list[int]] = [[1 << 14] * _INPUTS for _ in range(256)]
        self.history = 0
        self.word = 0

    def copy(self) -> NameModel:
        other = NameModel()
        t0, t1, t2, t3, t4 = self.tables
        other.tables = (t0.copy(), t1.copy(), {}, {}, {})
        other.learnt = tuple({**old, **new} if old else new for old, new in zip(self.learnt, (t2, t3, t4), strict=True))
        other.weights = [w[:] for w in self.weights]
        other.history, other.word = self.history, self.word
        return other

    @classmethod
    def of(cls, learnt: learnt_tables.Learnt) -> NameModel:
        model = cls()
        model.tables, model.weights, model.history, model.word = learnt
        return model

    def state(self) -> learnt_tables.Learnt:
        return learnt_tables.Learnt(self.tables, self.weights, self.history, self.word)

    def run(self, limit: int, bit: Coder | None, data: bytes = b"") -> bytes:
        """Model `data` (learning or encoding), or decode with `bit` until the segment ends (at most `limit`
        bytes: ValueError beyond)."""
        t0, t1, t2, t3, t4 = self.tables
        l2, l3, l4 = self.learnt
        weights, history, word, out = self.weights, self.history, self.word, bytearray()
        stretch, squash, step, lim, rate = STRETCH, SQUASH, _STEP, _LIMIT, _RATE
        count = len(data) if data else limit
        for i in range(count):
            byte = data[i] if data else 0
            h1 = (history & 0xFF) << 8
            h2, h3 = (history & 0xFFFF) << 8, (history & 0xFFFFFF) << 8
            h4 = (word * 0x9E3779B1 & 0xFFFFFFFF) << 8
            c0 = 1
            for k in range(7, -1, -1):
                k1, k2, k3, k4 = h1 | c0, h2 | c0, h3 | c0, h4 | c0
                v0, v1 = t0[c0], t1[k1]  # a stored value is never 0 (its count of uses is at least 1)
                v2, v3, v4 = t2.get(k2) or l2.get(k2, _HALF), t3.get(k3) or l3.get(k3, _HALF), \
                    t4.get(k4) or l4.get(k4, _HALF)
                s0, s1, s2 = stretch[v0 >> 20], stretch[v1 >> 20], stretch[v2 >> 20]
                s3, s4 = stretch[v3 >> 20], stretch[v4 >> 20]
                w = weights[c0]
                dot = (w[0] * s0 + w[1] * s1 + w[2] * s2 + w[3] * s3 + w[4] * s4) >> 16
                p = squash[(2047 if dot > 2047 else -2047 if dot < -2047 else dot) + 2048]
                y = (byte >> k) & 1
                if bit is not None:
                    y = bit(p, y)
                err = ((y << 12) - p) * rate
                w[0] += (s0 * err + 0x8000) >> 16
                w[1] += (s1 * err + 0x8000) >> 16
                w[2] += (s2 * err + 0x8000) >> 16
                w[3] += (s3 * err + 0x8000) >> 16
                w[4] += (s4 * err + 0x8000) >> 16
                target = y << 24
                n, q = v0 & 0xFF, v0 >> 8
                t0[c0] = (q + ((target - q) * step[n] >> 16)) << 8 | (n + (n < lim))
                n, q = v1 & 0xFF, v1 >> 8
                t1[k1] = (q + ((target - q) * step[n] >> 16)) << 8 | (n + (n < lim))
                n, q = v2 & 0xFF, v2 >> 8
                t2[k2] = (q + ((target - q) * step[n] >> 16)) << 8 | (n + (n < lim))
                n, q = v3 & 0xFF, v3 >> 8
                t3[k3] = (q + ((target - q) * step[n] >> 16)) << 8 | (n + (n < lim))
                n, q = v4 & 0xFF, v4 >> 8
                t4[k4] = (q + ((target - q) * step[n] >> 16)) << 8 | (n + (n < lim))
                c0 = c0 << 1 | y
            c = c0 & 0xFF
            out.append(c)
            # a word is the letters (and any byte from "A" up, UTF-8's too) since a space, digit or mark
            word = (word * 31 + c + 1) & 0xFFFFFF if c >= 0x41 else 0
            ended = c == END and (i == 0 or history & 0xFF == END)
            history = (history << 8 | c) & 0xFFFFFFFF
            if not data and ended:
                break
        else:
            if not data:
                raise ValueError("the names don't end where the content does")
        self.history, self.word = history, word
        return bytes(out)


def primer() -> bytes:
    """The word list the model learns first, as lines shaped like names ("<kind or rank> <given> <family>"), so
    it learns where words end as well as how they are spelled; each word once. (Common lower-case words were
    measured and left out: names are capitalised, and they made the names 5 % dearer.)"""
    def words(text: str) -> list[str]:
        return [" ".join(w.split()) for w in text.split(",") if w.strip()]

    columns = (words(name_words.HALO) + words(name_words.ROLES), words(name_words.GIVEN), words(name_words.FAMILY))
    lines = [" ".join(w[i] for w in columns if i < len(w)) for i in range(max(len(w) for w in columns))]
    return "".join(f"{line}\n" for line in lines).encode()


@functools.cache
def primed() -> NameModel:
    """The model that knows the word list: its tables as stored with the package (codes/learnt_tables.py),
    learnt here only when none are stored for this word list."""
    text = primer()
    stored = learnt_tables.load("names", text)
    return NameModel.of(stored) if stored else learn(text)


def learn(text: bytes) -> NameModel:
    model = NameModel()
    model.run(0, None, text)
    return model


def pack(plain: bytes, dictionary: bytes) -> bytes:
    """A format 4 body: its segment of names by this model, then the rest by the body's model (context_coder)."""
    context_coder.check_length(len(plain), None)
    coder = Coder()
    start = end_of(plain)
    primed().copy().run(0, coder, plain[:start])
    context_coder.learnt(dictionary).run(len(plain) - start, coder, plain[start:])
    return coder.finish()


def unpack(packed: bytes, length: int, dictionary: bytes) -> bytes:
    """The `length` bytes `packed` holds, names first; ValueError for a length over the limits (checked first),
    names that don't end within it, or bytes left over."""
    context_coder.check_length(length, packed)
    coder = Coder(packed)
    names = primed().copy().run(length, coder)
    plain = names + context_coder.learnt(dictionary).run(length - len(names), coder)
    context_coder.check_end(coder, packed)
    return plain
