"""In a real browser at 360x640, a reload of the table, its clock, the Scarab's guided turn and dials, and the
judge's console and a table's timer code shows that same screen (its app bar title at the top), with the screen
below it one back away: the route table (ui/routes.py) serves reload as it serves navigation."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, SCREENSHOTS, Screen, require_browser, served_app
from builders import unit
from scarab_setup_kit import scarab_dials

PAINTED_BYTES = 6000

# the app bar's words: each semantics node in the top 56 px, by its label or its own text (the title is a heading,
# <h2>, beside the back arrow's node)
TOP = """() => [...document.querySelectorAll('flt-semantics, h1, h2, h3')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.top < 56 && r.height > 0; })
  .map(e => (e.getAttribute('aria-label') ||
             [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('')).trim())
  .filter(Boolean)"""


def top_title(s: Screen, title: str, timeout: float = 15.0) -> None:
    """Wait until `title` is in the app bar: the screen on top, not a button of that name lower down."""
    deadline = time.monotonic() + timeout
    seen: Any = []
    while time.monotonic() < deadline:
        seen = s.page.evaluate(TOP)
        if any(title == text.split("\n")[0] for text in seen):  # a tooltip adds its line
            return
        time.sleep(0.2)
    raise AssertionError(f"{title!r} is not the app bar's title; the top of the screen says {seen}")


def painted_shot(s: Screen, name: str, timeout: float = 20.0) -> None:
    """The screenshot once the canvas shows the screen: on a loaded machine the semantics tree (what the checks
    read) came a few seconds before the first painted frame, and a shot taken then was one flat colour or Flet's
    "Working..." placeholder (about 2-3 KB as a PNG; a drawn screen is well over 10 KB)."""
    deadline = time.monotonic() + timeout
    while len(s.page.screenshot()) < PAINTED_BYTES and time.monotonic() < deadline:
        time.sleep(0.5)
    s.shot(name)
    assert (SCREENSHOTS / f"{name}.png").stat().st_size >= PAINTED_BYTES, f"{name}: nothing painted"


@pytest.mark.browser
def test_a_reload_keeps_each_screen_at_360x640(tmp_path: Path) -> None:
    playwright = require_browser()
    session = Session(MatchStore(tmp_path))
    halo = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    session.dispatch(halo, "add_unit", {"unit": unit("u1", "p1", name="Spartan Mk VI", points=45)}, by="p1")
    guided = session.new_match("scarab", ["Sam", "Ann"]).id
    for dial in scarab_dials():
        session.dispatch(guided, "add_unit", {"unit": dial}, by="p1")
    untyped = session.new_match("scarab", ["Cat", "Dan"]).id  # its dials not typed in yet
    event = session.judging.new_event("Friday Skirmish", [["Ann", "Ben"]])
    places = [  # address, what the app bar says, what the screen itself shows, the screenshot
        (f"match/{halo}", "Table menu", "Ann to play", "reload-table"),  # the table's bar: its tools, no title
        (f"match/{halo}/clock", "Table clock", "Set up the clock", "reload-clock"),
        (f"match/{guided}/guide/scarab-turn", "Turn guide", "Step 1 of", "reload-guide"),
        (f"match/{untyped}/dials", "The Scarab's dials", "one click per line", "reload-dials"),
        (f"judge-mode/{event.id}", "Friday Skirmish", "Table 1", "reload-judge-console"),
        (f"judge-mode/{event.id}/table/1/code", "Table 1: timer code", "Table 1", "reload-timer-code"),
    ]
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport={"width": 360, "height": 640}))
        for address, title, body, shot in places:
            s.open(url + address)  # a typed address or a bookmark
            top_title(s, title)
            s.open(s.page.url)  # the reload
            top_title(s, title)
            s.wait_text(body)
            assert s.page.url == url + address
            painted_shot(s, shot)
        s.tap("Back")  # the app bar's back arrow on a reloaded screen: the one below it, the judge's console
        top_title(s, "Friday Skirmish")
        s.page.wait_for_url(url + f"judge-mode/{event.id}", timeout=10_000)
        browser.close()
