"""`companion judge new|list|tables|start|pause|resume|extend|status|result|standings|export|next-round|log|serve`
(and the Swiss event's player|drop|swap|pairings, in judge_swiss_cmd).

Every action is one event on the stored event, made by the judging service (session/judging/service.py), so
a running live view (`judge serve`) picks up changes made here within a second.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

from companion.cli import judge_swiss_cmd
from companion.cli.output import emit_json
from companion.core.errors import CompanionError
from companion.session import inputs
from companion.session.judging.judge import (
    DEFAULT_MARKS,
    DEFAULT_ROUND_SECONDS,
    Event,
    Tournament,
    clock_text,
    describe,
    results_csv,
    shown_seconds,
    standings,
    status,
    table_timer_payload,
)
from companion.session.judging.service import Judging, rng

DEFAULT_PORT = 8551


class BadArgument(CompanionError):
    pass


def register(sub: argparse._SubParsersAction) -> None:
    judge = sub.add_parser("judge", help="run an event: tables, round clocks, results, standings, live view")
    jsub = judge.add_subparsers(dest="judge_command", metavar="ACTION", required=True)

    p = jsub.add_parser("new", help="make an event (HeroClix Skirmish)")
    p.add_argument("name")
    p.add_argument("--build", type=int, choices=(200, 300), default=300, help="point build total (default 300)")
    p.add_argument("--minutes", type=float, default=DEFAULT_ROUND_SECONDS / 60,
                   help="round length (default 30)")
    p.add_argument("--warn", type=float, action="append", metavar="MINUTES",
                   help="warn at this many minutes left; repeat (default 10, 5 and 1)")
    p.add_argument("--table", action="append", default=[], metavar="NAMES",
                   help="seat a table: comma-separated names, e.g. 'Ann,Ben'; repeat for tables 1, 2 ...")
    p.add_argument("--player", action="append", default=[], metavar="NAME",
                   help="register a player for a Swiss event (round 1 drawn at random); repeat for each")
    p.add_argument("--table-size", type=int, choices=(2, 3, 4), default=2,
                   help="Swiss: players a table (2: head to head with byes; 3-4: pods)")
    p.add_argument("--seed", type=int, help="seed round 1's draw (tests, scripts); default: the system's randomness")
    _common(p, event=False)
    p.set_defaults(run=_new)

    p = jsub.add_parser("list", help="stored events, most recent first")
    _common(p, event=False)
    p.set_defaults(run=_list)

    p = jsub.add_parser("tables", help="show the tables, or seat / remove players before the clocks start")
    p.add_argument("--add", action="append", default=[], metavar="NAMES", help="seat a new table: 'Ann,Ben'")
    p.add_argument("--seat", nargs=2, action="append", default=[], metavar=("TABLE", "NAMES"),
                   help="seat (or re-seat) table TABLE with NAMES")
    p.add_argument("--remove", type=int, action="append", default=[], metavar="TABLE", help="remove a table")
    _common(p)
    p.set_defaults(run=_tables)

    for name, helptext in (("start", "start clocks: the tables named, or every waiting table"),
                           ("pause", "pause clocks: the tables named, or every running one"),
                           ("resume", "resume clocks: the tables named, or every paused one")):
        p = jsub.add_parser(name, help=helptext)
        p.add_argument("table", type=int, nargs="*", help="table numbers (none: all)")
        _common(p)
        p.set_defaults(run=_clocks, kind=name)

    p = jsub.add_parser("extend", help="add time to one table (a judge call), with the reason")
    p.add_argument("table", type=int)
    p.add_argument("minutes", type=float, help="minutes to add (1.5 = a minute and a half)")
    p.add_argument("--reason", required=True, help="why: kept with the table's result")
    _common(p)
    p.set_defaults(run=_extend)

    p = jsub.add_parser("status", help="every table's clock now")
    _common(p)
    p.set_defaults(run=_status)

    p = jsub.add_parser("result", help="enter a table's result: --vp Ann=12 --vp Ben=9")
    p.add_argument("table", type=int)
    p.add_argument("--vp", action="append", default=[], metavar="NAME=VP", help="a player's victory points")
    p.add_argument("--last-standing", metavar="NAME", help="the game ended with only this player's force left")
    p.add_argument("--from-match", metavar="MATCH_ID", help="take the VP from a stored match (same player names)")
    _common(p)
    p.set_defaults(run=_result)

    p = jsub.add_parser("standings", help="the event's standings")
    _common(p)
    p.set_defaults(run=_standings)

    p = jsub.add_parser("export", help="results as CSV (one row per player per table per round)")
    p.add_argument("-o", "--output", type=Path, help="write to this file instead of the screen")
    _common(p)
    p.set_defaults(run=_export)

    p = jsub.add_parser("next-round", help="close the round (all results in) and seat the next: Swiss pairings, "
                        "or the same tables in a hand-seated event")
    p.add_argument("--seed", type=int, help="seed the pairing's tie-breaks (tests, scripts)")
    _common(p)
    p.set_defaults(run=_next_round)

    p = jsub.add_parser("log", help="every change made to the event, oldest first")
    _common(p)
    p.set_defaults(run=_log)

    judge_swiss_cmd.register(jsub)

    p = jsub.add_parser("serve", help="serve the room: a light read-only page per table, and the judge's screen")
    p.add_argument("--host", default="127.0.0.1", help="address to serve on (default 127.0.0.1: this device only)")
    p.add_argument("--lan", action="store_true", help="serve to the local network (host 0.0.0.0) for players' phones")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port, 1-65535 (default {DEFAULT_PORT})")
    _common(p, as_json=False)
    p.set_defaults(run=_serve)


def _common(p: argparse.ArgumentParser, *, event: bool = True, as_json: bool = True) -> None:
    if event:
        p.add_argument("--event", metavar="ID", help="the event (default: the most recently changed one)")
    if as_json:
        p.add_argument("--json", action="store_true", help="print JSON for scripts")


def _open(args: argparse.Namespace) -> tuple[Judging, str]:
    judging = Judging.open()
    return judging, judging.pick(args.event)


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",")]


def _dispatch(args: argparse.Namespace, kind: str, data: dict[str, Any]) -> Tournament:
    judging, tid = _open(args)
    return judging.apply(tid, Event(kind, data, by="judge", at=time.time()))


# --- actions -----------------------------------------------------------------------------------------


def _new(args: argparse.Namespace) -> int:
    judging = Judging.open()
    marks = DEFAULT_MARKS if args.warn is None else tuple(inputs.minutes(m) * 60 for m in args.warn)
    minutes = inputs.minutes(args.minutes)
    now = time.time()
    if args.player:
        if args.table:
            raise BadArgument("give --player (a Swiss event, drawn at random) or --table (seated by hand), not both")
        _show(judging.new_swiss(args.name, args.player, table_size=args.table_size, build=args.build,
                                round_seconds=minutes * 60, marks=marks, chance=rng(args.seed), now=now),
              args.json)
        return 0
    tables = [_names(names) for names in args.table]  # every seat is checked before anything is stored
    _show(judging.new_event(args.name, tables, build=args.build, round_seconds=minutes * 60, marks=marks, now=now),
          args.json)
    return 0


def _list(args: argparse.Namespace) -> int:
    judging = Judging.open()
    events = sorted((judging.load(tid) for tid in judging.ids()), key=lambda s: s.updated, reverse=True)
    if args.json:
        emit_json([{"id": s.state.id, "name": s.state.name, "round": s.state.current.number,
                    "tables": len(s.state.tables), "updated": s.updated} for s in events])
        return 0
    if not events:
        print("no event yet: make one with `companion judge new NAME --table 'Ann,Ben'`")
    for s in events:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(s.updated))
        print(f"{s.state.id}  {when}  {s.state.name}  round {s.state.current.number}, {len(s.state.tables)} tables")
    return 0


def _tables(args: argparse.Namespace) -> int:
    judging, tid = _open(args)
    t = judging.state(tid)
    now = time.time()
    taken = {tb.number for tb in t.tables}
    events = []
    for n, names in args.seat:
        if not n.isdigit():
            raise BadArgument(f"--seat {n!r}: give the table number, then the names")
        events.append(Event("seat", {"table": int(n), "players": _names(names)}, by="judge", at=now))
    for names in args.add:
        number = next(n for n in range(1, len(taken) + 2) if n not in taken)
        taken.add(number)
        events.append(Event("seat", {"table": number, "players": _names(names)}, by="judge", at=now))
    events += [Event("unseat", {"table": n}, by="judge", at=now) for n in args.remove]
    for event in events:
        t = judging.apply(tid, event)
    _show(t, args.json)
    return 0


def _clocks(args: argparse.Namespace) -> int:
    _show(_dispatch(args, args.kind, {"tables": args.table} if args.table else {}), args.json)
    return 0


def _extend(args: argparse.Namespace) -> int:
    data = {"table": args.table, "seconds": inputs.minutes_to_seconds(args.minutes), "reason": args.reason}
    _show(_dispatch(args, "extend", data), args.json)
    return 0


def _status(args: argparse.Namespace) -> int:
    judging, tid = _open(args)
    _show(judging.state(tid), args.json)
    return 0


def _result(args: argparse.Namespace) -> int:
    vp: dict[str, int] = {}
    for item in args.vp:
        name, sep, value = item.rpartition("=")
        try:
            if not sep or not name.strip():
                raise inputs.BadInput("no name")
            vp[name.strip()] = inputs.points(value, "VP")
        except inputs.BadInput as exc:
            raise BadArgument(f"--vp {item[:80]!r}: write NAME=VP, e.g. --vp Ann=12 ({exc})") from None
    if args.from_match:
        if vp:
            raise BadArgument("give either --vp or --from-match, not both")
        from companion.session import Session

        vp = {p.name: p.vp for p in Session.open().state(args.from_match).players}
    data: dict[str, Any] = {"table": args.table, "vp": vp}
    if args.last_standing:
        data["last_standing"] = args.last_standing
    t = _dispatch(args, "result", data)
    if args.json:
        emit_json(_table_json(t, t.table(args.table), time.time()))
    else:
        print(f"table {args.table}: {describe(t.table(args.table))}")
    return 0


def _standings(args: argparse.Namespace) -> int:
    judging, tid = _open(args)
    rows = standings(judging.state(tid))
    if args.json:
        emit_json([vars(r) for r in rows])
        return 0
    # Opp = opponents' strength, the last tiebreak (their average match-win rate, each floored at 33%)
    print(f"{'#':>4}  {'player':<24} {'games':>5} {'W':>3} {'T':>3} {'L':>3} {'VP':>5} {'Opp':>5}")
    for r in rows:
        rank = f"={r.rank}" if r.tied else str(r.rank)
        print(f"{rank:>4}  {r.player:<24} {r.played:>5} {r.wins:>3} {r.ties:>3} {r.losses:>3} {r.vp:>5} "
              f"{r.opp_strength:>5.0%}" + ("  (dropped)" if r.dropped else "") + (f"  {r.byes} bye" if r.byes else ""))
    return 0


def _export(args: argparse.Namespace) -> int:
    judging, tid = _open(args)
    text = results_csv(judging.state(tid))
    if args.output:
        args.output.write_text(text, encoding="utf-8", newline="")
        if args.json:
            emit_json({"written": str(args.output)})
    else:
        sys.stdout.write(text)
    return 0


def _next_round(args: argparse.Namespace) -> int:
    judging, tid = _open(args)
    _show(judging.write(tid, "next_round", {}, rng(args.seed)), args.json)
    return 0


def _log(args: argparse.Namespace) -> int:
    judging, tid = _open(args)
    log = judging.log(tid)
    if args.json:
        emit_json([e.to_json() for e in log])
        return 0
    for n, e in enumerate(log, 1):
        when = time.strftime("%H:%M:%S", time.localtime(e.at))
        print(f"{n:>4}. {when} {e.by or '-':<6} {e.type} {json.dumps(e.data, ensure_ascii=False)}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    port = inputs.port(args.port)
    if importlib.util.find_spec("flet_web") is None:
        raise BadArgument("serving the room needs the web extra: pip install 'tabletop-companion[web]'")
    from companion.room.server import serve  # the command line starts the servers, as `companion app` the UI
    from companion.ui.judge.live import LiveHub

    return serve(args.event, LiveHub.for_room, host="0.0.0.0" if args.lan else args.host, port=port, lan=args.lan)


# --- printing ----------------------------------------------------------------------------------------


def _table_json(t: Tournament, table: Any, now: float) -> dict[str, Any]:
    r = table.result
    return {
        "table": table.number, "players": list(table.players), "status": status(table, now),
        "remaining": shown_seconds(table.timer, now), "shown": clock_text(shown_seconds(table.timer, now)),
        "timer": table_timer_payload(t, table),
        "extensions": [{"seconds": e.seconds, "reason": e.reason, "at": e.at} for e in table.extensions],
        "result": None if r is None else {"vp": r.vp, "winners": list(r.winners), "how": r.how,
                                          "tie": len(r.winners) > 1},
    }


def _show(t: Tournament, as_json: bool) -> None:
    now = time.time()
    if as_json:
        emit_json({"id": t.id, "name": t.name, "build": t.build, "round": t.current.number, "now": now,
                   "round_seconds": t.round_seconds, "marks": list(t.marks),
                   "tables": [_table_json(t, tb, now) for tb in t.tables], "byes": list(t.current.byes),
                   "players": list(t.players), "dropped": list(t.dropped), "table_size": t.table_size})
        return
    minutes = f"{t.round_seconds / 60:g}"
    print(f"{t.name} [{t.id}] · Skirmish {t.build} · round {t.current.number} · {minutes} min rounds")
    if not t.tables:
        print("  no tables yet: seat one with `companion judge tables --add 'Ann,Ben'`")
    for tb in t.tables:
        state = status(tb, now)
        clock = clock_text(shown_seconds(tb.timer, now))
        line = f"  table {tb.number:>3}  {clock:>7}  {state:<8} {' vs '.join(tb.players)}"
        if tb.extensions:
            added = sum(e.seconds for e in tb.extensions) / 60
            line += f"  (+{added:g} min: {'; '.join(e.reason for e in tb.extensions)})"
        if tb.result is not None:
            line += f"\n             {describe(tb)}"
        print(line)
    for player in t.current.byes:
        print(f"  bye          {player}")
