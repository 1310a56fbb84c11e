"""A match that can't be read any more (deleted on another phone, damaged) reaches the screens that follow it as an
`Unopened` value with the reason (ui/hooks.py), never as a string posing as a history: each says so in one sentence
and the app bar's title falls back to its own word."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from builders import unit
from flet_harness import Harness, told


@pytest.mark.asyncio
@pytest.mark.parametrize(("tail", "key"), [("", "header"), ("/clock", "clock-refused"), ("/setup", "setup-refused"),
                                           ("/dice", "dice-refused"), ("/end", "end-refused")])
async def test_a_match_deleted_elsewhere_says_so_on_the_open_screen(tmp_path: Path, tail: str, key: str) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    session.dispatch(match_id, "add_unit", {"unit": unit("u1", "p1", name="Spartan", points=45)})
    h = await Harness.at(session, f"/match/{match_id}{tail}")
    assert not any(t.startswith("This match can't be opened") for t in h.texts())
    Session(MatchStore(tmp_path / "data")).delete(match_id)  # another phone on the same data folder
    await told(session)
    assert h.text_of(key).startswith("This match can't be opened: ")
    assert h.texts().count(h.text_of(key)) == 1
