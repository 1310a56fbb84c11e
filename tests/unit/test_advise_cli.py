"""`companion advise MATCH_ID` (issue 28): the same numbers as `Session.advise`, exact fractions in `--json`,
struck targets left out, the ranking key switched, and one clear message for a unit or match that isn't there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.session import Session

from armageddon_challenges_kit import card
from builders import unit


@pytest.fixture
def match_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    session = Session.open()
    m = session.new_match("halo-actionclix", ["Ann", "Ben"])
    for u in (unit("a0", "p1"), unit("b0", "p2", clicks=1), unit("b1", "p2")):
        session.dispatch(m.id, "add_unit", {"unit": u})
    return m.id


def advise(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["advise", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_gives_exact_figures_the_session_gives(match_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = advise(capsys, match_id)
    first = out["moves"][0]
    assert first["title"] == "Unit a0: Attack Unit b0"
    assert (first["hit"]["exact"], first["damage"]["exact"], first["ko"]["exact"], first["points"]["exact"]) == (
        "13/18", "13/18", "13/18", "13/18")
    assert first["action"] == {"name": "attack", "unit": "a0", "params": first["action"]["params"]}
    assert first["action"]["params"]["target"] == "b0"
    assert [m["title"] for m in out["moves"]] == [m.title for m in Session.open().advise(match_id).moves]
    assert [o["label"] for o in first["outcomes"]] == ["hit", "miss", "two 6s"]


def test_by_damage_strike_and_why(match_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert advise(capsys, match_id, "--by", "damage")["moves"][0]["target"] == "b1"
    struck = advise(capsys, match_id, "--strike", "b0", "--top", "1", "--why")
    assert [m["target"] for m in struck["moves"]] == ["b1"] and struck["struck"] == ["b0"]
    assert any(line.startswith("Expected damage = ") for line in struck["working"]["1"])
    assert main(["advise", match_id, "--top", "1"]) == 0
    text = capsys.readouterr().out
    assert "1. Unit a0: Attack Unit b0" in text and "KO 72%" in text
    # --leave-out says what it does (--strike read as "attack it"); --strike still works
    assert advise(capsys, match_id, "--leave-out", "b0")["struck"] == ["b0"]
    assert main(["advise", match_id, "--leave-out", "b0", "--top", "1"]) == 0
    assert "best moves, by points (left out: b0)" in capsys.readouterr().out


def test_a_unit_or_match_that_isnt_there_is_one_message(match_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", match_id, "--strike", "zz"]) == 1
    assert "no unit 'zz'" in capsys.readouterr().err
    assert main(["advise", "nope00000000"]) == 1
    assert "no match" in capsys.readouterr().err


def test_an_unknown_ranking_key_is_one_message(match_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", match_id, "--by", "luck"]) == 1
    assert "rank by one of points, ko, damage, not 'luck'" in capsys.readouterr().err


def test_advise_by_ko_on_an_empires_match_shows_the_chance_to_kill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # seed 004 ¶17: Kade's 2 dice against Lord Vex's 1 (1 wound point): he dies whenever Kade wins, 1/2
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    session = Session.open()
    mid = session.new_match("armageddon-empires", ["Ann", "Ben"]).id
    for c in (card("kade", "Kade", "p1", {"pool": 2, "fate": 1, "wound-points": 3}, "assassin", "master-assassin"),
              card("vex", "Lord Vex", "p2", {"fate": 1, "wound-points": 1})):
        session.dispatch(mid, "add_unit", {"unit": c})
    first = advise(capsys, mid, "--by", "ko")["moves"][0]
    assert first["title"] == "Kade: Assassinate a hero Lord Vex"
    assert (first["ko"]["exact"], first["damage"]["exact"]) == ("1/2", "5/8")
    assert main(["advise", mid, "--by", "ko", "--why"]) == 0
    text = capsys.readouterr().out
    assert "damage 0.62 · KO 50%" in text and "Expected KO = " in text and " = 1/2 (0.50)" in text
