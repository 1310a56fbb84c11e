"""A broken user pack is reported (which file, what is wrong) and skipped; the other packs, commands and app work."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.limits import PACK_FILE_BYTES
from companion.core.packs.load import discover
from companion.session import Session

from packs_kit import SYSTEMS, copy_pack
from ui_flows_kit import new_match_of, start


def _deep_toml(folder: Path) -> str:
    (folder / "pack.toml").write_text("x = " + "[" * 50_000 + "]" * 50_000 + "\n", encoding="utf-8")
    return "nested too deeply"


def _toml_folder(folder: Path) -> str:
    (folder / "pack.toml").unlink()
    (folder / "pack.toml").mkdir()
    return "not a file"


def _dangling_rules(folder: Path) -> str:
    (folder / "rules.md").unlink()
    (folder / "rules.md").symlink_to(folder / "gone.md")
    return "a link to a file that is not there"


def _huge_rules(folder: Path) -> str:
    with open(folder / "rules.md", "ab") as f:
        f.write(b"x" * PACK_FILE_BYTES)
    return "more than the"


def _unreadable(folder: Path) -> str:
    (folder / "rules.md").chmod(0)
    return "can't read it"


def _rules_fifo(folder: Path) -> str:
    (folder / "rules.md").unlink()
    os.mkfifo(folder / "rules.md")
    return "not a file"


BREAKAGES: dict[str, Callable[[Path], str]] = {
    "deep-toml": _deep_toml, "toml-is-a-folder": _toml_folder, "dangling-rules-link": _dangling_rules,
    "huge-rules": _huge_rules, "unreadable": _unreadable, "rules-fifo": _rules_fifo,
}


@pytest.fixture(params=sorted(BREAKAGES))
def broken_pack(request: pytest.FixtureRequest, _isolated_data_dir: Path) -> tuple[Path, str, str]:
    folder = copy_pack(_isolated_data_dir / "packs", "scarab", "scarab-broken")
    expected = BREAKAGES[request.param](folder)
    if request.param == "unreadable" and os.access(folder / "rules.md", os.R_OK):
        pytest.skip("running as root: every file is readable")
    file = "pack.toml" if "toml" in request.param else "rules.md"
    return folder, file, expected


def test_broken_pack_is_reported_and_skipped(broken_pack: tuple[Path, str, str]) -> None:
    folder, file, expected = broken_pack
    packs, errors = discover((folder.parent,))
    assert set(packs) == set(SYSTEMS)
    assert len(errors) == 1 and str(folder / file) in errors[0] and expected in errors[0], errors


def test_commands_and_app_work_beside_a_broken_pack(broken_pack: tuple[Path, str, str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    folder, file, _ = broken_pack
    assert main(["systems"]) == 0
    out, err = capsys.readouterr()
    assert "scarab " in out and "scarab-broken" not in out and str(folder / file) in err
    assert main(["rules", "search", "event dial"]) == 0
    assert main(["match", "new", "--system", "scarab", "--player", "Ann", "--player", "Ben"]) == 0
    assert len(Session.open().list_matches()) == 1


@pytest.mark.asyncio
async def test_the_app_starts_and_plays_beside_a_broken_pack(broken_pack: tuple[Path, str, str],
                                                            tmp_path: Path) -> None:
    folder, _, _ = broken_pack
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "packs").symlink_to(folder.parent)  # the app's data folder holds the broken pack
    ui, session = await start(tmp_path)
    match_id = await new_match_of(ui, "scarab", "Ann", "Ben")
    assert session.state(match_id).system == "scarab"
