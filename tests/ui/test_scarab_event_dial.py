"""The Scarab's Event dial typed the set-up form's way (a move per d6 band, then the specials) in a real Flet session
(seed 000 ¶15, 70: the d6 against the Event dial): the roll's odds name each band's move before the roll, and the
roll says the move its band shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui_flows_kit import new_match_of, start

DIALS = {"shell": "17\n16", "chassis": "9 17 2\n8 16 2", "main-power-core": "10 18 3\n9 17 3",
         "event": "1-2:shift 3-4:rotate 5:shift 6:rotate special:plasma\n1-2:rotate 3-4:shift 5:rotate 6:shift"}


@pytest.mark.asyncio
async def test_the_event_roll_names_its_bands_move_from_the_typed_dial(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_match_of(h, "scarab", "Sam", "Ann")
    await h.click("fixed-dials")
    for dial, text in DIALS.items():
        await h.type(f"dial-{dial}", text)
    await h.click("save-dials")
    await h.click("turn-guide")
    await h.click("guide-do-roll-event")
    assert "1-2 shift: 2/6, 3-4 rotate: 2/6, 5 shift: 1/6, 6 rotate: 1/6" in h.text_of("action-odds")
    await h.click("action-resolve")
    rolled = session.state(match_id).rolls[-1].dice[0]
    move = "rotate" if rolled in (3, 4, 6) else "shift"
    assert h.text_of("action-summary").startswith(f"Rolled {rolled} on d6: band ")
    assert f", {move}. {move.capitalize()} the Scarab" in h.text_of("action-summary")
