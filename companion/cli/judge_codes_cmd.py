"""`companion judge codes`: each player's own code for *Report result* on their table's room page.

A code signs one phone in once (session.access); spending it shows a fresh one here and on the judge's screen, for
a player whose phone changed, and the player is marked as signed in. `--html FILE` writes one slip per player to cut
out and hand over (the pairings sheet goes on the wall; the codes must not).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.cli.output import emit_json
from companion.core.errors import CompanionError
from companion.session.judging.player_codes import EventCodes
from companion.session.judging.printout import slips_html
from companion.session.judging.service import Judging


class NoSuchPlayer(CompanionError):
    pass


def register(jsub: argparse._SubParsersAction) -> None:
    p = jsub.add_parser("codes", help="each player's code for reporting results from their phone (--html: slips)")
    p.add_argument("--player", metavar="NAME", help="only this player's code (e.g. a fresh one after a spent code)")
    p.add_argument("--html", type=Path, metavar="FILE", help="write one slip per player to cut out and hand over")
    p.add_argument("--event", metavar="ID", help="the event (default: the most recently changed one)")
    p.add_argument("--json", action="store_true", help="print JSON for scripts")
    p.set_defaults(run=_codes)


def _codes(args: argparse.Namespace) -> int:
    judging = Judging.open()
    tid = judging.pick(args.event or None)
    event_codes = EventCodes(judging, tid)
    codes, signed, t = event_codes.codes(), event_codes.signed_in(), judging.state(tid)
    if args.player:
        wanted = args.player.strip().casefold()
        codes = {p: c for p, c in codes.items() if p.casefold() == wanted}
        if not codes:
            raise NoSuchPlayer(f"there is no player {args.player!r} in this event")
    if args.html is not None:
        args.html.write_text(slips_html(t, codes), encoding="utf-8")
    seat = {p: tb.number for tb in t.tables for p in tb.players}
    if args.json:
        emit_json({"round": t.current.number, "codes": [{"player": p, "table": seat.get(p), "code": c,
                                                          "signed_in": p in signed} for p, c in codes.items()],
                   **({"written": str(args.html)} if args.html else {})})
        return 0
    for p, c in codes.items():
        where = f"table {seat[p]}" if p in seat else "no table"
        # their first code was spent: the one shown is fresh, for a second phone (it signs the first one out)
        print(f"  {p:<24} {where:<10} {c}" + ("  (signed in on a phone; this code is for a second phone)"
                                              if p in signed else ""))
    if args.html is not None:
        print(f"written: {args.html} (slips to cut out; don't post it)")
    return 0
