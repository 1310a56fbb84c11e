"""Serve the app with `companion app --web` and drive it in Debian's headless Chromium through Flutter's
semantics tree (buttons by role and name, text by aria-label)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def require_browser() -> Any:
    """The playwright module, or skip (with the reason) when Chromium or Playwright is missing."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):  # CI installs it: a missing browser there is a failure, not a skip
            pytest.fail("Debian's chromium is missing on CI (.ci/run installs it)")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    return pytest.importorskip("playwright.sync_api")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def served(args: list[str], env: dict[str, str], port: int) -> Iterator[str]:
    """Run a Flet web server (`python ARGS...`) until its page answers; its address; stopped on leaving."""
    proc = subprocess.Popen([sys.executable, *args], env={**os.environ, **env},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@contextmanager
def served_app(data_dir: Path) -> Iterator[str]:
    port = free_port()
    with served(["-m", "companion", "app", "--web", "--port", str(port)],
                {"COMPANION_DATA_DIR": str(data_dir)}, port) as url:
        yield url


# The focused element is one that edits text: Flutter's hidden <input> or <textarea> of a tapped field.
_EDITING = "(() => { const e = document.activeElement; return !!e && 'value' in e })()"


class Screen:
    """One browser page on the app."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_function("!document.getElementById('loading')", timeout=60_000)
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        self.page.wait_for_selector("flt-semantics", state="attached", timeout=30_000)

    def tap(self, name: str, exact: bool = True) -> None:
        # an IconButton's name sits on its tooltip's node, around the unnamed button node
        tooltip = self.page.locator(f'flt-semantics[aria-label="{name}"] > flt-semantics[role="button"]')
        # a menu's entries are menu items (the table's menu: Share, Table clock ...)
        item = self.page.get_by_role("menuitem", name=name, exact=exact)
        button = self.page.get_by_role("button", name=name, exact=exact).or_(tooltip).or_(item).first
        button.wait_for(timeout=15_000)
        self.page.wait_for_timeout(150)  # let an opening dialog finish its animation before the tap lands
        button.click()

    def type_into(self, label: str, text: str) -> None:
        self.focus(label)
        self.page.keyboard.type(text, delay=15)

    def focus(self, label: str) -> None:
        """Tap the text field named `label` until Flutter's hidden editing element has the focus (it is attached
        after the tap; on a loaded machine a tap can land before the field is ready for it)."""
        for _ in range(3):
            self.page.get_by_role("textbox", name=label).first.click()
            self.page.wait_for_timeout(250)  # the tap's own round trip (the field tapped before may still hold it)
            try:
                self.page.wait_for_function(_EDITING, timeout=3_000)
                return
            except Exception:  # noqa: BLE001 - Playwright's timeout: tap again
                continue
        raise AssertionError(f"the field {label!r} never took the focus")

    def labels(self) -> list[str]:
        found = self.page.eval_on_selector_all(
            "flt-semantics", "els => els.map(e => e.getAttribute('aria-label') || e.textContent).filter(Boolean)")
        return [t.strip() for t in found if t.strip()]

    def wait_text(self, text: str, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(text in label for label in self.labels()):
                return
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen says: {self.labels()[:40]}")

    def shot(self, name: str) -> None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        time.sleep(0.4)  # let the last frame paint
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
