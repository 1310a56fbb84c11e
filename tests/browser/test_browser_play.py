"""A short Halo ActionClix turn played in headless Chromium, end to end, with screenshots of the screens."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, Screen, require_browser, served_app

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


@pytest.mark.browser
@pytest.mark.parametrize("size", list(SIZES))
def test_halo_turn_in_the_browser(tmp_path: Path, size: str) -> None:
    playwright = require_browser()
    width, height = SIZES[size]
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport={"width": width, "height": height}))
        s.open(url)
        s.wait_text("No matches yet")
        s.shot(f"{size}-home-empty")
        s.tap("New match")
        s.type_into("Player 1 (blue)", "Ann")
        s.type_into("Player 2 (orange)", "Ben")
        s.shot(f"{size}-new-match")
        s.tap("Start match")
        s.wait_text("Ann to play")
        for name, dial in (("Spartan", "8 10 17 3\n8 9 16 3\n7 9 15 2"), ("Elite", "7 11 17 3\n7 10 16 2")):
            s.tap("Add a unit")
            s.type_into("Name", name)
            s.type_into("Points", "50")
            s.tap("Type the lines instead")  # the typed-line form (the per-click one: test_browser_editor.py)
            s.type_into("Dial", dial)
            s.wait_text(f"{dial.count(chr(10)) + 2}. KO")  # the preview adds the KO click
            if name == "Spartan":
                s.shot(f"{size}-add-unit")
            s.tap("Add unit")
            s.wait_text(name)
        s.tap("Damage")
        s.wait_text("Lands on click 2: SPD 8 · ATT 9 · DEF 16 · DMG 3")
        s.shot(f"{size}-damage-preview")
        s.tap("Apply damage")
        s.wait_text("click 2 of 3")
        s.tap("Acted")
        s.tap("Kills +1")
        s.wait_text("Kills 1")
        s.shot(f"{size}-table")
        s.tap("Undo")
        s.wait_text("Kills 0")
        s.tap("End turn")
        s.tap("Yes, end turn")
        s.wait_text("Ben to play")
        s.tap("Table menu", exact=False)  # the table's tools: Menu, then the tool
        s.tap("Match log")
        s.wait_text("Ann ends the turn; Ben is next")
        s.shot(f"{size}-log")
        browser.close()
    stored = Session(MatchStore(tmp_path)).list_matches()
    assert len(stored) == 1 and stored[0].turn == 2
    match = Session(MatchStore(tmp_path)).state(stored[0].id)
    spartan = next(u for u in match.units if u.name == "Spartan")
    assert (spartan.click, spartan.tokens.action, match.players[0].kills) == (1, 0, 0)


SCARAB_DIALS = {"Shell dial": "17\n16", "Chassis dial": "9 17 2\n8 16 2", "Main Power Core dial": "10 18 3\n9 17 3",
                "Event dial": "shift\nrotate"}


@pytest.mark.browser
def test_scarab_turn_in_the_browser(tmp_path: Path) -> None:
    playwright = require_browser()
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport={"width": 390, "height": 844}))
        s.open(url)
        s.tap("New match")
        s.tap("The Scarab (Halo ActionClix colossal for HeroClix)")  # the game's whole line chooses it
        s.wait_text("Player 1 plays the Scarab")
        s.type_into("Player 1 (blue)", "Sam")
        s.type_into("Player 2 (orange)", "Ann")
        s.tap("Start match")
        s.tap("Enter the Scarab's dials")
        for label, text in SCARAB_DIALS.items():
            s.type_into(label, text)
        s.tap("Put them on the table")
        s.tap("Scarab turn guide")
        s.wait_text("Step 1 of 9")
        s.tap("Roll a d6 against the Event dial (d6)")
        s.tap("Roll d6")
        s.wait_text("read from your Event dial")
        s.shot("phone-scarab-turn")
        s.tap("Done")
        s.wait_text("Step 2 of 9")
        for step, title in ((3, "Shift or rotate the Scarab"), (4, "Displaced units take 1 damage each")):
            s.tap(title)  # no attacker on the table yet: nobody can be displaced, so it applies at once
            s.wait_text(f"Step {step} of 9")
        for step, title in ((5, "Event dial special attacks"), (6, "Turn the Event dial clockwise"),
                            (7, "Shell dial special attacks")):
            s.tap(title)
            s.wait_text(f"Step {step} of 9")
        for step in (8, 9):  # no target for the guns: hold fire (it asks which gun, then applies)
            s.tap("Hold fire")
            s.tap("Do it")
            s.tap("Done")
            s.wait_text(f"Step {step} of 9")
        s.tap("End the Scarab's turn")
        s.wait_text("Ann to play")
        browser.close()
    session = Session(MatchStore(tmp_path))
    state = session.state(session.list_matches()[0].id)
    assert (state.turn, state.unit("scarab-event").click, len(state.rolls)) == (2, 1, 1)
