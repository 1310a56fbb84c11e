"""The rules helper as the screens and the CLI see it: which systems have one, and the system object itself.

A system lists the active player's legal actions (disabled ones with the rule that forbids them), explains one,
gives its exact odds and resolves it with an injected `random.Random` into events applied as one batch.
"""

from __future__ import annotations

from companion import rules
from companion.rules.base import Action, ActionOption, Odds, Param, Resolution, System, Verdict


def has_helper(system_id: str) -> bool:
    """Whether the rules helper knows this game system."""
    return system_id in rules.available()


def helper_for(system_id: str) -> System:
    """The rules helper of a game system (UnknownSystem when none is written for it)."""
    return rules.get(system_id)


__all__ = ["Action", "ActionOption", "Odds", "Param", "Resolution", "System", "Verdict", "has_helper", "helper_for"]
