"""Texts the app writes (roll purposes, step labels) rebuilt from what both sides already hold.

"Master Chief attacks Grunt: 2d6: [6, 2] = 8, hit, 3 damage" names two units and repeats a roll that the same
step logs. Three forms, the smallest that fits:
  - a label the rules helpers would give this step's events (`step_labels`), or an attack's purpose
    "<unit given the action> attacks <unit>": one small number;
  - pieces: literal strings and numbers of names (players, units, the step's roll texts), e.g.
    [<unit 0>, " attacks ", <unit 7>]; the fixed words are what the preset dictionary holds;
  - the text itself.
Any text round-trips exactly: the writer checks every event by reading it back, so a template that would
rebuild a different text is never used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.share.values import damaged, seq, want_int, want_str

MIN_NAME = 3  # shorter names cost more as a reference than as letters
MAX_PIECES = 64


def roll_texts(expr: str, dice: Sequence[int], purpose: str = "") -> list[str]:
    """What a step's summary repeats of a roll it logged: its purpose ("Master Chief attacks Grunt") and
    "2d6: [6, 2]" (as RollResult.describe starts)."""
    return [*([purpose] if purpose else []), f"{expr}: [{', '.join(str(d) for d in dice)}]"]


def text_out(text: str, names: Sequence[str]) -> str | list[Any]:
    """The text itself when no name occurs in it, else pieces: literal strings and name numbers."""
    usable = sorted(((n, i) for i, n in enumerate(names) if len(n) >= MIN_NAME), key=lambda p: -len(p[0]))
    pieces: list[Any] = []
    literal, pos = [], 0
    while pos < len(text):
        hit = next(((n, i) for n, i in usable if text.startswith(n, pos)), None)
        if hit is None:
            literal.append(text[pos])
            pos += 1
            continue
        if literal:
            pieces.append("".join(literal))
            literal = []
        pieces.append(hit[1])
        pos += len(hit[0])
    if literal:
        pieces.append("".join(literal))
    if not any(type(p) is int for p in pieces) or len(pieces) > MAX_PIECES:
        return text
    return pieces


def text_in(value: Any, names: Sequence[str], what: str) -> str:
    if type(value) is str:
        return value
    pieces = seq(value, what)
    if not pieces or len(pieces) > MAX_PIECES:
        raise damaged(f"{what}: a text of {len(pieces)} pieces")
    out = []
    for piece in pieces:
        out.append(names[want_int(piece, what, 0, len(names) - 1)] if type(piece) is int else want_str(piece, what))
    return "".join(out)


Step = list[tuple[str, dict[str, Any]]]  # a step's events: (type, data)


def step_labels(step: Step, unit_name: Callable[[Any], str], actor: str, after: str) -> list[str]:
    """The labels the rules helpers give a step of this content (format 2, version 1: append, never change).

    A label equal to one of them travels as its number; `actor` and `after` are the names of the player who
    made the step and of the next player."""
    rolls = [d for t, d in step if t == "roll"]
    damage = [d for t, d in step if t == "damage"]
    tokens = [d for t, d in step if t == "token"]
    moved = [d for t, d in step if t == "set_location"]
    out = [f"{actor} ends the turn; {after} is next", f"{actor}'s turn ends"]
    if rolls:
        r = rolls[0]
        said = f"{r.get('purpose', '')}: {roll_texts(r['expr'], r['dice'])[-1]} = {r['total']}"
        out += [f"{said}, miss", f"{said}, hit, {damage[0]['amount'] if damage else 0} damage"]
    if tokens:
        out.append(f"{unit_name(tokens[0]['unit'])} moves")
    if moved:
        out.append(f"{unit_name(moved[0]['unit'])} respawns and moves off the spawn point")
    if rolls:  # appended in format 4 (a number older codes never used): Halo's attack that takes a unit out
        out.append(f"{out[3]}, KO")
    return out


def likely_first(labels: list[str], step: Step) -> list[str]:
    """Format 4's order of the same labels: the one this step's events make likely first, so the number a code
    sends is nearly always 0 (an attack with damage is a hit, one without a miss)."""
    rolls = any(t == "roll" for t, _ in step)
    if not rolls:
        return [*labels[2:], *labels[:2]]
    hit, miss, ko = labels[3], labels[2], labels[-1]
    hits = [hit, ko, miss] if any(t == "damage" for t, _ in step) else [miss, hit, ko]
    return [*hits, *labels[4:-1], *labels[:2]]


def label_out(text: str, labels: Sequence[str], names: Sequence[str]) -> int | str | list[Any]:
    return labels.index(text) if text in labels else text_out(text, names)


def label_in(value: Any, labels: Sequence[str], names: Sequence[str], what: str) -> str:
    if type(value) is int:
        return labels[want_int(value, what, 0, len(labels) - 1)]
    return text_in(value, names, what)


def purpose_out(text: str, attacker: str | None, names: Sequence[str], units: Sequence[str]) -> int | str | list[Any]:
    """An attack roll's purpose, "<attacker> attacks <unit>", as the unit's number; any other as a text."""
    head = f"{attacker} attacks "
    if attacker is not None and text.startswith(head) and text[len(head):] in units:
        return list(units).index(text[len(head):])
    return text_out(text, names)


def purpose_in(value: Any, attacker: str | None, names: Sequence[str], units: Sequence[str], what: str) -> str:
    if type(value) is int:
        if attacker is None:
            raise damaged(f"{what}: an attack without the unit that attacks")
        return f"{attacker} attacks {units[want_int(value, what, 0, len(units) - 1)]}"
    return text_in(value, names, what)
