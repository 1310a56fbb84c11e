"""What the judge's screens and the CLI show of an event: a clock's text and state, when its warnings fire, a
table's timer code, results and standings. Changes go through the judging service (session/judging/service.py)."""

from __future__ import annotations

from companion.core.match.events import Event
from companion.core.match.timers import remaining
from companion.core.tournament.clock import (
    clock_text,
    crossed_mark,
    next_change,
    shown_seconds,
    status,
    table_timer_payload,
    warning_text,
)
from companion.core.tournament.results import describe, results_csv, standings
from companion.core.tournament.state import DEFAULT_MARKS, DEFAULT_ROUND_SECONDS, Table, Tournament

__all__ = [
    "DEFAULT_MARKS", "DEFAULT_ROUND_SECONDS", "Event", "Table", "Tournament", "clock_text", "crossed_mark",
    "describe", "next_change", "remaining", "results_csv", "shown_seconds", "standings", "status",
    "table_timer_payload", "warning_text",
]
