"""`companion rules search|show|list` and `companion systems`, run through companion.cli.main."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.packs.load import builtin_dir

SYSTEMS = ["armageddon-empires", "halo-actionclix", "heroclix-skirmish", "killer-of-the-maze", "scarab"]


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "companion-data"
    monkeypatch.setenv("COMPANION_DATA_DIR", str(data))
    return data


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def add_user_pack(data: Path, source: str, new_id: str, name: str) -> Path:
    target = data / "packs" / new_id
    shutil.copytree(builtin_dir() / source, target)
    toml = target / "pack.toml"
    text = toml.read_text(encoding="utf-8").replace(f'id = "{source}"', f'id = "{new_id}"', 1)
    toml.write_text(text.replace('name = "', f'name = "{name}" # was: "', 1), encoding="utf-8")
    return target


def test_systems_json_lists_the_five_packs(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "systems", "--json")
    assert code == 0
    rows = json.loads(out)
    assert [r["id"] for r in rows] == SYSTEMS
    halo = rows[1]
    assert (halo["name"], halo["version"], halo["players"]) == ("Halo ActionClix", "0.1.0", "2-4")
    assert halo["builtin"] is True
    assert rows[0]["players"] == "2" and rows[0]["min_players"] == rows[0]["max_players"] == 2


def test_systems_text(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "systems")
    assert code == 0
    assert "heroclix-skirmish" in out and "2-4 players" in out and "(your pack)" not in out


def test_user_pack_shows_beside_builtin_ones(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_user_pack(data_dir, "scarab", "scarab-house", "Scarab, our way")
    code, out, err = run(capsys, "systems", "--json")
    assert code == 0 and err == ""
    rows = {r["id"]: r for r in json.loads(out)}
    assert rows["scarab-house"]["name"] == "Scarab, our way" and rows["scarab-house"]["builtin"] is False
    code, out, _ = run(capsys, "rules", "search", "jump", "off", "--system", "scarab-house", "--json")
    assert code == 0 and json.loads(out)[0]["system"] == "scarab-house"


def test_broken_user_pack_is_reported_and_others_listed(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = add_user_pack(data_dir, "halo-actionclix", "halo-bad", "Broken Halo")
    units = bad / "units.toml"
    units.write_text(units.read_text(encoding="utf-8").replace("limit = 1\n", 'limit = "one"\n'), encoding="utf-8")
    code, out, err = run(capsys, "systems", "--json")
    assert code == 0
    assert [r["id"] for r in json.loads(out)] == SYSTEMS
    assert "units.toml" in err and "token[action].limit" in err and "whole number" in err


def test_search_json(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "search", "swap weapons", "--json")
    assert code == 0
    hits = json.loads(out)
    top = hits[0]
    assert (top["system"], top["section"], top["title"]) == ("halo-actionclix", "swap-weapons", "Swapping weapons")
    assert top["system_name"] == "Halo ActionClix" and top["excerpt"] and top["score"] > hits[-1]["score"]


def test_search_with_typo_and_system_text(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "search", "granade", "--system", "halo-actionclix")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("1. Grenades") and "(halo-actionclix/grenades)" in first


def test_search_flags_house_rules(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "rules", "search", "flying onto the scarab", "--system", "scarab")
    assert "[house rule]" in out.splitlines()[0]


def test_search_nothing_found(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "search", "xylophonequartz")
    assert code == 1 and "no rules found" in out
    code, out, _ = run(capsys, "rules", "search", "xylophonequartz", "--json")
    assert json.loads(out) == []


def test_unknown_system_is_an_error(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "search", "move", "--system", "chess", "--json")
    assert code == 1 and "chess" in json.loads(out)["error"] and "halo-actionclix" in err


def test_show_json_has_text_and_links(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "show", "respawning", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["system"] == "halo-actionclix" and data["title"] == "Respawning"
    assert "spawn point" in data["text"] and data["option"] is None
    links = {link["section"]: link["title"] for link in data["links"]}
    assert links["spawn-points"] == "Spawn points" and links["elimination"] == "Eliminating a unit"


def test_show_text_and_house_rule_note(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "show", "flying-onto", "--system", "scarab")
    assert code == 0
    assert out.startswith("Flying onto the Scarab  (") and "House-rule option" in out and "off" in out
    assert "See also: Units on top of the Scarab (scarab/on-top)" in out


def test_show_ambiguous_and_qualified_ids(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rules", "show", "overview")
    assert code == 1 and "several systems" in err
    code, out, _ = run(capsys, "rules", "show", "heroclix-skirmish/overview", "--json")
    assert code == 0 and json.loads(out)["system"] == "heroclix-skirmish"
    code, _, err = run(capsys, "rules", "show", "nowhere", "--system", "scarab")
    assert code == 1 and "no rules section 'nowhere' in scarab" in err


def test_list_sections(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "list", "--system", "killer-of-the-maze", "--json")
    assert code == 0
    ids = [row["section"] for row in json.loads(out)]
    assert ids[0] == "imperial-action-phase" and "scavenge" in ids and len(ids) == len(set(ids))
