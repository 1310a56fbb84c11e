"""What a player's tap costs on disk, beside the disk's own floor for the same bytes.

    python benchmarks/storage.py [--rounds N] [--history N ...] [--stored N] [--stock] [--quick]

A match of `--history` events (10 units, then scores, damage, heals and turn ends) is stored with `--stored - 1`
other matches of 100 events beside it. Each round plays what a player does, through Session (lock, apply, durable
save): a step, an undo of it, its redo, an undo again and the step after that undo; every fifth round twenty undos in
a row and twenty redos. Each of these is its own column.

The floor is the disk's: right after each measured call, the head file it wrote is written again as one file with
the same bytes (write, fsync, rename, the folder's fsync: store.atomic.write_atomic), so call and floor alternate
and see the same disk. A column's ratio is the median of its calls over the median of its floors.

--stock adds stock TinyDB (JSONStorage, every event a document of one table: what a first version would do),
one insert per event, at each history.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from tinydb import TinyDB

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.core.match.events import Event  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.store.atomic import write_atomic  # noqa: E402
from companion.store.matches import MatchStore  # noqa: E402

OTHER_MATCH_EVENTS = 100  # history of each of the other stored matches
RUN = 20  # undos (then redos) in a row
COLUMNS = ("step", "undo", "redo", "step after undo", f"{RUN} undos, each", f"{RUN} redos, each")


def unit(uid: str, owner: str) -> dict:
    dial = [{"stats": {"speed": 8, "attack": 10 - i, "defense": 17 - i, "damage": 3}} for i in range(8)]
    return {"id": uid, "name": f"Spartan {uid}", "points": 50, "owner": owner,
            "dial": [*dial, {"stats": {}, "markers": ["ko"]}]}


def event(i: int) -> tuple[str, dict]:
    """A realistic mix: scores, tokens, damage and heals, turn ends (event i+1 heals what event i damaged)."""
    kind = i % 4
    if kind == 0:
        return "score", {"player": "p1", "kind": "vp", "delta": 1}
    if kind == 1:
        return "damage", {"unit": f"u{i % 10}", "amount": 1}
    if kind == 2:
        return "heal", {"unit": f"u{(i - 1) % 10}", "amount": 1}
    return "end_turn", {}


def new_match(session: Session, events: int) -> str:
    """A stored match of `events` events: 10 units added through dispatch, the rest of the mix imported as one
    log (as a restore writes it: replayed, then cut into the segments pushing event by event gives)."""
    m = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
    for n in range(10):
        session.dispatch(m.id, "add_unit", {"unit": unit(f"u{n}", "p1" if n < 5 else "p2")})
    data = session.export(m.id)
    session.delete(m.id)
    data["events"] += [Event(*event(i), None, float(i)).to_json() for i in range(events - 10)]
    return session.import_match(data).id


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


@dataclass
class Column:
    calls: list[float] = field(default_factory=list)  # seconds
    cpu: list[float] = field(default_factory=list)  # the calls' CPU time: the save's own work, not the disk's wait
    floors: list[float] = field(default_factory=list)  # the same bytes written once, right after each call
    floor_cpu: list[float] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return statistics.median(self.calls) / statistics.median(self.floors)


def measure(history: int = 1000, rounds: int = 100, stored: int = 1) -> dict[str, Column]:
    """Each column's call times and floors on a match of `history` events with `stored` matches in the folder."""
    columns = {name: Column() for name in COLUMNS}
    with tempfile.TemporaryDirectory() as folder:
        session = Session(MatchStore(Path(folder)))
        if stored > 1:
            template = session.export(new_match(session, OTHER_MATCH_EVENTS))
            for _ in range(stored - 2):
                session.import_match(template, as_new=True)
        match_id = new_match(session, history)
        head = Path(folder) / "matches" / f"{match_id}.json"
        floor_file = head.with_name("floor.json")  # beside the head: the same folder to fsync

        def timed(column: str, call: Callable[[], object]) -> None:
            c, t = time.process_time(), time.perf_counter()
            call()
            columns[column].calls.append(time.perf_counter() - t)
            columns[column].cpu.append(time.process_time() - c)
            data = head.read_bytes()
            c, t = time.process_time(), time.perf_counter()
            write_atomic(floor_file, data)
            columns[column].floors.append(time.perf_counter() - t)
            columns[column].floor_cpu.append(time.process_time() - c)

        k = history - 10  # the next event of the mix
        for n in range(rounds):
            step = partial(session.dispatch, match_id, *event(k))  # taken back, then made again
            timed("step", step)
            timed("undo", lambda: session.undo(match_id))
            timed("redo", lambda: session.redo(match_id))
            session.undo(match_id)
            timed("step after undo", step)
            k += 1
            if n % 5 == 0:
                for _ in range(RUN):
                    timed(COLUMNS[4], lambda: session.undo(match_id))
                for _ in range(RUN):
                    timed(COLUMNS[5], lambda: session.redo(match_id))
    return columns


def measure_stock(history: int, samples: int) -> tuple[float, float]:
    """Median and p95 of one insert into stock TinyDB holding `history` events."""
    with tempfile.TemporaryDirectory() as folder:
        db = TinyDB(Path(folder) / "stock.json")
        table = db.table("events")
        table.insert_multiple({"match": "mine", "type": t, "data": d, "by": None, "at": 0.0}
                              for t, d in map(event, range(history)))
        times = []
        for i in range(samples):
            name, data = event(history + i)
            t = time.perf_counter()
            table.insert({"match": "mine", "type": name, "data": data, "by": None, "at": time.time()})
            times.append(time.perf_counter() - t)
        db.close()
    return percentiles(times)


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f}"


def table(results: dict[tuple[int, int], dict[str, Column]]) -> list[str]:
    lines = [f"{'history':>7} {'stored':>6} | {'column':<16} | {'p50 ms':>7} {'p95 ms':>7} | {'floor p50':>9} "
             f"{'floor p95':>9} | {'p50/floor':>9} | {'CPU p50':>7} {'floor CPU':>9}"]
    for (history, stored), columns in results.items():
        for name, column in columns.items():
            c50, c95 = percentiles(column.calls)
            f50, f95 = percentiles(column.floors)
            lines.append(f"{history:>7} {stored:>6} | {name:<16} | {ms(c50):>7} {ms(c95):>7} | {ms(f50):>9} "
                         f"{ms(f95):>9} | {column.ratio:>8.2f}x | {ms(statistics.median(column.cpu)):>7} "
                         f"{ms(statistics.median(column.floor_cpu)):>9}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--history", type=int, nargs="+", default=[1000])
    parser.add_argument("--stored", type=int, default=1, help="matches in the folder, this one included")
    parser.add_argument("--stock", action="store_true", help="also stock TinyDB, one insert per event")
    parser.add_argument("--quick", action="store_true", help="20 rounds on a 200-event match")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.history = 20, [200]
    results = {}
    for history in args.history:
        results[(history, args.stored)] = measure(history, args.rounds, args.stored)
        print(f"  measured history={history} stored={args.stored}", file=sys.stderr)
    print("\n".join(table(results)))
    if args.stock:
        for history in args.history:
            s50, s95 = measure_stock(history, max(10, args.rounds // 5))
            print(f"stock TinyDB, {history} events: one insert p50 {ms(s50)} ms, p95 {ms(s95)} ms")


if __name__ == "__main__":
    main()
