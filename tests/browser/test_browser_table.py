"""The table on a 360x640 phone in headless Chromium: no keystroke lost in any text field (typed at 0 and 80 ms a
key), the header stays while the unit list scrolls, five or more unit cards at once, Skirmish's win prompt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, Screen, at_rest, require_browser, served_app, tree
from builders import dial

PHONE = {"width": 360, "height": 640}
DELAYS = (0, 80)  # ms between keys: a paste-fast burst, and human speed
NAMES = ("Captain Cold", "Flash", "Mirror Master", "Heat Wave", "Weather Wizard", "Superman", "Batman",
         "Wonder Woman", "Green Lantern", "Aquaman")


def typed_value(page: Any) -> str | None:
    """What the focused field holds on the phone (Flutter's hidden editing element)."""
    return page.evaluate("(() => { const e = document.activeElement;"
                         " return e && 'value' in e ? e.value : null })()")


def type_checked(s: Screen, label: str, text: str) -> None:
    """Type `text` into the field at each speed, clearing it first; the field must hold exactly `text`."""
    for delay in DELAYS:
        s.focus(label)
        s.page.keyboard.press("Control+A")
        s.page.keyboard.press("Delete")
        s.page.wait_for_function("document.activeElement.value === ''")
        s.page.keyboard.type(text, delay=delay)
        s.answered()  # every round trip (and any echo of an older value) has landed
        assert typed_value(s.page) == text, f"{label!r} at {delay} ms a key"


def boxes(page: Any, texts: tuple[str, ...]) -> dict[str, tuple[float, float]]:
    """Top and bottom on screen of the semantics nodes whose label is exactly one of `texts`."""
    found = page.eval_on_selector_all("flt-semantics", """(els, texts) => els.flatMap(e => {
        const t = (e.getAttribute('aria-label') || e.textContent || '').trim();
        if (!texts.includes(t)) return [];
        const r = e.getBoundingClientRect();
        return [[t, r.top, r.bottom]];
    })""", list(texts))
    return {t: (top, bottom) for t, top, bottom in found}


def on_screen(page: Any, texts: tuple[str, ...]) -> list[str]:
    return [t for t, (top, bottom) in boxes(page, texts).items() if top >= 0 and bottom <= PHONE["height"]]


def skirmish_with_ten_units(data_dir: Path, ann_vp: int = 0) -> str:
    session = Session(MatchStore(data_dir))
    match = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
    for n, name in enumerate(NAMES):
        owner = match.players[n // 5].id
        clicks = [(8, 10 - i, 17 - i, 3 - i // 3) for i in range(6)]
        session.dispatch(match.id, "add_unit", {"unit": {"id": f"u{n + 1}", "name": name, "points": 40,
                                                         "owner": owner, "dial": dial(*clicks)}}, by=owner)
    if ann_vp:
        session.dispatch(match.id, "score", {"player": match.players[0].id, "kind": "vp", "delta": ann_vp})
    return match.id


@pytest.mark.browser
def test_typing_in_every_text_field_keeps_every_key(tmp_path: Path) -> None:
    playwright = require_browser()
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport=PHONE))
        s.open(url)
        s.tap("New match")
        type_checked(s, "Player 1 (blue)", "Ann-Sophie")
        type_checked(s, "Player 2 (orange)", "Ben O'Neil")
        s.tap("Start match")
        s.wait_text("Ann-Sophie to play")
        s.tap("Add a unit")
        type_checked(s, "Name", "Spartan Mk VI")
        type_checked(s, "Points", "125")
        s.tap("Type the lines instead")
        type_checked(s, "Dial", "8 10 17 3\n8 9 16 3\n7 9 15 2")
        s.wait_text("4. KO")  # the dial preview followed the typing
        s.tap("Add unit")
        s.wait_text("Spartan Mk VI")
        s.tap("Table menu", exact=False)  # the table's tools: Menu, then the tool
        s.tap("Table clock")
        type_checked(s, "Round (minutes)", "45")
        type_checked(s, "Each player (minutes)", "20")
        s.tap("Back")
        s.tap("Dice")
        type_checked(s, "Dice", "7d6>=5")
        type_checked(s, "At least", "3")
        s.wait_text("at least 3")  # the exact odds followed the typing
        s.tap("Rules lookup")
        type_checked(s, "Search the rules", "swap weapons")
        browser.close()
    stored = Session(MatchStore(tmp_path))
    match = stored.state(stored.list_matches()[0].id)
    assert [p.name for p in match.players] == ["Ann-Sophie", "Ben O'Neil"]
    assert [(u.name, u.points, len(u.dial)) for u in match.units] == [("Spartan Mk VI", 125, 4)]


@pytest.mark.browser
def test_typing_in_the_scan_and_judge_fields_keeps_every_key(tmp_path: Path) -> None:
    playwright = require_browser()
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport=PHONE))
        s.open(url)
        s.tap("Scan a code")
        type_checked(s, "Shared link (ttcomp://...)", "ttcomp://m/1-2/ABC")
        s.tap("Back")
        s.tap("Judge mode")
        type_checked(s, "Event name", "Friday Skirmish")
        type_checked(s, "Round length (minutes)", "45")
        s.tap("Create event")
        type_checked(s, "New table: names, comma-separated", "Ann, Ben")
        browser.close()


@pytest.mark.browser
def test_header_stays_while_five_cards_scroll_under_it(tmp_path: Path) -> None:
    playwright = require_browser()
    skirmish_with_ten_units(tmp_path)
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport=PHONE))
        s.open(url)
        s.tap("Ann vs Ben", exact=False)
        s.wait_text("Turn 1 · Ann's round 1 of 2")
        shown = on_screen(s.page, NAMES)
        assert len(shown) >= 5, shown
        s.shot("phone-table-dense")
        header = boxes(s.page, ("Turn 1 · Ann's round 1 of 2",))
        s.page.mouse.move(180, 500)
        before = tree(s.page)
        s.page.mouse.wheel(0, 600)
        at_rest(s.page, before)
        after = on_screen(s.page, NAMES)
        assert after != shown and NAMES[0] not in after  # the list scrolled ...
        assert boxes(s.page, ("Turn 1 · Ann's round 1 of 2",)) == header  # ... under a header that stayed
        browser.close()


@pytest.mark.browser
def test_skirmish_offers_the_win_at_15_vp(tmp_path: Path) -> None:
    playwright = require_browser()
    match_id = skirmish_with_ten_units(tmp_path, ann_vp=14)
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport=PHONE))
        s.open(url)
        s.tap("Ann vs Ben", exact=False)
        s.wait_text("Ann 14 of 15 VP")
        s.page.mouse.move(180, 500)
        before = tree(s.page)
        s.page.mouse.wheel(0, 3000)  # the points sit under the units
        at_rest(s.page, before)
        s.tap("VP +1")
        s.wait_text("Match over? Ann reached 15 VP (of 15).")
        s.shot("phone-header")
        s.tap("End: Ann wins")
        s.wait_text("Winner: Ann")
        s.shot("phone-result")
        browser.close()
    match = Session(MatchStore(tmp_path)).state(match_id)
    assert (match.status, match.winners) == ("finished", (match.players[0].id,))
