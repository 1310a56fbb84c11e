"""The table's sticky header: whose turn (colour and name), turn/round, everyone's points against what wins,
actions used, End turn (apart from the cards, with a confirm) and the "match over?" prompt when the rules
say so. It stays on screen while the unit list scrolls under it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.model import Match
from companion.session.table.header import Header, Over
from companion.ui.widgets import TAP, icon_button


def match_header(match: Match, facts: Header, *, prompt: Over | None, on_end_turn: Callable[[], None],
                 on_end_round: Callable[[], None] | None, on_helper: Callable[[], None] | None,
                 on_advice: Callable[[], None] | None,
                 on_accept: Callable[[], None], on_keep: Callable[[], None],
                 on_result: Callable[[], None]) -> ft.Control:
    active = match.active_player
    if match.status == "finished":
        winners = ", ".join(match.player(w).name for w in match.winners) or "no one (a draw)"
        line = f"Match over · won by {winners}"
    else:
        line = f"{facts.when} · {active.name} to play"
    detail = " · ".join(part for part in (match.phase, facts.actions) if part)
    buttons: list[ft.Control] = []
    helper = ([icon_button(ft.Icons.LIGHTBULB, key="open-helper", tooltip="What can I do?", on_click=on_helper)]
              if on_helper is not None and match.status == "active" else [])
    if on_advice is not None and match.status == "active":
        helper.append(icon_button(ft.Icons.LEADERBOARD, key="open-advice", tooltip="Best moves", on_click=on_advice))
    if match.status == "active":
        if on_end_round is not None:
            buttons.append(ft.OutlinedButton("End round", key="end-round", height=TAP, on_click=on_end_round))
        buttons.append(ft.FilledButton("End turn", key="end-turn", height=TAP, on_click=on_end_turn))
    else:
        buttons.append(ft.OutlinedButton("Result", key="show-result", height=TAP, on_click=on_result))
    scores = [ft.Row(spacing=4, tight=True, key=f"score-{s.player}", controls=[
        ft.Container(width=10, height=10, bgcolor=s.colour, border_radius=5),
        ft.Text(f"{s.name} {s.words}", size=13,
                weight=ft.FontWeight.BOLD if s.player == active.id else None)]) for s in facts.scores]
    rows: list[ft.Control] = [
        ft.Row(spacing=6, controls=[
            ft.Container(width=14, height=14, bgcolor=active.colour, border_radius=7),
            ft.Column(spacing=0, expand=True, controls=[
                ft.Text(line, key="turn-line", weight=ft.FontWeight.BOLD, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS),
                *([ft.Text(detail, key="turn-detail", size=12, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)]
                  if detail else []),
            ]),
            *helper,
        ]),
        ft.Row(spacing=4, controls=[ft.Row(scores, wrap=True, spacing=12, run_spacing=2, key="scores", expand=True),
                                    *buttons]),
    ]
    if prompt is not None:
        rows.append(_prompt(match, prompt, on_accept, on_keep))
    return ft.Container(key="header", padding=ft.Padding(10, 6, 6, 6), bgcolor=ft.Colors.PRIMARY_CONTAINER,
                        border_radius=8, content=ft.Column(rows, spacing=4))


def _prompt(match: Match, over: Over, on_accept: Callable[[], None], on_keep: Callable[[], None]) -> ft.Control:
    names = " and ".join(match.player(w).name for w in over.winners)
    return ft.Container(
        key="over-prompt", padding=8, border_radius=8, bgcolor=ft.Colors.TERTIARY_CONTAINER,
        content=ft.Column(spacing=4, controls=[
            ft.Text(f"Match over? {over.reason}", key="over-reason", weight=ft.FontWeight.BOLD),
            ft.Row(wrap=True, spacing=8, controls=[
                ft.FilledButton(f"End: {names} {'win' if len(over.winners) > 1 else 'wins'}", key="over-accept",
                                icon=ft.Icons.EMOJI_EVENTS, height=TAP, on_click=on_accept),
                ft.TextButton("Keep playing", key="over-keep", height=TAP, on_click=on_keep),
            ]),
        ]))
