"""What a step's events do, found by applying them on a trial copy with the one reducer (guard, checks and the
system's invariants included), never by re-running handlers or predicting them: previews, result cards and log
lines are written from this, so they all say the same."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.match.events import Event, apply
from companion.core.model import Match, Unit


def trial(before: Match, events: Sequence[Event]) -> list[Match]:
    """Every state along the step, `before` first: each event applied as a batch applies them, through the
    reducer (IllegalAction when one is refused)."""
    states = [before]
    for event in events:
        states.append(apply(states[-1], event))
    return states


def damage_taken(before: Match, events: Sequence[Event], unit_id: str) -> int:
    """Clicks of damage the unit really takes in the step (damage past the KO click goes nowhere)."""
    return _taken([s.unit(unit_id) for s in trial(before, events) if any(u.id == unit_id for u in s.units)])


def _taken(path: list[Unit]) -> int:
    if not path or path[0].cyclic:
        return 0
    return sum(max(0, b.click - a.click) for a, b in zip(path, path[1:], strict=False))


def changes(before: Match, events: Sequence[Event]) -> list[str]:
    """What a step's events did to the table, in words: damage, KOs (also when the unit is back in the reserve
    at full health by the end of the step), units moved, tokens, points."""
    states = trial(before, events)
    after = states[-1]
    lines: list[str] = []
    for u in after.units:
        was = next((w for w in before.units if w.id == u.id), None)
        if was is None:
            lines.append(f"{u.name} joins")
            continue
        path = [s.unit(u.id) for s in states if any(x.id == u.id for x in s.units)]
        taken = _taken(path)
        if taken:
            lines.append(f"{u.name} takes {taken} damage")
        if any(p.eliminated for p in path[1:]) and not was.eliminated:
            lines.append(f"{u.name} is KO'd")
        elif not u.cyclic and u.click < was.click:
            lines.append(f"{u.name} heals {was.click - u.click}")
        if u.location != was.location:
            lines.append(f"{u.name} goes to the {u.location}")
        for kind in ("action", "upgrade", "grenade"):
            delta = getattr(u.tokens, kind) - getattr(was.tokens, kind)
            if delta:
                lines.append(f"{u.name}: {delta:+d} {kind} token")
    lines += [f"{u.name} is removed" for u in before.units if u.id not in {a.id for a in after.units}]
    for p in after.players:
        was_p = next((w for w in before.players if w.id == p.id), p)
        for kind, label in (("vp", "VP"), ("kills", "kill")):
            delta = getattr(p, kind) - getattr(was_p, kind)
            if delta:
                lines.append(f"{p.name}: {delta:+d} {label}")
    if after.status == "finished" and before.status != "finished":
        lines.append("The match is over")
    return lines
