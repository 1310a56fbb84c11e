"""The Scarab's Event roll with a band-typed Event dial, at 360x640 in headless Chromium: the odds before the roll
name each band's move, the result names the move rolled, and the move step says it when taken (seed 000 ¶15, 70)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, Screen, require_browser, served_app

DIALS = {"Shell dial": "17\n16", "Chassis dial": "9 17 2\n8 16 2", "Main Power Core dial": "10 18 3\n9 17 3",
         "Event dial": "1-2:shift 3-4:rotate 5:shift 6:rotate\n1-2:rotate 3-4:shift 5:rotate 6:shift"}


@pytest.mark.browser
def test_the_event_roll_names_its_move_on_a_phone(tmp_path: Path) -> None:
    playwright = require_browser()
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport={"width": 360, "height": 640}))
        s.open(url)
        s.tap("New match")
        s.tap("The Scarab (Halo ActionClix colossal for HeroClix)")
        s.wait_text("Player 1 plays the Scarab")
        s.type_into("Player 1 (blue)", "Sam")
        s.type_into("Player 2 (orange)", "Ann")
        s.tap("Start match")
        s.tap("Enter the Scarab's dials")
        for label, text in DIALS.items():
            s.type_into(label, text)
        s.tap("Put them on the table")
        s.tap("Scarab turn guide")
        s.tap("Roll a d6 against the Event dial (d6)")
        s.wait_text("1-2 shift: 2/6")
        s.tap("Roll d6")
        s.wait_text("the Scarab as the Event dial's icon")
        s.shot("phone-scarab-band-roll")
        s.tap("Done")
        s.tap("Shift or rotate the Scarab")  # no fields: it applies at once and says the move rolled
        s.wait_text("of this turn's roll): done")
        s.shot("phone-scarab-move-step")
        browser.close()
    state = Session(MatchStore(tmp_path)).state(Session(MatchStore(tmp_path)).list_matches()[0].id)
    assert len(state.rolls) == 1 and state.phase == "displaced"
