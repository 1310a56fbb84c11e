"""Plain-language lines for the match log (who did what, to whom) and for a step's outcome, and the table's words
for a unit and a score ("click 2 of 3", "Action 1", "reserve", "1 kill"): the app's cards, the CLI's text and the
log all call the functions below, so one thing reads the same everywhere.

What a step's events do is found by applying them on a trial copy with the one reducer (guard, checks and the
system's invariants included), never by re-running handlers or predicting them: previews, result cards and log
lines are written from that, so they all say the same."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core.match.dice_events import rolled
from companion.core.match.events import Event, apply
from companion.core.match.history import MARKS
from companion.core.model import ACTION, ACTION_LAST, Match, Unit
from companion.core.words import TokenWords, counted, plural, token_words

TokenNames = Mapping[str, TokenWords]  # kind -> its words, as the match's system gives them from its pack
SCORE_NAMES = {"vp": ("VP", "VP"), "kills": ("kill", "kills")}  # kind -> (one, many)


def live_clicks(unit: Unit) -> int:
    """The clicks a dial has before KO (a dial that turns round: all of them); the KO click is not counted."""
    return len(unit.dial) if unit.cyclic else len(unit.dial) - 1


def click_text(unit: Unit) -> str:
    """"click 2 of 3", or "KO"."""
    return "KO" if unit.eliminated else f"click {unit.click + 1} of {live_clicks(unit)}"


def token_text(unit: Unit, kind: str, names: TokenNames | None = None) -> str:
    """"1 Action token", with the action tokens still on it from an earlier turn: "1 Action token (+1 earlier)";
    each kind in its pack's words (`names`; without them, a word made from the kind's id). The noun, not the bare
    label: a newcomer read "Action 1" as a first action, not a token on the unit."""
    earlier = unit.tokens.action_last if kind == ACTION else 0
    words = token_words(kind, names)
    return counted(unit.tokens[kind], words.one, words.many) + (f" (+{earlier} earlier)" if earlier else "")


def token_change(kind: str, delta: int, names: TokenNames | None = None) -> str:
    """"+1 Action token", "-2 Action tokens", in the pack's words."""
    words = token_words(kind, names)
    return f"{delta:+d} {plural(delta, words.one, words.many)}"


def reserve_text(unit: Unit) -> str:
    """"reserve", "reserve (eliminated)" (why, in its pack's word); "" for a unit on the table."""
    if unit.location != "reserve":
        return ""
    return "reserve" + (f" ({unit.reserve_reason})" if unit.reserve_reason else "")


def unit_status(unit: Unit, token_kinds: Sequence[str], place: str = "", names: TokenNames | None = None) -> str:
    """A unit's state on one line, as the card, the CLI and the live table show it: "click 2 of 3 · reserve ·
    Action 1". `token_kinds` are the tokens its system lets it hold (a token it can't hold is never listed;
    one it holds none of is left out); `place`, where it stands when that is worth saying ("on the ramp");
    `names`, the tokens' words."""
    held = [token_text(unit, k, names) for k in token_kinds
            if unit.tokens[k] or (k == ACTION and unit.tokens.action_last)]
    return " · ".join(part for part in (click_text(unit), reserve_text(unit), place, *held) if part)


def score_text(kind: str, value: int, target: int | None = None) -> str:
    """"1 kill", "3 kills", "2 VP"; against a target, "1 of 5 kills"."""
    one, many = SCORE_NAMES.get(kind, (kind, kind))
    if target is not None:
        return f"{value} of {target} {one if abs(target) == 1 else many}"
    return f"{value} {one if abs(value) == 1 else many}"


def score_change(kind: str, delta: int) -> str:
    """"+1 kill", "-2 VP"."""
    return ("+" if delta >= 0 else "-") + score_text(kind, abs(delta))


def turn_text(match: Match, whose: str, number: int | None = None) -> str:
    """"Turn 2 · Ann to play", with `whose` the system's words for who plays now (a turn all players share says
    whose round it is there, so the turn's round is not said again) and `number` the turn as the game counts it
    (the match's own by default); who won once the match is over."""
    if match.status == "finished":
        return f"Match over · won by {', '.join(_player(match, w) for w in match.winners) or 'no one (a draw)'}"
    return f"Turn {match.turn if number is None else number} · {whose}"


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


def describe_at(match: Match, log: Sequence[Event], index: int, names: TokenNames | None = None) -> str:
    """The line for `log[index]`: an undo or redo says which step of the log it took back or brought back."""
    event = log[index]
    step = event.data.get("step") if event.type in MARKS else None
    named = log[step] if type(step) is int and 0 <= step < index else None
    return describe(match, event, named, names)


def describe(match: Match, event: Event, step: Event | None = None, names: TokenNames | None = None) -> str:
    """One line for an event, using names from `match` (a state from around the event's time); `step` is the
    step an undo or redo names, when the caller has the log; `names`, the tokens' words."""
    if event.type in MARKS:
        return _mark(match, event, step, names)
    d = event.data
    unit = _name(match, d.get("unit", d.get("target", "")))
    signed = f"{d.get('delta', 0):+d}" if isinstance(d.get("delta"), int) else ""
    match event.type:
        case "damage":
            return f"{unit} takes {d.get('amount')} damage"
        case "heal":
            return f"{unit} heals {d.get('amount')}"
        case "set_click":
            return f"{unit}'s dial turned to click {int(d.get('click', 0)) + 1}{_of_clicks(match, d.get('unit'))}"
        case "rotate":
            return f"{unit} turned clockwise {d.get('steps')}"
        case "token":
            return f"{unit}: {token_change(str(d.get('kind')), d['delta'], names)}" if signed else f"{unit}: token"
        case "score":
            change = score_change(str(d.get("kind")), d["delta"]) if signed else str(d.get("kind"))
            return f"{_player(match, d.get('player'))}: {change}"
        case "rename_player":
            return f"renamed {d.get('was')} to {d.get('name')}"
        case "counter":  # "Ann: captured spawn points +1" (the log has no pack to read the counter's name from)
            named = str(d.get("name", "")).replace("-", " ").replace("_", " ")
            scope = d.get("scope")
            who = (_player(match, d.get("target")) if scope == "player" else unit) if d.get("target") else ""
            return f"{who + ': ' if who else ''}{named} {signed}"
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


def _of_clicks(match: Match, unit_id: object) -> str:
    try:
        return f" of {live_clicks(match.unit(str(unit_id)))}"
    except KeyError:
        return ""


def _mark(match: Match, event: Event, step: Event | None, names: TokenNames | None = None) -> str:
    """"Ann undid Ben's “Ben: +1 kill”": who, and whose step when it was someone else's."""
    verb = "undid" if event.type == "undo" else "redid"
    what = f"“{describe(match, step, names=names)}”" if step is not None else "a step"
    whose = f"{_player(match, step.by)}'s " if step is not None and step.by and step.by != event.by else ""
    line = f"{verb} {whose}{what}"
    return f"{_player(match, event.by)} {line}" if event.by else line[0].upper() + line[1:]


def undo_note(match: Match, event: Event, step: Event, names: TokenNames | None = None) -> str:
    """The short message after an undo or redo, in the app and the CLI: "Undid: Sniper attacks Grunt A"; an undone
    step that rolled dice says its roll is still in the log (one that rolled none says nothing of rolls)."""
    kept = " (its roll stays in the log, marked undone)" if event.type == "undo" and rolled(step) else ""
    return f"{'Undid' if event.type == 'undo' else 'Redid'}: {describe(match, step, names=names)}{kept}"


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


def changes(before: Match, events: Sequence[Event], names: TokenNames | None = None) -> list[str]:
    """What a step's events did to the table, in words: damage, KOs (also when the unit is back in the reserve
    at full health by the end of the step), units moved, tokens (in `names`' words), points."""
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
        for kind in dict.fromkeys([*u.tokens, *was.tokens]):
            delta = u.tokens[kind] - was.tokens[kind]
            if delta and kind != ACTION_LAST:  # tokens kept from an earlier turn are the clear phase's, unsaid
                lines.append(f"{u.name}: {token_change(kind, delta, names)}")
    lines += [f"{u.name} is removed" for u in before.units if u.id not in {a.id for a in after.units}]
    for p in after.players:
        was_p = next((w for w in before.players if w.id == p.id), p)
        for kind in SCORE_NAMES:
            delta = getattr(p, kind) - getattr(was_p, kind)
            if delta:
                lines.append(f"{p.name}: {score_change(kind, delta)}")
    if after.status == "finished" and before.status != "finished":
        lines.append("The match is over")
    return lines
