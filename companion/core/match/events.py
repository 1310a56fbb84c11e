"""Events: every change to a match is an event applied by the pure function `apply`.

`apply(state, event)` returns a new state or raises `IllegalAction` with a reason a player can read; the old state
is never touched. The event type and the reducer live in `event_base`, rolls in `dice_events`: this module has
the table's other events and re-exports them all.
"""

from __future__ import annotations

from companion.core.errors import IllegalAction, InvalidMatch
from companion.core.frozen import replace
from companion.core.match import timers
from companion.core.match.creation import MAX_NAME
from companion.core.match.dice_events import rolled
from companion.core.match.event_base import HANDLERS, REDUCER, UNDONE, Event, apply, handler, replay
from companion.core.match.reactions import reactions
from companion.core.model import (
    ACTION,
    ACTION_LAST,
    COUNTER_SCOPES,
    HOUSE,
    LOCATIONS,
    MAX_POSITION,
    Match,
    Player,
    Timer,
    Tokens,
    Unit,
    _unit,
    is_word,
    token_slots,
)
from companion.core.words import counted

__all__ = ["HANDLERS", "REDUCER", "UNDONE", "Event", "apply", "handler", "replay", "rolled"]

# Upper bounds that keep one event sane (a fat-fingered 1000 damage, a 10-hour extension ...).
MAX_STEP = 100
MAX_TIMER_SECONDS = 24 * 3600


# --- reading event data -----------------------------------------------------------------------------


def _int(event: Event, key: str, low: int, high: int) -> int:
    value = event.data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"{event.type}: {key} must be a whole number")
    if not low <= value <= high:
        raise IllegalAction(f"{event.type}: {key} must be between {low} and {high}")
    return value


def _str(event: Event, key: str) -> str:
    value = event.data.get(key)
    if not isinstance(value, str) or not value:
        raise IllegalAction(f"{event.type}: {key} is missing")
    return value


def _unit_of(state: Match, event: Event, key: str = "unit") -> Unit:
    unit_id = _str(event, key)
    try:
        return state.unit(unit_id)
    except KeyError:
        raise IllegalAction(f"there is no unit {unit_id!r} in this match") from None


def _player_of(state: Match, event: Event, key: str = "player") -> Player:
    player_id = _str(event, key)
    try:
        return state.player(player_id)
    except KeyError:
        raise IllegalAction(f"there is no player {player_id!r} in this match") from None


def _with_unit(state: Match, unit: Unit) -> Match:
    uid = unit.id  # a list made into a tuple: twice as fast as a generator, and this runs on most events
    return replace(state, units=tuple([unit if u.id == uid else u for u in state.units]))


def _with_player(state: Match, player: Player) -> Match:
    pid = player.id
    return replace(state, players=tuple([player if p.id == pid else p for p in state.players]))


def _move_click(unit: Unit, click: int) -> Unit:
    return replace(unit, click=click, eliminated=unit.dial[click].ko)


# --- dials ------------------------------------------------------------------------------------------


@handler("damage")
def _damage(state: Match, event: Event) -> Match:
    unit = _unit_of(state, event)
    amount = _int(event, "amount", 1, MAX_STEP)
    if unit.cyclic:
        raise IllegalAction(f"{unit.name} turns round; it doesn't take damage")
    if unit.eliminated:
        raise IllegalAction(f"{unit.name} is already KO'd")
    # damage stops on the KO click: extra damage has nowhere to go
    return _with_unit(state, _move_click(unit, min(unit.click + amount, len(unit.dial) - 1)))


@handler("heal")
def _heal(state: Match, event: Event) -> Match:
    unit = _unit_of(state, event)
    amount = _int(event, "amount", 1, MAX_STEP)
    if unit.cyclic:
        raise IllegalAction(f"{unit.name} turns round; it can't be healed")
    if unit.eliminated:
        raise IllegalAction(f"{unit.name} is KO'd and can't be healed")
    if unit.click <= unit.start:
        raise IllegalAction(f"{unit.name} is already at full health")
    return _with_unit(state, _move_click(unit, max(unit.click - amount, unit.start)))


@handler("set_click")
def _set_click(state: Match, event: Event) -> Match:
    """Turn a dial by hand to a given click (corrections, respawn at full health)."""
    unit = _unit_of(state, event)
    last = len(unit.dial) - 1
    click = event.data.get("click")
    if isinstance(click, bool) or not isinstance(click, int) or not 0 <= click <= last:
        raise IllegalAction(f"{unit.name}'s dial has clicks 1 to {last + 1}; it can't turn past its last click")
    return _with_unit(state, _move_click(unit, click))


@handler("rotate")
def _rotate(state: Match, event: Event) -> Match:
    """Turn a cyclic dial (the Scarab's Event dial) clockwise by `steps`."""
    unit = _unit_of(state, event)
    steps = _int(event, "steps", 1, MAX_STEP)
    if not unit.cyclic:
        raise IllegalAction(f"{unit.name} doesn't turn round; use damage or heal")
    return _with_unit(state, replace(unit, click=(unit.click + steps) % len(unit.dial)))


# --- tokens, points, counters -----------------------------------------------------------------------


@handler("token")
def _token(state: Match, event: Event) -> Match:
    """Give or take tokens of a kind the match's pack declares (any kind when it declares none)."""
    unit = _unit_of(state, event)
    kind = _str(event, "kind")
    delta = _int(event, "delta", -MAX_STEP, MAX_STEP)
    limits = state.rules.token_limits
    if kind == ACTION_LAST or not is_word(kind) or (limits and kind not in limits and kind != ACTION):
        kinds = [k for k in limits if limits[k] != 0] or [ACTION]
        use = " or ".join([", ".join(kinds[:-1]), kinds[-1]] if len(kinds) > 1 else kinds)
        raise IllegalAction(f"there are no {kind[:MAX_POSITION]!r} tokens; use {use}")
    held = unit.tokens[kind]
    count = held + delta
    if count < 0:
        raise IllegalAction(f"{unit.name} has only {counted(held, kind + ' token')}")
    limit = limits.get(kind)
    if limit is not None and count + (unit.tokens.action_last if kind == ACTION else 0) > limit:
        raise IllegalAction(f"{unit.name} can't hold more than {counted(limit, kind + ' token')}")
    if kind == ACTION and delta > 0 and unit.eliminated:
        raise IllegalAction(f"{unit.name} is KO'd and can't be given an action")
    refusal = reactions(state.system).token_change_refusal(state, unit, kind, delta)  # the system's own rules
    if refusal:
        raise IllegalAction(refusal)
    return _with_unit(state, replace(unit, tokens=unit.tokens.counted(kind, count)))


@handler("score")
def _score(state: Match, event: Event) -> Match:
    player = _player_of(state, event)
    kind = _str(event, "kind")
    delta = _int(event, "delta", -MAX_STEP, MAX_STEP)
    if kind not in ("vp", "kills"):
        raise IllegalAction(f"points are vp or kills, not {kind!r}")
    value = getattr(player, kind) + delta
    if value < 0:
        raise IllegalAction(f"{player.name} has only {getattr(player, kind)} {kind}")
    return _with_player(state, replace(player, **{kind: value}))


@handler("rename_player")
def _rename_player(state: Match, event: Event) -> Match:
    """A player's new name (a typo at the start, a nickname): data {"player", "name", "was"}; `was` is the name it
    replaces, so the log line says who was renamed whatever the names are later, and a rename made on another
    copy of an older name is refused rather than applied blind."""
    player = _player_of(state, event)
    name, was = event.data.get("name"), event.data.get("was")
    if not isinstance(name, str) or not name.strip():
        raise IllegalAction("a player's name can't be blank")
    if name != name.strip() or not name.isprintable():
        raise IllegalAction("a player's name is one line with no spaces at either end")
    if len(name) > MAX_NAME:
        raise IllegalAction(f"a player's name can be at most {MAX_NAME} characters")
    if not isinstance(was, str):
        raise IllegalAction("rename_player: was (the name it replaces) is missing")
    if was != player.name:
        raise IllegalAction(f"that player is called {player.name} now, not {was}: rename them from that name")
    if name == player.name:
        raise IllegalAction(f"{player.name} already has that name")
    taken = next((p for p in state.players if p.id != player.id and p.name.casefold() == name.casefold()), None)
    if taken is not None:
        raise IllegalAction(f"{taken.name} already has that name; pick another so the log stays clear")
    return _with_player(state, replace(player, name=name))


@handler("counter")
def _counter(state: Match, event: Event) -> Match:
    scope = _str(event, "scope")
    name = _str(event, "name")
    delta = _int(event, "delta", -MAX_STEP, MAX_STEP)
    if scope not in COUNTER_SCOPES:
        raise IllegalAction(f"counter scope must be one of {', '.join(COUNTER_SCOPES)}")
    if name not in state.rules.counters.get(scope, ()):
        raise IllegalAction(f"this game has no {scope} counter called {name!r}")

    def bumped(counters: dict[str, int], owner: str) -> dict[str, int]:
        value = counters.get(name, 0) + delta
        if value < 0:
            raise IllegalAction(f"{owner}'s {name} can't go below zero")
        return {**counters, name: value}

    if scope == "match":
        return replace(state, counters=bumped(state.counters, "the match"))
    if scope == "player":
        player = _player_of(state, event, "target")
        return _with_player(state, replace(player, counters=bumped(player.counters, player.name)))
    unit = _unit_of(state, event, "target")
    return _with_unit(state, replace(unit, counters=bumped(unit.counters, unit.name)))


# --- turn structure ---------------------------------------------------------------------------------


def _clear(state: Match, owners: set[str]) -> tuple[Unit, ...]:
    """Clear phase: units that got no action token this turn lose their old ones; new ones become old."""
    units = []
    for u in state.units:
        if u.owner in owners:
            t = u.tokens
            last = t.action_last + t.action if t.action and state.rules.action_tokens_carry else 0
            if (t.action, t.action_last) != (0, last):  # most units hold no tokens: keep them as they are
                u = replace(u, tokens=Tokens({**t, ACTION: 0, ACTION_LAST: last}))
            if u.turn_marks:  # what the unit did this turn is over with it
                u = replace(u, turn_marks=())
        units.append(u)
    return tuple(units)


@handler("house_rule")
def _house_rule(state: Match, event: Event) -> Match:
    """Switch a house-rule option of the pack on or off for this match (the system refuses unknown ones)."""
    option = _str(event, "option")
    on = event.data.get("on")
    if not isinstance(on, bool):
        raise IllegalAction("house_rule: on must be true or false")
    if len(option) > MAX_POSITION * 2:
        raise IllegalAction("house_rule: an option is a short id")
    return replace(state, counters={**state.counters, HOUSE + option: int(on)})


@handler("end_round")
def _end_round(state: Match, event: Event) -> Match:
    if state.rules.turn_style != "shared":
        raise IllegalAction("this game has no rounds within a turn; end the turn instead")
    nxt = (state.active + 1) % len(state.players)
    return replace(state, active=nxt, round=state.round + (1 if nxt == 0 else 0))


@handler("end_turn")
def _end_turn(state: Match, event: Event) -> Match:
    first_phase = state.rules.phases[0] if state.rules.phases else ""
    if state.rules.turn_style == "shared":
        owners = {p.id for p in state.players}
        return replace(state, units=_clear(state, owners), turn=state.turn + 1, round=1, active=0,
                       phase=first_phase)
    owners = {state.active_player.id}
    nxt = (state.active + 1) % len(state.players)
    return replace(state, units=_clear(state, owners), turn=state.turn + 1, active=nxt, phase=first_phase)


@handler("set_phase")
def _set_phase(state: Match, event: Event) -> Match:
    phase = _str(event, "phase")
    if state.rules.phases and phase not in state.rules.phases:
        raise IllegalAction(f"this game has no phase {phase!r}")
    return replace(state, phase=phase)


@handler("set_position")
def _set_position(state: Match, event: Event) -> Match:
    """Where on (or in) the map the figure stands: a word its system's rules helper reads, "" for its default."""
    position = event.data.get("position")
    if not isinstance(position, str) or len(position) > MAX_POSITION:
        raise IllegalAction("set_position: position must be a short word (\"\" for the default place)")
    return _with_unit(state, replace(_unit_of(state, event), position=position))


@handler("set_location")
def _set_location(state: Match, event: Event) -> Match:
    unit = _unit_of(state, event)  # `reason` (optional, reserves only) says why it went to the reserves
    location = _str(event, "location")
    if location not in LOCATIONS:
        raise IllegalAction(f"a unit is on the {' or in '.join(LOCATIONS)}, not {location!r}")
    reason = event.data.get("reason", "")
    if reason != "" and (not is_word(reason) or location != "reserve"):
        raise IllegalAction("set_location: a reason is a short word, and only for the reserves")
    refusal = reason and reactions(state.system).reason_refusal(state, unit, reason)  # a word of the pack's
    if refusal:
        raise IllegalAction(refusal)
    return _with_unit(state, replace(unit, location=location, reserve_reason=reason))


@handler("mark")
def _mark(state: Match, event: Event) -> Match:
    """Note what a unit did this turn that outlives its action token (cleared when its player's turn ends)."""
    unit = _unit_of(state, event)
    mark = _str(event, "mark")
    refusal = ("mark: a unit's turn mark is a short word" if not is_word(mark) else
               reactions(state.system).mark_refusal(state, unit, mark))  # a word of the pack's
    if refusal:
        raise IllegalAction(refusal)
    if mark in unit.turn_marks:
        raise IllegalAction(f"{unit.name} is already marked {mark} this turn")
    return _with_unit(state, replace(unit, turn_marks=(*unit.turn_marks, mark)))


@handler("end_match")
def _end_match(state: Match, event: Event) -> Match:
    winners = event.data.get("winners", [])
    ids = {p.id for p in state.players}
    if not isinstance(winners, list) or not all(w in ids for w in winners):
        raise IllegalAction("end_match: winners must be players of this match")
    return replace(state, status="finished", winners=tuple(winners))


@handler("reopen")
def _reopen(state: Match, event: Event) -> Match:
    if state.status != "finished":
        raise IllegalAction("the match is not over")
    return replace(state, status="active", winners=())


# --- units ------------------------------------------------------------------------------------------


@handler("add_unit")
def _add_unit(state: Match, event: Event) -> Match:
    try:
        unit = _unit(event.data.get("unit"), "unit")
    except InvalidMatch as exc:
        raise IllegalAction(f"that unit can't be added: {exc}") from exc
    if any(u.id == unit.id for u in state.units):
        raise IllegalAction(f"there is already a unit with id {unit.id!r}")
    if unit.owner not in {p.id for p in state.players}:
        raise IllegalAction(f"{unit.name}: its owner is not a player of this match")
    slotted = unit.tokens.slotted(token_slots(state.rules))  # a count for each kind of its match, as it is kept
    if slotted is not unit.tokens:
        unit = replace(unit, tokens=slotted)
    unit = reactions(state.system).entering(state, unit)  # what its card gives it, in its system's rules
    return replace(state, units=(*state.units, unit))


@handler("remove_unit")
def _remove_unit(state: Match, event: Event) -> Match:
    unit = _unit_of(state, event)
    return replace(state, units=tuple(u for u in state.units if u.id != unit.id))


# --- several changes as one step ---------------------------------------------------------------------


@handler("batch")
def _batch(state: Match, event: Event) -> Match:
    """Several events that make one move at the table (an attack: token, roll, damage, kill) and undo as one.

    data: {"label": what it was, "events": [{"type", "data"}, ...]}; each runs with the batch's `by` and `at`.
    """
    items = event.data.get("events")
    if not isinstance(items, list) or not items or len(items) > MAX_STEP:
        raise IllegalAction("batch: events must be a non-empty list")
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("data", {}), dict):
            raise IllegalAction("batch: every event needs a type and a data object")
        kind = item.get("type")
        fn = HANDLERS.get(kind) if isinstance(kind, str) and kind != "batch" else None
        if fn is None:
            raise IllegalAction(f"batch: {kind!r} can't be part of a batch")
        state = fn(state, Event(kind, item.get("data", {}), event.by, event.at))
    return state


# --- timers (rolls are in core.match.dice_events) ---------------------------------------------------------------------


def _timer_of(state: Match, event: Event) -> Timer:
    timer_id = _str(event, "timer")
    try:
        return state.timer(timer_id)
    except KeyError:
        raise IllegalAction(f"there is no timer {timer_id!r}") from None


def _with_timer(state: Match, timer: Timer) -> Match:
    return replace(state, timers=tuple(timer if t.id == timer.id else t for t in state.timers))


@handler("timer_add")
def _timer_add(state: Match, event: Event) -> Match:
    timer_id = _str(event, "timer")
    if any(t.id == timer_id for t in state.timers):
        raise IllegalAction(f"there is already a timer {timer_id!r}")
    seconds = _int(event, "seconds", 1, MAX_TIMER_SECONDS)
    label = event.data.get("label", "")
    timer = timers.new_timer(timer_id, float(seconds), label if isinstance(label, str) else "")
    return replace(state, timers=(*state.timers, timer))


@handler("timer_start", "timer_resume")
def _timer_start(state: Match, event: Event) -> Match:
    timer = _timer_of(state, event)
    if timer.running:
        raise IllegalAction(f"timer {timer.label or timer.id} is already running")
    return _with_timer(state, timers.start(timer, event.at))


@handler("timer_pause")
def _timer_pause(state: Match, event: Event) -> Match:
    timer = _timer_of(state, event)
    if not timer.running:
        raise IllegalAction(f"timer {timer.label or timer.id} is not running")
    return _with_timer(state, timers.pause(timer, event.at))


@handler("timer_extend")
def _timer_extend(state: Match, event: Event) -> Match:
    timer = _timer_of(state, event)
    seconds = _int(event, "seconds", 1, MAX_TIMER_SECONDS)
    return _with_timer(state, timers.extend(timer, float(seconds), event.at))
