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


# The focused element is this field's own <input> or <textarea> (Flutter edits in the field's semantics node): not
# the field tapped before, which holds the focus until the tap lands.
FOCUSED = "e => e === document.activeElement && 'value' in e"

# Every semantics node's place and name: the screen as Flutter last laid it out.
_TREE = """() => [...document.querySelectorAll('flt-semantics')].map(e => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height].map(Math.round).join(',') + ' '
      + (e.getAttribute('aria-label') || (e.querySelector(':scope > span') || {}).textContent || '');
  }).join('|')"""

# Wait, frame by frame, until the tree has stayed the same for `quiet` frames in a row (a scroll, a screen sliding
# in or a menu opening has come to rest; at most `limit` frames); with `before` (the tree before a scroll), until it
# also differs from that, unless `patience` frames pass with no change (the page scrolls no further: Flutter moves
# the list in the frame after the wheel). Frames, not milliseconds: a loaded machine draws fewer of them a second,
# and the wait lasts as long as drawing them takes.
_STILL = f"""async ([before, quiet, patience, limit]) => {{
  const tree = {_TREE};
  const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve()));
  let last = tree(), same = 0, moved = before === null || last !== before;
  for (let n = 0; n < limit && (moved || n < patience); n++) {{
    await frame();
    const now = tree();
    if (now === last) same++;
    else {{ last = now; same = 0; moved = moved || now !== before; }}
    if (same >= quiet && moved) break;
  }}
  return last;
}}"""


def tree(page: Any) -> str:
    """Every semantics node's place and name, as the page shows them now."""
    return page.evaluate(_TREE)


def at_rest(page: Any, before: str | None = None, quiet: int = 3, patience: int = 12, limit: int = 120) -> str:
    """Wait until the page has come to rest (see _STILL); given `before`, until it has moved from that tree first
    (or `patience` frames showed it will not). The tree it rests at."""
    return page.evaluate(_STILL, [before, quiet, patience, limit])


class Screen:
    """One browser page on the app."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.last_message = time.monotonic()  # when a message last passed between the page and the app's server
        page.on("websocket", self._watch)

    def _watch(self, socket: Any) -> None:
        socket.on("framesent", self._heard)
        socket.on("framereceived", self._heard)

    def _heard(self, _frame: Any) -> None:
        self.last_message = time.monotonic()

    def answered(self, quiet: float = 0.4, timeout: float = 10.0) -> None:
        """Wait until no message has passed between the page and the app's server for `quiet` s: the server has
        handled what the page sent, and what it sent back (an echo of an older value too) has landed."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.page.wait_for_timeout(50)  # Playwright hands over the socket's messages while it waits
            if time.monotonic() - self.last_message >= quiet:
                return

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_function("!document.getElementById('loading')", timeout=60_000)
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        self.page.wait_for_selector("flt-semantics", state="attached", timeout=30_000)

    def target(self, name: str, exact: bool = True, nth: int = 0) -> Any:
        """The button (or icon button, or menu entry) named `name` (the `nth` of those so named)."""
        # an IconButton's name sits on its tooltip's node, around the unnamed button node
        tooltip = self.page.locator(f'flt-semantics[aria-label="{name}"] > flt-semantics[role="button"]')
        # a menu's entries are menu items (the table's menu: Share, Table clock ...)
        item = self.page.get_by_role("menuitem", name=name, exact=exact)
        return self.page.get_by_role("button", name=name, exact=exact).or_(tooltip).or_(item).nth(nth)

    def into_view(self, name: str, exact: bool = True, below: int = 96, nth: int = 0) -> None:
        """Scroll (the wheel over the page's middle) until the control named `name` lies wholly between the app
        bar and the `below` px a pinned bar takes at the bottom, as a thumb brings it into sight: Flutter lays out
        nodes a little beyond the screen, and a tap on one of those lands on whatever is drawn there instead (a
        fixed scroll goes too far once the form above grows)."""
        self.bring(self.target(name, exact, nth), name, below)

    def bring(self, target: Any, name: str, below: int = 96) -> None:
        """Scroll `target` (a locator) into sight, as into_view; as far as the page goes (a dialog's field near
        the bottom stays where it is)."""
        size = self.page.viewport_size
        target.wait_for(state="attached", timeout=15_000)
        last = None
        for _ in range(12):
            box = target.bounding_box()
            if box is None:
                raise AssertionError(f"{name!r} has no box on the page")
            if box == last:  # the wheel moved nothing: the page scrolls no further
                return
            last = box
            if box["y"] < 64:
                delta = box["y"] - 96
            elif box["y"] + box["height"] > size["height"] - below:
                delta = box["y"] + box["height"] - (size["height"] - below) + 24
            else:
                return
            self.page.mouse.move(size["width"] / 2, size["height"] / 2)
            before = tree(self.page)
            self.page.mouse.wheel(0, delta)
            at_rest(self.page, before)  # the scroll settled: a tap on a moving list lands on what passes under
        raise AssertionError(f"{name!r} never came into view")

    def tap(self, name: str, exact: bool = True, nth: int = 0) -> None:
        button = self.target(name, exact, nth)
        button.wait_for(timeout=15_000)
        self.settle(button)
        button.click()

    def settle(self, target: Any) -> None:
        """Wait until `target` stops moving (a screen sliding in, a dialog opening, a list still scrolling): a tap
        aimed where it was lands on whatever has moved under that spot by then."""
        last = None
        for _ in range(40):
            box = target.bounding_box()
            if box is not None and box == last:
                return
            last = box
            self.page.wait_for_timeout(100)

    def type_into(self, label: str, text: str) -> None:
        """Type `text` at the end of the field named `label`, as a person's keyboard does, and check the field holds
        it. Flutter's hidden editing element holds what the field shows; when the field lost its focus while keys
        were typed (a CI run: the Dial field kept "7 11 17 3\n7 " of two lines, twice), it is focused again and what
        is missing typed at its end; a field that still does not hold the text fails with what it holds."""
        handle = self.focus(label)
        want = handle.evaluate("e => e.value") + text
        self.page.keyboard.type(text, delay=15)
        for _ in range(3):
            now = handle.evaluate("e => e.value")
            if now == want:
                return
            handle = self.focus(label)  # the editing element goes with the focus: take the field's own again
            now = handle.evaluate("e => e.value")
            if now == want:
                return
            if not want.startswith(now):
                self.page.keyboard.press("ControlOrMeta+a")
                self.page.keyboard.press("Backspace")
                now = ""
            self.page.keyboard.press("ControlOrMeta+End")
            self.page.keyboard.type(want[len(now):], delay=15)
        raise AssertionError(f"typed {text!r} into {label!r}, which holds {now!r}")

    def focus(self, label: str) -> Any:
        """Tap the text field named `label` until Flutter's hidden editing element has the focus (it is attached
        after the tap; on a loaded machine a tap can land before the field is ready for it)."""
        field = self.page.get_by_role("textbox", name=label).first
        self.bring(field, label)  # a field under the pinned bar: Flutter scrolls it up as the tap lands
        for _ in range(3):
            self.settle(field)
            field.click()
            try:
                handle = field.element_handle(timeout=3_000)
                self.page.wait_for_function(FOCUSED, arg=handle, timeout=3_000)
                at_rest(self.page, quiet=2)  # and it keeps it through the frames the tap draws
                if handle.evaluate(FOCUSED):
                    return handle
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

    def shot(self, name: str, png: bytes | None = None) -> None:
        """Save the screen as docs/screenshots/`name`.png (or `png`, a screenshot of it already drawn)."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / f"{name}.png").write_bytes(png or self.drawn())

    def drawn(self, timeout: float = 10.0) -> bytes:
        """A screenshot once the last frame is painted: two taken one after the other show the same pixels, and not
        one flat colour (on a loaded machine the semantics tree comes seconds before the first painted frame); or
        the last taken after `timeout` s (a clock that ticks every time, a screen that never paints)."""
        at_rest(self.page)
        deadline = time.monotonic() + timeout
        last = self.page.screenshot()
        while time.monotonic() < deadline:
            png = self.page.screenshot()
            if png == last and not flat(png):
                break
            if png == last:
                time.sleep(0.2)  # nothing painted yet
            last = png
        return last


def flat(png: bytes) -> bool:
    """Is the screenshot one colour (the page's background before Flutter paints a frame)?"""
    import io

    from PIL import Image

    darkest, lightest = Image.open(io.BytesIO(png)).convert("L").getextrema()
    return lightest - darkest < 32
