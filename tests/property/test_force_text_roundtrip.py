"""Force text round trip: any force written as text reads back as the same units."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from companion.core.match.force_text import MAX_NAME, ForceUnit, force_text, parse_force
from companion.core.model import Click

STATS = ("speed", "attack", "defense", "damage")
# what a player types in a name: letters of any script, digits, spaces and punctuation, but never the ", 45:" that
# ends a name (a name can't say where it ends) nor a leading "#" (a comment)
_NAME_CHARS = st.characters(codec="utf-8", categories=("L", "N", "P", "Zs"), exclude_characters="\n\r\x85\u2028\u2029")
names = st.text(_NAME_CHARS, min_size=1, max_size=MAX_NAME).map(lambda s: " ".join(s.split())).filter(
    lambda s: bool(s) and not s.startswith("#") and not re.search(r",\s*[0-9]+\s*(pts|points|point|pt)?\s*:", s,
                                                                  re.I))
markers = st.lists(st.from_regex(r"[a-z][a-z:_-]{0,12}", fullmatch=True).filter(lambda m: m != "ko"), max_size=2)
clicks = st.builds(lambda numbers, marks: Click(stats=dict(zip(STATS, numbers, strict=True)), markers=tuple(marks)),
                   st.lists(st.integers(0, 99), min_size=4, max_size=4), markers)
units = st.builds(lambda name, points, dial: ForceUnit(name, points, (*dial, Click(markers=("ko",)))),
                  names, st.integers(0, 999_999), st.lists(clicks, min_size=1, max_size=30))


@given(st.lists(units, min_size=1, max_size=12), st.text(max_size=40))
def test_a_written_force_reads_back_the_same(force: list[ForceUnit], title: str) -> None:
    assert parse_force(force_text(force, STATS, title), STATS) == tuple(force)
