"""Players' codes and cookies (session.judging.player_codes through session.access), and the report event's
edges: codes are the same in every process, a code works once and its successor signs the older phone out, a
cookie opens only its own event and only as issued, and reports come only from the table's own players."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import IllegalAction
from companion.core.tournament.events import PLAYER
from companion.core.tournament.state import from_json, to_json
from companion.session.access import judge_access, player_access
from companion.session.judging.player_codes import ALPHABET, EventCodes, normal
from companion.session.judging.printout import slips_html
from companion.session.judging.reports import by_reports, judge_line, public_line, set_by_judge
from companion.session.judging.service import Judging

from judge_cli_kit import as_json, judge


def event(root: Path) -> tuple[Judging, str]:
    judging = Judging(root)
    t = judging.new_event("Friday", [["Ann", "Ben"], ["Cat", "Dan", "Eve"]])
    return judging, t.id


def test_codes_are_the_same_in_every_process_and_readable(tmp_path: Path) -> None:
    judging, tid = event(tmp_path)
    codes = EventCodes(judging, tid).codes()
    assert codes == EventCodes(Judging(tmp_path), tid).codes()  # the CLI and the server show the same codes
    assert list(codes) == ["Ann", "Ben", "Cat", "Dan", "Eve"] and len(set(codes.values())) == 5
    assert all(len(c) == 9 and c[4] == "-" and set(c.replace("-", "")) <= set(ALPHABET) for c in codes.values())
    assert normal(" abcd efgh ") == normal("ABCD-EFGH") == "ABCDEFGH"


def test_a_code_works_once_and_the_next_one_signs_the_older_phone_out(tmp_path: Path) -> None:
    judging, tid = event(tmp_path)
    codes = EventCodes(judging, tid)
    access = player_access(tid, judging.players_key(tid), codes)
    first_code = codes.codes()["Ann"]
    first = access.redeem(first_code.lower())
    assert first is not None and access.holder(first) == "1:Ann"
    assert access.redeem(first_code) is None  # spent
    fresh = codes.codes()
    assert fresh["Ann"] != first_code and fresh["Ben"] == EventCodes(Judging(tmp_path), tid).codes()["Ben"]
    second = access.redeem(fresh["Ann"])
    assert second is not None and access.holder(second) == "2:Ann" and access.holder(first) is None
    # the server restarts: the same key from the file, the same cookie still good
    again = player_access(tid, Judging(tmp_path).players_key(tid), EventCodes(Judging(tmp_path), tid))
    assert again.holder(second) == "2:Ann"


def test_a_cookie_opens_only_its_own_event_and_only_as_issued(tmp_path: Path) -> None:
    judging, tid = event(tmp_path)
    other_judging, other = event(tmp_path / "elsewhere")
    here = player_access(tid, judging.players_key(tid), EventCodes(judging, tid))
    there = player_access(other, other_judging.players_key(other), EventCodes(other_judging, other))
    foreign = there.redeem(EventCodes(other_judging, other).codes()["Ann"])
    assert foreign is not None and here.holder(foreign) is None
    judge = judge_access(judging.load(tid).token, lambda: "k", lambda code: None)
    judge_cookie = judge.redeem(judge.new_code())
    assert here.holder(judge_cookie) is None  # a judge's cookie is no player's
    mine = here.redeem(EventCodes(judging, tid).codes()["Ben"])
    assert mine is not None and here.holder(mine[:-1] + ("A" if mine[-1] != "A" else "B")) is None
    assert judge.holder(mine) is None


def test_reports_come_only_from_the_table_s_own_players(tmp_path: Path) -> None:
    judging, tid = event(tmp_path)
    with pytest.raises(IllegalAction, match="Cat is not seated at table 1"):
        judging.report(tid, "Cat", {"table": 1, "vp": {"Ann": 3, "Ben": 9}})
    with pytest.raises(IllegalAction, match="only a player"):
        judging.write(tid, "report", {"table": 1, "vp": {"Ann": 3, "Ben": 9}})  # by the judge
    with pytest.raises(IllegalAction, match="no table 7"):
        judging.report(tid, "Ann", {"table": 7, "vp": {"Ann": 3, "Ben": 9}})
    assert [e.type for e in judging.log(tid)] == ["seat", "seat"]  # nothing stored


def test_differing_reports_flag_the_table_and_the_judge_settles_it(tmp_path: Path) -> None:
    judging, tid = event(tmp_path)
    judging.report(tid, "Cat", {"table": 2, "vp": {"Cat": 9, "Dan": 5, "Eve": 2}})
    t = judging.report(tid, "Eve", {"table": 2, "vp": {"Cat": 9, "Dan": 2, "Eve": 5}})
    table = t.table(2)
    assert table.disputed and public_line(table) == "Scores differ: the judge will settle it"
    assert judge_line(table) == ("Scores differ (Cat: Cat 9, Dan 5, Eve 2 · Eve: Cat 9, Dan 2, Eve 5): enter the "
                                 "result to settle it")
    assert from_json(to_json(t)) == t
    t = judging.write(tid, "result", {"table": 2, "vp": {"Cat": 9, "Dan": 5, "Eve": 2}})
    assert not t.table(2).disputed and t.table(2).result is not None
    assert public_line(t.table(2)) == "The judge entered the result (reports from Cat, Eve)"
    reports = [e for e in judging.log(tid) if e.type == "report"]
    assert [e.by for e in reports] == [PLAYER + "Cat", PLAYER + "Eve"]


def test_a_judge_s_correction_is_never_credited_to_the_players_who_reported(tmp_path: Path) -> None:
    judging, tid = event(tmp_path)
    for who in ("Ann", "Ben"):
        t = judging.report(tid, who, {"table": 1, "vp": {"Ann": 15, "Ben": 9}})
    assert by_reports(t.table(1)) and not set_by_judge(t.table(1))
    assert public_line(t.table(1)) == "Reported by Ann, Ben"
    t = judging.write(tid, "result", {"table": 1, "vp": {"Ann": 4, "Ben": 15}})  # the judge corrects it
    assert t.table(1).result.winners == ("Ben",) and set_by_judge(t.table(1))
    assert public_line(t.table(1)) == "The judge corrected the result Ann, Ben reported"
    t = judging.write(tid, "result", {"table": 1, "vp": {"Ann": 15, "Ben": 9}})  # ... and puts it back
    assert public_line(t.table(1)) == "Reported by Ann, Ben" and not set_by_judge(t.table(1))
    t = judging.write(tid, "result", {"table": 2, "vp": {"Cat": 9, "Dan": 5, "Eve": 2}})  # nobody reported
    assert set_by_judge(t.table(2)) and public_line(t.table(2)) == ""


def test_a_report_of_a_battle_royale_gives_places(tmp_path: Path) -> None:
    judging = Judging(tmp_path)
    tid = judging.new_event("BR", [["Ann", "Ben", "Cat"]], placement=(6, 4, 2, 1)).id
    for who in ("Ann", "Ben"):
        t = judging.report(tid, who, {"table": 1, "places": {"Ann": 2, "Ben": 1, "Cat": 3}})
    assert judge_line(t.table(1)) == ("Reported Ann: Ann 2nd, Ben 1st, Cat 3rd · Ben: Ann 2nd, Ben 1st, Cat 3rd · "
                                      "waiting for Cat")
    t = judging.report(tid, "Cat", {"table": 1, "places": {"Ann": 2, "Ben": 1, "Cat": 3}})
    assert t.table(1).result is not None and t.table(1).result.winners == ("Ben",)
    assert judge_line(t.table(1)) == ""  # the result stands: nothing left to settle


def test_an_event_file_from_before_reports_loads(tmp_path: Path) -> None:
    judging, tid = event(tmp_path)
    data = to_json(judging.state(tid))
    for tb in data["rounds"][0]["tables"]:
        del tb["reports"]
    data["version"] = 3
    assert from_json(data).table(1).reports == ()


def test_the_slips_name_each_player_with_their_code_escaped(tmp_path: Path) -> None:
    judging = Judging(tmp_path)
    t = judging.new_event("Fri <b>", [["<i>Ann</i>", "Ben"]])
    codes = EventCodes(judging, t.id).codes()
    page = slips_html(t, codes)
    assert "&lt;i&gt;Ann&lt;/i&gt;</b> · table 1" in page and codes["Ben"] in page and "<i>Ann" not in page


def test_the_judge_s_cli_shows_codes_slips_and_flags(tmp_path: Path) -> None:
    judge(tmp_path, "new", "Friday", "--table", "Ann,Ben", "--table", "Cat,Dan")
    shown = as_json(tmp_path, "codes")["codes"]
    tid = Judging(tmp_path).latest()
    assert {c["player"]: c["code"] for c in shown} == EventCodes(Judging(tmp_path), tid).codes()
    assert [c["table"] for c in shown] == [1, 1, 2, 2]
    assert judge(tmp_path, "codes", "--player", "zed", ok=False).returncode != 0
    judge(tmp_path, "pairings", "--slips", str(tmp_path / "slips.html"))
    assert shown[0]["code"] in (tmp_path / "slips.html").read_text(encoding="utf-8")
    judging = Judging(tmp_path)
    judging.report(tid, "Ann", {"table": 1, "vp": {"Ann": 15, "Ben": 9}})
    judging.report(tid, "Ben", {"table": 1, "vp": {"Ann": 9, "Ben": 15}})
    status = judge(tmp_path, "status").stdout
    assert "FLAGGED: the players' scores differ at table 1" in status
    assert "Scores differ (Ann: Ann 15, Ben 9 · Ben: Ann 9, Ben 15)" in status
    table = as_json(tmp_path, "status")["tables"][0]
    assert table["disputed"] and [r["player"] for r in table["reports"]] == ["Ann", "Ben"]
    assert "player:Ann report" in judge(tmp_path, "log").stdout


def test_the_judge_s_cli_says_who_signed_in_and_which_result_the_judge_set(tmp_path: Path) -> None:
    """What the room page and the app's codes screen know, the CLI says too: a player signed in on a phone (their
    code shown now is a fresh one, for a second phone), and a result the judge set rather than the players'."""
    judge(tmp_path, "new", "Friday", "--table", "Ann,Ben", "--table", "Cat,Dan")
    judging = Judging(tmp_path)
    tid = judging.latest()
    codes = EventCodes(judging, tid)
    assert codes.spend(codes.codes()["Ann"]) is not None  # Ann signs in on her phone
    shown = {c["player"]: c for c in as_json(tmp_path, "codes")["codes"]}
    assert shown["Ann"]["signed_in"] and not shown["Ben"]["signed_in"]
    assert shown["Ann"]["code"] == EventCodes(Judging(tmp_path), tid).codes()["Ann"]  # her fresh code
    lines = {line.split()[0]: line for line in judge(tmp_path, "codes").stdout.splitlines()}
    assert "signed in on a phone" in lines["Ann"] and "signed in" not in lines["Ben"]
    judging.report(tid, "Ann", {"table": 1, "vp": {"Ann": 15, "Ben": 9}})
    judging.report(tid, "Ben", {"table": 1, "vp": {"Ann": 15, "Ben": 9}})  # agreed: the players' result
    judge(tmp_path, "result", "2", "--vp", "Cat=4", "--vp", "Dan=20")  # the judge's
    tables = as_json(tmp_path, "status")["tables"]
    assert [t["result"]["set_by_judge"] for t in tables] == [False, True]
    status = judge(tmp_path, "status").stdout
    assert status.count("set by the judge") == 1 and "Dan wins" in status.split("table   2", 1)[1]
    assert "set by the judge" in status.split("table   2", 1)[1]
