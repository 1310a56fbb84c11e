"""How an event ranks and scores on the command line: `companion judge standings|tiebreaks|first|cut`.

`standings` prints them in the event's tiebreak order with that order's columns (and says which order it is);
`tiebreaks` changes the order; `first` records who plays first at a Battle Royale table; `cut` ends the Swiss
rounds with a top 4 or 8 bracket (then `judge next-round` seats the winners, to the final). All of it goes through
session/judging/event_pairing.py, like the rest of the judge's commands.
"""

from __future__ import annotations

import argparse
from dataclasses import asdict
from typing import TYPE_CHECKING

from companion.cli.output import emit_json
from companion.session.judging import event_pairing as swiss
from companion.session.judging.service import Judging

if TYPE_CHECKING:
    from companion.core.tournament.state import Tournament


def register(jsub: argparse._SubParsersAction) -> None:
    p = jsub.add_parser("standings", help="the event's standings, in its tiebreak order")
    _common(p)
    p.set_defaults(run=_standings)

    p = jsub.add_parser("tiebreaks", help="change the standings' order (house, heroclix or magic)")
    p.add_argument("preset", choices=tuple(swiss.PRESETS))
    _common(p)
    p.set_defaults(run=_tiebreaks)

    p = jsub.add_parser("cut", help="after the Swiss rounds: a single-elimination top 4 or 8, seeded by the standings")
    p.add_argument("size", type=int, choices=(4, 8))
    _common(p)
    p.set_defaults(run=_cut)

    p = jsub.add_parser("first", help="record who plays first at a table (the roll-off's winner)")
    p.add_argument("table", type=int)
    p.add_argument("player")
    _common(p)
    p.set_defaults(run=_first)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--event", metavar="ID", help="the event (default: the most recently changed one)")
    p.add_argument("--json", action="store_true", help="print JSON for scripts")


def _write(args: argparse.Namespace, kind: str, data: dict[str, object]) -> Tournament:
    judging = Judging.open()
    return judging.write(judging.pick(args.event), kind, data)


def _standings(args: argparse.Namespace) -> int:
    judging = Judging.open()
    t = judging.state(judging.pick(args.event))
    if args.json:
        emit_json([asdict(r) for r in swiss.standings(t)])
        return 0
    shown = swiss.standings_table(t)
    for line in shown.bracket:
        print(line)
    print(f"order: {shown.order}")
    print(f"{'#':>4}  {'player':<24} " + " ".join(f"{h:>8}" for h in shown.headers))
    for rank, player, values in shown.rows:
        print(f"{rank:>4}  {player:<24} " + " ".join(f"{v:>8}" for v in values))
    return 0


def _tiebreaks(args: argparse.Namespace) -> int:
    t = _write(args, "tiebreaks", {"preset": args.preset})
    order = swiss.standings_table(t).order
    if args.json:
        emit_json({"id": t.id, "tiebreaks": t.tiebreaks, "order": order})
    else:
        print(f"standings order: {order}")
    return 0


def _cut(args: argparse.Namespace) -> int:
    t = _write(args, "cut", {"size": args.size})
    shown = swiss.standings_table(t)
    if args.json:
        emit_json({"id": t.id, "stage": shown.stage, "seeds": list(t.cut), "bracket": list(shown.bracket),
                   "tables": swiss.tables_json(t)["tables"]})
    else:
        print("\n".join(shown.bracket))
    return 0


def _first(args: argparse.Namespace) -> int:
    t = _write(args, "first", {"table": args.table, "player": args.player})
    first = t.table(args.table).first
    if args.json:
        emit_json({"table": args.table, "first": first})
    else:
        print(f"table {args.table}: {first} plays first")
    return 0
