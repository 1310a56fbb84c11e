"""Rolling dice: parse notation (see `dice_notation`), roll with an injected `random.Random`, keep every die.

Every roll takes its Random from the caller: tests inject a seeded one; at the table the service layer passes the
operating system's randomness at the moment the player commits, and the dice go into the match's log, which is
what replay and sharing read (no seed travels with a match).
Exact odds live in `companion.core.dice.odds`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.core.dice.notation import (
    D66,
    Dice,
    DiceError,
    Expression,
    Modifier,
    Pool,
    Square,
    Term,
    parse,
)

__all__ = ["DiceError", "Expression", "RollResult", "TermRoll", "parse", "roll", "roll_expression"]


@dataclass(frozen=True)
class TermRoll:
    """One term of a roll: its faces in roll order, which of them count, and the term's signed value.

    `text` is the term without its sign (`1d4`, `2`); `sign` is +1 or -1; `value` includes the sign.
    `counted[i]` is True when die i is kept (keep-highest/lowest) or is a success (pools); True for plain dice.
    """

    text: str
    sign: int
    faces: tuple[int, ...]
    counted: tuple[bool, ...]
    value: int

    def to_json(self) -> dict[str, Any]:
        return {"term": self.text, "sign": self.sign, "dice": list(self.faces), "counted": list(self.counted),
                "value": self.value}


@dataclass(frozen=True)
class RollResult:
    expr: str  # canonical notation
    terms: tuple[TermRoll, ...]
    total: int  # for a success pool: the number of successes
    successes: int | None = None  # set for success pools only

    @property
    def dice(self) -> tuple[int, ...]:
        """Every die rolled, in order (dropped and failed dice included)."""
        return tuple(f for t in self.terms for f in t.faces)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"expr": self.expr, "dice": list(self.dice), "total": self.total,
                                "terms": [t.to_json() for t in self.terms]}
        if self.successes is not None:
            data["successes"] = self.successes
        return data

    def event_data(self, purpose: str = "") -> dict[str, Any]:
        """The data of a `roll` event that records this roll in a match."""
        return {"expr": self.expr, "dice": list(self.dice), "total": self.total, "purpose": purpose}

    def describe(self) -> str:
        """Human-readable: `2d6+1: [3, 5] +1 = 9`; dropped dice in parentheses, successes starred.

        No arrows or other rare glyphs: the offline web build's font has none and would draw boxes."""
        parts = []
        for i, t in enumerate(self.terms):
            sign = "-" if t.sign < 0 else ("+" if i else "")
            if not t.faces:
                parts.append(f"{sign}{t.text}")
            elif self.expr in ("d66", "2d10sq"):
                parts.append(f"[{t.faces[0]}, {t.faces[1]}]")
            else:
                marks = "*" if self.successes is not None else ""
                shown = [f"{f}{marks}" if c else (f"{f}" if marks else f"({f})") for f, c in zip(t.faces, t.counted,
                                                                                                  strict=True)]
                parts.append(f"{sign}[{', '.join(shown)}]")
        if self.successes is not None:
            result = f"{self.successes} success{'es' if self.successes != 1 else ''}"
        elif self.expr == "2d10sq":
            result = f"square {self.total:02d}"
        else:
            result = str(self.total)
        return f"{self.expr}: {' '.join(parts)} = {result}"


def roll(text: str, rng: random.Random) -> RollResult:
    """Parse and roll `text` (raises DiceError on bad notation)."""
    return roll_expression(parse(text), rng)


def roll_expression(expression: Expression, rng: random.Random) -> RollResult:
    terms = tuple(_roll_term(sign, term, rng) for sign, term in expression.terms)
    total = sum(t.value for t in terms)
    successes = total if expression.is_pool else None
    return RollResult(str(expression), terms, total, successes)


def _roll_term(sign: int, term: Term, rng: random.Random) -> TermRoll:
    text = str(term).lstrip("-")  # the sign is kept apart: text "2", sign -1 for a modifier of -2
    if isinstance(term, Modifier):
        return TermRoll(text, -1 if term.value < 0 else 1, (), (), term.value)
    if isinstance(term, D66):
        tens, units = rng.randint(1, 6), rng.randint(1, 6)
        return TermRoll(text, sign, (tens, units), (True, True), sign * (10 * tens + units))
    if isinstance(term, Square):
        tens, units = rng.randint(0, 9), rng.randint(0, 9)
        return TermRoll(text, sign, (tens, units), (True, True), sign * (10 * tens + units))
    faces = tuple(rng.randint(1, term.sides) for _ in range(term.count))
    if isinstance(term, Pool):
        hits = tuple(term.success(f) for f in faces)
        return TermRoll(text, sign, faces, hits, sign * sum(hits))
    if isinstance(term, Dice):
        kept = term.kept(faces)
        return TermRoll(text, sign, faces, kept, sign * sum(f for f, k in zip(faces, kept, strict=True) if k))
    raise DiceError(f"can't roll {text}")  # unreachable unless a new term kind is added without a roller
