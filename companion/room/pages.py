"""The room's pages: right without JavaScript, a few KB each, nothing loaded from elsewhere.

Rendered from the templates in companion/templates/room/ (session.render: autoescaped, so every text from the
event is escaped). A table is a `<section id="tN">` whose parts carry `data-f` names, so the live script
(room.assets) updates them in place from the server's messages.
"""

from __future__ import annotations

from typing import Any

from companion.room.assets import CSS, JS
from companion.session.judging.event_pairing import StandingsTable
from companion.session.judging.room import RoomFeed, Seat, TableView
from companion.session.render import render, trusted


def page(template: str, title: str, *, events: str | None = None, wide: bool = False, **context: Any) -> str:
    """A room page from its template (one extending room/page.html); `events`: its live stream's path."""
    return render(f"room/{template}", title=title, css=trusted(CSS), js=trusted(JS), events=events, wide=wide,
                  **context)


def table_page(feed: RoomFeed, view: TableView, report: str = "") -> str:
    """One table's page; `report`: its *Report result* part for the phone asking (room.report_pages), a rendered
    fragment (a plain string would be escaped)."""
    return page("table.html", f"Table {view.number} · {feed.state.name}", events=f"/table/{view.number}/events",
                event_title=feed.title, view=view, report=report)


def room_page(feed: RoomFeed, views: list[TableView]) -> str:
    return page("room.html", f"All tables · {feed.state.name}", events="/room/events", wide=True,
                event_title=feed.title, views=views)


def find_page(feed: RoomFeed, query: str, seats: list[Seat]) -> str:
    return page("find.html", f"Find my table · {feed.state.name}", event_title=feed.title, query=query, seats=seats)


def standings_page(feed: RoomFeed, shown: StandingsTable) -> str:
    """The event's standings with the columns of its tiebreak order, and the order itself above them."""
    return page("standings.html", f"Standings · {feed.state.name}", event_title=feed.title, shown=shown)


def not_found(what: str) -> str:
    return page("message.html", "Not found", heading="Not found", sentence=what, alert=False)


def judge_link_spent() -> str:
    return page("judge_link.html", "Judge link")
