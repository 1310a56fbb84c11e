"""`companion judge ...` end to end, each call a new process over the same data folder."""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path

from judge_cli_kit import as_json, judge


def test_a_round_from_the_command_line(tmp_path: Path) -> None:
    made = as_json(tmp_path, "new", "Friday Skirmish", "--build", "200", "--minutes", "45", "--warn", "5",
                   "--table", "Ann,Ben", "--table", "Cat, Dan, Eve")
    assert made["build"] == 200 and made["round_seconds"] == 2700 and made["marks"] == [300]
    assert [t["players"] for t in made["tables"]] == [["Ann", "Ben"], ["Cat", "Dan", "Eve"]]
    judge(tmp_path, "tables", "--add", "Fay,Gus")  # a late table
    started = as_json(tmp_path, "start", "1", "2")
    assert [t["status"] for t in started["tables"]] == ["running", "running", "waiting"]
    deadline = started["tables"][0]["timer"]["deadline"]

    # a new process reads the same deadline, and shows what is left at its own now
    status = as_json(tmp_path, "status")
    assert status["tables"][0]["timer"]["deadline"] == deadline
    assert status["tables"][0]["remaining"] == math.ceil(deadline - status["now"] - 1e-9)

    paused = as_json(tmp_path, "pause", "2")
    assert paused["tables"][1]["status"] == "paused"
    extended = as_json(tmp_path, "extend", "1", "2.5", "--reason", "judge call: line of fire")
    assert extended["tables"][0]["timer"]["deadline"] == deadline + 150
    assert extended["tables"][0]["extensions"][0]["reason"] == "judge call: line of fire"
    assert as_json(tmp_path, "resume")["tables"][1]["status"] == "running"
    as_json(tmp_path, "start")  # start all: the late table

    result = as_json(tmp_path, "result", "1", "--vp", "Ann=10", "--vp", "ben=10")
    assert result["result"] == {"vp": {"Ann": 10, "Ben": 10}, "winners": ["Ann", "Ben"], "how": "vp", "tie": True,
                                "set_by_judge": True}
    judge(tmp_path, "result", "2", "--vp", "Cat=4", "--vp", "Dan=20", "--vp", "Eve=3")
    text = judge(tmp_path, "result", "3", "--vp", "Fay=2", "--vp", "Gus=9", "--last-standing", "Fay").stdout
    assert "Fay wins (last force standing)" in text

    rows = as_json(tmp_path, "standings")
    assert [(r["rank"], r["player"], r["tied"]) for r in rows[:4]] == [
        (1, "Dan", False), (2, "Fay", False), (3, "Ann", True), (3, "Ben", True)]
    assert "=3  Ann" in judge(tmp_path, "standings").stdout

    out = tmp_path / "results.csv"
    judge(tmp_path, "export", "-o", str(out))
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert len(rows) == 7 and rows[0]["extension_reasons"] == "judge call: line of fire"
    assert {r["player"]: r["outcome"] for r in rows} == {"Ann": "tie", "Ben": "tie", "Cat": "loss", "Dan": "win",
                                                         "Eve": "loss", "Fay": "win", "Gus": "loss"}
    assert [e["type"] for e in as_json(tmp_path, "log")][-3:] == ["result", "result", "result"]
    nxt = as_json(tmp_path, "next-round")
    assert nxt["round"] == 2 and all(t["status"] == "waiting" for t in nxt["tables"])


def test_errors_are_readable_and_change_nothing(tmp_path: Path) -> None:
    done = judge(tmp_path, "status", ok=False)
    assert done.returncode == 1 and "no event yet" in done.stderr
    as_json(tmp_path, "new", "Friday", "--table", "Ann,Ben")
    before = as_json(tmp_path, "log")
    for args, message in [
        (("pause",), "no clock is running"),
        (("result", "1", "--vp", "Ann=3", "--vp", "Zed=2"), "Zed is not seated at table 1"),
        (("result", "1", "--vp", "Ann=three"), "write NAME=VP"),
        (("tables", "--add", "Ann,Cat"), "Ann is already seated at table 1"),
        (("extend", "1", "0", "--reason", "x"), "above zero"),
        (("start", "7"), "no table 7"),
    ]:
        done = judge(tmp_path, *args, ok=False)
        assert done.returncode == 1 and message in done.stderr, (args, done.stderr)
    done = judge(tmp_path, "extend", "1", "2", ok=False)  # the reason is required
    assert done.returncode == 2 and "--reason" in done.stderr
    done = judge(tmp_path, "pause", "--json", ok=False)
    assert json.loads(done.stdout) == {"error": "no clock is running"}
    assert as_json(tmp_path, "log") == before


def test_list_and_choosing_an_event(tmp_path: Path) -> None:
    first = as_json(tmp_path, "new", "First", "--table", "Ann,Ben")["id"]
    second = as_json(tmp_path, "new", "Second", "--table", "Cat,Dan")["id"]
    assert [e["id"] for e in as_json(tmp_path, "list")] == [second, first]
    assert as_json(tmp_path, "status")["id"] == second  # the latest by default
    as_json(tmp_path, "start", "--event", first)
    assert as_json(tmp_path, "status", "--event", first)["tables"][0]["status"] == "running"
    assert as_json(tmp_path, "status", "--event", second)["tables"][0]["status"] == "waiting"


def test_a_result_taken_from_the_tables_shared_match(tmp_path: Path) -> None:
    from companion.session import Session
    from companion.store.matches import MatchStore

    as_json(tmp_path, "new", "Friday", "--table", "Ann,Ben")
    as_json(tmp_path, "start")
    session = Session(MatchStore(tmp_path))
    match = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
    for player, vp in ((match.players[0].id, 8), (match.players[1].id, 11)):
        session.dispatch(match.id, "score", {"player": player, "kind": "vp", "delta": vp})
    result = as_json(tmp_path, "result", "1", "--from-match", match.id)["result"]
    assert result == {"vp": {"Ann": 8, "Ben": 11}, "winners": ["Ben"], "how": "vp", "tie": False,  # clock running
                      "set_by_judge": True}
    called = as_json(tmp_path, "result", "1", "--vp", "Ann=8", "--vp", "Ben=11", "--round", "1", "--time-called")
    assert called["result"]["how"] == "time"
