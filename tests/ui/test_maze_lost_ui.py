"""The Maze's split team on a real Flet session (issue 40): from the helper, *The team splits* asks one party per
model; the player moves the one model that walked off into party 2 and the result names it Lost, alone, 3 morale
points down."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main

from flet_harness import Harness
from maze_actions_kit import model


@pytest.mark.asyncio
async def test_the_team_splits_in_four_taps_and_the_lone_model_is_lost(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "store"))
    made = session.new_match("killer-of-the-maze", ["Ann", "Ben"])
    for data in (model("tarn", "Brother Tarn"), model("vale", "Brother Vale"), model("osk", "Trooper Osk")):
        session.dispatch(made.id, "add_unit", {"unit": data})
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{made.id}")
    await h.click("open-helper")
    await h.click("do-lost")  # tap 2 (opening the helper was tap 1)
    assert h.find("param-party_osk").value == "1" and h.has("param-party_tarn") and h.has("param-party_vale")
    await h.choose("param-party_osk", "2")  # tap 3: a radio button (three models, three parties)
    await h.click("action-resolve")  # tap 4 (below the form: the screen scrolls to it)
    assert h.text_of("roll-word") == "DONE"
    assert "Trooper Osk is Lost; Trooper Osk loses 3 morale points" in h.text_of("action-summary")
    state = session.state(made.id)
    assert state.unit("osk").counters["morale"] == 3 and "morale" not in state.unit("tarn").counters
