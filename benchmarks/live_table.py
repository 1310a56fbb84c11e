"""A live table's speed: how soon a change made on one phone shows on the others.

1. In the browser: `companion table host` and headless Chromium phones (360x640); one phone taps Kills +1, the
   time until each other phone's screen shows it (tap -> server -> pub/sub -> redraw -> Flutter frame).
2. On the server alone: real Flet sessions (no browser) on one pub/sub hub, 12 units on the table; the time from
   one phone's tap until every other phone's redraw was sent, and the bytes each phone receives per change.

    python benchmarks/live_table.py [--taps N] [--phones 2 4 8]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from companion.session import Session  # noqa: E402
from companion.session.live_table import LiveTable  # noqa: E402
from companion.ui.live.phone import PhoneApp  # noqa: E402

import flet_harness  # noqa: E402
from browser import ARGS, CHROMIUM  # noqa: E402
from builders import unit  # noqa: E402
from live_browser_kit import Host  # noqa: E402

PHONE = {"width": 360, "height": 640}
SHOWN = """([text]) => [...document.querySelectorAll('flt-semantics')].some(
    e => (e.getAttribute('aria-label') || e.textContent || '').includes(text))"""


def seeded(root: Path, players: int = 2, units: int = 12) -> str:
    session = Session.open(root)
    names = ["Ann", "Ben", "Cat", "Dan"][:players]
    match = session.new_match("halo-actionclix", names)
    for n in range(units):
        session.dispatch(match.id, "add_unit", {"unit": unit(f"u{n}", f"p{n % players + 1}", name=f"Unit {n}")})
    return match.id


def quantiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def browser_lag(taps: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    from browser import Screen

    lags = []
    with tempfile.TemporaryDirectory() as data:
        match_id = seeded(Path(data), units=2)
        host = Host(Path(data), match_id)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                phones = []
                for name in ("Ann", "Ben"):
                    screen = Screen(browser.new_context(viewport=PHONE).new_page())
                    screen.page.goto(host.next_join_link())
                    screen.page.get_by_role("button", name=f"I am {name}").click()
                    screen.open(screen.page.url)
                    screen.wait_text("Kills 0")
                    phones.append(screen)
                ann, ben = phones
                for n in range(1, taps + 1):
                    ann.tap("Kills +1")
                    start = time.perf_counter()
                    ben.page.wait_for_function(SHOWN, arg=[f"Kills {n}"], polling="raf", timeout=10_000)
                    lags.append(time.perf_counter() - start)
                browser.close()
        finally:
            host.stop()
    return lags


async def fan_out(phones: int, taps: int) -> tuple[list[float], float]:
    """Seconds from a tap on phone 1 until every phone's redraw was sent; bytes per phone per change."""
    hub: list[Any] = []
    flet_harness.PubSubHub = lambda **kw: hub[0] if hub else hub.append(PubSubHub(**kw)) or hub[0]
    with tempfile.TemporaryDirectory() as data:
        match_id = seeded(Path(data), players=min(phones, 4))
        table = LiveTable(match_id, Path(data))
        app = PhoneApp(table)
        sessions = []
        for i in range(phones):
            seat = f"p{i % 4 + 1}"

            async def main(page: Any, seat: str = seat) -> None:
                page.web = True
                table.access.new_code()
                table.access.admit(page.session.connection, table.access.redeem(table.access.code, seat))
                await app.main(page)

            sessions.append(await flet_harness.Harness.start(main))
        times, sent = [], []
        for n in range(1, taps + 1):
            before = [len(h.conn.sent) for h in sessions]
            sizes = [sum(map(len, h.conn.sent)) for h in sessions]
            start = time.perf_counter()
            await sessions[0].click("player-p1-kills-plus")
            while not all(h.text_of("player-p1-kills-value") == f"Kills {n}" and len(h.conn.sent) > b
                          for h, b in zip(sessions[1:], before[1:], strict=True)):
                await asyncio.sleep(0.0005)
            times.append(time.perf_counter() - start)
            sent += [sum(map(len, h.conn.sent)) - s for h, s in zip(sessions[1:], sizes[1:], strict=True)]
        app.stop()
    return times, statistics.median(sent)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--phones", type=int, nargs="*", default=[2, 4, 8])
    args = parser.parse_args()
    print(f"{'what':58} {'median':>9} {'p95':>9}")
    for phones in args.phones:
        times, size = asyncio.run(fan_out(phones, args.taps))
        med, p95 = quantiles(times)
        print(f"{f'server: tap -> {phones - 1} other phone(s) redrawn (12 units)':58} {med * 1000:7.1f}ms "
              f"{p95 * 1000:7.1f}ms   ~{size:.0f} B per phone per change")
    med, p95 = quantiles(browser_lag(args.taps))
    print(f"{'Chromium: Ann taps Kills +1 -> Ben sees it':58} {med * 1000:7.1f}ms {p95 * 1000:7.1f}ms")


if __name__ == "__main__":
    main()
