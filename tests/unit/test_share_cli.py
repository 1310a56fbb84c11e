"""`companion share encode|decode|import`, run in-process against the test's own data folder."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.session import Session

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
HALO = BENCH / "share_halo.json"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_encode_a_file_then_decode_the_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "share", "encode", str(HALO))
    assert code == 0 and "one code" in err and "QR version" in err
    text = out.strip()
    assert text.startswith("ttcomp://m/")
    code, out, _ = run(capsys, "share", "decode", text)
    exported = json.loads(HALO.read_text(encoding="utf-8"))
    exported["state"].pop("seed")  # an old export's dice seed is read and dropped: no copy may predict rolls
    decoded = json.loads(out)
    assert code == 0 and decoded["events"] == exported["events"] and decoded["state"] == exported["state"]


def test_encode_json_and_png_then_decode_the_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "share", "encode", str(HALO), "--png", str(tmp_path / "code.png"), "--json")
    info = json.loads(out)
    assert code == 0 and info["parts"] == 1 and info["png"] == [str(tmp_path / "code.png")]
    code, out, _ = run(capsys, "share", "decode", str(tmp_path / "code.png"), "--json")
    assert code == 0 and json.loads(out)["initial"]["id"] == info["match"]


def test_a_stored_match_in_several_parts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "share", "encode", str(BENCH / "share_skirmish.json"), "--json")
    info = json.loads(out)
    assert code == 0
    texts = info["texts"]
    code, out, _ = run(capsys, "share", "import", *reversed(texts), "--json")
    assert code == 0 and json.loads(out)["action"] == "stored"
    code, out, err = run(capsys, "share", "encode", info["match"], "--no-history", "--png", str(tmp_path / "s.png"))
    assert code == 0 and ((tmp_path / "s.png").exists() or (tmp_path / "s-1.png").exists())


def test_import_asks_for_a_choice_when_histories_differ(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    _, text, _ = run(capsys, "share", "encode", str(HALO))
    assert run(capsys, "share", "import", text.strip())[0] == 0
    theirs = json.loads(HALO.read_text(encoding="utf-8"))
    match_id = theirs["initial"]["id"]
    Session.open().dispatch(match_id, "end_turn", by="p2")  # this device goes on alone...
    theirs["events"].append({"type": "end_match", "data": {"winners": ["p1"]}, "by": "p1", "at": 1.8e9})
    (tmp_path / "theirs.json").write_text(json.dumps(theirs), encoding="utf-8")  # ...and so does the other
    _, text, _ = run(capsys, "share", "encode", str(tmp_path / "theirs.json"))
    before = Session.open().export(match_id)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no one to ask
    code, _, err = run(capsys, "share", "import", text.strip())
    assert code == 1 and "--mine, --theirs or --both" in err
    assert Session.open().export(match_id) == before
    code, out, _ = run(capsys, "share", "import", text.strip(), "--both", "--json")
    assert code == 0 and json.loads(out)["relation"] == "diverged"
    assert Session.open().export(match_id) == before and len(Session.open().list_matches()) == 2
    # the kept copy is labelled as the app labels it, and the match list says so
    kept = json.loads(out)["match"]
    assert "“their copy, kept " in json.loads(out)["action"]
    code, out, _ = run(capsys, "match", "list")
    line = next(x for x in out.splitlines() if x.startswith(kept))
    assert "(their copy, kept " in line and not any("their copy" in x for x in out.splitlines() if x != line)
    code, out, _ = run(capsys, "match", "list", "--json")
    assert [m["label"].startswith("their copy, kept ") for m in json.loads(out)].count(True) == 1
    # asked, the choice says what taking theirs drops; taken, it says how many of yours went
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    _, _, err = run(capsys, "share", "import", text.strip())
    assert "take theirs (drops 1 event of yours)" in err and "yours has 1 other event, theirs 1" in err
    code, out, _ = run(capsys, "share", "import", text.strip(), "--theirs")
    assert code == 0 and "replaced yours with theirs: 1 event of yours dropped" in out


@pytest.mark.parametrize(("args", "message"), [
    (["share", "decode", "hello"], "not a Tabletop Companion match code"),
    (["share", "decode", "ttcomp://m/AAAA"], "damaged"),
    (["share", "encode", "nosuchmatch"], "no match"),
])
def test_errors_are_plain_messages(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, _, err = run(capsys, *args)
    assert code == 1 and message in err and "Traceback" not in err
