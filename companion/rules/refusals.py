"""Why units can't take an action: each unit's refusal and the one line an option shows for them all (used
through `companion.rules.base`, where they were first written)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class UnitRefusal:
    """Why one unit can't take an action now. `depth` counts the action's checks the unit passed before this one:
    the deepest refusals are of the units that could otherwise act (the one holding the token, the one that
    acted), so they are the ones worth reading first."""

    reason: str
    rule: str
    depth: int = 0


def refusal_summary(refusals: Mapping[str, UnitRefusal]) -> tuple[str, str, dict[str, str], tuple[str, ...]]:
    """(reason, rule, every unit's reason closest first, the units `reason` speaks for) for an option no unit can
    take: `reason` joins the reasons of the units that came closest, each in its own words (no fixed sentence
    stands in for them), and the others stay one tap away in the ordered dict."""
    ordered = sorted(refusals.items(), key=lambda item: -item[1].depth)
    deepest = ordered[0][1].depth
    shown = tuple(uid for uid, r in ordered if r.depth == deepest)
    reason = "; ".join(dict.fromkeys(refusals[uid].reason for uid in shown))
    others = len(ordered) - len(shown)
    if others:
        reason += f" (and {others} other unit{'s' if others > 1 else ''})"
    return reason, refusals[shown[0]].rule, {uid: r.reason for uid, r in ordered}, shown
