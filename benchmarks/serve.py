"""`companion judge serve` after many closed judge pages: server CPU and RSS before and after opening and closing
N Flet sessions over real WebSockets (issue 12: closed pages used to stay subscribed for an hour).

    .venv/bin/python benchmarks/serve.py [--sessions 300] [--judge-sessions 30] [--tables 64] [--parallel 5]

Each session is what a browser's Flutter client does on /judge: connect to /ws, register, receive the screen,
then go away (half close their socket, half just drop it, like a phone that lost Wi-Fi). First --sessions
without the judge's cookie (what anyone who opens /judge gets: a one-line page), then --judge-sessions with it
(the whole 64-table judge screen, subscribed to the tick: the judge's own reloads and devices).
The server keeps a closed session SESSION_TIMEOUT seconds for a reconnect, then frees it and its subscription
(the judge's screen lets go of the tick the moment its socket closes); each phase's figures are taken after
that, the idle CPU over the next 10 s. The judge's screens run twice: freed memory is reused, so a leak
would show as growth in the second round. Goal: RSS growth <= 50 MB, idle CPU <= 5 % of one core.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import msgpack
import websockets

from companion.core.match.events import Event
from companion.core.tournament.state import new_tournament
from companion.session.judging.service import Judging

SESSION_TIMEOUT = 10  # companion.room.judge_client.SESSION_TIMEOUT
# a dropped socket: up to 2 pings to notice, the session timeout, then the manager's eviction pass (every 10 s)
FORGOTTEN = 2 * 5 + SESSION_TIMEOUT + 10 + 5


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_over(pid: int, seconds: float) -> float:
    c0, w0 = cpu_seconds(pid), time.time()
    time.sleep(seconds)
    return (cpu_seconds(pid) - c0) / (time.time() - w0) * 100


async def one_session(port: int, cookie: str | None, drop: bool) -> int:
    headers = {"Cookie": cookie} if cookie else {}
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", additional_headers=headers, max_size=None,
                                  open_timeout=120, ping_interval=None) as ws:
        page = {"route": "/judge", "web": True, "width": 1280, "height": 800, "platform": "linux"}
        await ws.send(b"\x00" + msgpack.packb([1, {"session_id": None, "page_name": "", "page": page}]))
        received, action = 0, 0
        while action != 2:  # the registration answer, then the screen (a control patch)
            frame = await asyncio.wait_for(ws.recv(), 120)
            received += len(frame)
            action = msgpack.unpackb(frame[1:], strict_map_key=False)[0]
        if drop:  # no closing handshake: the server finds out from the ping timeout
            ws.transport.abort()
        return received


async def open_and_close(port: int, cookie: str | None, sessions: int, parallel: int) -> list[int]:
    gate = asyncio.Semaphore(parallel)

    async def run(i: int) -> int:
        async with gate:
            return await one_session(port, cookie, drop=i % 2 == 1)

    return await asyncio.gather(*(run(i) for i in range(sessions)))


def phase(pid: int, port: int, cookie: str | None, sessions: int, parallel: int) -> dict[str, float]:
    rss0, idle0 = rss_mb(pid), cpu_over(pid, 5)
    start = time.time()
    sizes = asyncio.run(open_and_close(port, cookie, sessions, parallel))
    spent = time.time() - start
    peak = rss_mb(pid)
    time.sleep(FORGOTTEN)
    return {"sessions": sessions, "spent": spent, "bytes": sorted(sizes)[len(sizes) // 2], "rss0": rss0,
            "peak": peak, "rss1": rss_mb(pid), "idle0": idle0, "idle1": cpu_over(pid, 10)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=300)
    ap.add_argument("--tables", type=int, default=64)
    ap.add_argument("--judge-sessions", type=int, default=30, help="judge's screens opened and closed after")
    ap.add_argument("--parallel", type=int, default=5)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = Judging(Path(tmp))
        now = time.time()
        store.create(new_tournament("bench", "Benchmark Open", now=now))
        for n in range(1, a.tables + 1):
            store.apply("bench", Event("seat", {"table": n, "players": [f"P{n}a", f"P{n}b"]}, at=now))
        store.apply("bench", Event("start", {}, at=now))
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen([sys.executable, "-m", "companion", "judge", "serve", "--port", str(port)],
                                  env={**os.environ, "COMPANION_DATA_DIR": tmp}, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True)
        try:
            assert server.stdout is not None
            link = next(line.split()[-1] for line in server.stdout if "/judge/login" in line)
            time.sleep(2)

            class Keep(urllib.request.HTTPRedirectHandler):
                def redirect_request(self, *args: object, **kw: object) -> None:
                    return None  # keep the 303 and its cookie

            try:
                urllib.request.build_opener(Keep).open(link)
                raise SystemExit("the judge link did not answer with a redirect")
            except urllib.error.HTTPError as answer:
                cookie = answer.headers["set-cookie"].split(";")[0]
            asyncio.run(open_and_close(port, cookie, 4, 2))  # warm-up: the first screens import and cache once
            time.sleep(FORGOTTEN)
            phases = [("not signed in (anyone)", phase(server.pid, port, None, a.sessions, a.parallel)),
                      ("the judge's screen", phase(server.pid, port, cookie, a.judge_sessions, 2)),
                      ("the judge's screen again", phase(server.pid, port, cookie, a.judge_sessions, 2))]
            stopping = time.time()
            server.terminate()  # SIGTERM
            server.wait(timeout=30)
            stopped = time.time() - stopping
        finally:
            if server.poll() is None:
                server.kill()
                server.wait()
    print(f"\n`companion judge serve`, {a.tables} running tables; Flet sessions on /judge opened and closed "
          f"({a.parallel} at a time, judge screens 2; half closed, half dropped without a word), "
          f"measured {FORGOTTEN} s after")
    print(f"{'sessions':<26}{'count':>6}{'sent each':>11}{'RSS before':>12}{'peak':>8}{'after':>8}{'growth':>8}"
          f"{'idle CPU before':>17}{'after':>7}")
    for name, r in phases:
        print(f"{name:<26}{r['sessions']:>6}{r['bytes'] / 1024:>9.1f}KB{r['rss0']:>10.1f}MB{r['peak']:>7.0f}M"
              f"{r['rss1']:>7.0f}M{r['rss1'] - r['rss0']:>7.1f}M{r['idle0']:>16.1f}%{r['idle1']:>6.1f}%")
    print("goal: RSS growth <= 50 MB, idle CPU <= 5 % of one core after. A second round of judge screens shows "
          "whether memory is reused (the allocator's high-water mark) or leaked (it would grow again).")
    print(f"SIGTERM -> exited in {stopped:.1f} s")


if __name__ == "__main__":
    main()
