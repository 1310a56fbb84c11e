"""What writer and reader both know at a point of a code, so that references can be numbers.

Both sides build it the same way while they write or read (players, units in order of first appearance and
their names, the current step's rolls), so a name, a unit or a label can travel as a small number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from companion.core.model import ACTION, Rules
from companion.share.codes.texts import likely_first, step_labels
from companion.share.library import RefTable
from companion.share.values import code, damaged, pick

Mark = tuple[int, int, int, bool, str | None, int]


@dataclass
class Scope:
    """What writer and reader both know at a point of the code, so that references can be numbers."""

    rules: Rules = field(default_factory=Rules)
    players: tuple[str, ...] = ()
    player_names: tuple[str, ...] = ()
    units: list[str] = field(default_factory=list)  # unit ids in order of first appearance
    unit_names: list[str] = field(default_factory=list)  # their names: texts refer to them by number
    extra: list[str] = field(default_factory=list)  # texts of the step being written (its rolls)
    step: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # the events of the step being written
    actor: str | None = None  # the player who made the event being written
    last_expr: str | None = None  # the dice of the last roll written: the next one usually repeats them
    refs: RefTable = field(default_factory=lambda: RefTable.of({}))
    used_refs: bool = False
    anchor: int = 0  # milliseconds of the last time written
    packed: bool = True  # format 2's packed forms: worn dials as bits, event times as bytes (format 1 had none)
    index: int = -1  # the log index of the event being written (undo and redo name a step by how far back it is)
    name_table: tuple[str, ...] = ()  # format 4: the names sent once in front of the body (name_model.py)
    # the first of them not used yet: the next name, sent as nothing (written in the order the reader reads:
    # players, then the match's units, then the log's)
    name_next: int = 0
    format: int = 4  # the code's format, for what it changed (format 4: labels in likely order, times as bits)
    expected_by: str | None = None  # format 4: who makes the next event, most likely (see `by_code`)
    # the match's pack's words for turn marks and reserve reasons, in its order (Library.words): each travels as
    # its place there, a word the pack doesn't name as text
    marks: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()

    def token_kinds(self) -> tuple[str, ...]:
        """The match's token kinds as a `token` event names them, each sent as its place here: the action, then
        the pack's other kinds in its order (its rules' token limits)."""
        return (ACTION, *(k for k in self.rules.token_limits if k != ACTION))

    def player_code(self, player_id: str | None) -> int | str | None:
        return self.players.index(player_id) if player_id in self.players else player_id

    def read_player(self, value: Any, what: str) -> str:
        return pick(value, self.players, what)

    def read_by(self, value: Any, what: str) -> str | None:
        return None if value is None else self.read_player(value, what)

    def by_code(self, by: str | None) -> int | str | None:
        """Who made an event: format 4 sends 0 for the player who made the one before (the next player after
        an end of turn), and a player's number plus one for anyone else."""
        if self.format < 4:
            return self.player_code(by)
        if by == self.expected_by:
            return 0
        code = self.player_code(by)
        return code + 1 if type(code) is int else code

    def read_event_by(self, value: Any, what: str) -> str | None:
        if self.format < 4 or type(value) is not int:
            return self.read_by(value, what)
        return self.expected_by if value == 0 else self.read_player(value - 1, what)

    def after_event(self, by: str | None, event_type: str, data: dict[str, Any]) -> None:
        """Who is likely to make the next event: the same player, or the next one after an end of turn."""
        items = data.get("events") if event_type == "batch" else None
        ended = event_type == "end_turn" or type(items) is list and any(
            type(item) is dict and item.get("type") == "end_turn" for item in items)
        if ended and by in self.players:
            by = self.players[(self.players.index(by) + 1) % len(self.players)]
        self.expected_by = by
        if event_type == "rename_player" and data.get("player") in self.players and type(data.get("name")) is str:
            # texts after it name the player by the new name, as the match does (a refused rename is never
            # written: the whole code is replayed before it is taken)
            names = list(self.player_names)
            names[self.players.index(data["player"])] = data["name"]
            self.player_names = tuple(names)

    def player_name(self, player_id: Any) -> str | None:
        """The player's name as the events so far leave it (None for someone not at the table)."""
        return self.player_names[self.players.index(player_id)] if player_id in self.players else None

    def unit_code(self, unit_id: str) -> int | str:
        return code(unit_id, self.units)

    def read_unit(self, value: Any, what: str) -> str:
        return pick(value, self.units, what)

    def next_unit_id(self) -> str:
        """The id the app's own numbering would give the next unit: such ids travel as nothing at all."""
        return f"u{len(self.units) + 1}"

    def note_unit(self, unit_id: Any, name: Any = "") -> None:
        if type(unit_id) is str and unit_id not in self.units:
            self.units.append(unit_id)
            self.unit_names.append(name if type(name) is str else "")

    def names(self) -> Names:
        """What a text may refer to by number: player and unit names, then the current step's roll texts."""
        return Names(self)

    def labels(self) -> list[str]:
        """The labels the rules helpers would give the current step (see codes.texts.step_labels)."""
        names = dict(zip(self.players, self.player_names, strict=True))
        after = self.players[(self.players.index(self.actor) + 1) % len(self.players)] \
            if self.actor in self.players else None
        labels = step_labels(self.step, self.unit_name, names.get(self.actor or "", ""), names.get(after or "", ""))
        return likely_first(labels, self.step) if self.format >= 4 else labels

    def attacker(self) -> str | None:
        """The unit given an action in the current step: attack rolls are "<it> attacks <a unit>"."""
        tokens = [d["unit"] for t, d in self.step if t == "token"]
        return self.unit_name(tokens[-1]) if tokens else None

    def target(self) -> str | None:
        """The unit the current step's attack roll names ("<attacker> attacks <it>"): the unit its damage hits."""
        rolls = [d for t, d in self.step if t == "roll"]
        head = f"{self.attacker()} attacks "
        purpose = rolls[-1].get("purpose", "") if rolls else ""
        if type(purpose) is not str or not purpose.startswith(head) or purpose[len(head):] not in self.unit_names:
            return None
        return self.units[self.unit_names.index(purpose[len(head):])]

    def unit_name(self, unit_id: Any) -> str:
        return self.unit_names[self.units.index(unit_id)] if unit_id in self.units else ""

    def start_event(self, actor: str | None) -> None:
        """A new event of the log: texts refer to its own rolls and content only."""
        self.actor = actor
        self.index += 1
        del self.extra[:], self.step[:]

    def name_code(self, name: str) -> int | str | None:
        """A player's or unit's name: nothing when it is the next of the names sent in front, its number when it
        is another of them (a unit named like a player, two units of one name), else the text itself."""
        if self.name_next < len(self.name_table) and self.name_table[self.name_next] == name:
            self.name_next += 1
            return None
        return self.name_table.index(name) if name in self.name_table else name

    def read_name(self, value: Any, what: str) -> str:
        if value is None:
            if self.name_next >= len(self.name_table):
                raise damaged(f"{what}: more units than names")
            self.name_next += 1
            return self.name_table[self.name_next - 1]
        return pick(value, self.name_table, what)

    def mark(self) -> Mark:
        """Where the scope is, to go back there after a trial write (see `rewind`)."""
        return len(self.units), len(self.extra), len(self.step), self.used_refs, self.last_expr, self.name_next

    def rewind(self, mark: Mark) -> None:
        units, extra, step, self.used_refs, self.last_expr, self.name_next = mark
        del self.units[units:], self.unit_names[units:], self.extra[extra:], self.step[step:]



class Names(Sequence[str]):
    """A read-only view of a scope's names, without copying them for every text."""

    def __init__(self, scope: Scope) -> None:
        self.parts = (scope.player_names, scope.unit_names, scope.extra)

    def __len__(self) -> int:
        return sum(len(p) for p in self.parts)

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...

    def __getitem__(self, i: int | slice) -> str | Sequence[str]:
        if isinstance(i, slice):
            return [self[k] for k in range(len(self))[i]]
        if i < 0:
            raise IndexError(i)
        for part in self.parts:
            if i < len(part):
                return part[i]
            i -= len(part)
        raise IndexError(i)
