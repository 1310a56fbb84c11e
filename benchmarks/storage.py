"""Latency of one dispatch (apply + durable save) as history and stored matches grow, beside stock TinyDB.

    python benchmarks/storage.py [--samples N]

Ours: Session.dispatch on the file store (head file with a bounded tail, atomic write + fsync).
Stock: TinyDB's default JSONStorage, every match's events as documents of one table, one insert per event
(what a first version would do); it rewrites the whole file on every insert.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tinydb import TinyDB

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.session import Session  # noqa: E402
from companion.store.matches import MatchStore  # noqa: E402

HISTORIES = (100, 1000, 5000)
MATCH_COUNTS = (1, 200)
OTHER_MATCH_EVENTS = 100  # history of each of the other stored matches


def unit(uid: str, owner: str) -> dict:
    dial = [{"stats": {"speed": 8, "attack": 10 - i, "defense": 17 - i, "damage": 3}} for i in range(8)]
    return {"id": uid, "name": f"Spartan {uid}", "points": 50, "owner": owner,
            "dial": [*dial, {"stats": {}, "markers": ["ko"]}]}


def event(i: int) -> tuple[str, dict]:
    """A realistic mix: scores, tokens, damage and heals, turn ends."""
    kind = i % 4
    if kind == 0:
        return "score", {"player": "p1", "kind": "vp", "delta": 1}
    if kind == 1:
        return "damage", {"unit": f"u{i % 10}", "amount": 1}
    if kind == 2:
        return "heal", {"unit": f"u{(i - 1) % 10}", "amount": 1}
    return "end_turn", {}


def new_match(session: Session, events: int) -> str:
    m = session.new_match("heroclix-skirmish", ["Ann", "Ben"], seed=1)
    for n in range(10):
        session.dispatch(m.id, "add_unit", {"unit": unit(f"u{n}", "p1" if n < 5 else "p2")})
    for i in range(events - 10):
        session.dispatch(m.id, *event(i))
    return m.id


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def bench_ours(folder: Path, history: int, matches: int, samples: int) -> tuple[float, float]:
    session = Session(MatchStore(folder))
    if matches > 1:
        template = session.export(new_match(session, OTHER_MATCH_EVENTS))
        for _ in range(matches - 2):
            session.import_match(template, as_new=True)
    match_id = new_match(session, history)
    times = []
    for i in range(samples):
        name, data = event(4 * i + i % 2)  # score or damage: always legal on the state we return to
        t = time.perf_counter()
        session.dispatch(match_id, name, data)
        times.append(time.perf_counter() - t)
        session.undo(match_id)  # keep the history at the size being measured
    return percentiles(times)


def bench_stock(folder: Path, history: int, matches: int, samples: int) -> tuple[float, float]:
    db = TinyDB(folder / "stock.json")
    table = db.table("events")
    docs = [{"match": f"m{m}", "type": t, "data": d, "by": None, "at": 0.0}
            for m in range(matches - 1) for t, d in map(event, range(OTHER_MATCH_EVENTS))]
    docs += [{"match": "mine", "type": t, "data": d, "by": None, "at": 0.0} for t, d in map(event, range(history))]
    table.insert_multiple(docs)
    times = []
    for i in range(samples):
        name, data = event(history + i)
        t = time.perf_counter()
        table.insert({"match": "mine", "type": name, "data": data, "by": None, "at": time.time()})
        times.append(time.perf_counter() - t)
    db.close()
    return percentiles(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=200)
    args = parser.parse_args()
    rows = []
    for matches in MATCH_COUNTS:
        for history in HISTORIES:
            with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
                ours = bench_ours(Path(a), history, matches, args.samples)
                stock = bench_stock(Path(b), history, matches, max(20, args.samples // 10))
            rows.append((history, matches, *ours, *stock))
            print(f"  measured history={history} matches={matches}", file=sys.stderr)
    print(f"{'history':>8} {'matches':>8} | {'ours p50':>9} {'ours p95':>9} | {'stock p50':>10} {'stock p95':>10}"
          f" | {'stock/ours p95':>14}")
    for history, matches, o50, o95, s50, s95 in rows:
        print(f"{history:>8} {matches:>8} | {o50 * 1e3:>7.2f}ms {o95 * 1e3:>7.2f}ms | {s50 * 1e3:>8.2f}ms "
              f"{s95 * 1e3:>8.2f}ms | {s95 / o95:>13.1f}x")
    by = {(h, m): o95 for h, m, _, o95, _, _ in rows}
    for matches in MATCH_COUNTS:
        print(f"ours, {matches} stored: p95 at 5000 events / p95 at 100 events = "
              f"{by[(5000, matches)] / by[(100, matches)]:.2f} (goal <= 1.5)")


if __name__ == "__main__":
    main()
