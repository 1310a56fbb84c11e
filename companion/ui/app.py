"""The Flet app. For now: the home screen that lists saved matches (the player-app issue grows it)."""

from __future__ import annotations

import time

import flet as ft

from companion.core.errors import CompanionError
from companion.session import Session


def match_list(session: Session) -> list[ft.Control]:
    try:
        summaries = session.list_matches()
    except CompanionError as exc:
        return [ft.Text(f"Your matches could not be read: {exc}", color=ft.Colors.ERROR)]
    if not summaries:
        return [ft.Text("No matches yet. Start one from the command line: "
                        "companion match new --system halo-actionclix --player Ann --player Ben")]
    return [
        ft.ListTile(
            key=f"match-{s.id}",
            title=ft.Text(" vs ".join(s.players)),
            subtitle=ft.Text(f"{s.system} · turn {s.turn} · {s.status} · "
                             f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(s.updated))}"),
        )
        for s in summaries
    ]


def main(page: ft.Page, session: Session | None = None) -> None:
    session = session or Session.open()
    page.title = "Tabletop Companion"
    listing = ft.Column(match_list(session), key="match-list")

    def refresh(_: ft.Event | None = None) -> None:
        listing.controls = match_list(session)

    page.add(
        ft.Text("Tabletop Companion", theme_style=ft.TextThemeStyle.HEADLINE_SMALL),
        ft.Text("Saved matches, most recent first"),
        ft.Button("Refresh", key="refresh", on_click=refresh),
        listing,
    )
