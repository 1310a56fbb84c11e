"""The door for scripts: `from companion.session import Session`, `Session.open(data_dir)` and its methods."""

from __future__ import annotations

from pathlib import Path

from companion.session import Session


def test_a_script_opens_a_data_folder_by_its_path_or_its_text(tmp_path: Path) -> None:
    made = Session.open(str(tmp_path)).new_match("halo-actionclix", ["Ann", "Ben"])
    assert [m.id for m in Session.open(tmp_path).list_matches()] == [made.id]
    assert (tmp_path / "matches").is_dir()
