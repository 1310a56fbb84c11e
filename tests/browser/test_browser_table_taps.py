"""The table in three taps, on a 360x640 phone in headless Chromium: a Halo table of 2 x 5 units shows six or
more cards at once; an attack from a unit card is card → target → Roll (the odds before the roll, the big result
after), Done is back at the table; after End turn the new player's first unit is on screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, Screen, at_rest, require_browser, served_app
from builders import dial

PHONE = {"width": 360, "height": 640}
ANN = ("Sniper", "Spartan Mk VI", "Marine", "ODST", "Warthog Crew")
BEN = ("Grunt A", "Grunt B", "Elite Minor", "Jackal", "Hunter")


def on_screen(s: Screen, names: tuple[str, ...]) -> list[str]:
    """The names whose text node lies wholly on the screen."""
    found = s.page.eval_on_selector_all("flt-semantics", """(els, names) => els.flatMap(e => {
        const t = (e.getAttribute('aria-label') || e.textContent || '').trim();
        const r = e.getBoundingClientRect();
        return names.includes(t) && r.top >= 0 && r.bottom <= innerHeight ? [t] : [];
    })""", list(names))
    return [n for n in names if n in found]


def halo_table(root: Path) -> str:
    session = Session(MatchStore(root))
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    for n, name in enumerate((*ANN, *BEN)):
        owner = match.players[n // 5].id
        session.dispatch(match.id, "add_unit", {"unit": {
            "id": f"u{n + 1}", "name": name, "points": 40, "owner": owner,
            "dial": dial((8, 10, 17, 3), (8, 9, 16, 3), (7, 9, 15, 2))}}, by=owner)
    return match.id


@pytest.mark.browser
def test_attack_in_three_taps_and_the_new_players_units_first(tmp_path: Path) -> None:
    playwright = require_browser()
    match_id = halo_table(tmp_path)
    taps: list[str] = []

    def tap(s: Screen, what: str, name: str) -> None:
        taps.append(what)
        s.tap(name)

    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport=PHONE))
        s.open(url)
        s.tap("Ann vs Ben", exact=False)
        s.wait_text("Ann to play")
        at_rest(s.page)
        shown = on_screen(s, (*ANN, *BEN))
        assert len(shown) >= 6, shown  # Halo cards as dense as Skirmish ones
        s.shot("phone-table-halo")
        tap(s, "the Sniper card's attack", "Attack: Sniper")
        s.wait_text("Chance: ")  # the exact odds, before any dice
        tap(s, "the target", "Grunt B")  # the target's whole line chooses it
        s.wait_text("Chance: ")
        tap(s, "roll", "Roll 2d6")
        s.wait_text("2d6: ")
        labels = s.labels()
        assert "HIT" in labels or "MISS" in labels, labels[:20]
        assert len(taps) <= 3, taps  # from the table to the result
        s.shot("phone-attack-result")
        stored = Session(MatchStore(tmp_path)).state(match_id)
        assert stored.rolls and stored.unit("u1").tokens.action == 1
        log = Session(MatchStore(tmp_path)).log(match_id)
        assert "Grunt B" in log[-1].data["label"]  # the target tapped is the one attacked
        s.tap("Done")
        s.wait_text("Ann to play")  # back at the table
        s.tap("End turn")
        s.tap("Yes, end turn")
        s.wait_text("Ben to play")
        at_rest(s.page)
        assert BEN[0] in on_screen(s, BEN), s.labels()[:30]  # the new player's first unit, on screen
        s.shot("phone-after-end-turn")
        browser.close()


def tappable(s: Screen) -> list[dict[str, Any]]:
    """Every button (enabled or not) and tappable node with a part on screen: its name and box (a node the window's
    edge cuts is cut short)."""
    nodes = "flt-semantics[flt-tappable], flt-semantics[role=button]"
    return s.page.eval_on_selector_all(nodes, """els => els.flatMap(e => {
        const r = e.getBoundingClientRect();
        if (r.height < 1 || r.bottom <= 0 || r.top >= innerHeight) return [];
        const name = (e.getAttribute('aria-label') || e.textContent
                      || (e.parentElement && e.parentElement.getAttribute('aria-label')) || '').trim();
        return [{name, top: r.top, bottom: r.bottom, width: r.width, height: r.height}];
    })""")


@pytest.mark.browser
def test_the_tools_are_two_taps_away_and_every_button_is_thumb_sized_beside_six_cards(tmp_path: Path) -> None:
    """Issue 39: Share, the table clock, set-up and End match sat under ten unit cards, and the cards spoke in icons.
    At 360x640, before any scroll: six Halo cards of a 5 + 5 force whole on screen, every button on screen at least
    48x48 (none cut by the screen's edge), each card's buttons with their words; then each tool is Menu → tool."""
    playwright = require_browser()
    halo_table(tmp_path)
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport=PHONE))
        s.open(url)
        s.tap("Ann vs Ben", exact=False)
        s.wait_text("Ann to play")
        at_rest(s.page)
        buttons = tappable(s)
        small = [b for b in buttons if b["width"] < 47.5 or b["height"] < 47.5]
        assert small == [], small  # a button the screen's bottom cuts counts too: it was 48x38
        whole = [b for b in buttons if b["name"] == "Details" and b["bottom"] <= PHONE["height"]]
        assert len(whole) >= 6, buttons  # six cards with every button whole (Details is each card's last)
        assert len(on_screen(s, (*ANN, *BEN))) >= 6
        names = [b["name"] for b in buttons]
        for word, cards in (("Attack", 5), ("Damage", 6), ("Heal", 6), ("Details", 6), ("Acted", 1)):
            assert names.count(word) >= cards, (word, names)  # the word under the icon is the button's name
        assert {"What can I do?", "Best moves"} <= set(names)
        for tool, shown in (("Share", "Share the match"), ("Table clock", "Set up the clock"),
                            ("Set-up and forces", "Ann's force"), ("End match", "End the match")):
            s.tap("Table menu", exact=False)
            s.page.get_by_role("menuitem", name="End match").wait_for(timeout=10_000)
            at_rest(s.page)  # the menu's opening animation
            item = next((b for b in tappable(s) if b["name"] == tool), None)
            assert item and item["bottom"] <= PHONE["height"] and item["height"] >= 47.5, tappable(s)  # no scroll
            if tool == "Share":
                s.shot("phone-table-menu")
            s.tap(tool)
            s.wait_text(shown)
            s.tap("Back")
            s.wait_text("Ann to play")
        browser.close()
