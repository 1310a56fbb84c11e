"""The unit editor's two dial forms (issue 39) give one dial: any dial typed as lines, read into the per-click
form's rows and written back, parses to the same clicks, and the per-click form switched to lines and back too."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.core.match.dial_text import lines_as_rows, parse_dial, rows_as_lines

STATS = ("speed", "attack", "defense", "damage")
MARK = st.from_regex(r"[a-z][a-z:-]{0,11}", fullmatch=True).filter(lambda w: w != "ko")
CLICK = st.tuples(st.lists(st.integers(0, 99), min_size=4, max_size=4), st.lists(MARK, max_size=2))
SEP = st.sampled_from([" ", "  ", ", ", "\t"])


@given(st.lists(CLICK, min_size=1, max_size=12), SEP, st.booleans())
def test_a_typed_dial_read_into_rows_and_back_is_the_same_dial(clicks: list[tuple[list[int], list[str]]], sep: str,
                                                               ko: bool) -> None:
    text = "\n".join(sep.join([*map(str, numbers), *marks]) for numbers, marks in clicks) + ("\nKO" if ko else "")
    rows = lines_as_rows(text, STATS)
    assert len(rows) == len(clicks)
    assert parse_dial(rows_as_lines(rows, STATS), STATS, line="click") == parse_dial(text, STATS)


FULL = st.tuples(*[st.sampled_from(["7", "12", "0"])] * 4, st.sampled_from(["", "fly", "a b"]))
LATER = st.tuples(*[st.sampled_from(["", "7", "12"])] * 4, st.sampled_from(["", "fly"]))


@given(FULL, st.lists(LATER, max_size=6))
def test_the_per_click_form_switched_to_lines_and_back_is_the_same_dial(first: tuple[str, ...],
                                                                        later: list[tuple[str, ...]]) -> None:
    rows = [first, *later]  # only what changes typed after the first click: empty stats are the click above's
    text = rows_as_lines(rows, STATS)
    assert rows_as_lines(rows, STATS, check=False) == text
    assert parse_dial(rows_as_lines(lines_as_rows(text, STATS), STATS), STATS) == parse_dial(text, STATS, line="click")
