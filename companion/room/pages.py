"""The room's pages as HTML strings: right without JavaScript, a few KB each, nothing loaded from elsewhere.

Every text from the event (names, reasons) is escaped. A table is a `<section id="tN">` whose parts carry
`data-f` names, so the live script (room.assets) updates them in place from the server's messages.
"""

from __future__ import annotations

from html import escape

from companion.room.assets import CSS, JS
from companion.session.judging.event_pairing import StandingsTable
from companion.session.judging.room import RoomFeed, Seat, TableView

NAV = '<nav><a href="/find">Find my table</a><a href="/room">All tables</a><a href="/standings">Standings</a></nav>'
LOST = '<p id="lost" class="lost" role="status">Connection lost - clock may be behind</p>'


def page(title: str, body: str, *, events: str | None = None, wide: bool = False) -> str:
    live = f' data-events="{escape(events)}"' if events else ""
    script = f"<script>{JS}</script>" if events else ""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{escape(title)}</title><style>{CSS}</style></head>"
            f'<body{" class=wide" if wide else ""}><main{live}>{NAV}{LOST if events else ""}{body}</main>'
            f"{script}</body></html>")


def _table_parts(v: TableView, heading: str) -> str:
    return (f'<section id="t{v.number}" class="tbl {v.status}{" " + v.level if v.level else ""}">{heading}'
            f'<p class="players">{escape(v.players_line)}</p>'
            f'<div class="clock" data-f="clock" role="timer">{v.clock}</div>'
            f'<p class="state" data-f="state">{escape(v.status_text)}</p>'
            f'<p class="note" data-f="note">{escape(v.warning)}</p>'
            f'<p data-f="ext">{escape("; ".join(v.extensions))}</p>'
            f'<p data-f="result">{escape(v.result)}</p>'
            f'<p class="flag" data-f="rep">{escape(v.reports)}</p></section>')


def table_page(feed: RoomFeed, view: TableView, report: str = "") -> str:
    """One table's page; `report`: its *Report result* part for the phone asking (room.report_pages)."""
    body = f"<h1>{escape(feed.title)}</h1>" + _table_parts(view, f"<h2>Table {view.number}</h2>") + report
    return page(f"Table {view.number} · {feed.state.name}", body, events=f"/table/{view.number}/events")


def room_page(feed: RoomFeed, views: list[TableView]) -> str:
    cards = "".join(f'<a class="card" href="/table/{v.number}">{_table_parts(v, f"<h2>Table {v.number}</h2>")}</a>'
                    for v in views)
    body = f"<h1>{escape(feed.title)}</h1>" + (f'<div class="grid">{cards}</div>' if views else
                                               "<p>No tables are seated yet.</p>")
    return page(f"All tables · {feed.state.name}", body, events="/room/events", wide=True)


def find_page(feed: RoomFeed, query: str, seats: list[Seat]) -> str:
    rows = "".join(f"<li><b>Bye</b> {escape(s.player)}: no game this round</li>" if s.table is None else
                   f'<li><a href="/table/{s.table}">Table {s.table}</a> {escape(s.player)}'
                   f'{" vs " + escape(", ".join(s.opponents)) if s.opponents else ""}</li>' for s in seats)
    if not seats:
        rows = f"<li>No player named like {escape(query)} this round.</li>" if query else "<li>No one is seated.</li>"
    body = (f"<h1>{escape(feed.title)}</h1><h2>Find my table</h2>"
            f'<form action="/find" method="get"><input name="name" value="{escape(query)}" placeholder="Your name" '
            f'aria-label="Your name" autocomplete="off" maxlength="60"><button>Find</button></form>'
            f'<ul class="seats">{rows}</ul>')
    return page(f"Find my table · {feed.state.name}", body)


def standings_page(feed: RoomFeed, shown: StandingsTable) -> str:
    """The event's standings with the columns of its tiebreak order, and the order itself above them."""
    head = '<tr><th class="n">#</th><th>Player</th>' + "".join(
        f'<th class="n">{escape(h)}</th>' for h in shown.headers) + "</tr>"
    lines = "".join(f'<tr><td class="n">{rank}</td><td>{escape(player)}</td>'
                    + "".join(f'<td class="n">{escape(v)}</td>' for v in values) + "</tr>"
                    for rank, player, values in shown.rows)
    cut = "".join(f"<li>{escape(line)}</li>" for line in shown.bracket)
    body = f"<h1>{escape(feed.title)}</h1>" + (f"<h2>Top cut</h2><ul>{cut}</ul>" if cut else "") + (
        f"<h2>Standings</h2><p>Order: {escape(shown.order)}</p>") + (
        f"<table>{head}{lines}</table>" if shown.rows else "<p>No players seated yet.</p>")
    return page(f"Standings · {feed.state.name}", body)


def not_found(what: str) -> str:
    return page("Not found", f"<h2>Not found</h2><p>{escape(what)}</p>")
