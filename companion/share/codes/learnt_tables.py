"""The share models' learnt tables, stored with the package: a process reads them instead of learning them.

Both models learn a text before their first code: the name model its word list (~125 ms of CPU here, a phone
several times that), the body's model the preset dictionary (~18 ms). Once a process, but that once was the
first Share or scan a player opened. Reading the same tables from a file costs ~12 ms in a fresh process
(mostly building the name model's dicts): the first code costs +15 ms over the second instead of +142 ms
(benchmarks/share_first.py).

A file is named after the text it was learnt from and holds that text's SHA-256: a changed word list or
dictionary finds no file and is learnt as before (always right, only slower), never read with another's tables.
packaging/share_tables.py writes the files; tests/unit/test_share_tables.py checks that each equals a fresh
learning and that every text the app codes with has one, so they can't drift from the models.

A file is zlib over little-endian signed 64-bit integers (array "q"), the same bytes on every device. Measured
on the name model's ~60,000 entries, it is the fastest pure-Python read into the models' dicts: ~7 ms, against
~8.5 ms pickle, ~9.5 ms marshal (whose format may change between Python versions), ~20 ms JSON; zlib adds
~1.5 ms and makes the files a sixth of their size (~200 KB for the three).
"""

from __future__ import annotations

import hashlib
import sys
import zlib
from array import array
from pathlib import Path
from typing import NamedTuple

FOLDER = Path(__file__).with_name("learnt")
_FILL = 1 << 31  # both models' fresh counter (probability 1/2, no uses): their lists store only what differs
_HEAD = 11  # the counts and running context in front of the tables: see `dump`


class Learnt(NamedTuple):
    """A model's state after learning: its five tables (two lists, three dicts), the mixer's weights, and its
    running context (the last bytes, and the name model's word or the body model's layout shape)."""

    tables: tuple[list[int], list[int], dict[int, int], dict[int, int], dict[int, int]]
    weights: list[list[int]]
    history: int
    context: int


def path(kind: str, text: bytes) -> Path:
    """Where the tables `kind` ("names", "body", "body3") learnt from `text` are stored."""
    return FOLDER / f"{kind}-{hashlib.sha256(text).hexdigest()[:16]}.bin"


def load(kind: str, text: bytes) -> Learnt | None:
    """The stored tables learnt from `text`, or None when none are (learn them instead)."""
    try:
        raw = zlib.decompress(path(kind, text).read_bytes())
    except (FileNotFoundError, zlib.error):  # none stored, or a damaged install: learning is slower, never wrong
        return None
    if raw[:32] != hashlib.sha256(text).digest():  # another text's tables under this name: not these
        return None
    numbers = array("q")
    numbers.frombytes(raw[32:])
    if sys.byteorder == "big":
        numbers.byteswap()
    return _learnt(numbers)


def dump(text: bytes, learnt: Learnt) -> bytes:
    """The file of `learnt`, the tables learnt from `text`."""
    t0, t1, t2, t3, t4 = learnt.tables
    pairs = [_changed(t0), _changed(t1), _in_order(t2), _in_order(t3), _in_order(t4)]
    numbers = array("q", [len(t0), len(t1), *(len(keys) for keys, _ in pairs), len(learnt.weights),
                          len(learnt.weights[0]), learnt.history, learnt.context])
    for keys, values in pairs:
        numbers.extend(keys)
        numbers.extend(values)
    numbers.extend(w for row in learnt.weights for w in row)
    if sys.byteorder == "big":
        numbers.byteswap()
    return zlib.compress(hashlib.sha256(text).digest() + numbers.tobytes(), 9)


def _changed(table: list[int]) -> tuple[list[int], list[int]]:
    """A list's entries that are no longer fresh counters (of 65,536, ~1,500), by index."""
    changed = [i for i, v in enumerate(table) if v != _FILL]
    return changed, [table[i] for i in changed]


def _in_order(table: dict[int, int]) -> tuple[list[int], list[int]]:
    """Keys in order: the same file from the same learning, and ~8 % smaller compressed."""
    keys = sorted(table)
    return keys, [table[k] for k in keys]


def _learnt(numbers: array[int]) -> Learnt:
    size0, size1, changed0, changed1, n2, n3, n4, rows, columns, history, context = numbers[:_HEAD]
    at = _HEAD

    def take(n: int) -> array[int]:
        nonlocal at
        at += n
        return numbers[at - n:at]

    def listed(size: int, n: int) -> list[int]:
        table = [_FILL] * size
        for i, v in zip(take(n), take(n), strict=True):
            table[i] = v
        return table

    def mapped(n: int) -> dict[int, int]:
        return dict(zip(take(n), take(n), strict=True))

    t0, t1 = listed(size0, changed0), listed(size1, changed1)  # in the order `dump` wrote them
    t2, t3, t4 = mapped(n2), mapped(n3), mapped(n4)
    flat = take(rows * columns).tolist()
    weights = [flat[r * columns:(r + 1) * columns] for r in range(rows)]
    return Learnt((t0, t1, t2, t3, t4), weights, history, context)
