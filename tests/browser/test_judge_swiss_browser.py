"""A Swiss round on the judge's screen in headless Chromium (`companion judge serve`): the pairings and the bye
show, results come in from the judge's command line, and the screen's Next round pairs round 2 by record."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.session.judging.service import Judging

from browser import ARGS, CHROMIUM, Screen, free_port, require_browser
from room_browser_kit import serve, wait_served


@pytest.mark.browser
def test_a_swiss_round_in_the_browser(tmp_path: Path) -> None:
    playwright = require_browser()
    data = tmp_path / "data"
    store = Judging(data)
    t = store.new_swiss("Friday Swiss", ["Ann", "Ben", "Cat", "Dan", "Eve"],
                                   chance=random.Random(7), now=time.time())
    env = {**os.environ, "COMPANION_DATA_DIR": str(data)}
    port = free_port()
    proc, judge_url = serve(data, port)
    try:
        wait_served(f"http://127.0.0.1:{port}/find")
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            judge = Screen(browser.new_page(viewport={"width": 390, "height": 844}))
            judge.open(judge_url)
            judge.wait_text("Round 1 pairings · 5 players · head to head")
            judge.wait_text(f"Bye: {t.current.byes[0]}")
            judge.tap("Start all")
            judge.wait_text("Table 1 · running")
            for tb in t.tables:  # the first seat wins each table, entered at the judge's desk
                vp = [a for i, name in enumerate(tb.players) for a in ("--vp", f"{name}={12 - 5 * i}")]
                subprocess.run([sys.executable, "-m", "companion", "judge", "result", str(tb.number), *vp], env=env,
                               check=True, capture_output=True, timeout=60)
            judge.wait_text("Table 2 · result in", timeout=5.0)
            judge.tap("Next round")
            judge.wait_text("Round 2 pairings · 5 players · head to head", timeout=5.0)
            judge.shot("judge-swiss-round")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    after = store.load(t.id).state
    winners = {tb.players[0] for tb in t.tables} | set(t.current.byes)
    assert after.current.number == 2 and sum(set(tb.players) <= winners for tb in after.tables) == 1
    assert after.current.byes and after.current.byes[0] not in winners
