"""A force as text: one unit a line, read all or nothing, written so it reads back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.match.force_text import MAX_UNITS, ForceTextError, ForceUnit, force_text, force_title, parse_force
from companion.core.model import Click

HALO = ("speed", "attack", "defense", "damage")
README = Path(__file__).resolve().parents[2] / "README.md"


def test_a_force_is_read_one_unit_a_line() -> None:
    units = parse_force("# Ann's Spartans\n\nSpartan Sniper, 45: 8 10 17 3 / 7 10 16 2 special:attack\n"
                        "  Grunt , 12 pts : 6 8 14 1 / KO\n", HALO)
    assert [(u.name, u.points, len(u.dial)) for u in units] == [("Spartan Sniper", 45, 3), ("Grunt", 12, 2)]
    assert units[0].dial[0].stats == {"speed": 8, "attack": 10, "defense": 17, "damage": 3}
    assert units[0].dial[1].markers == ("special:attack",)
    assert all(u.dial[-1].ko for u in units)  # the KO click is added, typed or not


def test_a_name_may_hold_a_colon_and_a_comma() -> None:
    (unit,) = parse_force("Lex Luthor, Jr: Mastermind, 70: 9 9 17 2", HALO)
    assert (unit.name, unit.points) == ("Lex Luthor, Jr: Mastermind", 70)


@pytest.mark.parametrize(("text", "message"), [
    ("Grunt, 12: 6 8 14 1\nSpartan 45: 8 10 17 3", "line 2: write a unit as its name, points: clicks, e.g. Grunt"),
    ("Grunt, 12: 6 8 14 1\n\nSpartan, 45: 8 10 17 / 7 10 16 2",
     "line 3 (Spartan): click 1: expected 4 numbers (speed attack defense damage), got 3"),
    (", 45: 8 10 17 3", "line 1: the unit's name comes before the comma"),
    ("Spartan, 45:", "line 1 (Spartan): its clicks come after the colon"),
    ("Spartan, 45: 8 10 17 3 / KO / 7 10 16 2", "line 1 (Spartan): click 2: KO must be the last click"),
    ("Spartan, 1234567: 8 10 17 3", "line 1 (Spartan): points go up to 999999"),
    ("Spartan, 45: 8 10 170 3", "line 1 (Spartan): click 1: stats go from 0 to 99"),
    (f"{'x' * 61}, 4: 1 2 3 4", "line 1: a unit's name has at most 60 characters"),
    ("# only a comment\n\n", "type at least one unit, one a line, e.g. Grunt, 12: 6 8 14 1 / 5 7 13 0"),
    ("A, 1: 1 2 3 4\n" * (MAX_UNITS + 1), f"line {MAX_UNITS + 1}: a force has at most {MAX_UNITS} units"),
])
def test_a_wrong_line_is_named_in_one_sentence(text: str, message: str) -> None:
    with pytest.raises(ForceTextError) as caught:
        parse_force(text, HALO)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_writing_leaves_out_the_ko_click_and_reads_back() -> None:
    units = (ForceUnit("Grunt", 12, (Click(stats=dict(zip(HALO, (6, 8, 14, 1), strict=True))),
                                     Click(stats=dict(zip(HALO, (5, 7, 13, 1), strict=True)), markers=("pinned",)),
                                     Click(markers=("ko",)))),)
    text = force_text(units, HALO, "Ann's  Grunts")
    assert text == "# Ann's Grunts\nGrunt, 12: 6 8 14 1 / 5 7 13 1 pinned"
    assert parse_force(text, HALO) == units


def test_the_readme_example_is_a_force_the_parser_reads() -> None:
    block = re.search(r"```force\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert block is not None
    units = parse_force(block.group(1), HALO)
    assert len(units) == 3 and units[0].name == "Spartan Sniper"


def test_a_force_pasted_with_its_code_fences_reads_as_without_them() -> None:
    # copied from the README's source or a chat message, the block's fences come along
    block = re.search(r"```force\n.*?```", README.read_text(encoding="utf-8"), re.S)
    assert block is not None
    assert parse_force(block.group(0), HALO) == parse_force(block.group(0).split("\n", 1)[1].rsplit("```", 1)[0], HALO)
    fenced = "```\n# Ann's Spartans\nGrunt, 12: 6 8 14 1\n```"
    assert [u.name for u in parse_force(fenced, HALO)] == ["Grunt"]
    assert force_title(fenced) == "Ann's Spartans"
