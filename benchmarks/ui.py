"""UI speed: the CPU time of a tap until the screen is drawn (tap -> state saved -> controls updated, in a real
Flet session) on a table of 2 x 10 units, for this code and for main's code in the same run, and the time from
`companion app --web` start to the first frame in headless Chromium. Besides the table's own taps, two that change
the stack of screens: a unit's Details (its screen opens over the table) and the back arrow to the table.

    python benchmarks/ui.py [--taps N] [--rounds N] [--runs N] [--before REF]

"Before" is the code of git ref REF (default: main), exported to a temporary folder; "after" is this working
tree. Each is measured by this same script in child processes that take turns (--rounds of them each, the taps
shared out), so a change of the machine's load during the run falls on both alike: on 2 shared cores a run's
p95 moved by a third between two runs of the same code.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import flet as ft

ROOT = Path(__file__).resolve().parent.parent
CODE = Path(os.environ.get("UI_BENCH_CODE", ROOT))  # whose companion package is measured
sys.path.insert(0, str(CODE))
sys.path.insert(1, str(ROOT / "tests"))  # the harness and browser helpers: always this tree's

TAPS = ("VP +1", "damage: open the preview", "damage: apply", "undo")
MOVES = ("open a unit's details", "back to the table")  # taps that change the stack of screens


def first_frame(runs: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    from browser import ARGS, CHROMIUM, free_port

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


async def tap_times(taps: int) -> dict[str, list[float]]:
    """CPU seconds of this process per tap, from the tap to the last control update sent, on a Skirmish table
    of two players with ten units each (wall time on a machine shared by many jobs mostly measures the queue)."""
    from companion.session import Session
    from companion.store.matches import MatchStore
    from companion.ui.app import main

    from flet_harness import Harness

    with tempfile.TemporaryDirectory() as data:
        session = Session(MatchStore(Path(data)))
        match = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
        for n in range(20):
            dial = [{"stats": {"speed": 8, "attack": 10, "defense": 17 - i, "damage": 3}} for i in range(6)]
            session.dispatch(match.id, "add_unit", {"unit": {
                "id": f"u{n}", "name": f"Unit {n}", "points": 50, "owner": f"p{n // 10 + 1}",
                "dial": [*dial, {"stats": {}, "markers": ["ko"]}]}})
        h = await Harness.start(lambda page: main(page, session))
        await h.click(f"match-{match.id}")
        out: dict[str, list[float]] = {n: [] for n in (*TAPS, *MOVES)}
        for i in range(-1, taps):  # a first round untimed: each child's first taps load and fill caches
            unit = f"u{i % 10}"
            keys = ("player-p1-vp-plus", f"unit-{unit}-damage", f"unit-{unit}-apply", "undo")
            for name, key in zip(TAPS, keys, strict=True):
                button = h.find(key)  # the harness's own search of the tree is not the app's time
                sent = len(h.conn.sent)
                cpu = time.process_time()
                await h.session.dispatch_event(button._i, "click", None)
                await h.session.after_event(button)
                await h._settle()  # the component scheduler draws what changed
                if i >= 0:
                    out[name].append(time.process_time() - cpu)
                assert len(h.conn.sent) > sent, key  # the screen really got an update
            await h.click("undo")
            await dismiss_toasts(h)
            for name, button in zip(MOVES, (h.find(f"unit-{unit}-open"), None), strict=True):
                sent = len(h.conn.sent)
                cpu = time.process_time()
                if button is None:  # the app bar's back arrow and the phone's back gesture
                    h.page.on_view_pop(None)
                    await h.session.after_event(h.page)
                else:
                    await h.session.dispatch_event(button._i, "click", None)
                    await h.session.after_event(button)
                await h._settle()
                if i >= 0:
                    out[name].append(time.process_time() - cpu)
                assert len(h.conn.sent) > sent, name
        return out


async def dismiss_toasts(h: Any) -> None:
    """Close the undo notes as a phone does when their 4 s are up (between taps, not timed): with no client to
    dismiss them, every earlier one stayed in the page's dialogs and each new one's update compared them all
    (the undo's time grew with every repetition: 1 ms more per 10 taps)."""
    for dialog in [d for d in h.page._dialogs.controls if isinstance(d, ft.SnackBar)]:
        await h.session.dispatch_event(dialog._i, "dismiss", None)
    await h._settle()


def measured_in_turns(ref: str, taps: int, rounds: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """The taps on the code of git ref `ref` (exported to a temporary folder) and on this tree, each in child
    processes, one of each in turn `rounds` times; the samples of each side pooled."""
    before: dict[str, list[float]] = {name: [] for name in (*TAPS, *MOVES)}
    after: dict[str, list[float]] = {name: [] for name in (*TAPS, *MOVES)}
    with tempfile.TemporaryDirectory() as code:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "companion", "content", "pyproject.toml"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", code], input=archive, check=True)
        for n in range(rounds):
            share = taps // rounds + (n < taps % rounds)
            for side, where in ((before, code), (after, str(ROOT))):
                done = subprocess.run([sys.executable, __file__, "--taps", str(share), "--json"], check=True,
                                      capture_output=True, text=True, env={**os.environ, "UI_BENCH_CODE": where})
                for name, values in json.loads(done.stdout).items():
                    side[name] += values
    return before, after


def table(title: str, rows: dict[str, list[float]], unit: float, label: str) -> None:
    print(f"\n{title}")
    print(f"{'':<44} {'median':>10} {'p95':>10} {'n':>5}")
    for name, values in rows.items():
        print(f"{name:<44} {statistics.median(values) * unit:>8.1f}{label} {p95(values) * unit:>8.1f}{label} "
              f"{len(values):>5}")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="first-frame runs (0: skip)")
    parser.add_argument("--taps", type=int, default=60, help="taps of each kind on each side")
    parser.add_argument("--rounds", type=int, default=3, help="turns each side's child processes take")
    parser.add_argument("--before", default="main", help="git ref of the code to compare with")
    parser.add_argument("--json", action="store_true", help="only measure the taps, print them as JSON")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(asyncio.run(tap_times(args.taps))))
        return
    before, after = measured_in_turns(args.before, args.taps, max(1, args.rounds))
    rows = {f"{name} ({which})": values for name in (*TAPS, *MOVES)
            for which, values in ((args.before, before[name]), ("this tree", after[name]))}
    table("Tap -> screen drawn, CPU ms, Skirmish table of 2 x 10 units (Flet session, no client)", rows, 1e3, "ms")
    print(f"\n{'p95 ratio (this tree / ' + args.before + ')':<44}", "  ".join(
        f"{name}: {p95(after[name]) / p95(before[name]):.2f}" for name in (*TAPS, *MOVES)))
    if args.runs:
        from browser import CHROMIUM

        if Path(CHROMIUM).exists():
            table("First frame after `companion app --web` starts (headless Chromium)", first_frame(args.runs), 1,
                  "s ")
        else:
            print("\n(no /usr/bin/chromium: first-frame timing skipped)")


if __name__ == "__main__":
    main_()
