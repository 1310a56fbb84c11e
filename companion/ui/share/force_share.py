"""Share a saved force: its QR code and link (another phone's *Scan a code*, or its camera app, saves it), and the
force as text to paste anywhere."""

from __future__ import annotations

import flet as ft

from companion.core.errors import CompanionError
from companion.session.sharing.force_share import force_link_of, force_qr, saved_force
from companion.session.table.forces import saved_force_text, units_word
from companion.ui.shell import App, app_bar

QR_SIDE = 320  # as the match's share screen: fits a 360 px wide phone with its margins


class ForceShareScreen:
    def __init__(self, force_id: str) -> None:
        self.force_id = force_id

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, appbar=app_bar(app, "Share force"),
                       controls=[_body(app, self.force_id)])


def _body(app: App, force_id: str) -> ft.Control:
    try:
        force = saved_force(app.session, force_id)
        link = force_link_of(app.session, force_id)
        text = saved_force_text(app.session, force)
    except CompanionError as exc:
        return ft.Text(str(exc), color=ft.Colors.ERROR, key="force-share-refused")

    def copy(what: str, said: str) -> None:
        app.page.run_task(app.clipboard.set, what)
        app.toast(said)

    return ft.Column(spacing=10, key="force-share", controls=[
        ft.Text(f"{force.name} · {units_word(len(force.units))}, {force.points} points", key="force-share-title",
                weight=ft.FontWeight.BOLD),
        ft.Text("Scan this with the other phone's Tabletop Companion (Scan a code) or its camera app: the force is "
                "saved there, ready for its next match."),
        ft.Container(bgcolor=ft.Colors.WHITE, padding=8, border_radius=8, alignment=ft.Alignment.CENTER,
                     content=ft.Image(src=force_qr(link), width=QR_SIDE, height=QR_SIDE, key="force-qr")),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            ft.OutlinedButton("Copy link", icon=ft.Icons.COPY, key="force-copy-link", height=48,
                              on_click=lambda: copy(link, "Link copied.")),
            ft.OutlinedButton("Send link", icon=ft.Icons.SHARE, key="force-send-link", height=48,
                              on_click=lambda: app.page.run_task(app.sharing.share_text, link)),
            ft.OutlinedButton("Copy as text", icon=ft.Icons.NOTES, key="force-copy-text", height=48,
                              on_click=lambda: copy(text, "The force is copied as text, one unit a line.")),
        ]),
        ft.Text(link, size=12, selectable=True, key="force-link", max_lines=3, overflow=ft.TextOverflow.ELLIPSIS),
    ])
