"""Typing a dial as text."""

from __future__ import annotations

import pytest

from companion.core.match.dial_text import DialTextError, parse_dial

STATS = ("speed", "attack", "defense", "damage")


def test_lines_become_clicks_with_a_ko_click_at_the_end() -> None:
    dial = parse_dial("8 10 17 3\n8, 9, 16, 3 special:attack\n\nKO", STATS)
    assert [c.stats["attack"] for c in dial[:-1]] == [10, 9]
    assert dial[1].markers == ("special:attack",) and dial[-1].ko and len(dial) == 3


@pytest.mark.parametrize(("text", "message"), [
    ("8 10 17", "line 1: expected 4 numbers"),
    ("8 10 17 3\nKO\n8 9 16 3", "KO must be the last line"),
    ("8 10 170 3", "0 to 99"),
    ("", "at least one click"),
    ("8 10 17 3 ko", "line of its own"),
])
def test_mistakes_name_the_line(text: str, message: str) -> None:
    with pytest.raises(DialTextError, match=message):
        parse_dial(text, STATS)


def test_a_dial_that_turns_round_has_no_ko_click() -> None:
    dial = parse_dial("shift\nrotate special:plasma\nshift", (), cyclic=True)
    assert len(dial) == 3 and not any(c.ko for c in dial) and dial[1].markers == ("rotate", "special:plasma")
    with pytest.raises(DialTextError, match="no KO"):
        parse_dial("shift\nKO", (), cyclic=True)
