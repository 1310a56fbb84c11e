"""Judge mode under load: Swiss pairing time, and 64 running tables in the judge's session (plus more judge
devices with --pages).

    .venv/bin/python benchmarks/judge.py [--players 128] [--pairing-only] [--tables 64] [--seconds 10] [--pages 4]
                                         [--server]
    .venv/bin/python benchmarks/judge.py --thousand [--before DIR] [--runs 3]

--thousand: `next_pairing` (standings, tiebreaks and the seating: what `judge next-round` computes) for 1,000
players, head to head and pods of 3 and 4, at round 2 and round 5, on the same stored events for every source
tree. Each run is a fresh process per tree, in turn (with --before DIR, a source tree of another version, e.g.
`git archive main companion | tar -x -C /tmp/before`): the first pairing in the process (what a fresh
`judge next-round` adds: imports such as networkx), then 5 more per case; CPU (time.process_time) and wall,
median and p95.

First the event at the judge's desk (--event-only: just that): `judge new` with 16 to 1,000 players, every
result of round 1 entered, and round 2 paired, through the judge's service on an event stored on disk.

Part 0 plays whole Swiss events (random results, a drop now and then) and times `next_pairing` for every
round after the first (standings, tiebreaks and the matching or pod seating; median and p95 per round),
head to head and in pods of 4, sparse graph as shipped and, for comparison, the whole field linked.

(Players' pages are no longer Flet sessions: benchmarks/room.py measures them.)

Then pods alone at 16, 64 and 256 players, up to --pod-rounds rounds (late rounds, where a seating without
repeats gets scarce, are where the bounded search works longest).

Part 1 drives the tick with a simulated clock, one shown second per tick, and prints the cost of a tick
(the shared check plus every session's redraw, median and p95) and what each session sends per tick.
Part 2 runs the real shared tick against the real clock for --seconds and prints the CPU time the process
used per second of wall time (goal: at most 5% of one core). Sessions run on Flet's real Session over a
connection that packs every message as the web server does (tests/flet_harness.py).
Part 3 (--server, needs /usr/bin/chromium and playwright) measures the `companion judge serve` process itself,
websockets included, while Chromium shows the judge's screen.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from flet.pubsub.pubsub_hub import PubSubHub

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from companion.core.match.events import Event
from companion.core.tournament import pairing as swiss
from companion.core.tournament.events import apply, replay
from companion.core.tournament.state import new_tournament
from companion.session.judging.service import Judging
from companion.ui.judge.live import LiveHub

import flet_harness as headless  # noqa: E402  the tests' Flet harness: a real Flet session without a client

ROOT = Path(__file__).resolve().parent.parent


def seed_event(store: Judging, tables: int, now: float) -> str:
    t = new_tournament("bench", "Benchmark Open", now=now)
    store.create(t)
    for n in range(1, tables + 1):
        store.apply(t.id, Event("seat", {"table": n, "players": [f"P{n}a", f"P{n}b"]}, at=now))
    store.apply(t.id, Event("start", {}, at=now))
    return t.id


def make_hub(tables: int, clock: Callable[[], float], root: Path | None = None) -> LiveHub:
    store = Judging(root, clock=clock)
    return LiveHub(store, seed_event(store, tables, clock()), clock=clock, may_write=lambda page: True)


async def settle() -> None:
    for _ in range(5):  # let pub/sub deliver to every session
        await asyncio.sleep(0)


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def pairing_times(players: int, size: int, events: int, rounds: int) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of each pairing (CPU: this process only, steady on a shared machine)."""
    times, cpu = [], []
    for seed in range(events):
        rng = random.Random(seed)
        t = new_tournament("bench", "Swiss", table_size=size, now=0)
        t = replay(t, [Event("register", {"player": f"P{i:03}"}, at=0) for i in range(players)])
        p = swiss.next_pairing(t, rng)
        t = apply(t, Event("pair", {"tables": [list(x) for x in p.tables], "byes": list(p.byes)}, at=0))
        for _ in range(rounds - 1):
            for tb in t.tables:
                t = apply(t, Event("result", {"table": tb.number, "vp": {q: rng.randint(0, 14) for q in tb.players}},
                                   at=0))
            if rng.random() < 0.5:
                t = apply(t, Event("drop", {"player": rng.choice(t.active)}, at=0))
            start, cpu0 = time.perf_counter(), time.process_time()
            p = swiss.next_pairing(t, rng)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - cpu0) * 1000)
            t = apply(t, Event("next_round", {"tables": [list(x) for x in p.tables], "byes": list(p.byes)}, at=0))
    return times, cpu


def pairing(players: int) -> None:
    print(f"Swiss pairing, {players} players (+1 for an odd count), rounds 2-6, 8 events each, ms per round")
    print(f"{'case':<40}{'wall median':>12}{'p95':>8}{'CPU median':>12}{'p95':>8}")
    first = swiss.FIRST_WINDOW
    for label, n, size, window in (("head to head, sparse (as shipped)", players, 2, first),
                                   ("head to head, odd count, sparse", players + 1, 2, first),
                                   ("head to head, whole field linked", players, 2, 10**6),
                                   ("pods of 4", players, 4, first),
                                   ("pods of 3 (some of 4)", players + 1, 3, first)):
        swiss.FIRST_WINDOW = window
        wall, cpu = pairing_times(n, size, 8, 6)
        print(f"{label:<40}{statistics.median(wall):>12.1f}{pct(wall, 0.95):>8.1f}"
              f"{statistics.median(cpu):>12.1f}{pct(cpu, 0.95):>8.1f}")
    swiss.FIRST_WINDOW = first
    print("(goal: <= 100 ms per round at 128 players)\n")


def pods(rounds: int) -> None:
    """Pods at 16-256 players: the exact steps and the bounded search (pure Python, as on a phone)."""
    print(f"Pods, rounds 2-{rounds}, 4 events each, ms per round (goal: <= 1,000 at 64 players, <= 5,000 at 256)")
    print(f"{'players':>8}{'pod':>5}{'wall median':>13}{'p95':>8}{'max':>8}{'CPU median':>12}{'p95':>8}")
    for n in (16, 64, 256):
        for size, extra in ((4, 0), (3, 1)):
            wall, cpu = pairing_times(n + extra, size, 4, rounds)
            print(f"{n + extra:>8}{size:>5}{statistics.median(wall):>13.1f}{pct(wall, 0.95):>8.1f}{max(wall):>8.1f}"
                  f"{statistics.median(cpu):>12.1f}{pct(cpu, 0.95):>8.1f}")
    print()


THOUSAND = (("head to head, round 2", 1000, 2, 2), ("head to head, round 5", 1000, 2, 5),
            ("pods of 4, round 2", 1000, 4, 2), ("pods of 4, round 5", 1000, 4, 5),
            ("pods of 3 (some of 4), round 2", 998, 3, 2), ("pods of 3 (some of 4), round 5", 998, 3, 5))


def thousand_events(path: Path) -> None:
    """Each case's events up to the pairing measured (results random, seeded), stored as JSON for every tree."""
    cases = {}
    for label, players, size, rounds in THOUSAND:
        rng = random.Random(players * 10 + size)
        log = [("register", {"players": [f"Player {i:04}" for i in range(players)]})]
        t = replay(new_tournament("bench", "Swiss", table_size=size, now=0), [Event(*log[0], at=0)])
        for number in range(1, rounds):
            p = swiss.next_pairing(t, rng)
            log.append(("pair" if number == 1 else "next_round", {"tables": [list(x) for x in p.tables],
                                                                  "byes": list(p.byes)}))
            t = apply(t, Event(*log[-1], at=0))
            for tb in t.tables:
                log.append(("result", {"table": tb.number, "vp": {q: rng.randint(0, 14) for q in tb.players}}))
                t = apply(t, Event(*log[-1], at=0))
        cases[label] = log
    path.write_text(json.dumps(cases))


def thousand_child(path: Path) -> None:
    """In a fresh process of one source tree: the first pairing, then 5 per case; JSON on stdout."""
    cases = json.loads(path.read_text())
    states = {label: replay(new_tournament("bench", "Swiss", table_size=size, now=0),
                            [Event(kind, data, at=0) for kind, data in cases[label]])
              for label, _, size, _ in THOUSAND}
    out: dict[str, dict[str, list[float]]] = {}
    for n, (label, t) in enumerate(states.items()):
        for k in range(6 if n else 7):
            cpu0, wall0 = time.process_time(), time.perf_counter()
            swiss.next_pairing(t, random.Random(k))
            cpu, wall = (time.process_time() - cpu0) * 1000, (time.perf_counter() - wall0) * 1000
            key = "first in a process" if n == k == 0 else label
            out.setdefault(key, {"cpu": [], "wall": []})
            out[key]["cpu"].append(cpu)
            out[key]["wall"].append(wall)
    print(json.dumps(out))


def thousand(before: Path | None, runs: int) -> None:
    trees = {"after": ROOT} if before is None else {"before": before.resolve(), "after": ROOT}
    with tempfile.TemporaryDirectory() as tmp:
        events = Path(tmp) / "events.json"
        thousand_events(events)
        got: dict[str, dict[str, dict[str, list[float]]]] = {name: {} for name in trees}
        for _ in range(runs):
            for name, tree in trees.items():  # in turn, so both see the same load
                env = {**os.environ, "PYTHONPATH": str(tree)}
                done = subprocess.run([sys.executable, __file__, "--thousand-child", str(events)], env=env,
                                      check=True, capture_output=True, text=True)
                for key, values in json.loads(done.stdout).items():
                    for kind in ("cpu", "wall"):
                        got[name].setdefault(key, {"cpu": [], "wall": []})[kind] += values[kind]
    print(f"1,000 players paired (next_pairing), ms; {runs} fresh processes per tree in turn; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    head = "".join(f"{f'{name} {kind}':>22}" for kind in ("CPU", "wall") for name in trees)
    print(f"{'case':<34}{head}{'CPU after/before':>18}")
    print(f"{'':<34}" + "".join(f"{'median / p95':>22}" for _ in range(2 * len(trees))))
    for key in ("first in a process", *(label for label, *_ in THOUSAND)):
        cells = ""
        for kind in ("cpu", "wall"):
            for name in trees:
                v = got[name][key][kind]
                cells += f"{f'{statistics.median(v):.0f} / {pct(v, 0.95):.0f}':>22}"
        ratio = (f"{statistics.median(got['after'][key]['cpu']) / statistics.median(got['before'][key]['cpu']):.3f}"
                 if before else "")
        print(f"{key:<34}{cells}{ratio:>18}")
    print("(first in a process: head to head, round 2, as a fresh `judge next-round` runs it; goal <= 1,000 ms)\n")


def event_scale(sizes: tuple[int, ...]) -> None:
    """What the judge waits for at the desk, through the judge's service on an event stored on disk: `judge new`
    with every player (registration and round 1's draw), a result entered (as the running server does), and the
    next round's pairing (standings, tiebreaks and seating, with the store's write)."""
    print("Event scale, stored on disk, ms (goals at 1,000 players: registered <= 1,000, paired <= 1,000, "
          "a result <= 50)")
    print(f"{'players':>8}{'table':>7}{'register':>10}{'result median':>15}{'p95':>8}{'CPU median':>12}"
          f"{'next round':>12}")
    for n in sizes:
        for size in (2, 4):
            with tempfile.TemporaryDirectory() as tmp:
                judging = Judging(Path(tmp))
                rng = random.Random(n)
                start = time.perf_counter()
                t = judging.new_swiss("Bench", [f"Player {i:04}" for i in range(n)], table_size=size, chance=rng,
                                      now=0)
                registered = (time.perf_counter() - start) * 1000
                judging.write(t.id, "start", {}, rng, now=0)
                results, cpu = [], []
                for tb in t.tables:
                    vp = {p: rng.randint(0, 14) for p in tb.players}
                    start, cpu0 = time.perf_counter(), time.process_time()
                    judging.write(t.id, "result", {"table": tb.number, "vp": vp}, rng, now=0)
                    results.append((time.perf_counter() - start) * 1000)
                    cpu.append((time.process_time() - cpu0) * 1000)  # steadier than wall time on a shared machine
                start = time.perf_counter()
                judging.write(t.id, "next_round", {}, rng, now=0)
                paired = (time.perf_counter() - start) * 1000
            print(f"{n:>8}{size:>7}{registered:>10.0f}{statistics.median(results):>15.1f}{pct(results, 0.95):>8.1f}"
                  f"{statistics.median(cpu):>12.1f}{paired:>12.0f}")
    print("(benchmarks/reports.py: the same result reported from two phones through the running server)\n")


async def simulated(tables: int, pages: int, ticks: int) -> None:
    now = [1_000_000.0]
    hub = make_hub(tables, lambda: now[0])
    pubsub = PubSubHub(loop=asyncio.get_running_loop())
    sessions = [await headless.open_session(hub.main, pubsub, "/judge")]  # kept: pages hold weak refs
    sessions += [await headless.open_session(hub.main, pubsub, "/judge") for n in range(pages)]
    judge, readers = sessions[0][1], [conn for _, conn in sessions[1:]]
    assert hub._task is not None
    hub._task.cancel()  # ticks are driven by hand here
    costs, judge_msgs, judge_bytes, reader_msgs = [], [], [], []
    for _ in range(ticks):
        now[0] += 1.0
        m0, b0, r0 = len(judge.messages), judge.sent_bytes, sum(len(r.messages) for r in readers)
        start = time.perf_counter()
        hub.step()
        await settle()
        costs.append((time.perf_counter() - start) * 1000)
        judge_msgs.append(len(judge.messages) - m0)
        judge_bytes.append(judge.sent_bytes - b0)
        reader_msgs.append((sum(len(r.messages) for r in readers) - r0) / max(1, pages))
    print(f"simulated: {tables} running tables, 1 judge session + {pages} more judge devices, {ticks} ticks")
    print(f"{'measure':<44}{'median':>10}{'p95':>10}")
    for name, values, digits in (("tick cost, all sessions (ms)", costs, 2),
                                 ("judge session: messages per tick", judge_msgs, 0),
                                 ("judge session: bytes per tick", judge_bytes, 0),
                                 ("other judge device: messages per tick", reader_msgs, 1)):
        print(f"{name:<44}{statistics.median(values):>10.{digits}f}{pct(values, 0.95):>10.{digits}f}")
    print(f"(clock texts that change per tick: {tables} in every judge session)")

    # the judge pauses and resumes one table: the write (in memory), every page's redraw, what is sent
    judge_session = sessions[0][0]
    taps, tap_msgs = [], []
    for i in range(40):
        key = f"{'pause' if i % 2 == 0 else 'resume'}-{i // 2 % tables + 1}"
        m0 = len(judge.messages)
        start = time.perf_counter()
        await headless.click(judge_session, headless.find(judge_session.page, key))
        await settle()
        taps.append((time.perf_counter() - start) * 1000)
        tap_msgs.append(len(judge.messages) - m0)
    print(f"{'judge taps pause/resume (ms, all sessions)':<44}{statistics.median(taps):>10.2f}{pct(taps, 0.95):>10.2f}")
    print(f"{'judge session: messages per tap':<44}{statistics.median(tap_msgs):>10.0f}{pct(tap_msgs, 0.95):>10.0f}")


async def real_time(tables: int, pages: int, seconds: float, root: Path) -> None:
    hub = make_hub(tables, time.time, root)  # on disk: the tick's check of the event file is counted
    pubsub = PubSubHub(loop=asyncio.get_running_loop())
    sessions = [await headless.open_session(hub.main, pubsub, "/judge")]
    sessions += [await headless.open_session(hub.main, pubsub, "/judge") for n in range(pages)]
    judge = sessions[0][1]
    await asyncio.sleep(1.5)  # past the first ticks
    m0 = len(judge.messages)
    wall0, cpu0 = time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    print(f"\nreal clock: {tables} running tables, 1 judge session + {pages} more judge devices, {wall:.1f} s")
    print(f"{'CPU time per second of wall time':<44}{cpu / wall * 100:>9.2f}%  (goal <= 5% of one core)")
    print(f"{'judge session: messages per second':<44}{(len(judge.messages) - m0) / wall:>10.1f}")


def served(tables: int, seconds: float, root: Path) -> None:
    """The whole server process (Flet's web server, websockets, the tick) with a real browser attached."""
    from playwright.sync_api import sync_playwright  # only for --server

    store = Judging(root)
    seed_event(store, tables, time.time())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "COMPANION_DATA_DIR": str(root)}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "judge", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        link = next(line.split()[-1] for line in proc.stdout if "/judge/login?code=" in line)
        args = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=args)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            for _ in range(100):  # the server needs a moment to listen
                try:
                    page.goto(link)
                    break
                except Exception:
                    time.sleep(0.2)
            page.wait_for_function("!document.getElementById('loading')", timeout=60_000)
            time.sleep(3)
            cpu0, wall0 = _cpu_seconds(proc.pid), time.perf_counter()
            time.sleep(seconds)
            cpu, wall = _cpu_seconds(proc.pid) - cpu0, time.perf_counter() - wall0
            browser.close()
        print(f"\n`companion judge serve`, {tables} running tables, the judge's page open in Chromium, {wall:.1f} s")
        print(f"{'server process CPU per second of wall time':<44}{cpu / wall * 100:>9.2f}%  (goal <= 5% of one core)")
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=64)
    ap.add_argument("--pages", type=int, default=4, help="more judge devices open at the same time")
    ap.add_argument("--ticks", type=int, default=120)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--server", action="store_true",
                    help="also measure `companion judge serve` itself with the judge's page open in Chromium")
    ap.add_argument("--players", type=int, default=128, help="players in the pairing part")
    ap.add_argument("--pairing-only", action="store_true", help="only the pairing part")
    ap.add_argument("--pod-rounds", type=int, default=8, help="rounds in the pods part (late rounds search hardest)")
    ap.add_argument("--event-only", action="store_true", help="only the event-scale part (16 to 1,000 players)")
    ap.add_argument("--thousand", action="store_true", help="only 1,000 players paired (with --before: compared)")
    ap.add_argument("--before", type=Path, help="with --thousand: another source tree, measured in turn")
    ap.add_argument("--runs", type=int, default=3, help="with --thousand: fresh processes per tree")
    ap.add_argument("--thousand-child", type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.thousand_child:
        thousand_child(a.thousand_child)
        return
    if a.thousand:
        thousand(a.before, a.runs)
        return
    event_scale((16, 128, 1000))
    if a.event_only:
        return
    pairing(a.players)
    pods(a.pod_rounds)
    if a.pairing_only:
        return
    asyncio.run(simulated(a.tables, a.pages, a.ticks))
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(real_time(a.tables, a.pages, a.seconds, Path(tmp)))
    if a.server:
        with tempfile.TemporaryDirectory() as tmp:
            served(a.tables, a.seconds, Path(tmp))


if __name__ == "__main__":
    main()
