"""Results reported from the players' phones through the running server (`companion judge serve`'s app on
loopback, in this process's background thread): each player's code exchanged for a cookie, then both players of
a table report the same VP. The first report waits for the other player; the second makes the result stands.

    .venv/bin/python benchmarks/reports.py [--players 1000] [--tables 60]

Goal (issue 31): a result entered in <= 50 ms at 1,000 players in the running server. Printed: wall time per POST
as the phone sees it (median, p95) and the process's CPU time per POST (client and server together: a steadier
figure on a shared machine), for head-to-head tables and pods of 4, beside a judge's `result` through the judging
service in the same process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from companion.room.server import build
from companion.session.judging.player_codes import EventCodes
from companion.session.judging.room import RoomFeed
from companion.session.judging.service import Judging
from companion.session.web import Background, Server, config
from companion.ui.judge.live import LiveHub

from browser import free_port  # noqa: E402  the tests' free port


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def timed(phone: httpx.Client, path: str, form: dict[str, str]) -> tuple[float, float]:
    start, cpu = time.perf_counter(), time.process_time()
    answer = phone.post(path, data=form)
    assert answer.status_code == 303, answer.text[-300:]
    return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000


def run(players: int, size: int, tables: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        judging = Judging(Path(tmp))
        rng = random.Random(players)
        t = judging.new_swiss("Bench", [f"Player {i:04}" for i in range(players)], table_size=size, chance=rng)
        judging.write(t.id, "start", {}, rng)
        feed = RoomFeed(judging, t.id)
        app, hub, _, _ = build(feed, LiveHub.for_room, players_url="http://127.0.0.1/find", announce=lambda c: None)
        port = free_port()
        server = Background(Server(config(app, "127.0.0.1", port), on_exit=hub.end_streams), name="bench")
        assert server.start()
        base = f"http://127.0.0.1:{port}"
        out: dict[str, list[float]] = {"waits": [], "waits cpu": [], "result": [], "result cpu": [],
                                       "judge": [], "judge cpu": []}
        try:
            codes = EventCodes(judging, t.id).codes()
            seated = list(t.tables)
            for tb in seated[:tables]:
                phones = []
                for p in tb.players:  # each phone from its own address, as on the room's Wi-Fi (codes are limited
                    k = len(out["waits"]) + len(out["result"]) + len(phones)  # per address)
                    own = httpx.HTTPTransport(local_address=f"127.0.{k // 250 + 1}.{k % 250 + 2}")
                    phone = httpx.Client(base_url=base, headers={"Origin": base}, timeout=30, transport=own)
                    assert phone.post("/player/code", data={"code": codes[p]}).status_code == 303
                    phones.append(phone)
                form = {f"vp-{i}": str(rng.randint(0, 14)) for i in range(len(tb.players))}
                # what the page's form carries besides the scores: its round and who sits in each seat
                form |= {"round": str(t.current.number), **{f"seat-{i}": p for i, p in enumerate(tb.players)}}
                for n, phone in enumerate(phones):
                    wall, cpu = timed(phone, f"/table/{tb.number}/report", form)
                    key = "result" if n == len(phones) - 1 else "waits"
                    out[key].append(wall)
                    out[f"{key} cpu"].append(cpu)
                    phone.close()
                assert judging.state(t.id).table(tb.number).result is not None
            for tb in seated[tables:2 * tables]:  # the judge's own result, for comparison
                start, cpu = time.perf_counter(), time.process_time()
                judging.write(t.id, "result", {"table": tb.number, "vp": {p: rng.randint(0, 14) for p in tb.players}})
                out["judge"].append((time.perf_counter() - start) * 1000)
                out["judge cpu"].append((time.process_time() - cpu) * 1000)
        finally:
            server.stop()
        return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--tables", type=int, default=60, help="tables whose players report")
    a = ap.parse_args()
    print(f"Results reported from phones through the running server, {a.players} players, {a.tables} tables, ms")
    print(f"{'table':>6}  {'what':<44}{'wall median':>12}{'p95':>8}{'CPU median':>12}{'p95':>8}")
    for size in (2, 4):
        out = run(a.players, size, a.tables)
        for key, label in (("waits", "a report that waits for the other player(s)"),
                           ("result", "the report that makes the result (agreeing)"),
                           ("judge", "a judge's result (judging service, same process)")):
            wall, cpu = out[key], out[f"{key} cpu"]
            print(f"{size:>6}  {label:<44}{statistics.median(wall):>12.1f}{pct(wall, 0.95):>8.1f}"
                  f"{statistics.median(cpu):>12.1f}{pct(cpu, 0.95):>8.1f}")
    print("(goal: a result <= 50 ms at 1,000 players in the running server)")


if __name__ == "__main__":
    main()
