"""What a judge prints or hands to other tools: pairings and standings as CSV, and a printable pairings page.

The page is one self-contained HTML file (no scripts, no outside files), alphabetical by player first, the
way pairings are pinned to a store's wall, then table by table. Every name is escaped.
"""

from __future__ import annotations

import html

from companion.core.tournament.results import Standing, csv_text, standings
from companion.core.tournament.state import Tournament

PAIRINGS_COLUMNS = ("round", "table", "seat", "player", "points", "record")
STANDINGS_COLUMNS = ("rank", "player", "played", "wins", "ties", "losses", "points", "vp", "opp_strength", "byes",
                     "dropped")


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
    return csv_text(STANDINGS_COLUMNS, [
        (r.rank, r.player, r.played, r.wins, r.ties, r.losses, r.points, r.vp, f"{r.opp_strength:.4f}", r.byes,
         "yes" if r.dropped else "") for r in standings(t)])


STYLE = """body{font-family:sans-serif;margin:1.5em}h1{font-size:1.6em;margin:0}p{margin:.3em 0 1em}
table{border-collapse:collapse;width:100%;margin-bottom:1.5em}th,td{border-bottom:1px solid #999;
padding:.35em .5em;text-align:left;font-size:1.15em}td.n{text-align:right;font-weight:bold;width:4em}
@media print{h2{break-before:page}h2.first{break-before:auto}}"""


def pairings_html(t: Tournament) -> str:
    e = html.escape
    rows = {r.player: r for r in standings(t)}
    by_name = sorted(seats(t), key=lambda s: s[0].casefold())
    name_rows = "".join(f"<tr><td>{e(p)}</td><td class=n>{e(tb)}</td><td>{e(record(rows.get(p)))}</td></tr>"
                        for p, tb, _ in by_name)
    table_rows = "".join(f"<tr><td class=n>{tb.number}</td><td>{' vs '.join(e(p) for p in tb.players)}</td></tr>"
                         for tb in t.tables)
    byes = "".join(f"<tr><td class=n>bye</td><td>{e(p)}</td></tr>" for p in t.current.byes)
    title = f"{e(t.name)} · round {t.current.number}"
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{title} pairings</title>"
            f"<style>{STYLE}</style></head><body><h1>{title}</h1>"
            f"<p>HeroClix Skirmish {t.build} · {t.round_seconds / 60:g}-minute rounds · record is W-L-T</p>"
            f"<h2 class=first>Find your table</h2><table><tr><th>Player</th><th>Table</th><th>Record</th></tr>"
            f"{name_rows}</table><h2>Tables</h2><table><tr><th>Table</th><th>Players</th></tr>{table_rows}{byes}"
            "</table></body></html>\n")
