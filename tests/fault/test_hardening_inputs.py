"""What people type into the app's fields and the command line: a checked value or one BadInput, nothing else."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from companion.session import inputs

TYPED = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["²", "١٢", "ⅷ", "1e308", "inf", "-inf", "nan", "9" * 5000, "-0", " 7 ", "1,5", "0x10"]),
    st.integers(-(10**12), 10**12).map(str),
    st.floats().map(str),
)


@given(TYPED)
def test_every_reader_returns_a_bounded_value_or_says_why(text: str) -> None:
    for read, check in (
        (inputs.minutes, lambda v: math.isfinite(v) and 0 < v <= inputs.MAX_MINUTES),
        (inputs.minutes_to_seconds, lambda v: 1 <= v <= inputs.MAX_MINUTES * 60),
        (inputs.points, lambda v: 0 <= v < 10**inputs.MAX_POINTS_DIGITS),
        (inputs.port, lambda v: 1 <= v <= 65535),
        (inputs.event_data, lambda v: isinstance(v, dict)),
        (inputs.query, lambda v: len(v) <= inputs.QUERY_CHARS),
    ):
        try:
            value = read(text)
        except inputs.BadInput:
            continue
        assert check(value), (read.__name__, text, value)
    n = inputs.whole(text)
    assert n is None or abs(n) < 10**9


def test_whole_numbers_are_ascii_digits() -> None:
    assert inputs.whole(" -12 ") == -12 and inputs.whole("²") is None and inputs.whole("١٢") is None
    assert inputs.whole("9" * 10) is None and inputs.whole("9" * 6, digits=6) == 999_999
    assert inputs.minutes("1,5") == 1.5 and inputs.minutes_to_seconds("0.001") == 1
