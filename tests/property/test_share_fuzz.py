"""Fuzzing the decoder: random bytes, damaged codes and hostile bodies with valid checksums.

Every input either decodes to a valid match or raises the codec's typed error (ShareError); nothing else.
Seeds are format 4 codes (whole matches and turn codes of a match played through the rules helper, read onto
a copy that holds their base; names and bodies packed by the models), hostile bodies framed as format 4 and as
format 2 and format 1 as earlier versions wrote them.
The default run tries a few hundred inputs; `pytest -m slow` runs more than 10,000.
"""

from __future__ import annotations

import contextlib
import json
import sys
import zlib
from pathlib import Path
from typing import Any

import cbor2
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.model import validate
from companion.share import Collector, SharedMatch, ShareError, decode, encode, encode_turn, read_any, read_text
from companion.share.codec import _pack_code, _version_code, unframe
from companion.share.codec import frame as frame4
from companion.share.codes.dictionary import APP_V1, preset
from companion.share.codes.scope import Scope
from companion.share.event_layout import events_out
from companion.share.layout import match_out
from companion.share.text import to_parts, to_text

from share_strategies_kit import LIBRARY

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCH))
from share_play import play_halo  # noqa: E402

EXPORTS = [SharedMatch.from_export(json.loads(p.read_text(encoding="utf-8")))
           for p in sorted(BENCH.glob("share_*.json"))]
_session, _match_id = play_halo(seed=7, turns=3)
PLAYED = SharedMatch.from_export(_session.export(_match_id))
LOCAL = {PLAYED.id: PLAYED}  # the copy a turn code is read onto
SEEDS = [encode(s, LIBRARY) for s in (*EXPORTS, PLAYED)] + [encode(s.squashed(), LIBRARY) for s in EXPORTS]
SEEDS += [encode_turn(PLAYED, len(PLAYED.events) - k, LIBRARY) for k in (0, 4, 9)]


def opened(code: bytes) -> tuple[int, str, str, Any, tuple[str, ...]]:
    envelope = unframe(code)
    return code[0] & 0x02, envelope.system, envelope.version, envelope.body, envelope.names


def format_1_body(shared: SharedMatch) -> tuple[int, str, str, Any, tuple[str, ...]]:
    """A whole match's body as formats 1 to 3 wrote it (names in the body, none of format 4's forms)."""
    m = shared.initial
    scope = Scope(format=1, refs=LIBRARY.ref_table(m.system, m.pack_version))
    body = [match_out(m, scope, LIBRARY.pack_rules(m.system, m.pack_version)), events_out(shared.events, scope)]
    return 0, m.system, m.pack_version, body + ([scope.refs.digest] if scope.used_refs else []), ()


V2 = [opened(c) for c in SEEDS]  # format 4 (the name is older)
V1_BODIES = [format_1_body(s) for s in (*EXPORTS, PLAYED)] + [format_1_body(s.squashed()) for s in EXPORTS]


def frame(plain: bytes, deflate: bool) -> bytes:
    """Format 1 framing (still read)."""
    if deflate:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        plain = packer.compress(plain) + packer.flush()
    data = bytes([0x10 | deflate]) + plain
    return data + zlib.crc32(data).to_bytes(4, "big")


def frame2(turn: int, system: str, version: str, plain: bytes, deflate: bool) -> bytes:
    """Format 2 framing around any body, with a correct checksum."""
    number = APP_V1 if deflate else 0  # format 2's dictionary
    if deflate:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zdict=preset(number))
        plain = packer.compress(plain) + packer.flush()
    data = bytes([0x20 | turn | deflate, number]) + cbor2.dumps(_pack_code(system)) + cbor2.dumps(
        _version_code(version)) + plain
    return data + zlib.crc32(data).to_bytes(4, "big")


def check(data: bytes) -> None:
    """The property: a valid match or a ShareError."""
    try:
        shared = read_any(data, LIBRARY, LOCAL.get)
    except ShareError:
        return
    validate(shared.initial)
    validate(shared.state)


values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**64), 2**64), st.integers(-30, 30),
              st.floats(allow_nan=True), st.text(max_size=8), st.binary(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=4), inner, max_size=4)),
    max_leaves=12,
)


def places(tree: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every position inside the decoded body, as a path of list indexes and map keys."""
    found = [path]
    if isinstance(tree, list):
        for i, v in enumerate(tree):
            found += places(v, (*path, i))
    elif isinstance(tree, dict):
        for k, v in tree.items():
            found += places(v, (*path, k))
    return found


def replaced(tree: Any, path: tuple[Any, ...], value: Any, how: str) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(tree, list):
        out = list(tree)
        if not rest and how == "delete":
            del out[head]
        elif not rest and how == "insert":
            out.insert(head, value)
        else:
            out[head] = replaced(tree[head], rest, value, how)
        return out
    out = dict(tree)
    if not rest and how == "delete":
        del out[head]
    else:
        out[head] = replaced(tree[head], rest, value, how)
    return out


@st.composite
def hostile_bodies(draw: st.DrawFn) -> bytes:
    """A real code's body with one spot replaced, deleted or added, then framed with a correct checksum: as format
    4 writes it (its names in front), or a format 1 layout (names in the body) framed as format 1 or 2."""
    v4 = draw(st.booleans())
    turn, system, version, body, names = draw(st.sampled_from(V2 if v4 else V1_BODIES))
    path = draw(st.sampled_from(places(body)))
    how = draw(st.sampled_from(["replace", "replace", "delete", "insert"]))
    if not path and how != "replace":
        how = "replace"
    new = draw(st.one_of(values, st.integers(-3, 300)))
    changed = replaced(body, path, new, how)
    if v4:
        return frame4(turn, system, version, cbor2.dumps(changed), names)
    if draw(st.booleans()):  # format 1: the pack and its version at the head of the body
        whole = [_pack_code(system), _version_code(version), *changed] if type(changed) is list else changed
        return frame(cbor2.dumps(whole), draw(st.booleans()))
    return frame2(turn, system, version, cbor2.dumps(changed), draw(st.booleans()))


@st.composite
def damaged_codes(draw: st.DrawFn) -> bytes:
    """A real code with bytes flipped, cut or added; sometimes with its checksum fixed to reach the parser."""
    data = bytearray(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 4))):
        if not data:  # a short seed (an empty turn code) can be cut away entirely
            break
        i = draw(st.integers(0, len(data) - 1))
        op = draw(st.sampled_from(["flip", "set", "cut", "add"]))
        if op == "flip":
            data[i] ^= 1 << draw(st.integers(0, 7))
        elif op == "set":
            data[i] = draw(st.integers(0, 255))
        elif op == "cut":
            del data[i: i + draw(st.integers(1, 20))]
        else:
            data[i:i] = draw(st.binary(min_size=1, max_size=20))
    if draw(st.booleans()) and len(data) > 4:
        data[-4:] = zlib.crc32(bytes(data[:-4])).to_bytes(4, "big")
    return bytes(data)


inputs = st.one_of(st.binary(max_size=300), damaged_codes(), hostile_bodies(),
                   st.builds(lambda v, d: frame(cbor2.dumps(v), d), values, st.booleans()))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(inputs)
def test_any_bytes_decode_to_a_valid_match_or_a_typed_error(data: bytes) -> None:
    check(data)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=200), st.builds(lambda t, s: t[:s], st.sampled_from([to_text(c) for c in SEEDS]),
                                                    st.integers(0, 400))))
def test_any_text_reads_as_a_code_or_a_typed_error(text: str) -> None:
    with contextlib.suppress(ShareError):
        check(read_text(text).data)


def test_parts_from_hostile_texts_never_crash_the_collector() -> None:
    collector = Collector()
    for text in to_parts(SEEDS[0], 3)[:2] + ["ttcomp://m/3-3-AAAA-AAAAAAAA", "ttcomp://m/9-3-AAAA-AA"]:
        with contextlib.suppress(ShareError):
            collector.add(text)
    with pytest.raises(ShareError):
        decode(collector.data(), LIBRARY)


# 12,000 inputs in all, as four runs of 3,000 (each draws its own): the parallel test run spreads them over cores
@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
@settings(max_examples=3_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=inputs)
def test_many_inputs_decode_to_a_valid_match_or_a_typed_error(part: int, data: bytes) -> None:
    check(data)
