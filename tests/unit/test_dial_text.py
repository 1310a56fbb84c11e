"""Typing a dial as text."""

from __future__ import annotations

import pytest

from companion.core.match.dial_text import DialTextError, lines_as_rows, parse_dial, rows_as_lines

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


# --- the per-click form (issue 39): rows of number fields, the same text underneath ----------------------------


def test_rows_are_the_lines_of_the_same_dial() -> None:
    rows = (("8", "10", "17", "3", ""), ("8", " 9", "16", "3", "special:attack"))
    assert rows_as_lines(rows, STATS) == "8 10 17 3\n8 9 16 3 special:attack"
    assert rows_as_lines((("", "", "", "", ""), *rows), STATS) == "\n8 10 17 3\n8 9 16 3 special:attack"
    assert parse_dial(rows_as_lines(rows, STATS), STATS) == parse_dial("8 10 17 3\n8 9 16 3 special:attack", STATS)
    assert lines_as_rows("8 10 17 3\n\n8, 9, 16, 3 special:attack\nKO", STATS) == (
        rows[0], ("8", "9", "16", "3", "special:attack"))


def test_a_stat_left_empty_is_the_click_above() -> None:
    rows = (("8", "10", "17", "3", "fly"), ("", "9", "", "", ""), ("", "", "", "", ""), ("7", "", "", "2", "x"))
    assert rows_as_lines(rows, STATS) == "8 10 17 3 fly\n8 9 17 3\n8 9 17 3\n7 9 17 2 x"  # + click: a copy


@pytest.mark.parametrize(("rows", "message"), [
    ((("8", "10", "", "3", ""),), "click 1: type its defense"),
    ((("8", "10", "17", "3", ""), ("8", "x", "16", "3", "")), "click 2: its attack must be a whole number, not 'x'"),
    ((("8", "10", "17"),), "click 1: type its damage"),
    ((("", "", "", "", ""), ("8", "", "17", "3", "")), "click 2: type its attack"),
])
def test_a_row_left_half_typed_names_the_click_and_the_stat(rows: tuple[tuple[str, ...], ...], message: str) -> None:
    with pytest.raises(DialTextError, match=message):
        rows_as_lines(rows, STATS)


def test_the_parser_names_a_click_for_the_per_click_form() -> None:
    with pytest.raises(DialTextError, match="click 2: stats go from 0 to 99"):
        parse_dial("8 10 17 3\n8 10 170 3", STATS, line="click")


def test_half_typed_rows_switch_to_the_typed_form_as_they_are() -> None:
    rows = (("8", "", "17", "3", "fly"), ("", "x", "", "", ""))
    assert rows_as_lines(rows, STATS, check=False) == "8 17 3 fly\n8 x 17 3"
    assert lines_as_rows("8 17 3 fly", STATS) == (("8", "17", "3", "", "fly"),)
