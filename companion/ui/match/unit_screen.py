"""A unit's details: its whole dial (tap a click to turn the dial there), where it stands, tokens, counters,
reserve/table, edit, duplicate, save to the library, and remove (apart, confirmed).

A Flet component over the session's change feed: the unit damaged, moved or removed on another phone (or by the
CLI) redraws the details and their title without a tap.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.core.model import Match, Unit
from companion.session.play.positions import current_place, places
from companion.session.table.library import duplicate_unit, save_to_library
from companion.ui.hooks import Unopened, use_history
from companion.ui.match.counters import counter_labels
from companion.ui.match.unit_card import counter, token_counters
from companion.ui.match.unit_editor import unit_gone
from companion.ui.shell import App, MatchTitle, app_bar
from companion.ui.unit_text import stats_line
from companion.ui.widgets import radio_tile


class UnitScreen:
    live = True  # drawn by components over the session's feed

    def __init__(self, match_id: str, unit_id: str) -> None:
        self.match_id = match_id
        self.unit_id = unit_id

    def build(self, app: App) -> ft.View:
        bar = app_bar(app, "Unit")
        bar.title = MatchTitle(app.session, self.match_id, partial(_name, self.unit_id), "Unit",
                               key="unit-title")  # follows a rename
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=12, appbar=bar,
                       controls=[UnitDetails(app, self.match_id, self.unit_id, key="unit")])


def _unit(history: Any, unit_id: str) -> tuple[Match, Unit] | None:
    """The match and the unit in it, or None: the match can't be read, or the unit left it."""
    if isinstance(history, Unopened):
        return None
    match = history.state
    found = next((u for u in match.units if u.id == unit_id), None)
    return None if found is None else (match, found)


def _name(unit_id: str, history: Any) -> str:
    return next((u.name for u in history.state.units if u.id == unit_id), "Unit")  # "Unit": it left the match


@ft.component
def UnitDetails(app: App, match_id: str, unit_id: str) -> ft.Control:
    found = _unit(use_history(app.session, match_id), unit_id)
    if found is None:
        return unit_gone(app, match_id, "unit-details")
    match, unit = found

    def dispatch(type_: str, data: dict[str, object]) -> Any:
        # by the player to play at the tap (a seat's phone: its policy makes it its own player)
        return app.dispatch(match_id, type_, data, by=app.session.state(match_id).active_player.id)

    def turn_to(click: int) -> None:
        dispatch("set_click", {"unit": unit.id, "click": click})

    clicks = [
        ft.ListTile(
            key=f"dial-click-{i}", dense=True, selected=i == unit.click,
            leading=ft.Text(f"{i + 1}", weight=ft.FontWeight.BOLD if i == unit.click else None),
            title=ft.Text(stats_line(c, match.rules.stats) + ("  (now)" if i == unit.click else "")
                          + ("  (start)" if i == unit.start and not unit.cyclic else "")),
            on_click=partial(turn_to, i))
        for i, c in enumerate(unit.dial)
    ]
    other = "reserve" if unit.location == "table" else "table"

    def bump(name: str, delta: int) -> None:
        dispatch("counter", {"scope": "unit", "target": unit.id, "name": name, "delta": delta})

    tokens = token_counters(match, unit, dispatch)
    labels = counter_labels(app.session, match, "unit")
    counters = [counter(f"unit-counter-{name}", title, unit.counters.get(name, 0), partial(bump, name, -1),
                        partial(bump, name, 1)) for name, title in labels.items()]
    spots = places(match, unit)
    where = [ft.Text("Where it stands", theme_style=ft.TextThemeStyle.TITLE_SMALL),
             ft.Text("The rules helper's moves set it; change it here when a figure moved otherwise.", size=12),
             ft.RadioGroup(key="unit-position", value=current_place(match, unit),
                           on_change=lambda e: dispatch("set_position",
                                                        {"unit": unit.id, "position": e.control.value or ""}),
                           content=ft.Column(spacing=0, controls=[
                               radio_tile(ft.Radio(value=word, key=f"unit-position-{word or 'default'}"), label)
                               for word, label in spots.items()]))] if spots else []

    def removed() -> None:
        if dispatch("remove_unit", {"unit": unit.id}) is not None:
            app.back()

    def remove() -> None:
        app.confirm(f"Remove {unit.name}?", "It leaves the match (undo brings it back).", "Remove", removed)

    return ft.Column(key="unit-details", controls=[
        ft.Text(f"{match.player(unit.owner).name} · {unit.points} points · "
                f"{'KO' if unit.eliminated else 'in play'} · on the {unit.location}"),
        ft.Text("Tap a click to turn the dial to it (for corrections or respawning).", size=12),
        *clicks,
        *where,
        *([ft.Text("Tokens", theme_style=ft.TextThemeStyle.TITLE_SMALL),
           ft.Row(tokens, wrap=True, spacing=4, key="unit-tokens")] if tokens else []),
        *([ft.Text("Counters", theme_style=ft.TextThemeStyle.TITLE_SMALL),
           ft.Row(counters, wrap=True, spacing=4)] if counters else []),
        ft.Row(wrap=True, controls=[
            ft.OutlinedButton(f"Move to {other}", key="unit-location",
                              on_click=lambda: dispatch("set_location", {"unit": unit.id, "location": other})),
            ft.OutlinedButton("Edit", icon=ft.Icons.EDIT, key="unit-edit",
                              on_click=lambda: app.go("match.unit.edit", match_id=match_id, unit_id=unit.id)),
            ft.OutlinedButton("Duplicate", icon=ft.Icons.CONTENT_COPY, key="unit-duplicate",
                              on_click=lambda: app.attempt(lambda: duplicate_unit(app.session, match_id, unit.id))),
            ft.OutlinedButton("Save to my library", icon=ft.Icons.BOOKMARK_ADD, key="unit-save",
                              on_click=lambda: _save(app, match_id, unit.id)),
        ]),
        # the risky one apart from the rest, and confirmed
        ft.Row([ft.TextButton("Remove from match", icon=ft.Icons.DELETE_OUTLINE, key="unit-remove",
                              on_click=remove)], alignment=ft.MainAxisAlignment.END),
    ])


def _save(app: App, match_id: str, unit_id: str) -> None:
    saved = app.attempt(lambda: save_to_library(app.session, match_id, unit_id))
    if saved is not None:
        app.toast(f"{saved.name} is in your library: add it to any match of this game from Add a unit.")
