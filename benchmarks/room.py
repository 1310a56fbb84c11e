"""The room under load: N concurrent Server-Sent-Events clients on `companion judge serve`, and today's
Flet-page design (one Flet session per phone) side by side, in one run.

    .venv/bin/python benchmarks/room.py [--clients 1000] [--seconds 30] [--tables 64] [--flet-pages 200] [--hog N]
    .venv/bin/python benchmarks/room.py --before TREE [--rounds 3] [--clients 1000] [--seconds 20]

Room pages: a real `companion judge serve` process on loopback; the clients run in other processes (raw
asyncio sockets, HTTP/1.1, chunked SSE parsing), spread over the tables' /table/N/events streams. Every 5 s the
judge pauses or resumes every clock with a CLI-style write to the event file (another process, as
`companion judge pause` does); each client notes when its table's state changed, on the same machine's clock.
Figures: server CPU (% of one core, from /proc), server RSS growth with every client connected, updates each
client received, p50/p95 delay from the judge's write to a client seeing it, and errors.
With --hog N, one client (127.0.0.2) first opens N event streams and never reads them (issue 30's hostile
phone; N = 2000 is the room's whole cap), then the clients connect: with the fair share every client takes one of
the hog's streams; without it, every client is refused (503). Every client has a loopback address of its own
(127.1.x.y), as every phone has: the server caps the connections of one address.
Flet pages: the design the room pages replace, in one process through Flet's real Session (the messages packed
as its web server packs them, then dropped): a page per phone with the table's players, big clock and state,
redrawn from pub/sub by one shared tick. Its own process, so its RSS growth is its own.
With --before TREE (an older checkout, e.g. `git worktree add /tmp/room-4ac825b 4ac825b`), the same room load
runs against this tree's code and TREE's, alternately (`--rounds` of each, the order swapped every round, so a
busy neighbour on a shared machine weighs on both sides alike): each side's server, seeding and judge's writes
come from its own tree; it prints every run, the medians and the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.core.match.events import Event
from companion.core.tournament.state import new_tournament

SWITCH_EVERY = 5.0  # seconds between the judge's pause-all and resume-all
TAIL = 3.0  # seconds the clients stay connected after the last switch


def event_store(root: Path | None) -> Any:
    """The events' store of the tree this process runs (--before runs it on an older tree's code too)."""
    try:
        from companion.session.judging.service import Judging
    except ImportError:  # trees before session.judging (4ac825b): the store itself
        from companion.store.tournaments import TournamentStore
        return TournamentStore(root)
    return Judging(root)


def seed(root: Path, tables: int) -> Any:
    store = event_store(root)
    now = time.time()
    t = new_tournament("bench", "Benchmark Open", now=now)
    store.create(t)
    for n in range(1, tables + 1):
        store.apply("bench", Event("seat", {"table": n, "players": [f"P{n}a", f"P{n}b"]}, at=now))
    store.apply("bench", Event("start", {}, at=now))
    return store


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))] if values else float("nan")


def more_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# --- the SSE clients (their own process) ---------------------------------------------------------------


async def sse_client(port: int, table: int, until: float, out: dict, source: str = "127.0.0.1") -> None:
    updates, seen = 0, []
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        writer.write(f"GET /table/{table}/events HTTP/1.1\r\nHost: room\r\nAccept: text/event-stream\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            out["errors"] += 1
            writer.close()
            return
        out["connected"] += 1
        buffer, state, updates, seen = b"", None, 0, []
        while time.time() < until:
            size = int((await asyncio.wait_for(reader.readline(), until - time.time() + 1)).strip(), 16)
            buffer += (await reader.readexactly(size + 2))[:-2]
            *blocks, buffer = buffer.split(b"\n\n")
            for block in blocks:
                if b"event: tables" not in block:
                    continue
                updates += 1
                data = json.loads(block.split(b"data: ", 1)[1])
                for t in data["tables"]:
                    if t["s"] != state:
                        state = t["s"]
                        seen.append((state, time.time()))
        out["updates"].append(updates)
        out["seen"].append(seen)
        writer.close()
    except TimeoutError:
        out["updates"].append(updates)
        out["seen"].append(seen)
    except Exception as exc:  # noqa: BLE001 - every failure counts as an error, with its kind
        out["errors"] += 1
        out["kinds"][type(exc).__name__] = out["kinds"].get(type(exc).__name__, 0) + 1


def phone_address(i: int, first: int) -> str:
    """Client i's own loopback address, as every phone in the room has its own (the server caps connections per
    address); `first` keeps two client processes' addresses apart."""
    n = first + i
    return f"127.1.{n // 250}.{n % 250 + 1}"


async def run_clients(port: int, clients: int, tables: int, seconds: float, path: Path, first: int) -> None:
    more_files()
    until = time.time() + seconds
    out: dict = {"errors": 0, "connected": 0, "updates": [], "seen": [], "kinds": {}}
    tasks = []
    for i in range(clients):
        source = phone_address(i, first)
        tasks.append(asyncio.create_task(sse_client(port, i % tables + 1, until, out, source)))
        if i % 100 == 99:
            await asyncio.sleep(0.05)  # connect in bursts of 100, as phones scanning a QR would, only faster
    await asyncio.gather(*tasks)
    path.write_text(json.dumps(out))


async def run_hog(port: int, streams: int, seconds: float, path: str) -> None:
    """One client holding `streams` event streams, reading nothing after the request."""
    more_files()
    writers = []
    for i in range(streams):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
        except OSError:
            continue
        writer.write(f"GET {path} HTTP/1.1\r\nHost: room\r\nAccept: text/event-stream\r\n\r\n".encode())
        writers.append(writer)
        if i % 200 == 199:
            await asyncio.sleep(0.05)
    await asyncio.sleep(seconds)
    for writer in writers:
        writer.transport.abort()


# --- the Flet-page design (its own process) ------------------------------------------------------------


async def run_flet_pages(pages: int, tables: int, seconds: float, path: Path) -> None:
    import flet as ft
    from flet.pubsub.pubsub_hub import PubSubHub

    from companion.core.tournament.clock import clock_text, next_change, shown_seconds, status
    from companion.core.tournament.results import standings
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import flet_harness as headless  # the tests' Flet harness: a real Flet session without a client

    class Dropped(list):
        """Counts what a session sends, keeps nothing (the browser would have it)."""

        count = 0

        def append(self, item: object) -> None:
            Dropped.count += 1

    store = seed_memory(tables)
    state = {"t": store.load("bench").state}
    pubsub = PubSubHub(loop=asyncio.get_running_loop())
    seen: list[float] = []

    async def page_main(page: ft.Page) -> None:
        number = int(page.route.rsplit("/", 1)[1])
        table = state["t"].table(number)
        clock = ft.Text(clock_text(shown_seconds(table.timer, time.time())), size=96)
        line = ft.Text(f"Table {number} · {status(table, time.time())}")
        rows = standings(state["t"])  # the old page showed the event's standings under the clock
        board = ft.DataTable(columns=[ft.DataColumn(ft.Text(h)) for h in ("#", "Player", "Games", "W", "T", "L", "VP")],
                             rows=[ft.DataRow(cells=[ft.DataCell(ft.Text(str(v))) for v in (
                                 r.rank, r.player, r.played, r.wins, r.ties, r.losses, r.vp)]) for r in rows])
        page.controls = [ft.Text(" vs ".join(table.players), size=18), clock, line, board]
        page.update()

        async def on_message(_topic: str, message: tuple) -> None:
            tb = state["t"].table(number)
            now = time.time()
            changed = []
            for control, value in ((clock, clock_text(shown_seconds(tb.timer, now))),
                                   (line, f"Table {number} · {status(tb, now)}")):
                if control.value != value:
                    control.value = value
                    changed.append(control)
            if message[0] == "state":
                seen.append(now - message[1])
            if changed:
                page.update(*changed)

        page.pubsub.subscribe_topic("room", on_message)

    rss0 = rss_mb(os.getpid())
    sessions = []
    for i in range(pages):
        session, conn = await headless.open_session(page_main, pubsub, f"/table/{i % tables + 1}")
        conn.messages = Dropped()
        sessions.append((session, conn))
    rss1 = rss_mb(os.getpid())
    cpu0, wall0, count0 = time.process_time(), time.perf_counter(), Dropped.count
    end, switch, paused = time.time() + seconds, time.time() + SWITCH_EVERY, False
    while time.time() < end:
        now = time.time()
        if now >= switch:
            paused = not paused
            state["t"] = store.apply("bench", Event("pause" if paused else "resume", {}, at=now))
            pubsub.send_all_on_topic("room", ("state", time.time()))
            switch += SWITCH_EVERY
        pubsub.send_all_on_topic("room", ("tick", now))
        flip = next_change(state["t"], time.time())
        await asyncio.sleep(max(0.05, min(1.0, (flip or now + 1) - time.time() + 0.005)))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    path.write_text(json.dumps({"pages": pages, "rss_before": rss0, "rss_after": rss1, "cpu": cpu / wall * 100,
                                "updates": (Dropped.count - count0) / pages, "delays": seen}))


def seed_memory(tables: int) -> Any:
    store = event_store(None)
    now = time.time()
    store.create(new_tournament("bench", "Benchmark Open", now=now))
    for n in range(1, tables + 1):
        store.apply("bench", Event("seat", {"table": n, "players": [f"P{n}a", f"P{n}b"]}, at=now))
    store.apply("bench", Event("start", {}, at=now))
    return store


# --- the run -------------------------------------------------------------------------------------------


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def room_run(clients: int, tables: int, seconds: float, procs: int, hog: int = 0,
             hog_path: str = "/room/events") -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        store = seed(root, tables)
        port = free_port()
        env = {**os.environ, "COMPANION_DATA_DIR": str(root)}
        server = subprocess.Popen([sys.executable, "-m", "companion", "judge", "serve", "--port", str(port)],
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            assert server.stdout is not None
            for line in server.stdout:
                if "/judge/login" in line:
                    break
            time.sleep(2.0)  # listening, Flet's app manager started, first ticks done
            hogging = None
            if hog:
                hogging = subprocess.Popen([sys.executable, __file__, "--_hog", str(port), str(hog),
                                            str(seconds + TAIL + 8), hog_path])
                time.sleep(5.0)  # every hog stream open before the players come
            rss0, cpu0, wall0 = rss_mb(server.pid), cpu_seconds(server.pid), time.time()
            outs = [root / f"clients-{k}.json" for k in range(procs)]
            loads = [subprocess.Popen([sys.executable, __file__, "--_clients", str(port), str(clients // procs),
                                       str(tables), str(seconds + TAIL), str(out), str(k * (clients // procs))])
                     # they stay for the last switch
                     for k, out in enumerate(outs)]
            switches: list[tuple[str, float]] = []
            time.sleep(3.0)  # every client connected
            rss_connected = rss_mb(server.pid)
            paused = False
            while time.time() + SWITCH_EVERY < wall0 + seconds:
                time.sleep(SWITCH_EVERY)
                paused = not paused
                # The delay counts from when the judge's write begins, not from when it returns: the file is renamed
                # into place before the folder's fsync, and on a busy disk that fsync outlasts the server's next look
                # (POLL) and a page's redraw: a page saw the change "before" the write and the switch counted as
                # missed, an error of the benchmark's own clock (a quick figures.py run on a loaded machine: 236).
                began = time.time()
                store.apply("bench", Event("pause" if paused else "resume", {}, at=began))
                switches.append(("paused" if paused else "running", began))
                rss_connected = max(rss_connected, rss_mb(server.pid))
            for load in loads:
                load.wait(timeout=seconds + 60)
            if hogging is not None:
                hogging.kill()
                hogging.wait()
            cpu, wall = cpu_seconds(server.pid) - cpu0, time.time() - wall0
            parts = [json.loads(out.read_text()) for out in outs]
            result = {"connected": sum(p["connected"] for p in parts), "errors": sum(p["errors"] for p in parts),
                      "updates": [u for p in parts for u in p["updates"]],
                      "seen": [x for p in parts for x in p["seen"]],
                      "kinds": {k: v for p in parts for k, v in p["kinds"].items()}}
        finally:
            server.terminate()
            server.wait(timeout=20)
    delays = []
    for seen in result["seen"]:
        for state, at in switches:
            after = [t for s, t in seen if s == state and t >= at - 0.001]
            if after:
                delays.append(after[0] - at)
    missed = len(switches) * len(result["seen"]) - len(delays)
    if missed:  # a page that stayed connected but never showed a judge's switch
        result["kinds"]["missed a switch"] = missed
    return {"cpu": cpu / wall * 100, "rss_before": rss0, "rss_after": rss_connected, "connected": result["connected"],
            "updates": result["updates"], "delays": delays, "errors": result["errors"] + missed,
            "kinds": result["kinds"], "switches": len(switches)}


def side_run(tree: Path, clients: int, tables: int, seconds: float, procs: int) -> dict:
    """One room run on `tree`'s code: this file in a process of its own, with `tree` first on its path."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "room.json"
        subprocess.run([sys.executable, __file__, "--_room", str(clients), str(tables), str(seconds), str(procs),
                        str(out)], env=env, cwd=tree, check=True)
        return json.loads(out.read_text())


def before_main(before: Path, rounds: int, clients: int, tables: int, seconds: float, procs: int) -> None:
    here = Path(__file__).resolve().parent.parent
    sides = {"this tree": here, "before": before.resolve()}
    runs: dict[str, list[dict]] = {name: [] for name in sides}
    for r in range(rounds):
        order = list(sides) if r % 2 == 0 else list(sides)[::-1]
        for name in order:
            room = side_run(sides[name], clients, tables, seconds, procs)
            runs[name].append(room)
            print(f"round {r + 1}, {name:<9}: {room['cpu']:5.1f} % of a core, {room['connected']} viewers, "
                  f"+{room['rss_after'] - room['rss_before']:.0f} MB, "
                  f"{statistics.median(room['updates'] or [0]):.0f} updates each, pause seen p95 "
                  f"{pct(room['delays'], 0.95) * 1000:.0f} ms, {room['errors']} errors"
                  + (f" {room['kinds']}" if room["kinds"] else ""), flush=True)
    cpu = {name: statistics.median(run["cpu"] for run in runs[name]) for name in sides}
    print(f"\n{clients} viewers, {tables} running tables, {seconds:.0f} s a run, {rounds} runs a side, alternated")
    print(f"{'':<12}{'runs (% of a core)':<34}{'median':>8}")
    for name, path in sides.items():
        values = " ".join(f"{run['cpu']:.1f}" for run in runs[name])
        print(f"{name:<12}{values:<34}{cpu[name]:>8.1f}   {path}")
    print(f"ratio (this tree / before): {cpu['this tree'] / cpu['before']:.2f}   goal: <= 10 % and <= 1.00")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--_room":
        clients, tables, seconds, procs, path = sys.argv[2:]
        room = room_run(int(clients), int(tables), float(seconds), int(procs))
        Path(path).write_text(json.dumps(room))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--_clients":
        port, clients, tables, seconds, path, first = sys.argv[2:]
        asyncio.run(run_clients(int(port), int(clients), int(tables), float(seconds), Path(path), int(first)))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--_hog":
        port, streams, seconds, path = sys.argv[2:]
        asyncio.run(run_hog(int(port), int(streams), float(seconds), path))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--_flet":
        pages, tables, seconds, path = sys.argv[2:]
        asyncio.run(run_flet_pages(int(pages), int(tables), float(seconds), Path(path)))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=1000)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--tables", type=int, default=64)
    ap.add_argument("--client-procs", type=int, default=2, help="processes the SSE clients are spread over")
    ap.add_argument("--flet-pages", type=int, default=200, help="Flet sessions for the old design (0: skip)")
    ap.add_argument("--hog", type=int, default=0, help="unread streams one client holds before the others come")
    ap.add_argument("--hog-path", default="/room/events", help="the stream the hog opens (e.g. /table/1/events)")
    ap.add_argument("--before", type=Path, help="an older checkout: run the room on it and on this tree, alternately")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each side with --before")
    a = ap.parse_args()
    if a.before:
        before_main(a.before, a.rounds, a.clients, a.tables, a.seconds, a.client_procs)
        return
    room = room_run(a.clients, a.tables, a.seconds, a.client_procs, a.hog, a.hog_path)
    flet = None
    if a.flet_pages:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "flet.json"
            subprocess.run([sys.executable, __file__, "--_flet", str(a.flet_pages), str(a.tables), str(a.seconds),
                            str(out)], check=True)
            flet = json.loads(out.read_text())
    print(f"\n{a.tables} running tables, {a.seconds:.0f} s, the judge pauses/resumes every clock every "
          f"{SWITCH_EVERY:.0f} s ({room['switches']} times)"
          + (f"; one client holds {a.hog} unread {a.hog_path} streams first" if a.hog else ""))
    print(f"{'':<38}{'room pages (SSE)':>20}{'Flet pages':>16}  goal (room)")
    rows = [
        ("viewers", f"{room['connected']} of {a.clients}", f"{flet['pages']}" if flet else "-", ""),
        ("server CPU (% of one core)", f"{room['cpu']:.1f}", f"{flet['cpu']:.1f}" if flet else "-", "<= 10"),
        ("RSS growth, all connected (MB)", f"{room['rss_after'] - room['rss_before']:.1f}",
         f"{flet['rss_after'] - flet['rss_before']:.1f}" if flet else "-", "<= 100"),
        ("  per viewer (KB)", f"{(room['rss_after'] - room['rss_before']) * 1024 / max(1, room['connected']):.0f}",
         f"{(flet['rss_after'] - flet['rss_before']) * 1024 / flet['pages']:.0f}" if flet else "-", ""),
        ("updates per viewer (median)", f"{statistics.median(room['updates'] or [0]):.0f}",
         f"{flet['updates']:.0f}" if flet else "-", ""),
        ("judge's write -> seen, p50 (ms)", f"{pct(room['delays'], 0.5) * 1000:.0f}",
         f"{pct(flet['delays'], 0.5) * 1000:.0f}" if flet else "-", ""),
        ("judge's write -> seen, p95 (ms)", f"{pct(room['delays'], 0.95) * 1000:.0f}",
         f"{pct(flet['delays'], 0.95) * 1000:.0f}" if flet else "-", "<= 1000"),
        ("errors", f"{room['errors']}", "-", "0"),
    ]
    for name, r, f, goal in rows:
        print(f"{name:<38}{r:>20}{f:>16}  {goal}")
    if room["kinds"]:
        print("error kinds:", room["kinds"])
    print("(room: the write goes to the event file from another process, as the judge's CLI does; the server "
          "looks every 0.1 s. Flet pages: the write is in-process, so their delay leaves out the file.)")


if __name__ == "__main__":
    main()
