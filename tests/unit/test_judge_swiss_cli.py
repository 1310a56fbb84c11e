"""A Swiss event from the command line: register, draw, drop, swap, results, next round, standings, exports."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from judge_cli_kit import as_json, judge

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]


def test_a_swiss_event_from_the_command_line(tmp_path: Path) -> None:
    args = [a for n in NAMES for a in ("--player", n)]
    made = as_json(tmp_path, "new", "Friday Swiss", *args, "--seed", "7")
    again = as_json(tmp_path / "other", "new", "Friday Swiss", *args, "--seed", "7")
    assert [t["players"] for t in made["tables"]] == [t["players"] for t in again["tables"]]  # seeded draw
    assert made["players"] == NAMES and made["table_size"] == 2

    seating = as_json(tmp_path, "tables", "--event", made["id"])
    assert seating["round"] == 1 and len(seating["tables"]) == 3 and len(seating["byes"]) == 1
    seated = [p for t in seating["tables"] for p in t["players"]] + seating["byes"]
    assert sorted(seated) == NAMES

    # a player added before round 1 starts: round 1 is drawn again, now with 8 and no bye
    after = as_json(tmp_path, "player", "add", "Hal", "--seed", "1")
    assert len(after["tables"]) == 4 and after["byes"] == []
    # the judge swaps two seats at different tables; the log keeps it
    first, second = after["tables"][0]["players"][0], after["tables"][1]["players"][0]
    swapped = as_json(tmp_path, "swap", first, second)
    assert swapped["tables"][0]["players"][0] == second and swapped["tables"][1]["players"][0] == first
    assert as_json(tmp_path, "log")[-1]["type"] == "swap"

    as_json(tmp_path, "start")
    for t in swapped["tables"]:  # the first seat wins every table
        vp = [a for i, p in enumerate(t["players"]) for a in ("--vp", f"{p}={10 - i}")]
        judge(tmp_path, "result", str(t["table"]), *vp)
    winners = {t["players"][0] for t in swapped["tables"]}
    dropper = swapped["tables"][0]["players"][1]
    dropped = as_json(tmp_path, "drop", dropper)
    assert dropped["round"] == 1  # results kept; gone from the next round on

    nxt = as_json(tmp_path, "next-round", "--seed", "3")
    assert nxt["round"] == 2 and len(nxt["byes"]) == 1 and dropper not in str(nxt["tables"])
    for t in nxt["tables"]:  # equal records meet: winners with winners
        assert len({p in winners for p in t["players"]}) == 1
    assert nxt["byes"][0] not in winners  # the bye goes to the lowest ranked

    rows = as_json(tmp_path, "standings")
    assert [r["wins"] for r in rows[:4]] == [1, 1, 1, 1] and all("opp_strength" in r for r in rows)
    assert [r["dropped"] for r in rows if r["player"] == dropper] == [True]
    assert "Opp" in judge(tmp_path, "standings").stdout

    out = tmp_path / "pairings.csv"
    page = tmp_path / "pairings.html"
    table = tmp_path / "standings.csv"
    judge(tmp_path, "pairings", "--csv", str(out), "--html", str(page), "--standings-csv", str(table))
    pairs = list(csv.DictReader(io.StringIO(out.read_text())))
    assert len(pairs) == 7 and {r["round"] for r in pairs} == {"2"} and [r["table"] for r in pairs][-1] == "bye"
    assert "Find your table" in page.read_text() and "<script" not in page.read_text()
    assert list(csv.DictReader(io.StringIO(table.read_text())))[0]["opp_strength"]


def test_swiss_refusals_are_readable(tmp_path: Path) -> None:
    done = judge(tmp_path, "new", "X", "--player", "Ann", "--table", "Ann,Ben", ok=False)
    assert done.returncode == 1 and "not both" in done.stderr
    done = judge(tmp_path, "new", "X", "--player", "Ann", "--player", "ann", ok=False)
    assert done.returncode == 1 and "already registered" in done.stderr
    as_json(tmp_path, "new", "Pods", *[a for n in NAMES for a in ("--player", n)], "--table-size", "4")
    seating = as_json(tmp_path, "tables")
    assert sorted(len(t["players"]) for t in seating["tables"]) == [3, 4] and seating["byes"] == []
    for args, message in [(("drop", "Zed"), "Zed is not registered"),
                          (("swap", "Ann", "Zed"), "Zed has no seat"),
                          (("next-round",), "enter the results")]:
        done = judge(tmp_path, *args, ok=False)
        assert done.returncode == 1 and message in done.stderr, (args, done.stderr)


def test_tiebreaks_corrections_and_late_entries_from_the_command_line(tmp_path: Path) -> None:
    made = as_json(tmp_path, "new", "Clix Night", *[a for n in NAMES[:4] for a in ("--player", n)],
                   "--tiebreaks", "heroclix", "--seed", "2")
    as_json(tmp_path, "start")
    late = as_json(tmp_path, "player", "add", "Fay")  # round 1 is running: a late entry, not a redraw
    assert "Fay" not in str(late["tables"]) and late["tables"] == [
        {"table": t["table"], "players": t["players"]} for t in made["tables"]]
    for t in made["tables"]:
        a, b = t["players"]
        judge(tmp_path, "result", str(t["table"]), "--vp", f"{a}=12", "--vp", f"{b}=5")
    shown = judge(tmp_path, "standings").stdout
    assert "order: HeroClix (HCUnits): wins (a bye counts as a win)" in shown and "OppW%" in shown
    assert "Fay (missed 1)" in shown
    as_json(tmp_path, "next-round", "--seed", "1")
    a, b = made["tables"][0]["players"]
    fixed = as_json(tmp_path, "result", "1", "--round", "1", "--vp", f"{a}=5", "--vp", f"{b}=14")
    assert fixed["round"] == 1 and fixed["result"]["winners"] == [b] and fixed["was"] == {a: 12, b: 5}
    assert "was" in json.dumps(as_json(tmp_path, "log")[-1]["data"])
    refused = judge(tmp_path, "result", "1", "--round", "7", "--vp", f"{a}=5", "--vp", f"{b}=14", ok=False)
    assert refused.returncode != 0 and "round is a number from 1 to 2" in refused.stderr
    assert "Magic (match points)" in judge(tmp_path, "tiebreaks", "magic").stdout
    assert "OMW%" in judge(tmp_path, "standings").stdout


def test_a_battle_royale_pod_from_the_command_line(tmp_path: Path) -> None:
    made = as_json(tmp_path, "new", "Royale", *[a for n in NAMES[:4] for a in ("--player", n)], "--table-size", "4",
                   "--battle-royale", "--seed", "1")
    assert made["placement"] == [6, 4, 2, 1] and len(made["tables"]) == 1
    a, b, c, d = made["tables"][0]["players"]
    assert as_json(tmp_path, "first", "1", c.lower())["first"] == c
    as_json(tmp_path, "start")
    placed = as_json(tmp_path, "result", "1", "--place", f"{a}=1", "--place", f"{b}=2", "--place", f"{c}=2",
                     "--place", f"{d}=4")
    assert placed["result"]["places"] == {a: 1, b: 2, c: 2, d: 4} and placed["result"]["winners"] == [a]
    rows = {r["player"]: r["placement"] for r in as_json(tmp_path, "standings")}
    assert rows == {a: 6, b: 3, c: 3, d: 1}
    shown = judge(tmp_path, "standings").stdout
    assert "placement points (6/4/2/1, ties split)" in shown and "Place" in shown
    bad = judge(tmp_path, "new", "X", "--player", "A", "--player", "B", "--battle-royale", "1,4", ok=False)
    assert bad.returncode != 0 and "1st place scoring the most" in bad.stderr


def test_a_top_4_from_the_command_line(tmp_path: Path) -> None:
    made = as_json(tmp_path, "new", "Cut", *[a for n in NAMES[:4] for a in ("--player", n)], "--seed", "5")
    as_json(tmp_path, "start")
    for t in made["tables"]:
        a, b = t["players"]
        judge(tmp_path, "result", str(t["table"]), "--vp", f"{a}=12", "--vp", f"{b}=5")
    cut = as_json(tmp_path, "cut", "4")
    seeds = cut["seeds"]
    assert cut["stage"] == "top 4 semifinal" and [t["players"] for t in cut["tables"]] == [
        [seeds[0], seeds[3]], [seeds[1], seeds[2]]]
    for t in cut["tables"]:
        a, b = t["players"]
        judge(tmp_path, "result", str(t["table"]), "--vp", f"{a}=3", "--vp", f"{b}=9")
    final = as_json(tmp_path, "next-round")
    assert [t["players"] for t in final["tables"]] == [[seeds[3], seeds[2]]]
    assert f"Top 4 semifinal · table 1: (1) {seeds[0]} 3 - 9 (4) {seeds[3]}" in judge(tmp_path, "standings").stdout
