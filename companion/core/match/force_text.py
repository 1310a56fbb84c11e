"""A force typed as text, one unit a line — a whole force entered (or read back) in seconds on a phone.

    # Ann's Spartans
    Spartan Sniper, 45: 8 10 17 3 / 7 10 16 2 / 6 9 16 2
    Grunt, 12 pts: 6 8 14 1 / 5 7 13 1

Each line is the unit's name, a comma, its points (a trailing "pts" or "points" is allowed), a colon, then its dial:
the clicks in the dial editor's own syntax (numbers in the system's stat order, then any markers), separated by
"/". A KO click is added after the last one, as in the editor. Blank lines and lines starting with "#" are skipped,
and so are a code block's fences ("```force" ... "```"): a force copied from the README or a chat message keeps them.

Reading is all or nothing: the first wrong line is named with its number, and no unit is returned.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from companion.core.errors import CompanionError
from companion.core.match.dial_text import parse_dial
from companion.core.model import Click

MAX_UNITS = 40  # far above a real force (Halo: 5-10 units, Skirmish at 300 points: about 8)
MAX_NAME = 60  # as the unit editor's name field
MAX_POINTS_DIGITS = 6
_LINE = re.compile(r"^(?P<name>.*?)\s*,\s*(?P<points>[0-9]+)\s*(?:pts|points|point|pt)?\s*:\s*(?P<dial>.*)$",
                   re.IGNORECASE)


class ForceTextError(CompanionError):
    pass


@dataclass(frozen=True)
class ForceUnit:
    """One line of a force: what a unit is (its state at the table starts from its first click)."""

    name: str
    points: int
    dial: tuple[Click, ...]  # ending with the KO click


def parse_force(text: str, stats: tuple[str, ...]) -> tuple[ForceUnit, ...]:
    """Every unit of the text, or ForceTextError naming the first wrong line (then nothing is read)."""
    units: list[ForceUnit] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") or _is_fence(line):
            continue
        units.append(_unit(n, line, stats))
        if len(units) > MAX_UNITS:
            raise ForceTextError(f"line {n}: a force has at most {MAX_UNITS} units")
    if not units:
        raise ForceTextError(f"type at least one unit, one a line, e.g. {example(stats)}")
    return tuple(units)


def _is_fence(line: str) -> bool:
    """A Markdown code fence: three backticks or tildes, maybe with the block's language ("```force")."""
    return line.startswith(("```", "~~~"))


def _unit(n: int, line: str, stats: tuple[str, ...]) -> ForceUnit:
    found = _LINE.match(line)
    if found is None:
        raise ForceTextError(f"line {n}: write a unit as its name, points: clicks, e.g. {example(stats)}")
    name, points, dial = found["name"].strip(), found["points"], found["dial"]
    if not name:
        raise ForceTextError(f"line {n}: the unit's name comes before the comma, e.g. {example(stats)}")
    if len(name) > MAX_NAME:
        raise ForceTextError(f"line {n}: a unit's name has at most {MAX_NAME} characters")
    if len(points) > MAX_POINTS_DIGITS:
        raise ForceTextError(f"line {n} ({name}): points go up to 999999")
    if not dial.strip():
        raise ForceTextError(f"line {n} ({name}): its clicks come after the colon, e.g. {example(stats)}")
    try:
        clicks = parse_dial("\n".join(dial.split("/")), stats, line="click")
    except CompanionError as exc:
        raise ForceTextError(f"line {n} ({name}): {exc}") from None
    return ForceUnit(name, int(points), clicks)


class Described(Protocol):
    """What a force line says of a unit: a ForceUnit, or a unit of a match."""

    @property
    def name(self) -> str: ...
    @property
    def points(self) -> int: ...
    @property
    def dial(self) -> tuple[Click, ...]: ...


def force_title(text: str) -> str:
    """The force's name from its title line ("# Ann's Spartans", as `force_text` writes it) when the text starts
    with one (blank lines aside), else ""."""
    for raw in text.splitlines():
        line = raw.strip()
        if line and not _is_fence(line):
            return " ".join(line[1:].split())[:MAX_NAME] if line.startswith("#") else ""
    return ""


def force_text(units: Iterable[Described], stats: tuple[str, ...], title: str = "") -> str:
    """The units as force text (the KO click is implied), with the title as a comment line first."""
    lines = [f"# {' '.join(title.split())}"] if title.strip() else []
    for unit in units:
        clicks = " / ".join(" ".join([*(str(c.stats.get(s, 0)) for s in stats), *c.markers])
                            for c in unit.dial if not c.ko)
        lines.append(f"{' '.join(unit.name.split())}, {unit.points}: {clicks}")
    return "\n".join(lines)


def example(stats: tuple[str, ...]) -> str:
    """A line in this system's stats (the shape of the example above, as many numbers as the system has)."""
    first = [6, 8, 14, 1, 3, 2, 5, 4, 7, 9][:len(stats)] or [1]
    second = [max(0, x - 1) for x in first]
    return f"Grunt, 12: {' '.join(map(str, first))} / {' '.join(map(str, second))}"
