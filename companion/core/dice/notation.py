"""Dice notation: reading expressions such as `2d6+1d4-2`, `4d6kh3`, `7d6>=5`, `d66` and `2d10sq`.

Grammar (spaces ignored, `d`/`D` alike):

    expression := [+|-] term { (+|-) term }
    term       := number                        a modifier, e.g. +2
                | [N] d M [kh K | kl K]         sum of N dice with M sides, optionally keeping the K highest/lowest
                | [N] d M (>=|>|<=|<|=) T       a success pool: counts the dice whose face compares true to T
                | d66                           a d6 for the tens, then a d6 for the units: 11..66
                | 2d10sq                        a d10 (faces 0-9) for the tens, then one for the units: a square 00..99

`d66` and `2d10sq` are read as two digits, not added, and a success pool counts dice rather than summing them:
each of these must stand alone. A true 66-sided die is not supported (no game here uses one).
Limits keep a typo from freezing the app: at most 100 dice, 2 to 1000 sides, 20 terms, modifiers up to 10000.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.core.errors import CompanionError

MAX_DICE = 100
MIN_SIDES = 2
MAX_SIDES = 1000
MAX_TERMS = 20
MAX_MODIFIER = 10_000
MAX_LENGTH = 200

COMPARISONS = (">=", "<=", ">", "<", "=")


class DiceError(CompanionError):
    """Dice notation that can't be read or rolled; the message says what to write instead."""


@dataclass(frozen=True)
class Modifier:
    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Dice:
    """N dice of M sides, summed; `keep` = ("h" or "l", K) keeps only the K highest or lowest."""

    count: int
    sides: int
    keep: tuple[str, int] | None = None

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}"
        return text + (f"k{self.keep[0]}{self.keep[1]}" if self.keep else "")

    def kept(self, faces: tuple[int, ...]) -> tuple[bool, ...]:
        """Which of the rolled faces count, in roll order (ties: the earlier die is kept)."""
        if self.keep is None:
            return (True,) * len(faces)
        side, k = self.keep
        order = sorted(range(len(faces)), key=lambda i: (-faces[i] if side == "h" else faces[i], i))
        chosen = set(order[:k])
        return tuple(i in chosen for i in range(len(faces)))


@dataclass(frozen=True)
class Pool:
    """N dice of M sides; each die whose face compares true to `threshold` is one success."""

    count: int
    sides: int
    op: str
    threshold: int

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}{self.op}{self.threshold}"

    def success(self, face: int) -> bool:
        t = self.threshold
        return {">=": face >= t, "<=": face <= t, ">": face > t, "<": face < t, "=": face == t}[self.op]

    @property
    def success_faces(self) -> tuple[int, ...]:
        return tuple(f for f in range(1, self.sides + 1) if self.success(f))


@dataclass(frozen=True)
class D66:
    """Two d6 read as tens then units (11, 12 ... 66): the scavenge tables of The Killer of the Maze."""

    def __str__(self) -> str:
        return "d66"


@dataclass(frozen=True)
class Square:
    """Two d10 with faces 0-9 read as tens then units, a map square 00..99 (HeroClix Skirmish starting areas)."""

    def __str__(self) -> str:
        return "2d10sq"


Term = Modifier | Dice | Pool | D66 | Square
STANDALONE = (Pool, D66, Square)


@dataclass(frozen=True)
class Expression:
    """A parsed expression: signed terms (sign is +1 or -1).

    `str()` gives the canonical notation: no spaces, lower case, dice counts always written (`d6` -> `1d6`).
    """

    terms: tuple[tuple[int, Term], ...]

    def __str__(self) -> str:
        out = ""
        for i, (sign, term) in enumerate(self.terms):
            negative = term.value < 0 if isinstance(term, Modifier) else sign < 0  # modifiers hold their sign
            out += ("-" if negative else "+" if i else "") + str(term).lstrip("-")
        return out

    @property
    def dice_count(self) -> int:
        return sum(_dice_in(t) for _, t in self.terms)

    @property
    def is_pool(self) -> bool:
        return len(self.terms) == 1 and isinstance(self.terms[0][1], Pool)


def _dice_in(term: Term) -> int:
    if isinstance(term, Dice | Pool):
        return term.count
    return 2 if isinstance(term, D66 | Square) else 0


# One term at a time: a dice group with its optional suffix, or a plain number.
_TERM = re.compile(
    r"(?P<count>\d*)d(?P<sides>\d*)(?P<suffix>sq|k[hl]?\d*|>=\d*|<=\d*|>\d*|<\d*|=\d*)?|(?P<number>\d+)"
)
_DIGITS_LIMIT = 7  # longer numbers are rejected before int() so a pasted blob can't cost anything


def parse(text: str) -> Expression:
    """Read dice notation, or raise DiceError saying what is wrong and where."""
    if not isinstance(text, str):
        raise DiceError("dice notation must be text, like 2d6+1")
    if len(text) > MAX_LENGTH:
        raise DiceError(f"that dice expression is too long (at most {MAX_LENGTH} characters)")
    # spaces may surround signs and comparisons; anywhere else they would silently glue numbers ("2d6 3")
    source = re.sub(r"\s*(>=|<=|[-+><=])\s*", r"\1", text.strip()).lower()
    if not source:
        raise DiceError("no dice to roll: write something like 2d6+1")
    if re.search(r"\s", source):
        raise DiceError(f"can't read {text.strip()!r}: put + or - between terms, like 2d6+3")
    terms: list[tuple[int, Term]] = []
    pos = 0
    while pos < len(source):
        sign = 1
        if source[pos] in "+-":
            sign = -1 if source[pos] == "-" else 1
            pos += 1
        elif terms:
            raise DiceError(_where(text, source, pos, "expected + or - between terms"))
        if pos >= len(source):
            raise DiceError(f"{text.strip()!r} ends with a sign: add a number or dice after it")
        match = _TERM.match(source, pos)
        if match is None or match.end() == pos:
            raise DiceError(_where(text, source, pos, "expected a number or dice like 2d6"))
        terms.append((sign, _term(match, source)))
        pos = match.end()
        if len(terms) > MAX_TERMS:
            raise DiceError(f"at most {MAX_TERMS} terms in one expression")
    expression = Expression(tuple(_fold_signs(terms)))
    _check(expression, source)
    return expression


def _where(text: str, source: str, pos: int, problem: str) -> str:
    return f"can't read {text.strip()!r} at {source[pos:pos + 8]!r}: {problem}"


def _number(digits: str, what: str) -> int:
    if len(digits) > _DIGITS_LIMIT:
        raise DiceError(f"{what} {digits[:_DIGITS_LIMIT]}... is far too large")
    return int(digits)


def _term(match: re.Match[str], source: str) -> Term:
    if match.group("number") is not None:
        value = _number(match.group("number"), "the modifier")
        if value > MAX_MODIFIER:
            raise DiceError(f"modifiers go up to {MAX_MODIFIER}, not {value}")
        return Modifier(value)
    token = match.group(0)
    count_text, sides_text, suffix = match.group("count"), match.group("sides"), match.group("suffix") or ""
    if not sides_text:
        raise DiceError(f"{token!r}: a die needs a number of sides, like d6 or 2d10")
    count = _number(count_text, "the number of dice") if count_text else 1
    sides = _number(sides_text, "the number of sides")
    if count < 1:
        raise DiceError(f"{token!r}: roll at least one die")
    if count > MAX_DICE:
        raise DiceError(f"{token!r}: at most {MAX_DICE} dice at once")
    if suffix == "sq":
        if (count, sides) != (2, 10):
            raise DiceError(f"{token!r}: 'sq' reads two d10s as a square 00-99; write 2d10sq")
        return Square()
    if sides == 66:
        if count != 1 or suffix:
            raise DiceError(f"{token!r}: d66 is one tens die and one units die, read as 11-66; write just d66")
        return D66()
    if not MIN_SIDES <= sides <= MAX_SIDES:
        raise DiceError(f"{token!r}: a die has {MIN_SIDES} to {MAX_SIDES} sides, not {sides}")
    if suffix.startswith("k"):
        return _keep(token, count, sides, suffix)
    if suffix:
        return _pool(token, count, sides, suffix)
    return Dice(count, sides)


def _keep(token: str, count: int, sides: int, suffix: str) -> Dice:
    side = suffix[1] if len(suffix) > 1 and suffix[1] in "hl" else "h"
    digits = suffix[2:] if len(suffix) > 1 and suffix[1] in "hl" else suffix[1:]
    if not digits:
        raise DiceError(f"{token!r}: say how many dice to keep, like 4d6kh3 (highest) or 2d20kl1 (lowest)")
    keep = _number(digits, "the number of dice to keep")
    if not 1 <= keep <= count:
        raise DiceError(f"{token!r}: you can keep 1 to {count} of {count} dice, not {keep}")
    return Dice(count, sides) if keep == count else Dice(count, sides, (side, keep))


def _pool(token: str, count: int, sides: int, suffix: str) -> Pool:
    op = next(o for o in COMPARISONS if suffix.startswith(o))
    digits = suffix[len(op):]
    if not digits:
        raise DiceError(f"{token!r}: give the success threshold, like 7d6>=5")
    pool = Pool(count, sides, op, _number(digits, "the threshold"))
    if not pool.success_faces:
        raise DiceError(f"{token!r}: no face of a d{sides} is {op} {pool.threshold}, so it could never succeed")
    return pool


def _fold_signs(terms: list[tuple[int, Term]]) -> list[tuple[int, Term]]:
    """Modifiers carry their own sign (`-2` is Modifier(-2)), which keeps sums and canonical text simple."""
    return [(1, Modifier(sign * t.value)) if isinstance(t, Modifier) else (sign, t) for sign, t in terms]


def _check(expression: Expression, source: str) -> None:
    if expression.dice_count > MAX_DICE:
        raise DiceError(f"at most {MAX_DICE} dice in one expression, this one has {expression.dice_count}")
    if not any(_dice_in(t) for _, t in expression.terms):
        raise DiceError(f"{source!r} has no dice in it: a roll needs at least one die, like 1d6")
    alone = [t for _, t in expression.terms if isinstance(t, STANDALONE)]
    if alone and len(expression.terms) > 1:
        what = {Pool: "a success pool counts dice", D66: "d66 is read as two digits",
                Square: "2d10sq is read as a square number"}[type(alone[0])]
        raise DiceError(f"{what}, so it must stand alone: write {alone[0]} without other terms")
    if alone and expression.terms[0][0] < 0:
        raise DiceError(f"{alone[0]} can't be negated")
