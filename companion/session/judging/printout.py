"""What a judge prints: the pairings and the standings of a Swiss event, and the players' code slips.

Each is one self-contained HTML page (no scripts, no outside files) from companion/templates/print/, every name
escaped (session.render). The pairings go alphabetical by player first, the way they are pinned to a store's
wall, then table by table. The CSV a judge hands to other tools stays with the plain data (core.tournament.printout).
"""

from __future__ import annotations

from companion.core.tournament.cut import bracket_lines, stage
from companion.core.tournament.printout import note, order_line, record, seats
from companion.core.tournament.results import standings
from companion.core.tournament.state import Tournament
from companion.core.tournament.tiebreaks import cells, order_for
from companion.session.render import render


def standings_html(t: Tournament) -> str:
    """A printable standings page: the order the event announced, its columns, drops, byes and missed rounds."""
    chosen = order_for(t.tiebreaks, t.placement)
    rows = [(f"{'=' if r.tied else ''}{r.rank}", r.player + note(r), cells(chosen, r)) for r in standings(t)]
    return render("print/standings.html", title=f"{t.name} · standings · {stage(t)}", bracket=bracket_lines(t),
                  order=order_line(t), headers=[c.header for c in chosen.columns], rows=rows)


def pairings_html(t: Tournament, *, game: str) -> str:
    """The printable pairings page; `game`: the event's game as the app names it ("HeroClix Skirmish 300", from the
    game's pack: session/judging/games.py)."""
    rows = {r.player: r for r in standings(t)}
    by_name = [(p, table, record(rows.get(p))) for p, table, _ in sorted(seats(t), key=lambda s: s[0].casefold())]
    heading = f"{t.name} · {stage(t)}"
    return render("print/pairings.html", title=f"{heading} pairings", heading=heading,
                  about=f"{game} · {t.round_seconds / 60:g}-minute rounds · record is W-L-T",
                  order=order_line(t), by_name=by_name, tables=[(tb.number, tb.players) for tb in t.tables],
                  byes=t.current.byes)


def slips_html(t: Tournament, codes: dict[str, str]) -> str:
    """One slip per player to cut out and hand over (never post it: each code signs its player in)."""
    seat = {p: tb.number for tb in t.tables for p in tb.players}
    slips = [(p, seat.get(p), code) for p, code in sorted(codes.items(), key=lambda i: i[0].casefold())]
    return render("print/slips.html", title=f"{t.name} player codes", event=t.name, slips=slips)
