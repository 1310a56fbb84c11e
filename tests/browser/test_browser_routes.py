"""In a real browser the address follows the screen: reload and the back button keep the player's place, and a
share link's address opens the scan screen with the part counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.session.sharing.keeping import library_for
from companion.share import SharedMatch, encode
from companion.share.text import to_parts
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, Screen, require_browser, served_app
from builders import unit


@pytest.mark.browser
def test_reload_and_back_keep_the_place(tmp_path: Path) -> None:
    playwright = require_browser()
    session = Session(MatchStore(tmp_path))
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    sender = Session(MatchStore(tmp_path / "sender"))
    other = sender.new_match("scarab", ["Cat", "Dan"])
    part = to_parts(encode(SharedMatch.from_export(sender.export(other.id)), library_for(sender)), 3)[1]
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport={"width": 390, "height": 844}))
        s.open(url)
        s.tap("Ann vs Ben", exact=False)
        s.wait_text("Ann to play")
        s.page.wait_for_url(f"**/match/{match.id}", timeout=10_000)
        s.tap("Table menu", exact=False)  # the table's tools: Menu, then the tool
        s.tap("Match log")
        s.page.wait_for_url(f"**/match/{match.id}/log", timeout=10_000)
        s.open(s.page.url)  # reload: still the log, with the table below it
        s.wait_text("Match log")
        s.page.go_back()
        s.wait_text("Ann to play")
        assert s.page.url.endswith(f"/match/{match.id}")
        s.open(url + "about")
        s.wait_text("Version ")
        s.shot("phone-about")
        s.open(url + part.split("/", 3)[3])  # the address a share link opens
        s.wait_text("1 of 3 received")
        s.shot("phone-scan-waiting")
        browser.close()


@pytest.mark.browser
def test_a_reload_keeps_a_units_details(tmp_path: Path) -> None:
    playwright = require_browser()
    session = Session(MatchStore(tmp_path))
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    session.dispatch(match.id, "add_unit", {"unit": unit("u1", "p1", name="Spartan Mk VI", points=45)}, by="p1")
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport={"width": 360, "height": 640}))
        s.open(f"{url}match/{match.id}")
        s.tap("Unit details")
        s.page.wait_for_url(f"**/match/{match.id}/unit/u1", timeout=10_000)
        for fresh in (False, True):  # a reload Flet reattaches to its session, then one that shows the route alone
            if fresh:
                s.page.evaluate("sessionStorage.clear()")
            s.open(s.page.url)
            s.wait_text("Tap a click to turn the dial")
        s.wait_text("Spartan Mk VI")
        assert s.page.url.endswith(f"/match/{match.id}/unit/u1")
        s.shot("phone-unit-reloaded")
        s.page.go_back()
        s.wait_text("Ann to play")
        assert s.page.url.endswith(f"/match/{match.id}")
        browser.close()
