"""UI speed: time from `companion app --web` start to the first frame in headless Chromium, and the time of a
handler (tap -> state saved -> controls updated) in a real Flet session.

    python benchmarks/ui.py [--runs N] [--taps N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from companion.session import Session  # noqa: E402
from companion.store.matches import MatchStore  # noqa: E402
from companion.ui.app import main  # noqa: E402

from browser import ARGS, CHROMIUM, free_port  # noqa: E402
from flet_harness import Harness  # noqa: E402


def first_frame(runs: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    out: dict[str, list[float]] = {"server answers": [], "loading screen gone": [], "home text shown": []}
    with tempfile.TemporaryDirectory() as data, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(runs):
            port = free_port()
            t0 = time.perf_counter()
            proc = subprocess.Popen([sys.executable, "-m", "companion", "app", "--web", "--port", str(port)],
                                    env={**os.environ, "COMPANION_DATA_DIR": data}, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            url = f"http://127.0.0.1:{port}/"
            while True:
                try:
                    urllib.request.urlopen(url, timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.02)
            out["server answers"].append(time.perf_counter() - t0)
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(url)
            page.wait_for_function("!document.getElementById('loading')", timeout=60_000)
            out["loading screen gone"].append(time.perf_counter() - t0)
            page.locator("flt-semantics-placeholder").dispatch_event("click")
            page.get_by_text("Your matches").first.wait_for(timeout=30_000)
            out["home text shown"].append(time.perf_counter() - t0)
            page.close()
            proc.terminate()
            proc.wait()
        browser.close()
    return out


async def handler_times(taps: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as data:
        session = Session(MatchStore(Path(data)))
        match = session.new_match("heroclix-skirmish", ["Ann", "Ben", "Cat", "Dan"])
        for n in range(12):
            dial = [{"stats": {"speed": 8, "attack": 10, "defense": 17, "damage": 3}} for _ in range(9)]
            session.dispatch(match.id, "add_unit", {"unit": {
                "id": f"u{n}", "name": f"Unit {n}", "points": 50, "owner": f"p{n % 4 + 1}",
                "dial": [*dial, {"stats": {}, "markers": ["ko"]}]}})
        h = await Harness.start(lambda page: main(page, session))
        await h.click(f"match-{match.id}")
        names = ("VP +1 (12 units on screen)", "action token +1", "undo")
        out: dict[str, list[float]] = {n: [] for n in names}
        # CPU time of this process too: on a machine shared by many jobs, wall time mostly measures the queue
        out |= {f"{n} (CPU)": [] for n in names}
        for i in range(taps):
            for name, key in zip(names, ("player-p1-vp-plus", f"unit-u{i % 12}-action-plus", "undo"), strict=True):
                sent = len(h.conn.sent)
                t, cpu = time.perf_counter(), time.process_time()
                await h.click(key)
                out[name].append(time.perf_counter() - t)
                out[f"{name} (CPU)"].append(time.process_time() - cpu)
                assert len(h.conn.sent) > sent  # the screen really got an update
            await h.click("undo")
        return out


def table(title: str, rows: dict[str, list[float]], unit: float, label: str) -> None:
    print(f"\n{title}")
    print(f"{'':<34} {'median':>10} {'p95':>10} {'n':>5}")
    for name, values in rows.items():
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"{name:<34} {statistics.median(ordered) * unit:>8.1f}{label} {p95 * unit:>8.1f}{label} {len(values):>5}")


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--taps", type=int, default=40)
    args = parser.parse_args()
    table("Handler: tap -> saved -> controls sent (Flet session, no client)", asyncio.run(handler_times(args.taps)),
          1e3, "ms")
    if Path(CHROMIUM).exists():
        table("First frame after `companion app --web` starts (headless Chromium)", first_frame(args.runs), 1, "s ")
    else:
        print("\n(no /usr/bin/chromium: first-frame timing skipped)")


if __name__ == "__main__":
    main_()
