"""What a table's clock shows at a given time, when its warnings fire, and the timer handed to a phone.

All pure: the live view's one shared tick calls these with the current time and redraws what changed.

Warnings: a mark fires when the remaining time goes from above it to at or below it between two checks.
When checks are sparse (a phone slept, a server was busy) and several marks were passed at once, only the
latest one (the fewest seconds left) fires, once: "time" wins over "1 minute left", and a burst of stale
warnings helps no one. An extension that lifts the clock back above a mark re-arms it.
"""

from __future__ import annotations

import math
from typing import Any

from companion.core.errors import CompanionError
from companion.core.match import timers
from companion.core.model import Timer
from companion.core.tournament.state import Table, Tournament

PAYLOAD_KIND = "tabletop-companion/table-timer"
PAYLOAD_VERSION = 1
TIME = 0.0  # the "mark" of time called


class BadTimerPayload(CompanionError):
    pass


def status(table: Table, now: float) -> str:
    """'waiting', 'running', 'paused', 'time' (reached zero) or 'done' (result entered)."""
    if table.result is not None:
        return "done"
    if not table.started:
        return "waiting"
    if timers.remaining(table.timer, now) <= 0:
        return "time"
    return "running" if table.timer.running else "paused"


def shown_seconds(timer: Timer, now: float) -> int:
    """Whole seconds a clock shows: rounded up, so it reads 0:00 only when time is really up."""
    return math.ceil(timers.remaining(timer, now) - 1e-9)


def clock_text(seconds: int) -> str:
    h, rest = divmod(max(0, seconds), 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def warning_text(mark: float) -> str:
    if mark <= TIME:
        return "Time!"
    if mark % 60 == 0:
        minutes = int(mark // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''} left"
    return f"{clock_text(math.ceil(mark))} left"


def crossed_mark(marks: tuple[float, ...], before: float, after: float) -> float | None:
    """The latest mark (or TIME) passed when the remaining time went from `before` to `after`, else None."""
    passed = [m for m in (*marks, TIME) if before > m >= after]
    return min(passed) if passed else None


def warning_due(timer: Timer, marks: tuple[float, ...], since: float, now: float) -> float | None:
    """The warning due for a clock checked at `since` and again at `now` (see the module notes)."""
    return crossed_mark(marks, timers.remaining(timer, since), timers.remaining(timer, now))


def next_change(tournament: Tournament, now: float) -> float | None:
    """The earliest moment after `now` at which a running clock shows a different second (None: all still)."""
    soonest: float | None = None
    for table in tournament.tables:
        t = table.timer
        if table.result is not None or not t.running or t.deadline is None or t.deadline <= now:
            continue
        left = t.deadline - now
        step = left - (math.ceil(left - 1e-9) - 1)  # until the shown value drops by one
        at = now + (step if step > 1e-6 else 1.0)
        soonest = at if soonest is None else min(soonest, at)
    return soonest


# --- the timer handed to a player's phone ------------------------------------------------------------


def table_timer_payload(tournament: Tournament, table: Table) -> dict[str, Any]:
    """Everything a phone needs to show this table's countdown offline (for the share codec to pack).

    A running clock travels as its deadline (UTC epoch seconds), so every phone that reads it shows the same
    time whenever it reads it; a paused or waiting one as the seconds left.
    """
    t = table.timer
    return {
        "kind": PAYLOAD_KIND,
        "v": PAYLOAD_VERSION,
        "event": tournament.name,
        "round": tournament.current.number,
        "table": table.number,
        "label": f"{tournament.name} · round {tournament.current.number} · table {table.number}: "
                 + " vs ".join(table.players),
        "running": t.running,
        "deadline": t.deadline if t.running else None,
        "remaining": None if t.running else t.remaining,
        "duration": t.duration,
        "marks": list(tournament.marks),
    }


def timer_from_payload(payload: Any) -> tuple[Timer, tuple[float, ...]]:
    """The timer (and warning marks) a phone rebuilds from a payload; BadTimerPayload when it is not one."""
    if not isinstance(payload, dict) or payload.get("kind") != PAYLOAD_KIND:
        raise BadTimerPayload("this code is not a table timer")
    if not isinstance(payload.get("v"), int) or payload["v"] > PAYLOAD_VERSION:
        raise BadTimerPayload("this table timer comes from a newer version of the app")
    try:
        running = payload["running"]
        marks = tuple(float(m) for m in payload.get("marks", ()))
        if not isinstance(running, bool):
            raise TypeError("running")
        timer_id, label = f"table-{payload['table']}", str(payload["label"])
        if running:
            timer = Timer(id=timer_id, label=label, duration=_number(payload, "duration"), running=True,
                          deadline=_number(payload, "deadline"))
        else:
            timer = Timer(id=timer_id, label=label, duration=_number(payload, "duration"),
                          remaining=_number(payload, "remaining"))
    except (KeyError, TypeError, ValueError) as exc:
        raise BadTimerPayload(f"this table timer is incomplete ({exc})") from None
    return timer, marks


def _number(payload: dict[str, Any], key: str) -> float:
    value = payload[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{key} is not a number")
    return float(value)
