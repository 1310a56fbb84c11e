"""The `companion match` commands, run as a real process the way scripts call them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def companion(*args: str, data: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COMPANION_DATA_DIR": str(data)}
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=env,
                          input=stdin, timeout=60)


def test_new_then_list_in_a_new_process(tmp_path: Path) -> None:
    made = companion("match", "new", "--system", "halo-actionclix", "--player", "Ann", "--player", "Ben",
                     "--json", data=tmp_path)
    assert made.returncode == 0, made.stderr
    match = json.loads(made.stdout)
    assert [p["name"] for p in match["players"]] == ["Ann", "Ben"]
    listed = companion("match", "list", "--json", data=tmp_path)
    assert [m["id"] for m in json.loads(listed.stdout)] == [match["id"]]


def test_events_undo_show_export_import_delete(tmp_path: Path) -> None:
    match_id = json.loads(companion("match", "new", "--system", "heroclix-skirmish", "--player", "Ann",
                                    "--player", "Ben", "--rounds", "3", "--json", data=tmp_path).stdout)["id"]
    unit = {"id": "u1", "name": "Hulk", "points": 100, "owner": "p1",
            "dial": [{"stats": {"speed": 8}}, {"stats": {"speed": 7}}, {"stats": {}, "markers": ["ko"]}]}
    assert companion("match", "event", match_id, "add_unit", "--data", json.dumps({"unit": unit}),
                     data=tmp_path).returncode == 0
    hit = companion("match", "event", match_id, "damage", "--data", '{"unit": "u1", "amount": 1}', "--by", "p2",
                    "--json", data=tmp_path)
    assert json.loads(hit.stdout)["units"][0]["click"] == 1
    refused = companion("match", "event", match_id, "set_click", "--data", '{"unit": "u1", "click": 7}',
                        "--json", data=tmp_path)
    assert refused.returncode == 1
    assert "last click" in json.loads(refused.stdout)["error"] and "last click" in refused.stderr
    undone = json.loads(companion("match", "undo", match_id, "--json", data=tmp_path).stdout)
    assert undone["units"][0]["click"] == 0
    assert "Redid: Hulk takes 1 damage" in companion("match", "redo", match_id, "--by", "p1", data=tmp_path).stdout
    assert "Undid: Hulk takes 1 damage" in companion("match", "undo", match_id, "--by", "p1", data=tmp_path).stdout
    shown = companion("match", "show", match_id, "--log", data=tmp_path)
    assert "Hulk joins" in shown.stdout and "Turn 1 · Ann's round 1 of 3" in shown.stdout
    # every undo and redo is a line of the log, saying whose step it took back; the step stays, marked
    assert "UNDONE Hulk takes 1 damage" in shown.stdout and "Undid Ben's “Hulk takes 1 damage”" in shown.stdout
    assert "Ann redid Ben's “Hulk takes 1 damage”" in shown.stdout and "Ann undid Ben's" in shown.stdout
    exported = tmp_path / "m.json"
    assert companion("match", "export", match_id, "-o", str(exported), data=tmp_path).returncode == 0
    assert companion("match", "delete", match_id, data=tmp_path).returncode == 1  # no tty, no --yes
    assert companion("match", "delete", match_id, "--yes", data=tmp_path).returncode == 0
    assert json.loads(companion("match", "list", "--json", data=tmp_path).stdout) == []
    back = companion("match", "import", str(exported), "--json", data=tmp_path)
    assert json.loads(back.stdout)["id"] == match_id


@pytest.mark.parametrize(("args", "message"), [
    (["match", "new", "--system", "nope", "--player", "A", "--player", "B"], "no rule pack for 'nope'"),
    (["match", "show", "0123456789ab"], "no match"),
    (["match", "event", "0123456789ab", "damage", "--data", "{oops"], "not valid JSON"),
    (["match", "import", "/does/not/exist.json"], "can't read"),
])
def test_bad_input_gives_a_clear_message(tmp_path: Path, args: list[str], message: str) -> None:
    result = companion(*args, data=tmp_path)
    assert result.returncode == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_import_rejects_non_json(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\x00\x01 not json")
    result = companion("match", "import", str(junk), data=tmp_path)
    assert result.returncode == 1 and "is not JSON" in result.stderr


def test_rename_player_by_id_or_name_is_logged_and_undone(tmp_path: Path) -> None:
    match_id = json.loads(companion("match", "new", "--system", "halo-actionclix", "--player", "Ann", "--player",
                                    "Ben", "--json", data=tmp_path).stdout)["id"]
    renamed = companion("match", "rename-player", match_id, "p2", "  Benjamin ", "--by", "p1", data=tmp_path)
    assert renamed.returncode == 0, renamed.stderr
    assert renamed.stdout.startswith("renamed Ben to Benjamin\n") and "Benjamin (p2)" in renamed.stdout
    again = companion("match", "rename-player", match_id, "benjamin", "Benji", "--json", data=tmp_path)
    assert [p["name"] for p in json.loads(again.stdout)["players"]] == ["Ann", "Benji"]
    for player, name, why in (("p2", "ann", "Ann already has that name"), ("p2", " ", "can't be blank"),
                              ("p2", "x" * 41, "at most 40 characters"), ("Cat", "Cy", "no player 'Cat'")):
        refused = companion("match", "rename-player", match_id, player, name, data=tmp_path)
        assert refused.returncode == 1 and why in refused.stderr and refused.stderr.count("\n") == 1
    shown = companion("match", "show", match_id, "--log", data=tmp_path).stdout
    assert "Ann      renamed Ben to Benjamin" in shown and "renamed Benjamin to Benji" in shown
    assert "Undid: renamed Benjamin to Benji" in companion("match", "undo", match_id, data=tmp_path).stdout
    exported = json.loads(companion("match", "export", match_id, data=tmp_path).stdout)
    assert exported["state"]["players"][1]["name"] == "Benjamin"
    assert [e["type"] for e in exported["events"]] == ["rename_player", "rename_player", "undo"]


def test_a_skirmish_is_made_for_two_to_four_players_only(tmp_path: Path) -> None:
    """Seed 003 ¶2: two to four players. The pack's player range refuses one or five at `match new`, in one sentence."""
    for count in (1, 5):
        players = [arg for i in range(count) for arg in ("--player", f"P{i}")]
        refused = companion("match", "new", "--system", "heroclix-skirmish", *players, data=tmp_path)
        assert refused.returncode == 1
        assert refused.stderr.strip() == f"companion: HeroClix Skirmish is played by 2 to 4 players, not {count}"
    made = companion("match", "new", "--system", "heroclix-skirmish", *[a for i in range(4) for a in
                                                                       ("--player", f"P{i}")], data=tmp_path)
    assert made.returncode == 0, made.stderr
    assert json.loads(companion("match", "list", "--json", data=tmp_path).stdout)[0]["id"]
