"""The first screen a returning player sees is home with their matches listed, in one frame.

The loading page and the first screen are dark (the app's default), even in a browser that prefers light colours,
where Flet's own loading page is white (cli/app_cmd.py, dark_loading_page; the theme reaches the client before
its first frame through Flet's before_main).

Left, and printed: on a busy machine Flet's client can draw up to half a second of its own light surface (or its
"Working..." overlay) after the loading page goes and before the app's first page arrives, whatever the page's
theme says; that is inside Flet's client, not the app.

Frames are sampled as fast as Chromium gives screenshots while the page loads; the test says which frame was
light and when."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from companion.session import Session

from browser import ARGS, CHROMIUM, require_browser, served_app
from fit_check_kit import LIGHT, brightness


@pytest.mark.browser
def test_every_frame_of_a_load_is_dark(tmp_path: Path) -> None:
    playwright = require_browser()
    frames: list[tuple[float, float, float]] = []  # seconds, mean grey, darkest grey
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 360, "height": 640}, color_scheme="light")
        start = time.monotonic()
        page.goto(url, wait_until="commit")
        took_over = None  # when Flutter removed the loading page: then the client connects and draws the app
        while time.monotonic() - start < 40 and (took_over is None or time.monotonic() - took_over < 3):
            try:
                shot = page.screenshot()
            except playwright.Error:  # Chromium refused one capture mid-load (seen in CI): that sample is skipped
                continue
            frames.append((time.monotonic() - start, brightness(shot), brightness(shot, darkest=True)))
            if took_over is None and page.evaluate("!document.getElementById('loading')"):
                took_over = time.monotonic()
        browser.close()
    assert took_over is not None, "the app never replaced the loading page"
    loading = [(round(at, 2), round(level)) for at, level, _ in frames if at < took_over - start and level > LIGHT]
    settled = [round(level) for _, level, _ in frames[-3:] if level > LIGHT]
    between = [(round(at, 2), round(level)) for at, level, _ in frames if at >= took_over - start and level > LIGHT]
    print(f"light frames of Flet's client before the app's first page (seconds, grey level): {between}")
    assert loading == [] and settled == [], f"light while loading: {loading}; light at the end: {settled}"


# Every text in Flutter's semantics tree, as the page shows it now
LABELS = """() => [...document.querySelectorAll('flt-semantics')]
    .map(e => (e.getAttribute('aria-label') || e.textContent || '').trim()).filter(Boolean)"""
FLETS_OWN = {"Working..."}  # Flet's client, while it waits for the app's first page


@pytest.mark.browser
def test_a_returning_players_first_screen_is_home_with_the_matches_listed(tmp_path: Path) -> None:
    """With a match stored, the app's first text on screen is home's, its list and the match's row in that same
    frame: no spinner or placeholder of the app's own, no empty home filled in later. Each change of the texts
    shown is recorded from the moment Flutter can show any (semantics turned on before the app's page comes)."""
    playwright = require_browser()
    Session.open(tmp_path).new_match("halo-actionclix", ["Ann", "Ben"])
    shown: list[list[str]] = []  # each distinct set of texts, in order
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 360, "height": 640})
        page.goto(url, wait_until="commit")
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        end = time.monotonic() + 60
        while time.monotonic() < end and not any("Ann vs Ben" in t for t in (shown or [[]])[-1]):
            labels = page.evaluate(LABELS)
            if not shown or labels != shown[-1]:
                shown.append(labels)
        browser.close()
    assert shown and any("Ann vs Ben" in t for t in shown[-1]), f"home never listed the match: {shown[-3:]}"
    assert not set(shown[0]) - FLETS_OWN, f"the texts were on before Flutter showed anything: {shown[0]}"
    first = next(texts for texts in shown if set(texts) - FLETS_OWN)  # the app's first frame with text
    assert "Your matches" in first and any("Ann vs Ben" in t for t in first), f"first shown: {first}"
