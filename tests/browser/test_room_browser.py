"""`companion judge serve` in headless Chromium at 360x640: a player's table page, find my table, the judge's
pause from the judge's own Flet screen (reached through the one-time link), and SIGTERM.

Figures: /table/1 loads <= 60 KB in all; the time it takes to show the players and the clock is printed, never
asserted (a loaded machine is no measure: benchmarks/ time it); the judge's pause reaches the open page without a
reload.
"""

from __future__ import annotations

import re
import signal
import time
from pathlib import Path

import pytest

from companion.core.match.events import Event
from companion.core.tournament.state import new_tournament
from companion.session.judging.service import Judging

from browser import ARGS, CHROMIUM, SCREENSHOTS, Screen, free_port, require_browser
from room_browser_kit import serve

PHONE = {"width": 360, "height": 640}


def seed(data: Path) -> None:
    store = Judging(data)
    store.create(new_tournament("friday-1", "Friday Skirmish", now=time.time()))
    for n, players in ((1, ["Ann", "Ben"]), (2, ["Cat", "Dan", "Eve"]), (3, ["Fay", "Gus"])):
        store.apply("friday-1", Event("seat", {"table": n, "players": players}, "judge", time.time()))
    store.apply("friday-1", Event("start", {}, "judge", time.time()))
    store.apply("friday-1", Event("extend", {"table": 3, "seconds": 120, "reason": "late start"}, "judge", time.time()))


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def loaded_bytes(page) -> int:
    """Everything the page downloaded so far: the document and every finished resource (compressed sizes)."""
    return page.evaluate("""() => performance.getEntriesByType('navigation').concat(
        performance.getEntriesByType('resource')).reduce((n, e) => n + (e.transferSize || e.encodedBodySize), 0)""")


@pytest.mark.browser
def test_players_follow_their_table_and_see_the_judge_pause_it(tmp_path: Path) -> None:
    playwright = require_browser()
    data = tmp_path / "data"
    seed(data)
    port = free_port()
    proc, judge_link = serve(data, port)
    base = f"http://127.0.0.1:{port}"
    try:
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            phone = browser.new_page(viewport=PHONE)
            start = time.monotonic()
            phone.goto(base + "/table/1", wait_until="commit")
            phone.get_by_text("Ann vs Ben").wait_for(timeout=15_000)
            phone.get_by_role("timer").filter(has_text=re.compile(r"^\d+:\d\d$")).wait_for(timeout=15_000)
            print(f"\n/table/1 showed the players and the clock after {time.monotonic() - start:.2f} s")
            phone.wait_for_load_state("load")
            assert loaded_bytes(phone) <= 60_000
            first = phone.get_by_role("timer").text_content()
            # it counts down by itself (a second a tick: a change within 5 s)
            phone.wait_for_function("first => document.querySelector('[role=timer]').textContent !== first",
                                    arg=first, timeout=5_000)
            phone.evaluate("window.__stayed = true")  # gone if the page reloads
            shot(phone, "room-table-running")

            finder = browser.new_page(viewport=PHONE)
            finder.goto(base + "/find")
            finder.get_by_label("Your name").fill("gus")
            finder.get_by_role("button", name="Find").click()
            finder.get_by_role("link", name="Table 3").click()
            finder.get_by_text("Fay vs Gus").wait_for(timeout=3000)
            finder.get_by_text("+2 min: late start").wait_for(timeout=3000)
            finder.goto(base + "/find?name=a")
            shot(finder, "room-find")
            projector = browser.new_page(viewport={"width": 1280, "height": 720})
            projector.goto(base + "/room")
            projector.locator("#t3 .clock").wait_for()
            shot(projector, "room-overview")

            judge = Screen(browser.new_page(viewport={"width": 1280, "height": 900}))
            judge.open(judge_link)  # one-time link -> cookie -> /judge
            assert judge.page.url == base + "/judge"
            judge.wait_text("Table 1 · running")
            judge.tap("Pause")  # the first card's: table 1
            paused_at = time.monotonic()
            phone.locator("#t1 [data-f=state]").filter(has_text="paused").wait_for(timeout=3000)
            assert time.monotonic() - paused_at <= 3.0
            assert phone.evaluate("window.__stayed === true")  # no reload
            stopped = phone.get_by_role("timer").text_content()
            time.sleep(1.3)
            assert phone.get_by_role("timer").text_content() == stopped
            shot(phone, "room-table-paused")

            spent = browser.new_page()  # the link is spent: a second device gets no judge rights from it
            spent.goto(judge_link)
            assert "spent or wrong" in spent.content()

            proc.send_signal(signal.SIGTERM)
            stopping = time.monotonic()
            proc.wait(timeout=10)
            assert time.monotonic() - stopping <= 5
            phone.get_by_text("Connection lost - clock may be behind").wait_for(timeout=10_000)
            browser.close()
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=20)
