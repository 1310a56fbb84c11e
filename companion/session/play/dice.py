"""Dice for the screens and the desk CLI: notation, exact odds, fair rolls, a match's rolls (undone ones too)
and what a committed roll did to the table (`changes`, from the reducer's trial apply).

Rolls take an optional `random.Random` for tests and desk scripts (`companion roll --seed`); without one the
dice come from the operating system's randomness (`random.SystemRandom`), drawn when the player commits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from companion.core.dice.notation import Expression
from companion.core.dice.odds import Distribution, distribution, percent
from companion.core.dice.roll import RollResult, parse, roll_expression
from companion.core.match.describe import changes as table_changes
from companion.core.match.events import UNDONE, Event
from companion.core.match.history import MARKS, undone_steps
from companion.core.model import Match
from companion.session.matches import Session
from companion.session.play.positions import token_names

__all__ = ["Distribution", "Expression", "LoggedRoll", "RollResult", "changes", "distribution", "fair_rng",
           "logged_rolls", "odds_line", "parse", "percent", "roll"]


def changes(before: Match, events: Sequence[Event]) -> list[str]:
    """What a step's events did to the table, in words (core.match.describe.changes), its tokens in the words of
    the match's pack."""
    return table_changes(before, events, token_names(before))


def fair_rng() -> random.Random:
    """The generator for rolls at the table: the operating system's randomness, nothing anyone can replay."""
    return random.SystemRandom()


def roll(expr: str | Expression, rng: random.Random | None = None) -> RollResult:
    """Roll notation (raises DiceError on bad notation) with `rng`, or fairly when it is None."""
    return roll_expression(parse(expr) if isinstance(expr, str) else expr, rng or fair_rng())


def odds_line(expr: str, target: str = "") -> str:
    """The exact odds of a roll in one line, with the chance of at least `target` when it is a number."""
    if not expr:
        return "Type a roll, e.g. 2d6."
    dist = distribution(expr)
    line = f"{dist.minimum} to {dist.maximum}, average {float(dist.mean):.2f}"
    if target.lstrip("-").isdigit():
        p: Fraction = dist.at_least(int(target))
        line += f" · at least {target}: {p.numerator}/{p.denominator} ({percent(p):g}%)"
    return line


@dataclass(frozen=True)
class LoggedRoll:
    expr: str
    dice: tuple[int, ...]
    total: int
    purpose: str
    by: str | None
    at: float
    undone: bool  # taken back by undo: still shown, so a roll made again is seen by everyone


def logged_rolls(session: Session, match_id: str) -> list[LoggedRoll]:
    """Every roll of the match in log order, the undone ones marked (read from the log, not from the state): a step
    taken back by an `undo` (and not brought back), or an old `undone` record."""
    out: list[LoggedRoll] = []
    log = session.log(match_id)
    taken_back = undone_steps(log)
    for index, event in enumerate(log):
        if event.type in MARKS:
            continue
        undone = event.type == UNDONE or index in taken_back
        step = Event.from_json(event.data["step"]) if event.type == UNDONE else event
        items = step.data.get("events", []) if step.type == "batch" else [{"type": step.type, "data": step.data}]
        for item in items:
            if item.get("type") == "roll":
                d = item["data"]
                out.append(LoggedRoll(d["expr"], tuple(d["dice"]), d["total"], d.get("purpose", ""), step.by,
                                      step.at, undone))
    return out
