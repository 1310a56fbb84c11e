"""Bad input at the command line: one clear line (and {"error": ...} under --json), exit 1, nothing stored."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.limits import EVENT_DATA_BYTES, IMPORT_EVENTS, QUERY_CHARS
from companion.session import Session
from companion.store import atomic

from builders import unit

HALO_SHARE = Path(__file__).resolve().parents[2] / "benchmarks" / "share_halo.json"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse's own usage errors
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *args: str, says: str) -> str:
    """Run with --json: exit 1, one line on stderr, the same message as {"error": ...} on stdout."""
    code, out, err = run(capsys, *args, "--json")
    assert code == 1, (args, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err and says in err, err
    assert json.loads(out)["error"] in err
    return err


@pytest.fixture
def match_id() -> str:
    session = Session.open()
    m = session.new_match("halo-actionclix", ["Ann", "Ben"])
    session.dispatch(m.id, "add_unit", {"unit": unit("u1", "p1")})
    return m.id


def stored(match_id: str) -> list:
    return Session.open().log(match_id)


def test_deep_or_huge_event_data(capsys: pytest.CaptureFixture[str], match_id: str) -> None:
    before = stored(match_id)
    refused(capsys, "match", "event", match_id, "damage", "--data", "[" * 100_000 + "]" * 100_000, says="data")
    refused(capsys, "match", "event", match_id, "damage", "--data", '{"a":' * 40 + "1" + "}" * 40,
            says="nested more than")
    big = json.dumps({"unit": "u1", "amount": 1, "note": "x" * EVENT_DATA_BYTES})
    refused(capsys, "match", "event", match_id, "damage", "--data", big, says="larger than")
    wide = json.dumps({"unit": "u1", "amount": 1, "notes": ["x" * 100] * 1000})
    refused(capsys, "match", "event", match_id, "damage", "--data", wide, says="larger than")
    assert stored(match_id) == before


def test_export_into_a_missing_folder(capsys: pytest.CaptureFixture[str], match_id: str, tmp_path: Path) -> None:
    code, out, err = run(capsys, "match", "export", match_id, "-o", str(tmp_path / "nope" / "x.json"))
    assert code == 1 and err.count("\n") == 1 and "No such file" in err and json.loads(out)["error"] in err


@pytest.mark.parametrize("minutes", ["1e308", "inf", "nan", "0", "-5", "1e9"])
def test_judge_extend_with_absurd_minutes(capsys: pytest.CaptureFixture[str], minutes: str) -> None:
    assert run(capsys, "judge", "new", "Friday", "--table", "Ann,Ben")[0] == 0
    assert run(capsys, "judge", "start")[0] == 0
    before = run(capsys, "judge", "log", "--json")[1]
    refused(capsys, "judge", "extend", "1", minutes, "--reason", "x", says="minutes")
    assert run(capsys, "judge", "log", "--json")[1] == before


@pytest.mark.parametrize("vp", ["9" * 400, "9" * 5000, "-1", "１２", "1.5"])
def test_judge_result_with_absurd_vp(capsys: pytest.CaptureFixture[str], vp: str) -> None:
    run(capsys, "judge", "new", "Friday", "--table", "Ann,Ben")
    refused(capsys, "judge", "result", "1", "--vp", f"Ann={vp}", "--vp", "Ben=1", says="--vp")


def test_long_ids(capsys: pytest.CaptureFixture[str]) -> None:
    refused(capsys, "match", "show", "a" * 300, says="not a valid match id")
    refused(capsys, "match", "event", "a" * 300, "end_turn", says="not a valid match id")
    run(capsys, "judge", "new", "Friday")
    refused(capsys, "judge", "status", "--event", "a" * 300, says="event")


def test_an_empty_event_id_is_refused_not_taken_for_the_latest(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "judge", "new", "Friday", "--table", "Ann,Ben")
    refused(capsys, "judge", "start", "--event", "", says="event")
    assert json.loads(run(capsys, "judge", "status", "--json")[1])["tables"][0]["status"] == "waiting"


@pytest.mark.parametrize("port", ["99999", "0", "-1", "65536"])
def test_ports_that_cannot_exist(capsys: pytest.CaptureFixture[str], port: str) -> None:
    code, _, err = run(capsys, "app", "--web", "--port", port)
    assert code == 1 and "not a port" in err and "Traceback" not in err
    run(capsys, "judge", "new", "Friday")
    code, _, err = run(capsys, "judge", "serve", "--port", port)
    assert code == 1 and "not a port" in err


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EFBIG])
def test_a_full_disk_stores_nothing(capsys: pytest.CaptureFixture[str], match_id: str,
                                    monkeypatch: pytest.MonkeyPatch, error: int) -> None:
    before = stored(match_id)

    def full(fd: int) -> None:
        raise OSError(error, os.strerror(error))

    with monkeypatch.context() as patch:
        patch.setattr(atomic.os, "fsync", full)
        refused(capsys, "match", "event", match_id, "end_turn", says=os.strerror(error))
        refused(capsys, "judge", "new", "Friday", says=os.strerror(error))
    assert stored(match_id) == before
    assert not [p for p in Session.open().store.root.rglob("*") if p.name.endswith(atomic.TEMP_SUFFIX)]
    assert run(capsys, "judge", "list", "--json")[1].strip() == "[]"


def test_import_refuses_devices_and_huge_logs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    refused(capsys, "match", "import", "/dev/zero", says="not a match export")
    refused(capsys, "match", "import", str(tmp_path), says="not a match export")
    export = json.loads(HALO_SHARE.read_text(encoding="utf-8"))
    export["events"] = [export["events"][0]] * (IMPORT_EVENTS + 1)
    (tmp_path / "long.json").write_text(json.dumps(export), encoding="utf-8")
    refused(capsys, "match", "import", str(tmp_path / "long.json"), says=f"{IMPORT_EVENTS:,}")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    refused(capsys, "match", "import", str(deep), says="nested too deeply")
    assert Session.open().list_matches() == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("command", [["match", "import"], ["share", "encode"], ["share", "import"]])
def test_a_fifo_is_refused_at_once(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "export.json"
    os.mkfifo(fifo)
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-m", "companion", *command, str(fifo)], capture_output=True,
                          text=True, timeout=60, env=env, stdin=subprocess.DEVNULL)
    assert done.returncode == 1 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_a_refused_table_stores_no_event(capsys: pytest.CaptureFixture[str]) -> None:
    refused(capsys, "judge", "new", "X", "--table", "", says="seats 2 to 4")
    refused(capsys, "judge", "new", "X", "--table", "Ann,Ben", "--table", "Cat", says="seats 2 to 4")
    assert run(capsys, "judge", "list", "--json")[1].strip() == "[]"


def test_a_damaged_newest_event_file_is_named_and_nothing_is_done(capsys: pytest.CaptureFixture[str],
                                                                  _isolated_data_dir: Path) -> None:
    run(capsys, "judge", "new", "Old", "--table", "Ann,Ben")
    run(capsys, "judge", "new", "New", "--table", "Cat,Dan")
    newest = max((_isolated_data_dir / "tournaments").glob("new-*.json"))
    newest.write_text("{damaged")
    err = refused(capsys, "judge", "start", says="could not be read")
    assert newest.name in err and "moved to" in err and "--event" in err
    kept = list(newest.parent.glob(f"{newest.name}.damaged-*"))
    assert len(kept) == 1 and kept[0].name in err and kept[0].read_text() == "{damaged"
    old = json.loads(run(capsys, "judge", "list", "--json")[1])
    assert [e["name"] for e in old] == ["Old"]
    assert json.loads(run(capsys, "judge", "status", "--json", "--event", old[0]["id"])[1])[
        "tables"][0]["status"] == "waiting"  # the start above acted on nothing


def test_the_route_form_of_a_code_is_read_as_a_code(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "share", "encode", str(HALO_SHARE))
    link = out.strip()
    route = "/" + link.split("/", 3)[-1]
    assert len(route) > 255  # longer than any file name may be
    code, out, err = run(capsys, "share", "decode", route)
    assert code == 0, err
    assert json.loads(out)["events"] == json.loads(HALO_SHARE.read_text(encoding="utf-8"))["events"]


def test_a_long_rules_search_is_refused_before_any_work(capsys: pytest.CaptureFixture[str]) -> None:
    refused(capsys, "rules", "search", "swap " * (QUERY_CHARS // 5 + 1), says=f"{QUERY_CHARS}")
    assert run(capsys, "rules", "search", "swap weapons")[0] == 0


def test_no_stray_lock_files_for_unknown_ids(capsys: pytest.CaptureFixture[str], _isolated_data_dir: Path,
                                             match_id: str) -> None:
    for args in (["match", "event", "abc", "end_turn"], ["match", "undo", "abc"], ["match", "redo", "abc"],
                 ["match", "delete", "abc", "--yes"], ["match", "export", "abc"], ["share", "encode", "abc"]):
        assert run(capsys, *args)[0] == 1
    assert run(capsys, "match", "delete", match_id, "--yes")[0] == 0
    assert [p.name for p in (_isolated_data_dir / "matches").iterdir()] == []


def test_set_phase_refuses_phases_the_game_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    session = Session.open()
    m = session.new_match("killer-of-the-maze", ["Ann", "Ben"])
    refused(capsys, "match", "event", m.id, "set_phase", "--data", '{"phase": "Lunch"}', says="no phase")
    refused(capsys, "match", "event", m.id, "set_phase", "--data", '{"phase": ""}', says="phase")
    assert run(capsys, "match", "event", m.id, "set_phase", "--data",
               '{"phase": "Imperial Action: Activity"}')[0] == 0



@pytest.mark.parametrize("output", ["", ".", "/tmp"])
def test_a_backup_needs_a_file_name(capsys: pytest.CaptureFixture[str], output: str) -> None:
    refused(capsys, "backup", "create", "--output", output, says="give the backup's file name")
