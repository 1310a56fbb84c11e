"""`companion advise MATCH_ID`: the active player's rolling options ranked by what they are worth, exactly.

The same numbers as the app's Best moves screen and `Session.advise`: every figure is exact (a fraction in
`--json`), worked out from the rules helper's own resolution of each class of the roll.
"""

from __future__ import annotations

import argparse

from companion.cli.output import emit_json
from companion.session.play.advice import KEYS


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("advise", description="Rank every rolling option of the active player by its exact worth.")
    p.add_argument("id", metavar="MATCH_ID", help="the match (see `companion match list`)")
    p.add_argument("--by", choices=KEYS, default="points",
                   help="rank by expected points (default), chance to KO or expected damage")
    p.add_argument("--strike", action="append", default=[], metavar="UNIT",
                   help="leave this target out (e.g. no line of fire); repeat for more")
    p.add_argument("--why", action="store_true", help="show each option's working")
    p.add_argument("--top", type=int, default=0, metavar="N", help="show only the best N")
    p.add_argument("--json", action="store_true", help="machine-readable output, exact figures as fractions")
    p.set_defaults(run=_advise)


def _advise(args: argparse.Namespace) -> int:
    from companion.core.errors import CompanionError
    from companion.session import Session

    session = Session.open()
    state = session.state(args.id)
    known = {u.id for u in state.units}
    unknown = [s for s in args.strike if s not in known]
    if unknown:
        raise CompanionError(f"no unit {', '.join(map(repr, unknown))} in match {args.id}; "
                             f"its units: {', '.join(sorted(known)) or 'none'}")
    advice = session.advise(args.id, args.by, args.strike)
    moves = advice.moves[:args.top] if args.top > 0 else advice.moves
    if args.json:
        emit_json({**advice.to_json(), "moves": [m.data for m in moves],
                   "working": {str(i + 1): m.working() for i, m in enumerate(moves)} if args.why else {}})
        return 0
    print(f"{state.active_player.name}'s best moves, by {args.by}"
          + (f" (struck out: {', '.join(advice.struck)})" if advice.struck else ""))
    if advice.note:
        print(advice.note)
    for i, move in enumerate(moves, 1):
        print(f"{i:>2}. {move.title}\n    {move.line}")
        if args.why:
            print("\n".join(f"      {line}" for line in move.working()))
    return 0
