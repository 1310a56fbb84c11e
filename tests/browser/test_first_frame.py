"""No white flash when the app loads: from the first paint to the first screen, every frame is dark (the app's
default), even in a browser that prefers light colours (where Flet's own loading page is white, and the page under
Flutter's first frames, drawn before the app's session answers, is white: cli/app_cmd.py, dark_loading_page).

Frames are sampled as fast as Chromium gives screenshots while the page loads; the test says which frame was
light and when."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from browser import ARGS, CHROMIUM, require_browser, served_app
from fit_check_kit import LIGHT, brightness


@pytest.mark.browser
def test_every_frame_of_a_load_is_dark(tmp_path: Path) -> None:
    playwright = require_browser()
    frames: list[tuple[float, float]] = []
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 360, "height": 640}, color_scheme="light")
        start = time.monotonic()
        page.goto(url, wait_until="commit")
        took_over = None  # when Flutter removed the loading page: then the client connects and draws the app
        while time.monotonic() - start < 40 and (took_over is None or time.monotonic() - took_over < 3):
            frames.append((time.monotonic() - start, brightness(page.screenshot())))
            if took_over is None and page.evaluate("!document.getElementById('loading')"):
                took_over = time.monotonic()
        browser.close()
    light = [(round(at, 2), round(level)) for at, level in frames if level > LIGHT]
    assert frames and light == [], f"light frames (seconds after the load began, grey level): {light}"
