"""The end of a match: choose the result (the leader is suggested), then the result and points over turns."""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session.play.match_tools import leaders, scoring_kind
from companion.session.table.full_log import points_over_turns
from companion.ui.match.points_chart import points_chart
from companion.ui.shell import App, app_bar
from companion.ui.widgets import radio_tile

DRAW = "draw"


class EndMatchScreen:
    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/end"
        self.choice = ""

    def build(self, app: App) -> ft.View:
        match = app.session.state(self.match_id)
        top = leaders(match)
        if not self.choice:
            self.choice = top[0] if len(top) == 1 else DRAW
        kind = "kills" if scoring_kind(match) == "kills" else "VP"
        options = [radio_tile(ft.Radio(value=p.id, key=f"winner-{p.id}"),
                              f"{p.name} wins ({getattr(p, scoring_kind(match))} {kind})") for p in match.players]
        options.append(radio_tile(ft.Radio(value=DRAW, key="winner-draw"), "A draw"))
        return ft.View(route=self.route, padding=16, spacing=12, appbar=app_bar(app, "End the match"), controls=[
            ft.Text(f"Suggested from the scores: {', '.join(match.player(p).name for p in top)}"
                    + (" (tied)" if len(top) > 1 else "")),
            ft.RadioGroup(key="winner", value=self.choice, content=ft.Column(options, spacing=0),
                          on_change=lambda e: setattr(self, "choice", e.control.value or DRAW)),
            ft.FilledButton("End the match", key="end-match-confirm", on_click=lambda: self._end(app)),
        ])

    def _end(self, app: App) -> None:
        winners = [] if self.choice == DRAW else [self.choice]
        try:
            app.session.dispatch(self.match_id, "end_match", {"winners": winners})
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.replace(ResultScreen(self.match_id))


class ResultScreen:
    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/result"

    def build(self, app: App) -> ft.View:
        match = app.session.state(self.match_id)
        kind = scoring_kind(match)
        label = "Kills" if kind == "kills" else "VP"
        winners = ", ".join(match.player(w).name for w in match.winners) or "a draw"
        turns = points_over_turns(app.session, self.match_id)
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, "Result"), controls=[
            ft.Text(f"Winner: {winners}" if match.winners else "The match ended in a draw", key="result-line",
                    theme_style=ft.TextThemeStyle.HEADLINE_SMALL),
            *[ft.Text(f"{p.name}: {p.vp} VP, {p.kills} kills", key=f"result-{p.id}") for p in match.players],
            ft.Text(f"{label} at the end of each turn", theme_style=ft.TextThemeStyle.TITLE_SMALL),
            points_chart(match, turns, kind),
            ft.Row(wrap=True, controls=[ft.Row([ft.Container(width=12, height=12, bgcolor=p.colour),
                                                ft.Text(p.name)], tight=True) for p in match.players]),
            ft.OutlinedButton("Back to the table (reopen)", key="reopen",
                              on_click=partial(self._reopen, app)),
        ])

    def _reopen(self, app: App) -> None:
        try:
            app.session.dispatch(self.match_id, "reopen")
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.back()
