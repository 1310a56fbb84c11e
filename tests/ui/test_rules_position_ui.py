"""Where a figure stands, on screen: the unit card says it in one line, the unit's details set it by hand, and
the rules helper's moves change it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui_flows_kit import add_unit, new_halo_match, new_match_of, start


@pytest.mark.asyncio
async def test_the_card_shows_the_position_and_the_details_set_it(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_halo_match(h)
    await add_unit(h, "Spartan", "8 10 17 3\n8 9 16 3")
    assert h.text_of("unit-u1-position") == "Elsewhere on the map"
    await h.click("unit-u1-open")
    await h.choose("unit-position", "enemy-spawn")
    assert session.state(match_id).unit("u1").position == "enemy-spawn"
    assert h.find("unit-position").value == "enemy-spawn"  # the screen shows it back


@pytest.mark.asyncio
async def test_games_without_positions_show_none(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)
    await new_match_of(h, "heroclix-skirmish", "Ann", "Ben")
    await add_unit(h, "Hero", "8 10 17 3\n8 9 16 3")
    assert not h.has("unit-u1-position")
    await h.click("unit-u1-open")
    assert not h.has("unit-position")

