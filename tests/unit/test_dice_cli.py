"""`companion roll`, `companion odds` and `companion attack` through `companion.cli.main`."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.dice.roll import roll


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_roll_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "roll", "2d6+1d4-2", "--seed", "3")
    assert out["expr"] == "2d6+1d4-2"
    expected = roll("2d6+1d4-2", random.Random(3))
    assert out["dice"] == list(expected.dice) and len(out["dice"]) == 3
    assert out["total"] == expected.total == sum(out["dice"]) - 2
    assert out["seed"] == 3
    assert "successes" not in out


def test_roll_is_repeatable_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "roll", "10d6", "--seed", "99")
    assert run_json(capsys, "roll", "10d6", "--seed", "99") == first
    unseeded = run_json(capsys, "roll", "10d6")
    assert isinstance(unseeded["seed"], int)
    assert run_json(capsys, "roll", "10d6", "--seed", str(unseeded["seed"]))["dice"] == unseeded["dice"]


def test_roll_pool_reports_successes(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "roll", "7d6>=5", "--seed", "1")
    assert len(out["dice"]) == 7
    assert out["successes"] == out["total"] == sum(1 for d in out["dice"] if d >= 5)


def test_roll_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "4d6kh3", "--seed", "3"]) == 0
    expected = roll("4d6kh3", random.Random(3))
    assert capsys.readouterr().out.strip() == expected.describe()


def test_roll_expression_starting_with_minus(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "--seed", "3", "--json", "--", "-1+2d6"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["expr"] == "-1+2d6" and out["total"] == sum(out["dice"]) - 1


def test_bad_notation_is_an_error_for_people_and_scripts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "2d"]) == 1
    assert "a die needs a number of sides" in capsys.readouterr().err
    assert main(["roll", "2d", "--json"]) == 1
    assert "a number of sides" in json.loads(capsys.readouterr().out)["error"]


def test_odds_at_least_is_an_exact_fraction(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "odds", "2d6", "--at-least", "9")
    assert out["probability"] == "5/18"
    assert out["percent"] == 27.78
    assert out["at_least"] == 9 and out["expr"] == "2d6"


@pytest.mark.parametrize(("flag", "keep"), [("--at-least", lambda s, t: s >= t), ("--at-most", lambda s, t: s <= t),
                                            ("--exactly", lambda s, t: s == t)])
def test_odds_shown_equal_the_brute_force_frequency(capsys: pytest.CaptureFixture[str], flag: str, keep) -> None:  # noqa: ANN001
    sums = [a + b + c - 1 for a, b, c in itertools.product(range(1, 7), repeat=3)]
    for target in (2, 9, 10, 17, 18):
        out = run_json(capsys, "odds", "3d6-1", flag, str(target))
        expected = Fraction(sum(1 for s in sums if keep(s, target)), len(sums))
        assert Fraction(out["probability"]) == expected
        assert out["percent"] == round(float(expected) * 100, 2)


def test_odds_of_a_pool(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "odds", "7d6>=5", "--at-least", "3")
    assert out["probability"] == "313/729"
    assert main(["odds", "7d6>=5", "--at-least", "3"]) == 0
    assert capsys.readouterr().out.strip() == "7d6>=5: 3 successes or more: 313/729 (42.94%)"


def test_odds_text_and_full_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "2d6", "--at-least", "9"]) == 0
    assert capsys.readouterr().out.strip() == "2d6: 9 or more: 5/18 (27.78%)"
    out = run_json(capsys, "odds", "2d6")
    assert [row["total"] for row in out["distribution"]] == list(range(2, 13))
    assert sum(Fraction(row["probability"]) for row in out["distribution"]) == 1
    assert main(["odds", "d66"]) == 0
    assert "11 to 66" in capsys.readouterr().out


def test_odds_refuses_what_it_cannot_compute(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "100d100", "--at-least", "5000"]) == 1
    assert "too many possible results" in capsys.readouterr().err


def test_attack_chance(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "attack", "--system", "halo-actionclix", "--attack", "9", "--defense", "16")
    assert (out["probability"], out["percent"], out["needed"]) == ("7/12", 58.33, 7)
    out = run_json(capsys, "attack", "--system", "halo-actionclix", "--attack", "9", "--defense", "16",
                   "--moved", "5")
    assert (out["probability"], out["effective_attack"]) == ("1/6", 6)
    assert main(["attack", "--system", "halo-actionclix", "--attack", "2", "--defense", "30"]) == 0
    assert "hits only on two 6s, 1/36" in capsys.readouterr().out


def test_attack_roll_is_resolved_with_dice_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["attack", "--system", "halo-actionclix", "--attack", "9", "--defense", "16", "--moved", "5",
            "--roll", "--seed", "1"]
    out = run_json(capsys, *args)
    expected = roll("2d6", random.Random(1))
    assert out["dice"] == list(expected.dice)
    assert out["total"] == expected.total + 6
    assert out["hit"] == (out["total"] >= 16 or out["dice"] == [6, 6])
    assert "defense 16" in out["why"] and out["probability"] == "1/6"
    assert run_json(capsys, *args) == out
    assert main(args) == 0
    text = capsys.readouterr().out
    assert text.startswith("HIT: " if out["hit"] else "MISS: ") and "chance was 1/6" in text


def test_attack_refuses_impossible_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["attack", "--system", "halo-actionclix", "--attack", "9", "--defense", "160", "--json"]) == 1
    assert "defense must be" in json.loads(capsys.readouterr().out)["error"]
    with pytest.raises(SystemExit):
        main(["attack", "--system", "monopoly", "--attack", "9", "--defense", "16"])
