"""Share a match by QR code (the other device takes it in with scan_screen.py).

No account and no network: one device shows the code(s), the other reads them in any order ("2 of 3").
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session.sharing.share import png, share_match
from companion.session.sharing.share_sync import ShareCode, share_code, turn_ready
from companion.ui.shell import App, app_bar
from companion.ui.widgets import switch_tile

QR_SIDE = 320  # fits a 360 px wide phone with its margins


class ShareScreen:
    """The match's code; a long match is a numbered sequence of codes, shown one at a time."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/share"
        self.part = 0
        self.history = True
        self.full = False  # the whole match even when a turn code would do

    def build(self, app: App) -> ft.View:
        code: ShareCode | None = None
        try:
            if self.history:
                code = share_code(app.session, self.match_id, full=self.full)
                plan = code.plan
            else:
                plan = share_match(app.session, self.match_id, history=False)
        except CompanionError as exc:
            return ft.View(route=self.route, appbar=app_bar(app, "Share"), padding=16,
                           controls=[ft.Text(str(exc), color=ft.Colors.ERROR)])
        self.part = min(self.part, plan.parts - 1)
        text = plan.texts[self.part]
        controls: list[ft.Control] = [
            *self._turn_controls(app, code),
            ft.Text("Scan this with the other device's Tabletop Companion (Scan a code) or its camera app."),
            ft.Container(bgcolor=ft.Colors.WHITE, padding=8, border_radius=8, alignment=ft.Alignment.CENTER,
                         content=ft.Image(src=png(text), width=QR_SIDE, height=QR_SIDE, key="share-qr")),
            ft.Text(f"Code {self.part + 1} of {plan.parts} · QR version {plan.versions[self.part]}",
                    key="share-part", weight=ft.FontWeight.BOLD),
        ]
        if plan.parts > 1:
            controls.append(ft.Row([
                ft.OutlinedButton("Previous code", key="share-prev", disabled=self.part == 0,
                                  on_click=partial(self._step, app, -1)),
                ft.OutlinedButton("Next code", key="share-next", disabled=self.part == plan.parts - 1,
                                  on_click=partial(self._step, app, 1)),
            ], wrap=True))
        controls += [
            switch_tile(ft.Switch(key="share-history", value=self.history,
                                  on_change=lambda e: self._set_history(app, bool(e.control.value))),
                        "Include the history", "Needed to merge"),
            ft.Row(wrap=True, controls=[
                ft.OutlinedButton("Copy link", icon=ft.Icons.COPY, key="share-copy",
                                  on_click=lambda: self._copy(app, text)),
                ft.OutlinedButton("Send link", icon=ft.Icons.SHARE, key="share-send",
                                  on_click=lambda: self._send(app, text)),
            ]),
            ft.Text(text, size=10, selectable=True, key="share-text", max_lines=3,
                    overflow=ft.TextOverflow.ELLIPSIS),
        ]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=10,
                       appbar=app_bar(app, "Share the match"), controls=controls)

    def _turn_controls(self, app: App, code: ShareCode | None) -> list[ft.Control]:
        """"Send my turn" when the other device's copy is known: only what it lacks, a much smaller code."""
        if code is None:
            return []
        if code.turn:
            return [ft.Text("Send my turn", key="share-turn", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                    ft.Text(f"Only what the other device lacks: {code.describe()}."),
                    ft.TextButton("Send the whole match instead", key="share-full",
                                  on_click=lambda: self._set_full(app, True))]
        if self.full and turn_ready(app.session, self.match_id):
            return [ft.TextButton("Send my turn only", key="share-turn-only",
                                  on_click=lambda: self._set_full(app, False))]
        whole = code.describe()  # "the whole match (34 steps), 376 bytes, QR version 15"
        return [ft.Text(f"{whole[:1].upper()}{whole[1:]}. Once the other device sends a code back, "
                        "the next share here is just your turn.", key="share-whole")]

    def _set_full(self, app: App, full: bool) -> None:
        self.full = full
        self.part = 0
        app.refresh()

    def _step(self, app: App, delta: int) -> None:
        self.part += delta
        app.refresh()

    def _set_history(self, app: App, on: bool) -> None:
        self.history = on
        self.part = 0
        app.refresh()

    def _copy(self, app: App, text: str) -> None:
        app.page.run_task(app.clipboard.set, text)
        app.toast("Link copied.")

    def _send(self, app: App, text: str) -> None:
        app.page.run_task(app.sharing.share_text, text)
