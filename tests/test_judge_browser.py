"""The live view in headless Chromium: `companion judge serve` on 127.0.0.1, two read-only pages and the judge.

The judge pauses table 1 from the judge's own session (the page opened with the token), as a judge at an
event would; both read-only pages must show it paused within 2 seconds (the issue's requirement), and the
table page must offer nothing to press or type into.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.core.match.events import Event
from companion.core.tournament.state import new_tournament
from companion.store.tournaments import TournamentStore

from browser import ARGS, CHROMIUM, Screen, free_port, require_browser

CLOCK = re.compile(r"\b\d{1,2}:\d{2}\b")


def clock_of(screen: Screen, table: int) -> str:
    """The countdown shown next to 'Table N · ...' (table page: the big clock; overview: the row's clock)."""
    labels = screen.labels()
    for i, label in enumerate(labels):
        if label.startswith(f"Table {table} ·"):
            for text in [label, *labels[max(0, i - 2):i + 3]]:
                found = CLOCK.search(text)
                if found:
                    return found.group()
    raise AssertionError(f"no clock for table {table}: {labels[:30]}")


def serve(data: Path, port: int) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "COMPANION_DATA_DIR": str(data)}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "judge", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    for _ in range(20):
        line = proc.stdout.readline()
        if "/judge?token=" in line:
            return proc, line.split()[-1]
    proc.terminate()
    raise AssertionError("judge serve printed no judge link")


def wait_served(url: str) -> None:
    import urllib.request

    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@pytest.mark.browser
def test_two_pages_follow_the_clock_and_see_the_judge_pause_it(tmp_path: Path) -> None:
    playwright = require_browser()
    data = tmp_path / "data"
    store = TournamentStore(data)
    store.create(new_tournament("friday-1", "Friday Skirmish", now=time.time()))
    for n, players in ((1, ["Ann", "Ben"]), (2, ["Cat", "Dan", "Eve"]), (3, ["Fay", "Gus"])):
        store.apply("friday-1", Event("seat", {"table": n, "players": players}, "judge", time.time()))
    store.apply("friday-1", Event("start", {}, "judge", time.time()))
    store.apply("friday-1", Event("extend", {"table": 3, "seconds": 120, "reason": "late start"}, "judge", time.time()))

    port = free_port()
    proc, judge_url = serve(data, port)
    base = f"http://127.0.0.1:{port}"
    assert judge_url.startswith(f"{base}/judge?token=")
    try:
        wait_served(base + "/")
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            table = Screen(browser.new_page(viewport={"width": 390, "height": 844}))
            room = Screen(browser.new_page(viewport={"width": 390, "height": 844}))
            judge = Screen(browser.new_page(viewport={"width": 1280, "height": 900}))
            table.open(base + "/table/1")
            room.open(base + "/")
            judge.open(judge_url)
            for screen in (table, room, judge):
                screen.wait_text("Table 1 · running")

            before = (clock_of(table, 1), clock_of(room, 1))
            time.sleep(2.2)
            after = (clock_of(table, 1), clock_of(room, 1))
            assert after[0] != before[0] and after[1] != before[1], (before, after)  # the countdown moves
            table.shot("judge-table-page-running")
            room.shot("judge-room-page")
            judge.shot("judge-screen")

            judge.tap("Pause")  # the first card's: table 1
            table.wait_text("Table 1 · paused", timeout=2.0)
            room.wait_text("Table 1 · paused", timeout=2.0)
            stopped = clock_of(table, 1)
            time.sleep(1.5)
            assert clock_of(table, 1) == stopped and clock_of(room, 1) == stopped
            assert clock_of(room, 2) != after[1] or clock_of(room, 2) != before[1]  # table 2 runs on
            table.shot("judge-table-page-paused")

            # the read-only table page: nothing to press, nothing to type into
            assert table.page.get_by_role("button").count() == 0
            assert table.page.get_by_role("textbox").count() == 0
            assert table.page.get_by_role("button", name=re.compile("Pause|Resume|Start|Extend|Result")).count() == 0
            assert room.page.get_by_role("button", name=re.compile("Pause|Resume|Start|Extend|Result")).count() == 0
            judge.tap("Resume")
            table.wait_text("Table 1 · running", timeout=2.0)

            # a judge call: two minutes more for table 1, typed in the judge's browser, with the reason
            judge.tap("Extend")
            judge.type_into("Reason", "rules question")
            judge.tap("Add time")
            table.wait_text("Table 1 · running (+2 min)", timeout=2.0)
            judge.wait_text("+2 min: rules question")
            judge.shot("judge-screen-extended")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
