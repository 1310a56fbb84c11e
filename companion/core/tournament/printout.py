"""What a judge prints or hands to other tools: pairings and standings as CSV, and a printable pairings page.

The page is one self-contained HTML file (no scripts, no outside files), alphabetical by player first, the
way pairings are pinned to a store's wall, then table by table. Every name is escaped.
"""

from __future__ import annotations

import html

from companion.core.tournament.cut import bracket_lines, stage
from companion.core.tournament.results import Standing, csv_text, standings
from companion.core.tournament.state import Tournament
from companion.core.tournament.tiebreaks import cells, order_for

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


def standings_html(t: Tournament) -> str:
    """A printable standings page: the order the event announced, its columns, drops, byes and missed rounds."""
    e = html.escape
    chosen = order_for(t.tiebreaks, t.placement)
    head = "".join(f"<th>{e(c.header)}</th>" for c in chosen.columns)
    rows = "".join(
        f"<tr><td class=n>{'=' if r.tied else ''}{r.rank}</td><td>{e(r.player)}{note(r)}</td>"
        + "".join(f"<td>{e(v)}</td>" for v in cells(chosen, r)) + "</tr>" for r in standings(t))
    title = f"{e(t.name)} · standings · {e(stage(t))}"
    cut = "".join(f"<li>{e(line)}</li>" for line in bracket_lines(t))
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{title}</title><style>{STYLE}</style>"
            f"</head><body><h1>{title}</h1>" + (f"<h2 class=first>Top cut</h2><ul>{cut}</ul>" if cut else "")
            + f"<h2 class=first>Swiss standings</h2><p>Order: {e(order_line(t))}</p>"
            f"<table><tr><th>#</th><th>Player</th>{head}</tr>{rows}</table></body></html>\n")


def note(row: Standing) -> str:
    """' (dropped)', ' (1 bye)', ' (missed 1)' after a name, as the CLI shows them."""
    parts = [p for p, on in (("dropped", row.dropped), (f"{row.byes} bye", row.byes),
                             (f"missed {row.missed}", row.missed)) if on]
    return f" ({', '.join(parts)})" if parts else ""


STYLE = """body{font-family:sans-serif;margin:1.5em}h1{font-size:1.6em;margin:0}p{margin:.3em 0 1em}
table{border-collapse:collapse;width:100%;margin-bottom:1.5em}th,td{border-bottom:1px solid #999;
padding:.35em .5em;text-align:left;font-size:1.15em}td.n{text-align:right;font-weight:bold;width:4em}
@media print{h2{break-before:page}h2.first{break-before:auto}}"""


def pairings_html(t: Tournament, *, game: str) -> str:
    """The printable pairings page; `game`: the event's game as the app names it ("HeroClix Skirmish 300", from the
    game's pack: session/judging/games.py)."""
    e = html.escape
    rows = {r.player: r for r in standings(t)}
    by_name = sorted(seats(t), key=lambda s: s[0].casefold())
    name_rows = "".join(f"<tr><td>{e(p)}</td><td class=n>{e(tb)}</td><td>{e(record(rows.get(p)))}</td></tr>"
                        for p, tb, _ in by_name)
    table_rows = "".join(f"<tr><td class=n>{tb.number}</td><td>{' vs '.join(e(p) for p in tb.players)}</td></tr>"
                         for tb in t.tables)
    byes = "".join(f"<tr><td class=n>bye</td><td>{e(p)}</td></tr>" for p in t.current.byes)
    title = f"{e(t.name)} · {e(stage(t))}"
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{title} pairings</title>"
            f"<style>{STYLE}</style></head><body><h1>{title}</h1>"
            f"<p>{e(game)} · {t.round_seconds / 60:g}-minute rounds · record is W-L-T<br>"
            f"Standings order: {e(order_line(t))}</p>"
            f"<h2 class=first>Find your table</h2><table><tr><th>Player</th><th>Table</th><th>Record</th></tr>"
            f"{name_rows}</table><h2>Tables</h2><table><tr><th>Table</th><th>Players</th></tr>{table_rows}{byes}"
            "</table></body></html>\n")
