"""Pack files parsed once per device: the cached data is exactly the parser's, a damaged or foreign entry is
ignored and made again, data JSON can't carry is never cached, and a folder that can't be written changes
nothing but speed."""

from __future__ import annotations

import json
import stat
import tomllib
from pathlib import Path

import pytest

from companion.core.packs.load import builtin_dir
from companion.session import Session
from companion.store.matches import MatchStore
from companion.store.pack_cache import ParsedToml

PACK_FILES = sorted(builtin_dir().glob("*/*.toml"))


def entry(folder: Path) -> Path:
    (found,) = folder.glob("*.json")
    return found


@pytest.mark.parametrize("file", PACK_FILES, ids=lambda f: f"{f.parent.name}/{f.name}")
def test_every_built_in_pack_file_comes_back_as_the_parser_gives_it(file: Path, tmp_path: Path) -> None:
    text = file.read_text(encoding="utf-8")
    cache = ParsedToml(tmp_path / "parsed")
    assert cache.loads(text) == tomllib.loads(text)  # parsed, and kept
    assert cache.loads(text) == tomllib.loads(text)  # read back from the kept copy


def test_the_kept_copy_is_what_is_read_and_private(tmp_path: Path) -> None:
    folder = tmp_path / "parsed"
    cache = ParsedToml(folder)
    cache.loads('name = "Halo"\n')
    kept = entry(folder)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700 and stat.S_IMODE(kept.stat().st_mode) == 0o600
    doctored = json.loads(kept.read_text())
    doctored["data"] = {"name": "from the copy"}
    kept.write_text(json.dumps(doctored))
    assert cache.loads('name = "Halo"\n') == {"name": "from the copy"}  # the copy, not the parser, answered


@pytest.mark.parametrize("damage", [b"", b"{not json", b"[]", b'{"format": 1, "sha256": "0", "data": {}}',
                                    b'{"format": 99, "sha256": "KEY", "data": {}}', b'{"format": 1, "sha256": "KEY"}'])
def test_a_damaged_or_foreign_entry_is_ignored_and_made_again(damage: bytes, tmp_path: Path) -> None:
    folder = tmp_path / "parsed"
    cache = ParsedToml(folder)
    text = "[pack]\nid = \"x\"\nsize = 3\n"
    cache.loads(text)
    kept = entry(folder)
    kept.write_bytes(damage.replace(b"KEY", kept.stem.encode()))
    assert cache.loads(text) == {"pack": {"id": "x", "size": 3}}
    assert json.loads(kept.read_text())["data"] == {"pack": {"id": "x", "size": 3}}


def test_dates_are_not_cached_and_bad_toml_raises_as_the_parser_does(tmp_path: Path) -> None:
    folder = tmp_path / "parsed"
    cache = ParsedToml(folder)
    assert cache.loads("when = 2026-01-01\n") == tomllib.loads("when = 2026-01-01\n")
    with pytest.raises(tomllib.TOMLDecodeError):
        cache.loads("name = \n")
    assert not folder.exists() or not list(folder.glob("*.json"))


def test_a_folder_that_cannot_be_written_only_costs_speed(tmp_path: Path) -> None:
    blocked = tmp_path / "file-in-the-way"
    blocked.write_text("")
    assert ParsedToml(blocked / "parsed").loads("a = 1\n") == {"a": 1}


def test_a_session_loads_the_same_packs_through_its_parsed_copies(tmp_path: Path) -> None:
    from companion.core.packs import load

    load._CACHE.clear()  # packs this process loaded before (other tests) would not be read from their files
    session = Session(MatchStore(tmp_path))
    first, errors = session.packs()
    assert not errors and list((tmp_path / "cache" / "packs").glob("*.json"))
    load._CACHE.clear()  # the process forgets; the device's copies remain
    again, _ = session.packs()
    assert {k: (p.data, p.sections, p.rules) for k, p in first.items()} == {
        k: (p.data, p.sections, p.rules) for k, p in again.items()}


def test_a_broken_user_pack_is_still_refused_with_its_file_named(tmp_path: Path) -> None:
    pack = tmp_path / "packs" / "mine"
    pack.mkdir(parents=True)
    (pack / "pack.toml").write_text("[pack\n")
    _, errors = Session(MatchStore(tmp_path)).packs()
    assert any("pack.toml: not valid TOML" in e for e in errors)
