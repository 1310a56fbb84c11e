"""Judge mode for the screens and the CLI: events with tables and round clocks, what a clock shows and when its
warnings fire, results and standings, the stored events, and the timer a table's players take on their phones."""

from __future__ import annotations

from companion.core.match import timers
from companion.core.match.events import Event
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
from companion.core.tournament.state import DEFAULT_MARKS, DEFAULT_ROUND_SECONDS, Table, Tournament, new_tournament
from companion.store.paths import data_dir
from companion.store.tournaments import TournamentStore

__all__ = [
    "DEFAULT_MARKS", "DEFAULT_ROUND_SECONDS", "Event", "Table", "Tournament", "TournamentStore", "clock_text",
    "crossed_mark", "data_dir", "describe", "new_tournament", "next_change", "results_csv", "shown_seconds",
    "standings", "status", "table_timer_payload", "timers", "warning_text",
]
