"""Swiss events as the judge prints them: the round's seating, the pairings and the standings (in the event's
tiebreak order, with that order's columns, and the top cut's bracket) as CSV, a printable page or the rows every
screen shows. Registration, pairing, drops and swaps are changes: the judging service makes them
(session/judging/service.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.tournament.cut import SIZES as CUT_SIZES
from companion.core.tournament.cut import bracket_lines, sizes_for, stage
from companion.core.tournament.printout import note, order_line, pairings_csv, standings_csv
from companion.core.tournament.results import standings
from companion.core.tournament.state import Tournament
from companion.core.tournament.tiebreaks import PRESETS, cells, order_for
from companion.session.judging.printout import pairings_html, standings_html

__all__ = ["CUT_SIZES", "PRESETS", "StandingsTable", "pairings_csv", "pairings_html", "sizes_for", "standings",
           "standings_csv", "standings_html", "standings_table", "tables_json"]


def tables_json(t: Tournament) -> dict[str, Any]:
    """The round's seating: {"round", "tables": [{"table", "players"}], "byes": [...]}."""
    return {"round": t.current.number, "tables": [{"table": tb.number, "players": list(tb.players)} for tb in t.tables],
            "byes": list(t.current.byes)}


@dataclass(frozen=True)
class StandingsTable:
    """The standings as every screen shows them: the event's order, its column headers, and per player the rank
    ('=3' when shared), the name with its notes (dropped, byes, rounds missed) and the order's values."""

    order: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, str, tuple[str, ...]], ...]
    stage: str = ""  # "round 3", or the top cut's "semifinal" ...
    bracket: tuple[str, ...] = ()  # the top cut so far, one line a game


def standings_table(t: Tournament) -> StandingsTable:
    chosen = order_for(t.tiebreaks, t.placement)
    return StandingsTable(order_line(t), ("Games", *(c.header for c in chosen.columns)),
                          tuple((f"={r.rank}" if r.tied else str(r.rank), r.player + note(r),
                                 (str(r.played), *cells(chosen, r))) for r in standings(t)),
                          stage(t), tuple(bracket_lines(t)))
