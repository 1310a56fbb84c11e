"""A roll committed through the rules helper on a 360x640 phone in headless Chromium: odds first, one tap rolls,
the big result (hit/miss colour and word, the dice, what it did) and Undo all on screen without scrolling; the
undone roll then shows in the match log."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, SCREENSHOTS, Screen, at_rest, require_browser, served_app, tree
from builders import unit

WIDTH, HEIGHT = 360, 640
COLOURS = {"HIT": (0x00, 0x9E, 0x73), "MISS": (0xD5, 0x5E, 0x00)}


def box_of(s: Screen, label: str) -> dict[str, float]:
    """Where the semantics node showing exactly `label` is on the page (x, y, width, height in CSS pixels)."""
    box = s.page.eval_on_selector_all("flt-semantics", """(els, label) => {
        const el = els.find(e => (e.getAttribute('aria-label') || e.textContent).trim() === label);
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height};
    }""", label)
    assert box is not None, f"{label!r} is not on screen: {s.labels()[:30]}"
    return box


@pytest.mark.browser
def test_a_committed_roll_shows_its_colour_and_stays_in_the_log_when_undone(tmp_path: Path) -> None:
    playwright = require_browser()
    image = pytest.importorskip("PIL.Image")
    session = Session(MatchStore(tmp_path))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    session.dispatch(match_id, "add_unit", {"unit": {**unit("u1", "p1"), "name": "Spartan"}}, by="p1")
    session.dispatch(match_id, "add_unit", {"unit": {**unit("u2", "p2", clicks=6), "name": "Grunt"}}, by="p2")
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}))
        s.open(url)
        s.wait_text("Ann vs Ben")
        s.page.get_by_role("button", name="Ann vs Ben", exact=False).first.click()
        s.tap("What can I do?")
        s.wait_text("Attack")
        s.page.get_by_role("button", name="Spartan", exact=True).nth(1).click()  # Move's unit buttons come first
        s.wait_text("Chance: ")  # the exact odds, before any dice
        assert not any(word in s.labels() for word in COLOURS)
        s.tap("Roll 2d6")
        s.wait_text("2d6: ")
        stored = Session(MatchStore(tmp_path))
        dice = stored.state(match_id).rolls[0].dice
        word = "HIT" if sum(dice) + 10 >= 16 else "MISS"  # the Spartan's attack 10 against the Grunt's defense 16
        s.wait_text(word)
        s.shot("phone-roll-result")
        for label in (word, f"2d6: {dice[0]} {dice[1]} = {sum(dice)}", "Undo", "Done"):  # all without scrolling
            box = box_of(s, label)
            assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, (label, box)
        word_box = box_of(s, word)
        shot = image.open(io.BytesIO(s.page.screenshot())).convert("RGB")
        beside = shot.getpixel((int(word_box["x"] + word_box["width"] + 12), int(word_box["y"] + 4)))
        assert all(abs(a - b) <= 8 for a, b in zip(beside, COLOURS[word], strict=True)), beside
        s.tap("Undo")
        s.wait_text("Roll 2d6")  # back to the odds: the table is as before the roll
        s.wait_text("its roll stays in the log, marked undone")
        at_rest(s.page)  # the form settles back under the bar before the taps on the app bar
        for _ in range(2):  # the action screen, then the helper: the app bar's back arrow, top left
            before = tree(s.page)
            s.page.mouse.click(28, 28)
            at_rest(s.page, before, patience=120)  # the screen below, once the server has popped this one
        s.tap("Table menu", exact=False)  # the table's tools: Menu, then the tool
        s.tap("Match log")
        s.wait_text("UNDONE")
        s.shot("phone-log-undone")
        browser.close()
    log = Session(MatchStore(tmp_path)).log(match_id)
    assert log[-1].type == "undo" and Session(MatchStore(tmp_path)).state(match_id).rolls == ()
    assert (SCREENSHOTS / "phone-roll-result.png").exists()
