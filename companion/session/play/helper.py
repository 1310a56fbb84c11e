"""The rules helper as the screens and the CLI see it: which systems have one, and the system object itself.

A system lists the active player's legal actions (disabled ones with the rule that forbids them), explains one,
gives its exact odds and resolves it with an injected `random.Random` into events applied as one batch.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion import rules
from companion.core.model import Match, Unit
from companion.rules.action import Action, ActionOption, Odds, Param, Resolution, Verdict
from companion.rules.base import System
from companion.session.matches import Session


def has_helper(system_id: str) -> bool:
    """Whether the rules helper knows this game system."""
    return system_id in rules.available()


def helper_for(system_id: str) -> System:
    """The rules helper of a game system (UnknownSystem when none is written for it)."""
    return rules.get(system_id)


def system_of(match: Match) -> System:
    """The game system the match is played by: its helper's, or the plain base one for a pack without one."""
    return system_named(match.system)


def system_named(system_id: str) -> System:
    """The game system of a pack (the plain base one when it has no helper)."""
    return rules.get(system_id, plain=True)


def first_system(system_ids: Iterable[str]) -> str:
    """The game offered first among these (the most played one when present)."""
    ids = sorted(system_ids)
    return rules.FIRST if rules.FIRST in ids else ids[0]


def fixed_dials(match: Match) -> dict[str, Unit]:
    """The game's own dials (its pack's [[dial]] entries) already in the match, by dial id."""
    return system_of(match).fixed_units(match)


def missing_dials(session: Session, match: Match) -> list[dict[str, Any]]:
    """The pack's own dials (`units.toml` [[dial]]) not yet in the match, to type in; none for most games."""
    pack = session.packs()[0].get(match.system)
    have = fixed_dials(match)
    return [dict(spec) for spec in (pack.entries("units", "dial") if pack else []) if spec["id"] not in have]


def scoring_kind(match: Match) -> str:
    """The player points that decide the match: "kills" or "vp"."""
    return system_of(match).scoring_kind(match)


__all__ = ["Action", "ActionOption", "Odds", "Param", "Resolution", "System", "Verdict", "first_system", "fixed_dials",
           "has_helper", "helper_for", "missing_dials", "scoring_kind", "system_named", "system_of"]
