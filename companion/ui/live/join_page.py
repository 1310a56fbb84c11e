"""The small HTML pages of a hosted table's join link: pick who you are, or hear that the code is spent.

Plain server-rendered HTML (a few hundred bytes) from companion/templates/join/: the phone's browser shows it
before the Flet client loads. Every text that comes from the match is escaped (session.render).
"""

from __future__ import annotations

from companion.session.render import render


def choose_seat(match_name: str, code: str, seats: list[tuple[str, str]]) -> str:
    """The seat picker: one button per player; pressing one spends the code."""
    return render("join/choose_seat.html", title="Join the table", match_name=match_name, code=code, seats=seats)


def spent() -> str:
    return render("join/spent.html", title="Join link spent")
