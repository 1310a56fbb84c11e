"""A small context-mixing coder for short codes: ~23 % fewer bytes than deflate on a real match's body.

Deflate spends 40-70 bytes of a short code on its Huffman tables and codes every byte on its own; this coder
predicts each bit from what came before it (four models: no byte, the last byte, the last two, and the two
before the last, which sees a column of the layout past a varying value), mixes them by a weight set per bit
position and codes it with a binary arithmetic coder, after learning from the preset dictionary both devices
hold (the one deflate used: `codes/dictionary.py`). On the realistic Halo match: ~455 B deflated, ~350 B here.
The design follows Matt Mahoney's lpaq1 (squash/stretch tables, adaptive-rate counters, the 32-bit coder),
cut down to what pays on a few hundred bytes.

Every step is integer arithmetic, so a phone and a desktop predict exactly the same bits. The model is part
of format 3: changing any of its numbers makes every code written before unreadable (a test pins its output;
a better model needs a new flag or format). It costs ~2 µs a bit in pure Python, so it is for bodies of at
most MAX_PLAIN bytes; larger bodies use deflate.
"""

from __future__ import annotations

import functools
from typing import Any

from companion.share.codes import learnt_tables

MAX_PLAIN = 8 * 1024  # bytes a modelled body may unpack to: ~0.13 s here to code or decode, a phone ~5x that
MAX_RATIO = 16  # ... and at most this many times the coded bytes (+ SLACK): a tiny code can't claim 8 KB
SLACK = 256
_LIMIT = 20  # a counter adapts at 1/(n + 1.5) for its first n uses, then at this rate: the data is short
_RATE = 12  # the mixer's learning rate
_HALF = 1 << 31  # a fresh counter: probability 1/2 (24 bits), no uses

_SQUASH_POINTS = (1, 2, 3, 6, 10, 16, 27, 45, 73, 120, 194, 310, 488, 747, 1101, 1546, 2047, 2549, 2994, 3348,
                  3607, 3785, 3901, 3975, 4022, 4050, 4068, 4079, 4085, 4089, 4092, 4093, 4094)


def _squash(d: int) -> int:
    """4096 / (1 + e^-d/256), by interpolating a table (no floats: the same on every device)."""
    if d > 2047:
        return 4095
    if d < -2047:
        return 1
    w, i = d & 127, (d >> 7) + 16
    return (_SQUASH_POINTS[i] * (128 - w) + _SQUASH_POINTS[i + 1] * w + 64) >> 7


SQUASH = tuple(_squash(d) for d in range(-2048, 2048))  # indexed by d + 2048


def _stretch_table() -> tuple[int, ...]:
    """The inverse of squash: ln(p / (1 - p)) in the same fixed point, for a 12-bit probability."""
    table, low = [2047] * 4096, 0
    for x in range(-2047, 2048):
        high = _squash(x)
        for p in range(low, high + 1):
            table[p] = x
        low = high + 1
    return tuple(table)


STRETCH = _stretch_table()
_STEP = tuple(2 * 65536 // (2 * n + 3) for n in range(_LIMIT + 1))  # 1/(n + 1.5) in 16-bit fixed point


# Format 4's fifth context: the last three bytes with small values blurred (CBOR's one-byte numbers 0..23,
# -1..-24 and the heads of short texts), so a field after the same shape of layout is predicted from its
# own earlier values whatever numbers came before it (a die after "[unit, [", an amount after the dice):
# ~6 % fewer bytes on a real match's body.
SHAPE = tuple(0x00 if b <= 0x17 else 0x20 if 0x20 <= b <= 0x37 else 0x60 if 0x60 <= b <= 0x77 else b
              for b in range(256))
_OFF = 2047 << 20  # a probability whose stretch is 0: an input that adds nothing and learns nothing


class _Unshaped(dict[int, int]):
    """Format 3's model had no fifth context: this table always answers "no opinion" and keeps nothing."""

    def get(self, key: int, default: int | None = None) -> int:  # type: ignore[override]
        return _OFF

    def __setitem__(self, key: int, value: int) -> None:
        pass

    def copy(self) -> _Unshaped:
        return self


class _Model:
    """Five context tables (key = the bytes the model looks at and the bits of this byte so far, value =
    probability << 8 | uses) and a mixer weight set per bit position. Format 3 codes are read by the same
    model without the fifth (`shaped=False`): with its input at 0 it changes no prediction and no weight."""

    def __init__(self, shaped: bool = True) -> None:
        # order 0 and 1 have few contexts (256, 65,536): lists, faster to read than a dict
        self.tables: tuple[Any, ...] = ([_HALF] * 256, [_HALF] * 65536, {}, {}, {} if shaped else _Unshaped())
        self.learnt: tuple[Any, ...] = ({}, {}, {})  # see `copy`
        self.weights = [[1 << 14] * 5 for _ in range(9)]
        self.history = 0
        self.shape = 0

    def copy(self) -> _Model:
        """A model that knows what this one knows. Its three dict tables start empty in front of this one's,
        which it reads and never writes (copying them cost more than coding a code)."""
        other = _Model()
        t0, t1, t2, t3, t4 = self.tables
        other.tables = (t0.copy(), t1.copy(), {}, {}, t4 if isinstance(t4, _Unshaped) else {})
        other.learnt = tuple({**old, **new} if old else new for old, new in zip(self.learnt, (t2, t3, t4), strict=True))
        other.weights = [w[:] for w in self.weights]
        other.history, other.shape = self.history, self.shape
        return other

    @classmethod
    def of(cls, learnt: learnt_tables.Learnt, shaped: bool) -> _Model:
        model = cls(shaped)
        t0, t1, t2, t3, t4 = learnt.tables
        model.tables = (t0, t1, t2, t3, t4 if shaped else model.tables[4])
        model.weights, model.history, model.shape = learnt.weights, learnt.history, learnt.context
        return model

    def state(self) -> learnt_tables.Learnt:
        t0, t1, t2, t3, t4 = self.tables
        return learnt_tables.Learnt((t0, t1, t2, t3, {} if isinstance(t4, _Unshaped) else t4), self.weights,
                                    self.history, self.shape)

    def run(self, count: int, bit: Coder | None, data: bytes = b"") -> bytes:
        """Model `count` bytes: `data`'s (encoding or learning), or the ones `bit` decodes."""
        t0, t1, t2, t3, t4 = self.tables
        l2, l3, l4 = self.learnt
        weights, history, shape, out = self.weights, self.history, self.shape, bytearray()
        stretch, squash, step, limit, rate, shapes = STRETCH, SQUASH, _STEP, _LIMIT, _RATE, SHAPE
        for i in range(count):
            byte = data[i] if data else 0
            # the last byte, the last two, and the two before the last (a CBOR value's head and what follows it)
            h1, h2, h3 = (history & 0xFF) << 8, (history & 0xFFFF) << 8, (history >> 8 & 0xFFFF) << 8
            h4 = shape << 8
            c0 = 1
            for k in range(7, -1, -1):
                k1, k2, k3, k4 = h1 | c0, h2 | c0, h3 | c0, h4 | c0
                v0, v1 = t0[c0], t1[k1]  # a stored value is never 0 (its count of uses is at least 1)
                v2, v3, v4 = t2.get(k2) or l2.get(k2, _HALF), t3.get(k3) or l3.get(k3, _HALF), \
                    t4.get(k4) or l4.get(k4, _HALF)
                s0, s1, s2, s3 = stretch[v0 >> 20], stretch[v1 >> 20], stretch[v2 >> 20], stretch[v3 >> 20]
                s4 = stretch[v4 >> 20]
                w = weights[8 - k]
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
                target = y << 24  # each counter moves towards the bit by 1/(uses + 1.5), then at a floor rate
                n = v0 & 0xFF
                q = v0 >> 8
                t0[c0] = (q + ((target - q) * step[n] >> 16)) << 8 | (n + (n < limit))
                n = v1 & 0xFF
                q = v1 >> 8
                t1[k1] = (q + ((target - q) * step[n] >> 16)) << 8 | (n + (n < limit))
                n = v2 & 0xFF
                q = v2 >> 8
                t2[k2] = (q + ((target - q) * step[n] >> 16)) << 8 | (n + (n < limit))
                n = v3 & 0xFF
                q = v3 >> 8
                t3[k3] = (q + ((target - q) * step[n] >> 16)) << 8 | (n + (n < limit))
                n = v4 & 0xFF
                q = v4 >> 8
                t4[k4] = (q + ((target - q) * step[n] >> 16)) << 8 | (n + (n < limit))
                c0 = c0 << 1 | y
            out.append(c0 & 0xFF)
            history = (history << 8 | (c0 & 0xFF)) & 0xFFFFFF
            shape = (shape << 8 | shapes[c0 & 0xFF]) & 0xFFFFFF
        self.history, self.shape = history, shape
        return bytes(out)


class Coder:
    """The binary arithmetic coder (32-bit, carry-less): `coder(p, y)` codes bit y of probability p/4096."""

    def __init__(self, data: bytes = b"") -> None:
        self.low, self.high, self.out = 0, 0xFFFFFFFF, bytearray()
        self.data, self.pos, self.x = data, 0, 0
        if data:
            for _ in range(4):
                self.x = self.x << 8 | self._next()

    def _next(self) -> int:
        self.pos += 1
        return self.data[self.pos - 1] if self.pos <= len(self.data) else 0

    def __call__(self, p: int, y: int) -> int:
        mid = self.low + ((self.high - self.low) >> 12) * p
        if self.data:  # decoding: the bit is whichever side of mid the code's value lies
            y = 1 if self.x <= mid else 0
        if y:
            self.high = mid
        else:
            self.low = mid + 1
        while not (self.low ^ self.high) & 0xFF000000:
            if self.data:
                self.x = (self.x << 8 & 0xFFFFFFFF) | self._next()
            else:
                self.out.append(self.high >> 24)
            self.low, self.high = self.low << 8 & 0xFFFFFFFF, (self.high << 8 & 0xFFFFFFFF) | 0xFF
        return y

    def finish(self) -> bytes:
        """The coded bytes: the last one picks a value inside the final range (zeros follow when decoding)."""
        return bytes(self.out) + bytes([self.high >> 24])


@functools.cache
def _primed(dictionary: bytes, shaped: bool) -> _Model:
    """Read from the tables stored with the package (codes/learnt_tables.py) for the dictionaries the app codes
    with; learnt here for any other (none, or one a test makes up)."""
    stored = learnt_tables.load(kind(shaped), dictionary)
    return _Model.of(stored, shaped) if stored else learn(dictionary, shaped)


def kind(shaped: bool) -> str:
    """The name stored tables of this model go by: format 4's model, or format 3's without the fifth context."""
    return "body" if shaped else "body3"


def learn(dictionary: bytes, shaped: bool) -> _Model:
    model = _Model(shaped)
    model.run(len(dictionary), None, dictionary)
    return model


def learnt(dictionary: bytes, shaped: bool = True) -> _Model:
    """A fresh model that has learnt `dictionary` (learnt once a process, copied for every code); format 3's
    without the fifth context (`shaped=False`)."""
    return _primed(dictionary, shaped).copy()


def pack(plain: bytes, dictionary: bytes, shaped: bool = True) -> bytes:
    """`plain` coded after the model has learnt `dictionary` (its length travels beside it: see `unpack`)."""
    check_length(len(plain), None)
    coder = Coder()
    learnt(dictionary, shaped).run(len(plain), coder, plain)
    return coder.finish()


def fits(plain: bytes, packed: bytes) -> bool:
    """Whether a reader will accept this pair (the limits `unpack` checks before decoding anything)."""
    return len(plain) <= min(MAX_PLAIN, MAX_RATIO * len(packed) + SLACK)


def check_length(length: int, packed: bytes | None) -> None:
    """Refuse a length over the limits (for a reader: before decoding anything)."""
    if packed is None:
        if length > MAX_PLAIN:
            raise ValueError(f"{length} bytes is too long for this coder")
    elif not packed or length < 0 or length > min(MAX_PLAIN, MAX_RATIO * len(packed) + SLACK):
        raise ValueError("the coded length is out of range")


def check_end(coder: Coder, packed: bytes) -> None:
    if coder.pos != len(packed) + 3:  # the coder reads 4 bytes ahead and the writer ends with one
        raise ValueError("the coded bytes don't end where the content does")


def unpack(packed: bytes, length: int, dictionary: bytes, shaped: bool = True) -> bytes:
    """The `length` bytes `packed` holds; ValueError for a length over the limits or bytes that are left over."""
    check_length(length, packed)
    coder = Coder(packed)
    plain = learnt(dictionary, shaped).run(length, coder)
    check_end(coder, packed)
    return plain
