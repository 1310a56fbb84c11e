"""The read-only view of a hosted match: whose turn, everyone's points, every unit's click and stats.
Texts only: there is nothing on it to tap that could change the match. Flet components over the watching
phone's session: its feed, told of every change at the table, redraws them."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.core.model import Match, Unit
from companion.session import Session
from companion.session.table.words import player_score, turn_line, unit_line
from companion.ui.hooks import Unopened, use_history
from companion.ui.shell import MatchTitle
from companion.ui.unit_text import stats_line


def _turn(match: Match) -> str:
    """The header's line (session.table.words) and, while playing, the phase."""
    return turn_line(match) + (f" · {match.phase}" if match.phase and match.status != "finished" else "")


def _unit(match: Match, unit: Unit) -> ft.Control:
    """Its name with the table's words for its state ("click 2 of 3 · reserve · Action 1", as the card and the
    CLI say it), and its stats."""
    return ft.Container(key=f"watch-unit-{unit.id}", padding=8, border_radius=8,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, content=ft.Column(spacing=2, controls=[
                            ft.Text(f"{unit.name} · {unit_line(match, unit)}", weight=ft.FontWeight.BOLD,
                                    key=f"watch-unit-{unit.id}-line"),
                            ft.Text(stats_line(unit.current, match.rules.stats), key=f"watch-unit-{unit.id}-stats"),
                        ]))


@ft.component
def WatchPage(session: Session, match_id: str) -> list[ft.View]:
    """The root component of a phone that only watches (`page.render_views`): its one View, whose components
    redraw when the phone's session feed hears of a change."""
    return [ft.View(route="/", scroll=ft.ScrollMode.AUTO, padding=12,
                    controls=[WatchBody(session, match_id, key="watch")],
                    appbar=ft.AppBar(title=MatchTitle(session, match_id, _players, "Watching", key="watch-title")))]


def _players(history: Any) -> str:
    return " vs ".join(p.name for p in history.state.players)


@ft.component
def WatchBody(session: Session, match_id: str) -> ft.Control:
    history = use_history(session, match_id)
    if isinstance(history, Unopened):  # the match can't be read (being replaced, damaged): say so, look again later
        return history.refusal("watch-error")
    match = history.state
    controls: list[ft.Control] = [
        ft.Text("Watching: only the players who joined with the host's code can change the match.",
                key="watch-note", size=12, italic=True),
        ft.Text(_turn(match), key="watch-turn", weight=ft.FontWeight.BOLD),
    ]
    for player in match.players:
        controls.append(ft.Row(key=f"watch-player-{player.id}", controls=[
            ft.Container(width=6, height=24, bgcolor=player.colour, border_radius=3),
            ft.Text(player.name, weight=ft.FontWeight.BOLD, expand=True),
            ft.Text(player_score(match, player), key=f"watch-player-{player.id}-score"),
        ]))
        controls += [_unit(match, u) for u in match.units if u.owner == player.id]
    return ft.Column(controls, key="watch-body", spacing=8)
