"""The end of a match: choose the result (the leader is suggested), then the result and points over turns.

Flet components over the session's change feed: a score changed on another phone redraws the suggestion (and the
choice, while the player has not picked one), and the result follows the match reopened and ended again
elsewhere.
"""

from __future__ import annotations

import flet as ft

from companion.core.errors import CompanionError
from companion.session.play.match_tools import leaders, scoring_kind
from companion.session.table.full_log import points_over_turns
from companion.session.table.words import counted
from companion.ui.hooks import Unopened, use_history
from companion.ui.match.points_chart import points_chart
from companion.ui.shell import App, app_bar
from companion.ui.widgets import radio_tile

DRAW = "draw"


class EndMatchScreen:
    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, padding=16, appbar=app_bar(app, "End the match"),
                       controls=[EndMatch(app, self.match_id, key="end")])


@ft.component
def EndMatch(app: App, match_id: str) -> ft.Control:
    history = use_history(app.session, match_id)
    chosen, set_chosen = ft.use_state("")  # "": none picked yet, the suggestion is the choice
    if isinstance(history, Unopened):
        return history.refusal("end-refused")
    match = history.state
    top = leaders(match)
    choice = chosen or (top[0] if len(top) == 1 else DRAW)
    kind = scoring_kind(match)
    one, many = ("kill", "kills") if kind == "kills" else ("VP", "VP")
    options = [radio_tile(ft.Radio(value=p.id, key=f"winner-{p.id}"),
                          f"{p.name} wins ({counted(getattr(p, kind), one, many)})") for p in match.players]
    options.append(radio_tile(ft.Radio(value=DRAW, key="winner-draw"), "A draw"))
    return ft.Column(spacing=12, key="end-body", controls=[
        ft.Text(f"Suggested from the scores: {', '.join(match.player(p).name for p in top)}"
                + (" (tied)" if len(top) > 1 else ""), key="end-suggested"),
        ft.RadioGroup(key="winner", value=choice, content=ft.Column(options, spacing=0),
                      on_change=lambda e: set_chosen(e.control.value or DRAW)),
        ft.FilledButton("End the match", key="end-match-confirm", on_click=lambda: _end(app, match_id, choice)),
    ])


def _end(app: App, match_id: str, choice: str) -> None:
    winners = [] if choice == DRAW else [choice]
    try:
        app.session.dispatch(match_id, "end_match", {"winners": winners})
    except CompanionError as exc:
        app.toast(str(exc))
        return
    app.replace_with("match.result", match_id=match_id)


class ResultScreen:
    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, appbar=app_bar(app, "Result"),
                       controls=[Result(app, self.match_id, key="result")])


@ft.component
def Result(app: App, match_id: str) -> ft.Control:
    history = use_history(app.session, match_id)
    turns = ft.use_memo(lambda: None if isinstance(history, Unopened) else points_over_turns(app.session, match_id),
                        [history])
    if isinstance(history, Unopened):
        return history.refusal("result-refused")
    match = history.state
    kind = scoring_kind(match)
    label = "Kills" if kind == "kills" else "VP"
    winners = ", ".join(match.player(w).name for w in match.winners) or "a draw"
    return ft.Column(spacing=12, key="result-body", controls=[
        ft.Text(f"Winner: {winners}" if match.winners else "The match ended in a draw", key="result-line",
                theme_style=ft.TextThemeStyle.HEADLINE_SMALL),
        *[ft.Text(f"{p.name}: {p.vp} VP, {p.kills} kills", key=f"result-{p.id}") for p in match.players],
        ft.Text(f"{label} at the end of each turn", theme_style=ft.TextThemeStyle.TITLE_SMALL),
        points_chart(match, turns, kind),
        ft.Row(wrap=True, controls=[ft.Row([ft.Container(width=12, height=12, bgcolor=p.colour),
                                            ft.Text(p.name)], tight=True) for p in match.players]),
        ft.OutlinedButton("Back to the table (reopen)", key="reopen", on_click=lambda: _reopen(app, match_id)),
    ])


def _reopen(app: App, match_id: str) -> None:
    try:
        app.session.dispatch(match_id, "reopen")
    except CompanionError as exc:
        app.toast(str(exc))
        return
    app.back()
