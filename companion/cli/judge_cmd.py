"""`companion judge new|list|tables|start|pause|resume|extend|status|result|standings|export|next-round|log|serve`
(and the Swiss event's player|drop|swap|pairings, in judge_swiss_cmd; the players' codes, in judge_codes_cmd).

Every action is one event on the stored event, made by the judging service (session/judging/service.py), so
a running live view (`judge serve`) picks up changes made here within a second.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from companion.cli import judge_codes_cmd, judge_event_cmd, judge_swiss_cmd
from companion.cli.output import emit_json
from companion.core.errors import CompanionError
from companion.session import inputs
from companion.session.judging.event_pairing import PRESETS
from companion.session.judging.judge import (
    DEFAULT_MARKS,
    DEFAULT_ROUND_SECONDS,
    Event,
    Tournament,
    clock_text,
    describe,
    results_csv,
    shown_seconds,
    status,
    table_timer_payload,
)
from companion.session.judging.reports import disputed, judge_line, set_by_judge
from companion.session.judging.service import Judging, past_vp, rng
from companion.session.serving import judge_screen_served, missing_for_room

DEFAULT_PORT = 8551


class BadArgument(CompanionError):
    pass


def register(sub: argparse._SubParsersAction) -> None:
    judge = sub.add_parser("judge")
    jsub = judge.add_subparsers(dest="judge_command", metavar="ACTION", required=True)

    p = jsub.add_parser("new", help="make an event (of HeroClix Skirmish unless --game names another)")
    p.add_argument("name")
    p.add_argument("--game", metavar="SYSTEM",
                   help="the game played, by its pack's id, e.g. halo-actionclix (default heroclix-skirmish)")
    p.add_argument("--build", type=int,
                   help="point build total, where the game has one (Skirmish: 200 or 300, default 300)")
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
    p.add_argument("--tiebreaks", choices=tuple(PRESETS), default="house",
                   help="the standings' order: house (wins, ties, VP), heroclix (HCUnits: wins, score, opponents' "
                        "win %%, average opponent score) or magic (match points, opponents' match-win %%, VP)")
    p.add_argument("--battle-royale", nargs="?", const="6,4,2,1", metavar="POINTS",
                   help="score pods by placement: points for 1st, 2nd ... (default 6,4,2,1; tied places split them)")
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

    p = jsub.add_parser("result", help="enter a table's result: --vp Ann=12 --vp Ben=9 (--round N corrects a past "
                        "round's)")
    p.add_argument("table", type=int)
    p.add_argument("--round", type=int, metavar="N", help="correct round N's result (the old one is kept in the log; "
                   "seatings already made stand, the standings and the next pairing follow)")
    p.add_argument("--vp", action="append", default=[], metavar="NAME=VP", help="a player's victory points")
    p.add_argument("--last-standing", metavar="NAME", help="the game ended with only this player's force left")
    p.add_argument("--place", action="append", default=[], metavar="NAME=PLACE",
                   help="Battle Royale: a player's place (1, 2, 2, 4 when two tie for 2nd); VP optional then")
    p.add_argument("--from-match", metavar="MATCH_ID", help="take the VP from a stored match (same player names)")
    p.add_argument("--time-called", action="store_true",
                   help="you called time at this table (a clock that ran out says so by itself)")
    _common(p)
    p.set_defaults(run=_result)

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
    judge_event_cmd.register(jsub)
    judge_codes_cmd.register(jsub)

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
    placement = () if args.battle_royale is None else _placement(args.battle_royale)
    if args.player:
        if args.table:
            raise BadArgument("give --player (a Swiss event, drawn at random) or --table (seated by hand), not both")
        _show(judging.new_swiss(args.name, args.player, game=args.game, table_size=args.table_size,
                                build=args.build, round_seconds=minutes * 60, marks=marks, tiebreaks=args.tiebreaks,
                                placement=placement, chance=rng(args.seed), now=now), args.json)
        return 0
    tables = [_names(names) for names in args.table]  # every seat is checked before anything is stored
    _show(judging.new_event(args.name, tables, game=args.game, build=args.build, round_seconds=minutes * 60,
                            marks=marks, tiebreaks=args.tiebreaks, placement=placement, now=now), args.json)
    return 0


def _placement(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(v) for v in text.split(","))
    except ValueError:
        raise BadArgument(f"--battle-royale {text[:40]!r}: give whole numbers, 1st place first, e.g. 6,4,2,1") from None


def _pairs(items: list[str], flag: str, what: str) -> dict[str, int]:
    """NAME=NUMBER pairs from repeated --vp / --place flags."""
    out: dict[str, int] = {}
    for item in items:
        name, sep, value = item.rpartition("=")
        try:
            if not sep or not name.strip():
                raise inputs.BadInput("no name")
            out[name.strip()] = inputs.points(value, what)
        except inputs.BadInput as exc:
            raise BadArgument(f"{flag} {item[:80]!r}: write NAME={what}, e.g. {flag} Ann=12 ({exc})") from None
    return out


def _list(args: argparse.Namespace) -> int:
    judging = Judging.open()
    events = sorted((judging.load(tid) for tid in judging.ids()), key=lambda s: s.updated, reverse=True)
    if args.json:
        emit_json([{"id": s.state.id, "name": s.state.name, "game": judging.game_of(s.state), "build": s.state.build,
                    "game_name": judging.game_label(s.state), "round": s.state.current.number,
                    "tables": len(s.state.tables), "updated": s.updated} for s in events])
        return 0
    if not events:
        print("no event yet: make one with `companion judge new NAME --table 'Ann,Ben'`")
    for s in events:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(s.updated))
        print(f"{s.state.id}  {when}  {s.state.name}  {judging.game_label(s.state)}  round {s.state.current.number}, "
              f"{len(s.state.tables)} tables")
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
    vp = _pairs(args.vp, "--vp", "VP")
    if args.from_match:
        if vp:
            raise BadArgument("give either --vp or --from-match, not both")
        from companion.session import Session

        vp = {p.name: p.vp for p in Session.open().state(args.from_match).players}
    data: dict[str, Any] = {"table": args.table, "vp": vp}
    if args.place:
        data["places"] = _pairs(args.place, "--place", "PLACE")
    if args.last_standing:
        data["last_standing"] = args.last_standing
    if args.time_called:
        data["time_called"] = True
    if args.round is not None:
        return _correct(args, data)
    t = _dispatch(args, "result", data)
    if args.json:
        emit_json(_table_json(t, t.table(args.table), time.time()))
    else:
        print(f"table {args.table}: {describe(t.table(args.table))}")
    return 0


def _correct(args: argparse.Namespace, data: dict[str, Any]) -> int:
    judging, tid = _open(args)
    was = past_vp(judging.state(tid), args.round, args.table)
    t = judging.write(tid, "result", {**data, "round": args.round})
    table = next(tb for tb in t.rounds[args.round - 1].tables if tb.number == args.table)
    if args.json:
        emit_json({"round": args.round, **_table_json(t, table, time.time()), "was": was})
    else:
        old = ", ".join(f"{p} {v}" for p, v in (was or {}).items())
        print(f"round {args.round} table {args.table} corrected: {describe(table)} (was {old})")
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
    missing = missing_for_room()
    if missing:
        raise BadArgument(f"serving the room needs {', '.join(missing)}: pip install 'tabletop-companion'")
    from companion.room.server import serve  # the command line starts the servers, as `companion app` the UI
    from companion.ui.judge.live import LiveHub

    judge_screens = LiveHub.for_room if judge_screen_served() else None  # no flet-web: the players' pages alone
    return serve(args.event, judge_screens, host="0.0.0.0" if args.lan else args.host, port=port, lan=args.lan)


# --- printing ----------------------------------------------------------------------------------------


def _table_json(t: Tournament, table: Any, now: float) -> dict[str, Any]:
    r = table.result
    return {
        "table": table.number, "players": list(table.players), "first": table.first or None,
        "status": status(table, now),
        "remaining": shown_seconds(table.timer, now), "shown": clock_text(shown_seconds(table.timer, now)),
        "timer": table_timer_payload(t, table),
        "extensions": [{"seconds": e.seconds, "reason": e.reason, "at": e.at} for e in table.extensions],
        "result": None if r is None else {"vp": r.vp, "winners": list(r.winners), "how": r.how,
                                          "tie": len(r.winners) > 1, **({"places": r.places} if r.places else {}),
                                          "set_by_judge": set_by_judge(table)},
        "reports": [{"player": p.player, "vp": p.vp, "places": p.places, "last_standing": p.last_standing or None,
                     "at": p.at} for p in table.reports],
        "disputed": table.disputed,
    }


def _show(t: Tournament, as_json: bool) -> None:
    now = time.time()
    if as_json:
        emit_json({"id": t.id, "name": t.name, "game": Judging.open().game_of(t), "build": t.build,
                   "round": t.current.number, "now": now, "round_seconds": t.round_seconds, "marks": list(t.marks),
                   "tables": [_table_json(t, tb, now) for tb in t.tables], "byes": list(t.current.byes),
                   "players": list(t.players), "dropped": list(t.dropped), "table_size": t.table_size,
                   "tiebreaks": t.tiebreaks, "placement": list(t.placement)})
        return
    minutes = f"{t.round_seconds / 60:g}"
    print(f"{t.name} [{t.id}] · {Judging.open().game_label(t)} · round {t.current.number} · {minutes} min rounds")
    flagged = disputed(t)
    if flagged:
        print(f"  FLAGGED: the players' scores differ at table{'s' if len(flagged) > 1 else ''} "
              f"{', '.join(str(tb.number) for tb in flagged)}: enter the result (`companion judge result`)")
    if not t.tables:
        print("  no tables yet: seat one with `companion judge tables --add 'Ann,Ben'`")
    for tb in t.tables:
        state = status(tb, now)
        clock = clock_text(shown_seconds(tb.timer, now))
        line = f"  table {tb.number:>3}  {clock:>7}  {state:<8} {' vs '.join(tb.players)}"
        if tb.first:
            line += f"  ({tb.first} first)"
        if tb.extensions:
            added = sum(e.seconds for e in tb.extensions) / 60
            line += f"  (+{added:g} min: {'; '.join(e.reason for e in tb.extensions)})"
        if tb.result is not None:  # the judge's own, or the players' agreed reports (as the room page says)
            line += f"\n             {describe(tb)}{' · set by the judge' if set_by_judge(tb) else ''}"
        if judge_line(tb):
            line += f"\n             {'FLAGGED: ' if tb.disputed else ''}{judge_line(tb)}"
        print(line)
    for player in t.current.byes:
        print(f"  bye          {player}")
