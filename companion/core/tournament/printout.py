"""What a judge hands to other tools: pairings and standings as CSV, and the plain parts the printed pages show
(seats, records, the order's line, a player's notes). The printed HTML pages are session.judging.printout's.
"""

from __future__ import annotations

from companion.core.tournament.results import Standing, csv_text, standings
from companion.core.tournament.state import Tournament
from companion.core.tournament.tiebreaks import order_for

PAIRINGS_COLUMNS = ("round", "table", "seat", "player", "points", "record")
STANDINGS_TAIL = ("played", "byes", "missed", "dropped", "order")  # after the order's own columns
DECIMALS = ("opp_strength", "opp_win", "opp_score", "placement")


def record(row: Standing | None) -> str:
    return "0-0-0" if row is None else f"{row.wins}-{row.losses}-{row.ties}"


def seats(t: Tournament) -> list[tuple[str, str, str]]:
    """(player, table, seat) for the round being played, byes as table 'bye'; in seating order."""
    out = [(p, str(tb.number), str(i)) for tb in t.tables for i, p in enumerate(tb.players, 1)]
    return out + [(p, "bye", "") for p in t.current.byes]


def pairings_csv(t: Tournament) -> str:
    rows = {r.player: r for r in standings(t)}
    return csv_text(PAIRINGS_COLUMNS, [
        (t.current.number, table, seat, player, 0 if rows.get(player) is None else rows[player].points,
         record(rows.get(player))) for player, table, seat in seats(t)])


def standings_csv(t: Tournament) -> str:
    """rank, player, the event's tiebreak columns in its order, then games, byes, rounds missed, dropped, order."""
    fields = tuple(c.field for c in order_for(t.tiebreaks, t.placement).columns)
    return csv_text(("rank", "player", *fields, *STANDINGS_TAIL), [
        (r.rank, r.player, *(f"{getattr(r, f):.4f}" if f in DECIMALS else getattr(r, f) for f in fields), r.played,
         r.byes, r.missed, "yes" if r.dropped else "", t.tiebreaks) for r in standings(t)])


def order_line(t: Tournament) -> str:
    chosen = order_for(t.tiebreaks, t.placement)
    return f"{chosen.name}: {chosen.order}"


def note(row: Standing) -> str:
    """' (dropped)', ' (1 bye)', ' (missed 1)' after a name, as the CLI shows them."""
    parts = [p for p, on in (("dropped", row.dropped), (f"{row.byes} bye", row.byes),
                             (f"missed {row.missed}", row.missed)) if on]
    return f" ({', '.join(parts)})" if parts else ""
