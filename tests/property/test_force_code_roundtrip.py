"""Force codes: any force the library can hold reads back from its link exactly; any change to a code's bytes is
refused (a checksum) or reads as a valid force, never a crash."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.share.errors import ShareError
from companion.share.force_code import ForceCode, decode_force, encode_force, force_link, read_force_link

STATS = ("speed", "attack", "defense", "damage")
text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=40)
click = st.builds(lambda values, markers: {"stats": dict(zip(STATS, values, strict=False)), "markers": markers},
                  st.lists(st.integers(0, 99), max_size=4), st.lists(text, max_size=2))


def unit_of(name: str, points: int, dial: list[dict[str, Any]], start: int, cyclic: bool,
            ref: str | None) -> dict[str, Any]:
    unit: dict[str, Any] = {"name": name, "points": points, "dial": dial}
    if start % len(dial):
        unit["start"] = start % len(dial)
    if cyclic:
        unit["cyclic"] = True
    if ref is not None:
        unit["ref"] = ref
    return unit


units = st.builds(unit_of, text, st.integers(0, 999_999), st.lists(click, min_size=1, max_size=12),
                  st.integers(0, 11), st.booleans(), st.none() | text)
forces = st.builds(lambda system, name, us: ForceCode(system, name, tuple(us)), text, text,
                   st.lists(units, min_size=1, max_size=8))


@given(forces)
def test_a_force_reads_back_from_its_link(force: ForceCode) -> None:
    assert read_force_link(force_link(force)) == force


@given(forces, st.integers(0, 10_000), st.integers(1, 255))
def test_a_changed_byte_is_refused_or_reads_as_a_force(force: ForceCode, where: int, flip: int) -> None:
    data = bytearray(encode_force(force))
    data[where % len(data)] ^= flip
    with contextlib.suppress(ShareError):  # refused in a sentence of ours: fine; anything else fails the test
        decode_force(bytes(data))
