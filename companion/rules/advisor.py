"""What a game tells the advisor beyond its actions (issue 41: the advisor's hooks in a type of their own).

The advisor (rules/advice/rank.py) weighs every rolling option by applying the system's own resolution for each
class of the roll; what it counts of the result is asked here: the points that move toward winning, the harm to
the unit the row aims at, any figure of the game's own, which classes of different actions resolve alike, and what
every row takes for granted. A system's `advisor` is this plain reading (clicks of the target, the player's score
in the system's kind) unless the game declares its own subclass (`System.advisor_type`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from companion.core.model import Match, Unit
from companion.rules.action import Action, ActionKind, Resolution


class Judge(Protocol):
    """What the advisor asks of the system it reads (rules/base.py's `System` is one)."""

    actions: Mapping[str, ActionKind[Any]]

    def scoring_kind(self, state: Match) -> str: ...

    def resolve(self, state: Match, action: Action, rng: random.Random) -> Resolution: ...


class Harm(NamedTuple):
    """What one roll of an advised row does to the card it aims at: the advisor's "expected damage" and "chance to
    KO" keys are these weighted by each roll's chance."""

    damage: int  # in the system's own count: clicks by default, wounds and damage in Armageddon Empires
    ko: bool  # taken out by this roll: KO'd or off the table, a card eliminated


class Advisor:
    """The advisor's reading of one system's results; a game overrides only what it counts differently."""

    assumes: tuple[str, ...] = ()  # what the advisor takes for granted in every row of this game

    def __init__(self, system: Judge) -> None:
        self.system = system

    def outcome_key(self, state: Match, action: Action, label: str) -> object:
        """Equal keys: equal figures, so a class of one action may stand for another's. None: weigh every action's
        classes by its own resolution."""
        return None

    def target(self, state: Match, action: Action) -> str | None:
        """The unit whose damage and KO count."""
        return action.params.get("target") or None

    def points(self, before: Match, after: Match, action: Action) -> tuple[int, str]:
        """What the step scores toward winning, and its word: by default the player's points of the system."""
        kind, me = self.system.scoring_kind(before), before.active_player.id
        return getattr(after.player(me), kind) - getattr(before.player(me), kind), {"vp": "VP"}.get(kind, kind)

    def figures(self, before: Match, after: Match, action: Action) -> dict[str, int]:
        """The game's own figures for the step, beyond points and harm."""
        return {}

    def harm(self, path: Sequence[Match], action: Action) -> Harm | None:
        """The damage and KO the step deals, `path` being the position before it and then after each of its events;
        None when the row aims at nobody whose harm counts. By default: the clicks `target` really took (none on a
        cyclic dial; the reducer stops at the KO click) and whether it went from standing to KO'd or off the
        table."""
        target_id = self.target(path[0], action)
        if not target_id:
            return None
        if path[0].unit(target_id).eliminated:
            return Harm(0, False)
        steps = [s.unit(target_id) for s in path if any(u.id == target_id for u in s.units)]
        damage = 0 if steps[0].cyclic else sum(max(0, b.click - a.click)
                                               for a, b in zip(steps, steps[1:], strict=False))
        return Harm(damage, any(_down(u) for u in steps[1:]) and not _down(steps[0]))


def _down(unit: Unit) -> bool:
    return unit.eliminated or unit.location != "table"
