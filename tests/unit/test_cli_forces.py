"""`companion match add-units`, `match new --force` and `companion library save-force|forces|force`, called
in-process as the shell calls them."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from companion.cli import main

FORCE = "# Ann's Spartans\nSpartan Sniper, 45: 8 10 17 3 / 7 10 16 2\nGrunt, 12: 6 8 14 1\n"


@pytest.fixture
def match_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    assert main(["match", "new", "--system", "halo-actionclix", "--player", "Ann", "--player", "Ben", "--json"]) == 0
    return str(json.loads(capsys.readouterr().out)["id"])


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_add_units_from_a_file_and_from_stdin(match_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ann.force").write_text(FORCE, encoding="utf-8")
    code, out, _ = run(capsys, "match", "add-units", match_id, "--from", str(tmp_path / "ann.force"))
    assert code == 0 and out.startswith("2 units added for Ann\n") and "Grunt [u2] 12 pts" in out
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"Elite, 30: 7 9 16 2\n")))
    code, out, _ = run(capsys, "match", "add-units", match_id, "--from", "-", "--player", "p2", "--json")
    assert code == 0
    assert [(u["name"], u["owner"]) for u in json.loads(out)["units"]] == [
        ("Spartan Sniper", "p1"), ("Grunt", "p1"), ("Elite", "p2")]


def test_a_wrong_line_is_one_sentence_and_adds_nothing(match_id: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.force").write_text(FORCE + "Elite 30: 7 9 16 2\n", encoding="utf-8")
    code, _, err = run(capsys, "match", "add-units", match_id, "--from", str(tmp_path / "bad.force"))
    assert code == 1
    assert err.startswith("companion: line 4: write a unit as its name, points: clicks") and err.count("\n") == 1
    code, out, _ = run(capsys, "match", "show", match_id, "--json")
    assert json.loads(out)["units"] == []


def test_save_list_show_and_start_a_match_with_forces(match_id: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ann.force").write_text(FORCE, encoding="utf-8")
    run(capsys, "match", "add-units", match_id, "--from", str(tmp_path / "ann.force"))
    code, out, _ = run(capsys, "library", "save-force", match_id, "Ann", "Ann's Spartans")
    assert (code, out) == (0, "Saved force “Ann's Spartans” (2 units), 57 points, for halo-actionclix\n")
    code, out, _ = run(capsys, "library", "forces")
    assert out == "halo-actionclix · Ann's Spartans · 2 units, 57 points · Spartan Sniper, Grunt\n"
    code, out, _ = run(capsys, "library", "force", "halo-actionclix", "ann's spartans")
    assert out == FORCE
    code, out, _ = run(capsys, "match", "new", "--system", "halo-actionclix", "--player", "Cat", "--player", "Dan",
                       "--force", "p2=Ann's Spartans", "--json")
    assert code == 0
    assert [(u["name"], u["owner"]) for u in json.loads(out)["units"]] == [("Spartan Sniper", "p2"), ("Grunt", "p2")]


def test_an_unknown_force_or_a_bad_choice_makes_no_match(match_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "match", "new", "--system", "halo-actionclix", "--player", "Cat", "--player", "Dan",
                       "--force", "p1=Orks")
    assert code == 1 and "no saved force 'Orks' for this game" in err
    code, _, err = run(capsys, "match", "new", "--system", "halo-actionclix", "--player", "Cat", "--player", "Dan",
                       "--force", "Orks")
    assert code == 1 and "write a player and a saved force's name" in err
    code, out, _ = run(capsys, "match", "list", "--json")
    assert [m["id"] for m in json.loads(out)] == [match_id]


def test_no_forces_yet_says_how_to_save_one(match_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "library", "forces")
    assert code == 0 and "companion library save-force MATCH_ID PLAYER NAME" in out
    code, _, err = run(capsys, "library", "save-force", match_id, "p2", "Ben's")
    assert code == 1 and err == "companion: Ben has no units in this match to save\n"


def test_a_force_goes_to_another_data_folder_by_its_link(match_id: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ann.force").write_text(FORCE, encoding="utf-8")
    run(capsys, "match", "add-units", match_id, "--from", str(tmp_path / "ann.force"))
    run(capsys, "library", "save-force", match_id, "p1", "Ann's Spartans")
    code, out, _ = run(capsys, "library", "share-force", "halo-actionclix", "Ann's Spartans", "--png",
                       str(tmp_path / "force.png"))
    link = out.strip()
    assert code == 0 and link.startswith("ttcomp://m/F-")
    assert (tmp_path / "force.png").read_bytes().startswith(b"\x89PNG")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "other"))
    code, out, _ = run(capsys, "share", "import", link)
    assert (code, out) == (0, "Saved force “Ann's Spartans” (2 units)\n")
    code, out, _ = run(capsys, "share", "import", link)  # the same force again: nothing overwritten, nothing doubled
    assert (code, out) == (0, "Force “Ann's Spartans” (2 units) is already saved on this phone\n")
    code, out, _ = run(capsys, "library", "force", "halo-actionclix", "Ann's Spartans")
    assert out == FORCE
