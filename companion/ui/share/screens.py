"""Share a match by QR code (the other device takes it in with scan_screen.py).

No account and no network: one device shows the code (or codes), the other reads them in any order ("2 of 3").

A Flet component over the session's change feed: the code follows the match (a step made on another phone or
with the CLI redraws it without a tap).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session.sharing.share import CodePlan, png, share_match
from companion.session.sharing.share_sync import ShareCode, share_code, turn_ready
from companion.ui.hooks import use_history
from companion.ui.shell import App, app_bar
from companion.ui.widgets import switch_tile

QR_SIDE = 320  # fits a 360 px wide phone with its margins


class ShareScreen:
    """The match's code; a long match is a numbered sequence of codes, shown one at a time."""

    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, appbar=app_bar(app, "Share the match"),
                       controls=[ShareBody(app, self.match_id, key="share")])


@ft.component
def ShareBody(app: App, match_id: str) -> ft.Control:
    history = use_history(app.session, match_id)
    part, set_part = ft.use_state(0)
    with_history, set_with_history = ft.use_state(True)
    full, set_full = ft.use_state(False)  # the whole match even when a turn code would do
    made = ft.use_memo(lambda: _code(app, match_id, with_history, full), [history, with_history, full])
    if isinstance(made, str):
        return ft.Text(made, color=ft.Colors.ERROR, key="share-refused")
    code, plan = made
    part = min(part, plan.parts - 1)
    text = plan.texts[part]

    def choose(on_full: bool | None = None, on_history: bool | None = None) -> None:
        if on_full is not None:
            set_full(on_full)
        if on_history is not None:
            set_with_history(on_history)
        set_part(0)

    controls: list[ft.Control] = [
        *_turn_controls(app, match_id, code, full, lambda on: choose(on_full=on)),
        ft.Text("Scan this with the other device's Tabletop Companion (Scan a code) or its camera app."),
        ft.Container(bgcolor=ft.Colors.WHITE, padding=8, border_radius=8, alignment=ft.Alignment.CENTER,
                     content=ft.Image(src=png(text), width=QR_SIDE, height=QR_SIDE, key="share-qr")),
        ft.Text(f"Code {part + 1} of {plan.parts} · QR version {plan.versions[part]}",
                key="share-part", weight=ft.FontWeight.BOLD),
    ]
    if plan.parts > 1:
        controls.append(ft.Row([
            ft.OutlinedButton("Previous code", key="share-prev", disabled=part == 0,
                              on_click=lambda: set_part(part - 1)),
            ft.OutlinedButton("Next code", key="share-next", disabled=part == plan.parts - 1,
                              on_click=lambda: set_part(part + 1)),
        ], wrap=True))
    controls += [
        switch_tile(ft.Switch(key="share-history", value=with_history,
                              on_change=lambda e: choose(on_history=bool(e.control.value))),
                    "Include the history", "Needed to merge"),
        ft.Row(wrap=True, controls=[
            ft.OutlinedButton("Copy link", icon=ft.Icons.COPY, key="share-copy", on_click=partial(_copy, app, text)),
            ft.OutlinedButton("Send link", icon=ft.Icons.SHARE, key="share-send",
                              on_click=lambda: app.page.run_task(app.sharing.share_text, text)),
        ]),
        ft.Text(text, size=12, selectable=True, key="share-text", max_lines=3, overflow=ft.TextOverflow.ELLIPSIS),
    ]
    return ft.Column(controls, spacing=10, key="share-body")


def _code(app: App, match_id: str, with_history: bool, full: bool) -> tuple[ShareCode | None, CodePlan] | str:
    """The code as the match stands (with the history: a turn code when the other device's copy is known);
    the reason as text when the match can't be shared."""
    try:
        if with_history:
            code = share_code(app.session, match_id, full=full)
            return code, code.plan
        return None, share_match(app.session, match_id, history=False)
    except CompanionError as exc:
        return str(exc)


def _turn_controls(app: App, match_id: str, code: ShareCode | None, full: bool,
                   set_full: Callable[[bool], None]) -> list[ft.Control]:
    """"Send my turn" when the other device's copy is known: only what it lacks, a much smaller code."""
    if code is None:
        return []
    if code.turn:
        return [ft.Text("Send my turn", key="share-turn", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                ft.Text(f"Only what the other device lacks: {code.describe()}."),
                ft.TextButton("Send the whole match instead", key="share-full", on_click=lambda: set_full(True))]
    if full and turn_ready(app.session, match_id):
        return [ft.TextButton("Send my turn only", key="share-turn-only", on_click=lambda: set_full(False))]
    whole = code.describe()  # "the whole match (34 steps), 376 bytes, QR version 15"
    return [ft.Text(f"{whole[:1].upper()}{whole[1:]}. Once the other device sends a code back, "
                    "the next share here is just your turn.", key="share-whole")]


def _copy(app: App, text: str) -> None:
    app.page.run_task(app.clipboard.set, text)
    app.toast("Link copied.")
