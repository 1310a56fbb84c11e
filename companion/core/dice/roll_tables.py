"""Roll tables from rule packs: which row a roll gives, checked so every possible roll has exactly one row.

A table whose numbers the source lost (the Halo loot chart is cut off) keeps its rows without numbers and a
`numbers_missing` note; the player types the numbers from their own card and `with_numbers` checks them
like a built-in table.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.core.errors import CompanionError, PackError

DICE = re.compile(r"^(?P<n>\d*)d(?P<sides>\d+)$")


class TableIncomplete(CompanionError):
    """A roll table that can't be read yet: its numbers are missing or don't cover every roll."""


@dataclass(frozen=True)
class Row:
    id: str | None
    low: int | None  # None when the source lost the numbers
    high: int | None
    result: str
    item: str | None = None  # an item id of the pack (the Maze's scavenge finds)
    read_from: str | None = None  # a dial id: the outcome is printed on that dial, not in the source
    effects: tuple[dict[str, Any], ...] = ()

    @property
    def label(self) -> str:
        if self.low is None:
            return "?"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class RollTable:
    id: str
    title: str
    dice: str
    kind: str  # "lookup": rows give the result; "number": the roll itself is the result (a square's number)
    read: str  # "sum", or "tens-ones": the first die is the tens digit (2d10 -> 00-99; d66 -> 11-66)
    reroll_duplicates: bool
    numbers_missing: str | None
    text: str
    section: str | None
    rows: tuple[Row, ...]

    @property
    def complete(self) -> bool:
        return self.numbers_missing is None

    def outcomes(self) -> tuple[int, ...]:
        return outcomes(self.dice, self.read)

    def lookup(self, value: int) -> Row:
        if self.kind != "lookup":
            raise TableIncomplete(f"{self.title}: the roll itself is the result; there is no row to read")
        if not self.complete:
            raise TableIncomplete(f"{self.title}: {self.numbers_missing}")
        for row in self.rows:
            if row.low is not None and row.high is not None and row.low <= value <= row.high:
                return row
        raise TableIncomplete(f"{self.title}: no row for a roll of {value}")

    def with_numbers(self, numbers: Mapping[str, int | tuple[int, int]]) -> RollTable:
        """This table with the player's numbers for each row id; refused unless every roll gets one row."""
        rows = []
        for row in self.rows:
            if row.id not in numbers:
                raise TableIncomplete(f"{self.title}: enter the numbers for '{row.result}'")
            value = numbers[row.id]
            low, high = (value, value) if isinstance(value, int) else value
            rows.append(replace(row, low=low, high=high))
        try:
            check_coverage(rows, self.outcomes())
        except ValueError as exc:
            raise TableIncomplete(f"{self.title}: {exc}") from None
        return replace(self, rows=tuple(rows), numbers_missing=None)


def outcomes(dice: str, read: str = "sum") -> tuple[int, ...]:
    """Every value a roll can show: sums for 'sum', two-digit numbers for 'tens-ones' (d66, 2d10)."""
    if dice == "d66":
        return tuple(10 * a + b for a in range(1, 7) for b in range(1, 7))
    m = DICE.match(dice)
    if m is None:
        raise ValueError(f"unknown dice {dice!r}")
    n, sides = int(m.group("n") or 1), int(m.group("sides"))
    if read == "tens-ones":
        if n != 2 or sides != 10:
            raise ValueError("tens-ones reading needs 2d10 (or d66)")
        return tuple(range(100))  # a d10 shows 0-9: 00 to 99
    return tuple(range(n, n * sides + 1))


def check_coverage(rows: list[Row], possible: tuple[int, ...]) -> None:
    """Raise ValueError unless every possible roll falls in exactly one row's range."""
    allowed = set(possible)
    owner: dict[int, Row] = {}
    for row in rows:
        if row.low is None or row.high is None or row.low > row.high:
            raise ValueError(f"row '{row.result}' needs a roll or a range low-high")
        covered = [v for v in range(row.low, row.high + 1) if v in allowed]
        if not covered or row.low not in allowed or row.high not in allowed:
            raise ValueError(f"row '{row.result}' has {row.label}, which these dice can't roll")
        for v in covered:
            if v in owner:
                raise ValueError(f"a roll of {v} is in two rows ('{owner[v].result}' and '{row.result}')")
            owner[v] = row
    gaps = [v for v in possible if v not in owner]
    if gaps:
        raise ValueError(f"no row for a roll of {', '.join(map(str, gaps[:5]))}")


def build_table(data: dict[str, Any], file: str) -> RollTable:
    """A checked table from its TOML data (already type-checked by the schema)."""
    where = f"{file}: table[{data['id']}]"
    read = data.get("read", "tens-ones" if data["dice"] == "d66" else "sum")
    try:
        possible = outcomes(data["dice"], read)
    except ValueError as exc:
        raise PackError(f"{where}.dice: {exc}") from None
    rows = []
    for i, raw in enumerate(data.get("row", [])):
        roll = raw.get("roll")
        low, high = (roll, roll) if isinstance(roll, int) else (roll or (None, None))
        rows.append(Row(raw.get("id"), low, high, raw["result"], raw.get("item"), raw.get("read_from"),
                        tuple(raw.get("effects", ()))))
        if "numbers_missing" in data and roll is not None:
            raise PackError(f"{where}.row[{i}].roll: this table says its numbers are missing; leave rolls out")
        if "numbers_missing" in data and not raw.get("id"):
            raise PackError(f"{where}.row[{i}].id: field is missing (players fill numbers in by row id)")
    ids = [r.id for r in rows if r.id]
    if len(set(ids)) != len(ids):
        raise PackError(f"{where}.row: two rows share an id")
    if data["kind"] == "number":
        if rows:
            raise PackError(f"{where}.row: a 'number' table has no rows (the roll itself is the result)")
    elif not rows:
        raise PackError(f"{where}.row: field is missing (a lookup table needs rows)")
    elif "numbers_missing" not in data:
        try:
            check_coverage(rows, possible)
        except ValueError as exc:
            raise PackError(f"{where}.row: {exc}") from None
    return RollTable(data["id"], data["title"], data["dice"], data["kind"], read,
                     data.get("reroll_duplicates", False), data.get("numbers_missing"), data["text"],
                     data.get("section"), tuple(rows))
