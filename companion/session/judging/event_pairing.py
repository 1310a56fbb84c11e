"""Swiss events as the judge prints them: the round's seating, the pairings and the standings (with tiebreaks)
as CSV or a printable page. Registration, pairing, drops and swaps are changes: the judging service makes them
(session/judging/service.py)."""

from __future__ import annotations

from typing import Any

from companion.core.tournament.printout import pairings_csv, pairings_html, standings_csv
from companion.core.tournament.results import standings
from companion.core.tournament.state import Tournament

__all__ = ["pairings_csv", "pairings_html", "standings", "standings_csv", "tables_json"]


def tables_json(t: Tournament) -> dict[str, Any]:
    """The round's seating: {"round", "tables": [{"table", "players"}], "byes": [...]}."""
    return {"round": t.current.number, "tables": [{"table": tb.number, "players": list(tb.players)} for tb in t.tables],
            "byes": list(t.current.byes)}
