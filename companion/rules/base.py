"""What every game system offers the app: the actions open to the active player now, and why one is not.

A system reads the match state only (pure functions, no files): the UI shows `legal_actions(state)` as buttons,
enabled or greyed out with their reason, and asks `explain(state, action)` when a player picks one for a unit.
Rule ids are section ids of the system's rules text (`content/<system>/rules.md`), so the app can open them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from companion.core.model import Match


@dataclass(frozen=True)
class Action:
    """An action a player wants to take, optionally for one unit (`unit` is a unit id)."""

    name: str
    unit: str | None = None


@dataclass(frozen=True)
class ActionOption:
    """One action of the system as it stands now.

    `units` are the unit ids it can be given to now (empty when disabled or when it needs no unit); a disabled
    option says why in `reason`. `rule` is the rules section for the action (or for the refusal); `cost` is how
    many of the turn's actions it uses; `note` is a reminder the app can't check itself (e.g. map positions).
    """

    action: str
    title: str
    enabled: bool
    units: tuple[str, ...] = ()
    reason: str | None = None
    rule: str | None = None
    cost: int = 1
    note: str | None = None
    refused: dict[str, str] = field(default_factory=dict)  # unit id -> why that unit can't take it now


@dataclass(frozen=True)
class Verdict:
    legal: bool
    reason: str
    rule: str | None = None


class System(Protocol):
    id: str
    name: str

    def legal_actions(self, state: Match) -> list[ActionOption]:
        """Every action of the system, enabled or not, for the active player now."""
        ...

    def explain(self, state: Match, action: Action) -> Verdict:
        """Whether `action` is legal now and why (citing the rule section)."""
        ...
