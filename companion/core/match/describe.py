"""Plain-language lines for the match log (who did what, to whom) and for a step's outcome.

What a step's events do is found by applying them on a trial copy with the one reducer (guard, checks and the
system's invariants included), never by re-running handlers or predicting them: previews, result cards and log
lines are written from that, so they all say the same."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.match.events import Event, apply
from companion.core.match.history import MARKS
from companion.core.model import Match, Unit


def _name(match: Match, unit_id: object) -> str:
    try:
        return match.unit(str(unit_id)).name
    except KeyError:
        return str(unit_id)


def _player(match: Match, player_id: object) -> str:
    try:
        return match.player(str(player_id)).name
    except KeyError:
        return str(player_id)


def describe_at(match: Match, log: Sequence[Event], index: int) -> str:
    """The line for `log[index]`: an undo or redo says which step of the log it took back or brought back."""
    event = log[index]
    step = event.data.get("step") if event.type in MARKS else None
    named = log[step] if type(step) is int and 0 <= step < index else None
    return describe(match, event, named)


def describe(match: Match, event: Event, step: Event | None = None) -> str:
    """One line for an event, using names from `match` (a state from around the event's time); `step` is the
    step an undo or redo names, when the caller has the log."""
    if event.type in MARKS:
        return _mark(match, event, step)
    d = event.data
    unit = _name(match, d.get("unit", d.get("target", "")))
    signed = f"{d.get('delta', 0):+d}" if isinstance(d.get("delta"), int) else ""
    match event.type:
        case "damage":
            return f"{unit} takes {d.get('amount')} damage"
        case "heal":
            return f"{unit} heals {d.get('amount')}"
        case "set_click":
            return f"{unit}'s dial turned to click {int(d.get('click', 0)) + 1}"
        case "rotate":
            return f"{unit} turned clockwise {d.get('steps')}"
        case "token":
            return f"{unit}: {signed} {d.get('kind')} token"
        case "score":
            label = "VP" if d.get("kind") == "vp" else "kills"
            return f"{_player(match, d.get('player'))}: {signed} {label}"
        case "counter":
            return f"{d.get('name')} {signed}"
        case "end_round":
            return "round ended"
        case "end_turn":
            return "turn ended (clear phase)"
        case "set_phase":
            return f"phase: {d.get('phase')}"
        case "set_location":
            why = f" ({d.get('reason')})" if d.get("reason") else ""
            return f"{unit} moved to the {d.get('location')}{why}"
        case "mark":
            return f"{unit}: {d.get('mark')} this turn"
        case "add_unit":
            new = d.get("unit") if isinstance(d.get("unit"), dict) else {}
            return f"{new.get('name', 'a unit')} joins ({new.get('points', '?')} points)"
        case "remove_unit":
            return f"{unit} removed"
        case "roll":
            return f"rolled {d.get('expr')}: {d.get('dice')} = {d.get('total')} {d.get('purpose', '')}".rstrip()
        case "end_match":
            winners = [_player(match, w) for w in d.get("winners", [])]
            return "match over: " + (", ".join(winners) + " won" if winners else "no winner")
        case "batch":
            return str(d.get("label") or f"{len(d.get('events', []))} changes")
        case "reopen":
            return "match reopened"
        case "house_rule":
            return f"house rule {d.get('option')} switched {'on' if d.get('on') is True else 'off'}"
        case "undone":  # a step with dice taken back by undo: what it was, marked
            step = d.get("step")
            return "UNDONE: " + (describe(match, Event.from_json(step)) if isinstance(step, dict) else "a roll")
        case _ if event.type.startswith("timer_"):
            return f"timer {d.get('timer')}: {event.type.removeprefix('timer_')}"
    return event.type


def _mark(match: Match, event: Event, step: Event | None) -> str:
    """"Ann undid Ben's “Ben: +1 kills”": who, and whose step when it was someone else's."""
    verb = "undid" if event.type == "undo" else "redid"
    what = f"“{describe(match, step)}”" if step is not None else "a step"
    whose = f"{_player(match, step.by)}'s " if step is not None and step.by and step.by != event.by else ""
    line = f"{verb} {whose}{what}"
    return f"{_player(match, event.by)} {line}" if event.by else line[0].upper() + line[1:]


def undo_note(match: Match, event: Event, step: Event) -> str:
    """The short message after an undo or redo at the table: "Undid: Sniper attacks Grunt A"."""
    return f"{'Undid' if event.type == 'undo' else 'Redid'}: {describe(match, step)}"


# --- a step's outcome, from the reducer ---------------------------------------------------------------


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
