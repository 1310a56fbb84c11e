"""`companion roll`, `companion odds`, `companion attack` and `companion advise`: dice, exact odds, attack
resolution, and every attack of a match ranked by its exact worth (the numbers of Best moves and `Session.advise`)."""

from __future__ import annotations

import argparse
import random
import secrets
from fractions import Fraction
from typing import Any

from companion.cli.output import emit_json
from companion.session.play import attack
from companion.session.play.dice import distribution, parse, percent, roll

NOTATION_HELP = ("dice notation: 2d6+1d4-2, 4d6kh3 / 2d6kl1 (keep highest/lowest), 7d6>=5 (count successes), "
                 "d66 (tens die then units die), 2d10sq (square 00-99). "
                 "An expression starting with - goes last, after --: roll --seed 3 -- -1+2d6")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("roll", description=NOTATION_HELP)
    p.add_argument("expr", help="what to roll, e.g. 2d6+1")
    p.add_argument("--seed", type=int, help="seed for a roll you can repeat exactly")
    _json_flag(p)
    p.set_defaults(run=_roll)

    p = sub.add_parser("odds", description=NOTATION_HELP)
    p.add_argument("expr", help="the roll, e.g. 2d6+1 or 7d6>=5 (successes)")
    target = p.add_mutually_exclusive_group()
    target.add_argument("--at-least", type=int, metavar="T", help="chance of a total of T or more")
    target.add_argument("--at-most", type=int, metavar="T", help="chance of a total of T or less")
    target.add_argument("--exactly", type=int, metavar="T", help="chance of a total of exactly T")
    _json_flag(p)
    p.set_defaults(run=_odds)

    p = sub.add_parser("attack")
    p.add_argument("--system", required=True, choices=attack.SYSTEMS, help="game system id")
    p.add_argument("--attack", type=int, required=True, metavar="A", help="the attacker's attack value")
    p.add_argument("--defense", type=int, required=True, metavar="D", help="the target's defense value")
    p.add_argument("--moved", type=int, default=0, metavar="SQUARES", help="squares moved before attacking")
    p.add_argument("--modifier", type=int, default=0, metavar="M", help="other attack modifiers (abilities)")
    p.add_argument("--kind", choices=attack.KINDS, default=attack.KINDS[0],
                   help="how the unit attacks, in its game's words: " + ", ".join(attack.KINDS))
    p.add_argument("--double-six-splash", action="store_true",
                   help="the attacker's card has the ability: a shot with two 6s also hits adjacent enemies")
    p.add_argument("--roll", action="store_true", help="roll the attack and say whether it hits and why")
    p.add_argument("--seed", type=int, help="seed for a roll you can repeat exactly (with --roll)")
    _json_flag(p)
    p.set_defaults(run=_attack)

    p = sub.add_parser("advise", description="Rank every rolling option of the active player by its exact worth.")
    p.add_argument("id", metavar="MATCH_ID", help="the match (see `companion match list`)")
    p.add_argument("--by", default="points", metavar="KEY",
                   help="rank by points (expected points, the default), ko (chance to KO) or damage (expected damage)")
    p.add_argument("--leave-out", "--strike", dest="strike", action="append", default=[], metavar="UNIT",
                   help="leave this target out of the list this turn (e.g. no line of fire); repeat for more "
                        "(--strike is the older name)")
    p.add_argument("--why", action="store_true", help="show each option's working")
    p.add_argument("--top", type=int, default=0, metavar="N", help="show only the best N")
    _json_flag(p)  # exact figures as fractions
    p.set_defaults(run=_advise)


def _json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON for scripts")


def _rng(seed: int | None) -> tuple[int, random.Random]:
    """A desk roll's generator: seeded, and the seed printed, so a desk roll can be repeated (never a match's)."""
    seed = secrets.randbits(32) if seed is None else seed
    return seed, random.Random(seed)


def _roll(args: argparse.Namespace) -> int:
    expression = parse(args.expr)
    seed, rng = _rng(args.seed)
    result = roll(expression, rng)
    if args.json:
        emit_json({**result.to_json(), "seed": seed})
    else:
        print(result.describe())
    return 0


def _chance(p: Fraction) -> dict[str, Any]:
    return {"probability": str(p), "percent": percent(p)}


def _odds(args: argparse.Namespace) -> int:
    expression = parse(args.expr)
    dist = distribution(expression)
    unit = " successes" if expression.is_pool else ""
    summary = {"expr": dist.expr, "min": dist.minimum, "max": dist.maximum, "mean": str(dist.mean)}
    queries = (("at_least", args.at_least, dist.at_least, "or more"), ("at_most", args.at_most, dist.at_most,
               "or less"), ("exactly", args.exactly, dist.exactly, "exactly"))
    for key, target, fn, words in queries:
        if target is None:
            continue
        p = fn(target)
        if args.json:
            emit_json({**summary, key: target, **_chance(p)})
        else:
            what = f"exactly {target}{unit}" if key == "exactly" else f"{target}{unit} {words}"
            print(f"{dist.expr}: {what}: {p} ({percent(p):.2f}%)")
        return 0
    table = dist.probabilities()
    if args.json:
        emit_json({**summary, "distribution": [{"total": o, **_chance(p)} for o, p in table.items()]})
        return 0
    print(f"{dist.expr}: {dist.minimum} to {dist.maximum}{unit}, average {float(dist.mean):.2f}")
    for outcome, p in table.items():
        print(f"  {outcome:>6}  {str(p):>14}  {percent(p):6.2f}%  ≥: {percent(dist.at_least(outcome)):6.2f}%")
    return 0


def _attack(args: argparse.Namespace) -> int:
    setup = attack.setup(args.system, attack=args.attack, defense=args.defense, moved=args.moved,
                         modifier=args.modifier, kind=args.kind, double_six_splash=args.double_six_splash)
    if not args.roll:
        p = attack.chance(setup)
        if args.json:
            emit_json({"system": args.system, "attack": setup.attack, "effective_attack": setup.effective_attack,
                       "defense": setup.defense, "moved": setup.moved, "needed": setup.needed, **_chance(p)})
        else:
            print(attack.chance_text(setup))
        return 0
    seed, rng = _rng(args.seed)
    result = attack.resolve(setup, rng)
    if args.json:
        emit_json({**result.to_json(), "percent": percent(result.chance), "seed": seed})
        return 0
    print(f"{'HIT' if result.hit else 'MISS'}: {result.why}")
    for effect in result.effects:
        print(f"  effect: {effect}")
    print(f"  chance was {result.chance} ({percent(result.chance):.2f}%)")
    return 0


def _advise(args: argparse.Namespace) -> int:
    from companion.core.errors import CompanionError
    from companion.session import Session  # loaded by the command that uses it

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
          + (f" (left out: {', '.join(advice.struck)})" if advice.struck else ""))
    if advice.note:
        print(advice.note)
    for i, move in enumerate(moves, 1):
        print(f"{i:>2}. {move.title}\n    {move.line}")
        if args.why:
            print("\n".join(f"      {line}" for line in move.working()))
    return 0
