"""Players report results from their phones (`companion judge serve` in headless Chromium, phones at 360x640):
two players enter the same scores and the judge's screen shows the result without a reload; two enter different
scores and the table is flagged on the judge's screen and on the room page. Ann's phone runs without JavaScript
(the forms are plain POSTs). A spent code is refused on the page; the other refusals are tested with a plain HTTP
client (tests/fault/test_room_reports.py), where a browser adds nothing.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from companion.core.match.events import Event
from companion.core.tournament.state import new_tournament
from companion.session.judging.player_codes import EventCodes
from companion.session.judging.service import Judging

from browser import ARGS, CHROMIUM, SCREENSHOTS, Screen, free_port, require_browser
from room_browser_kit import serve

PHONE = {"width": 360, "height": 640}


def seed(data: Path) -> dict[str, str]:
    store = Judging(data)
    store.create(new_tournament("friday-2", "Friday Skirmish", now=time.time()))
    for n, players in ((1, ["Ann", "Ben"]), (2, ["Fay", "Gus"])):
        store.apply("friday-2", Event("seat", {"table": n, "players": players}, "judge", time.time()))
    store.apply("friday-2", Event("start", {}, "judge", time.time()))
    return EventCodes(store, "friday-2").codes()  # what `companion judge codes` prints


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def short_targets(page, selector: str) -> list[str]:
    """The tap targets matching `selector` under 48 px high, as 'text: height' (none is the aim)."""
    return page.eval_on_selector_all(selector, "els => els.filter(e => e.getBoundingClientRect().height < 48)"
                                     ".map(e => (e.textContent || e.name) + ': ' + e.getBoundingClientRect().height)")


def report(browser, base: str, table: int, code: str, vp: tuple[str, str], *, script: bool = True, name: str = ""):
    """A player's phone: their table's page, the code from their slip, then their scores."""
    phone = browser.new_context(viewport=PHONE, java_script_enabled=script).new_page()
    phone.goto(f"{base}/table/{table}")
    phone.get_by_label("Your player code").fill(code)
    phone.get_by_role("button", name="Sign in").click()
    phone.get_by_text("Signed in as").wait_for(timeout=5000)
    for i, value in enumerate(vp):
        phone.locator(f'input[name="vp-{i}"]').fill(value)
    if name:
        shot(phone, name)
        # no scrolling to report: the VP fields and the button are inside the 360x640 screen as the page opens
        button = phone.get_by_role("button", name="Report result").bounding_box()
        assert button is not None and button["y"] + button["height"] <= PHONE["height"]
        assert short_targets(phone, "nav a, .field input, .field select, button") == []
    phone.get_by_role("button", name="Report result").click()
    phone.wait_for_load_state()
    return phone


@pytest.mark.browser
def test_players_report_from_their_phones_and_the_judge_sees_it_live(tmp_path: Path) -> None:
    playwright = require_browser()
    data = tmp_path / "data"
    codes = seed(data)
    port = free_port()
    proc, judge_link = serve(data, port)
    base = f"http://127.0.0.1:{port}"
    try:
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            judge = Screen(browser.new_page(viewport={"width": 1280, "height": 900}))
            judge.open(judge_link)
            judge.wait_text("Table 1 · running")
            judge.page.evaluate("window.__stayed = true")  # gone if the judge's page reloads

            ann = report(browser, base, 1, codes["Ann"], ("15", "9"), script=False, name="room-report-form")
            finder = browser.new_context(viewport=PHONE).new_page()
            finder.goto(f"{base}/find?name=a")  # Ann, Fay: their "Table N" links
            assert finder.locator("ul.seats a").count() == 2 and short_targets(finder, "nav a, ul.seats a, input, "
                                                                                "button") == []
            shot(finder, "room-find-taps")
            ann.get_by_text("Reported by Ann · waiting for Ben").wait_for(timeout=5000)
            shot(ann, "room-report-waiting")
            judge.wait_text("waiting for Ben")
            report(browser, base, 1, codes["Ben"], ("15", "9"))
            judge.wait_text("Ann wins")  # the judge's screen, without a reload
            assert judge.page.evaluate("window.__stayed === true")
            ann.reload()
            ann.get_by_text("Reported by Ann, Ben").wait_for(timeout=5000)
            assert ann.locator("form.report").count() == 0 or not ann.locator("form.report").is_visible()

            watcher = browser.new_page(viewport=PHONE)  # someone following table 2 with the live page
            watcher.goto(f"{base}/table/2")
            watcher.evaluate("window.__stayed = true")
            report(browser, base, 2, codes["Fay"], ("12", "9"))
            report(browser, base, 2, codes["Gus"], ("9", "12"))
            judge.wait_text("Scores differ")
            watcher.get_by_text("Scores differ: the judge will settle it").wait_for(timeout=5000)
            assert watcher.evaluate("window.__stayed === true")
            shot(watcher, "room-report-flagged")
            judge.shot("judge-report-flagged")
            stored = Judging(data).state("friday-2")
            assert stored.table(1).result is not None and stored.table(2).disputed

            before = Judging(data).load("friday-2")
            stranger = browser.new_page(viewport=PHONE)  # a third person with Ann's spent code
            stranger.goto(f"{base}/table/2")
            stranger.get_by_label("Your player code").fill(codes["Ann"])
            stranger.get_by_role("button", name="Sign in").click()
            stranger.get_by_text("This code is spent or wrong").wait_for(timeout=5000)
            shot(stranger, "room-report-refused")
            after = Judging(data).load("friday-2")
            assert (after.state, after.log, after.spent) == (before.state, before.log, before.spent)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
