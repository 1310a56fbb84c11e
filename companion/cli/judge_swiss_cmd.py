"""Swiss events on the command line: `companion judge player|drop|swap|pairings`.

`judge new NAME --player ...` and `judge next-round` (in judge_cmd) register and pair; these commands
change the field and print or export the round's seating. All of it goes through the judging service
(session/judging/service.py); the printouts come from session/judging/event_pairing.py.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.cli.output import emit_json
from companion.core.model import JSON
from companion.session.judging import event_pairing as swiss
from companion.session.judging.player_codes import EventCodes
from companion.session.judging.printout import slips_html
from companion.session.judging.service import Judging, rng


def register(jsub: argparse._SubParsersAction) -> None:
    p = jsub.add_parser("player", help="add or remove a player before round 1 starts (redraws round 1); after that, "
                        "add is a late entry: plays from the next round, the rounds missed count as losses")
    p.add_argument("action", choices=("add", "remove"))
    p.add_argument("name")
    _common(p, seed=True)
    p.set_defaults(run=_player)

    p = jsub.add_parser("drop", help="a player leaves the event: results kept, not paired again")
    p.add_argument("name")
    _common(p, seed=True)
    p.set_defaults(run=_drop)

    p = jsub.add_parser("swap", help="swap two players' seats (or a seat and a bye) before those clocks start")
    p.add_argument("first")
    p.add_argument("second")
    _common(p)
    p.set_defaults(run=_swap)

    p = jsub.add_parser("pairings", help="the round's seating: on screen, as CSV, or as a printable HTML page")
    p.add_argument("--csv", type=Path, metavar="FILE", help="write the pairings as CSV")
    p.add_argument("--html", type=Path, metavar="FILE", help="write a printable pairings page")
    p.add_argument("--standings-csv", type=Path, metavar="FILE", help="write the standings (with tiebreaks) as CSV")
    p.add_argument("--standings-html", type=Path, metavar="FILE", help="write a printable standings page")
    p.add_argument("--slips", type=Path, metavar="FILE",
                   help="write each player's code for reporting from their phone, on slips to cut out (don't post it)")
    _common(p)
    p.set_defaults(run=_pairings)


def _common(p: argparse.ArgumentParser, *, seed: bool = False) -> None:
    p.add_argument("--event", metavar="ID", help="the event (default: the most recently changed one)")
    p.add_argument("--json", action="store_true", help="print JSON for scripts")
    if seed:
        p.add_argument("--seed", type=int, help="seed the draw (tests, scripts); default: the system's randomness")


def _write(args: argparse.Namespace, kind: str, data: dict[str, Any]) -> None:
    judging = Judging.open()
    t = judging.write(judging.pick(args.event or None), kind, data, rng(getattr(args, "seed", None)))
    show_seating(swiss.tables_json(t), args.json)


def _player(args: argparse.Namespace) -> int:
    _write(args, "register" if args.action == "add" else "unregister", {"player": args.name})
    return 0


def _drop(args: argparse.Namespace) -> int:
    _write(args, "drop", {"player": args.name})
    return 0


def _swap(args: argparse.Namespace) -> int:
    _write(args, "swap", {"players": [args.first, args.second]})
    return 0


def _pairings(args: argparse.Namespace) -> int:
    judging = Judging.open()
    tid = judging.pick(args.event or None)
    t = judging.state(tid)
    written: list[str] = []
    game = judging.game_label(t)  # the page names the event's game and build, as its pack names them
    for path, text in ((args.csv, swiss.pairings_csv), (args.html, lambda t: swiss.pairings_html(t, game=game)),
                       (args.standings_csv, swiss.standings_csv), (args.standings_html, swiss.standings_html),
                       (args.slips, lambda t: slips_html(t, EventCodes(judging, tid).codes()))):
        if path is not None:
            path.write_text(text(t), encoding="utf-8", newline="")
            written.append(str(path))
    if written and not args.json:
        print("written: " + ", ".join(written))
    elif args.json:
        emit_json({**swiss.tables_json(t), **({"written": written} if written else {})})
    else:
        show_seating(swiss.tables_json(t), False)
    return 0


def show_seating(seating: JSON, as_json: bool) -> None:
    if as_json:
        emit_json(seating)
        return
    print(f"round {seating['round']}")
    for tb in seating["tables"]:
        print(f"  table {tb['table']:>3}  {' vs '.join(tb['players'])}")
    for player in seating["byes"]:
        print(f"  bye        {player}")
