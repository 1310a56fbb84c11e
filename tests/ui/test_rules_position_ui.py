"""Where a figure stands, on screen: the unit card says it on its click's line (only when it is not the usual
place, so a Halo card stays as short as a Skirmish one), the unit's details set it by hand, and the rules
helper's moves change it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui_flows_kit import add_unit, new_halo_match, new_match_of, start


@pytest.mark.asyncio
async def test_the_card_shows_the_position_and_the_details_set_it(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_halo_match(h)
    await add_unit(h, "Spartan", "8 10 17 3\n8 9 16 3")
    assert h.text_of("unit-u1-status") == "click 1 of 2"  # elsewhere on the map: the usual place goes unsaid
    await h.click("unit-u1-open")
    await h.choose("unit-position", "enemy-spawn")
    assert session.state(match_id).unit("u1").position == "enemy-spawn"
    assert h.find("unit-position").value == "enemy-spawn"  # the screen shows it back
    await h.back()
    assert h.text_of("unit-u1-status") == "click 1 of 2 · on an opponent's spawn point"


@pytest.mark.asyncio
async def test_games_without_positions_show_none(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)
    await new_match_of(h, "heroclix-skirmish", "Ann", "Ben")
    await add_unit(h, "Hero", "8 10 17 3\n8 9 16 3")
    assert h.text_of("unit-u1-status") == "click 1 of 2"
    await h.click("unit-u1-open")
    assert not h.has("unit-position")

