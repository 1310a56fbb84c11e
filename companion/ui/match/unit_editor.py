"""Add or edit a unit: name, points, owner, and its dial typed one click per line (checked as you type); when
adding, the units saved in the personal library are one tap away."""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session import inputs
from companion.session.table.library import add_from_library, dial_as_text, edit_unit, parse_dial, saved_units
from companion.ui.shell import App, app_bar
from companion.ui.unit_text import stats_line
from companion.ui.widgets import named

EXAMPLE = {"speed": 8, "attack": 10, "defense": 17, "damage": 3, "wounds": 3, "armour": 3, "sight": 2,
           "morale": 8, "pool": 7, "fate": 3}


class UnitEditorScreen:
    def __init__(self, match_id: str, unit_id: str | None = None) -> None:
        self.match_id = match_id
        self.unit_id = unit_id  # None: a new unit
        self.route = f"/match/{match_id}/" + (f"unit/{unit_id}/edit" if unit_id else "add-unit")
        self.name = ""
        self.points = ""
        self.owner = ""
        self.dial_text = ""
        self._loaded = False

    def build(self, app: App) -> ft.View:
        match = app.session.state(self.match_id)
        stats = match.rules.stats
        if self.unit_id and not self._loaded:  # editing: start from the unit as it is
            unit = match.unit(self.unit_id)
            self.name, self.points, self.owner = unit.name, str(unit.points), unit.owner
            self.dial_text = dial_as_text(unit, stats)
            self._loaded = True
        self.owner = self.owner or match.active_player.id
        example = " ".join(str(EXAMPLE.get(s, 5)) for s in stats)
        preview = ft.Text(self._preview(stats), key="dial-preview", size=12)

        def on_dial(e: ft.Event) -> None:
            self.dial_text = e.control.value or ""
            app.refresh()  # the preview follows the typing

        controls: list[ft.Control] = [
            ft.TextField(key="unit-name", label="Name", value=self.name, max_length=60,
                         on_change=lambda e: setattr(self, "name", e.control.value or "")),
            ft.TextField(key="unit-points", label="Points", value=self.points, keyboard_type=ft.KeyboardType.NUMBER,
                         on_change=lambda e: setattr(self, "points", e.control.value or "")),
            named(ft.Dropdown(key="unit-owner", label="Owner", value=self.owner,
                              options=[ft.DropdownOption(key=p.id, text=p.name) for p in match.players],
                              on_select=lambda e: setattr(self, "owner", e.control.value or self.owner)), "Owner"),
            ft.TextField(key="unit-dial", label="Dial", helper=f"One click per line: {' '.join(stats)}",
                         helper_max_lines=2,
                         hint_text=f"{example}\n{example}", value=self.dial_text, multiline=True, min_lines=4,
                         on_change=on_dial),
            preview,
            ft.FilledButton("Save changes" if self.unit_id else "Add unit", icon=ft.Icons.CHECK, key="save-unit",
                            on_click=lambda: self._save(app)),
        ]
        if not self.unit_id:
            controls += self._library(app, match.system)
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, "Edit unit" if self.unit_id else "Add a unit"), controls=controls)

    def _library(self, app: App, system: str) -> list[ft.Control]:
        try:
            saved = saved_units(app.session, system)
        except CompanionError:
            return []
        if not saved:
            return [ft.Text("Your library is empty: save a unit from its details to add it here with one tap.",
                            size=12, italic=True, key="library-empty")]

        def add(saved_id: str) -> None:
            if app.attempt(lambda: add_from_library(app.session, self.match_id, saved_id, self.owner)) is not None:
                app.back()

        return [ft.Text("From my library (for the owner above)", theme_style=ft.TextThemeStyle.TITLE_SMALL),
                *[ft.ListTile(key=f"library-{s.id}", dense=True, title=ft.Text(s.name),
                              subtitle=ft.Text(f"{s.unit.get('points', 0)} points"), on_click=partial(add, s.id))
                  for s in saved]]

    def _preview(self, stats: tuple[str, ...]) -> str:
        if not self.dial_text.strip():
            return "A KO click is added after your last line."
        try:
            dial = parse_dial(self.dial_text, stats)
        except CompanionError as exc:
            return f"Check the dial: {exc}"
        return "\n".join(f"{i + 1}. {stats_line(c, stats)}" for i, c in enumerate(dial))

    def _save(self, app: App) -> None:
        match = app.session.state(self.match_id)
        try:
            dial = parse_dial(self.dial_text, match.rules.stats)
        except CompanionError as exc:
            app.toast(f"Dial: {exc}")
            return
        if not self.name.strip():
            app.toast("Give the unit a name.")
            return
        points = inputs.whole(self.points, digits=6)
        if points is None or points < 0:
            app.toast("Points must be a whole number, e.g. 50.")
            return
        if self.unit_id:
            done = app.attempt(lambda: edit_unit(app.session, self.match_id, self.unit_id or "", name=self.name.strip(),
                                                 points=points, dial_text=self.dial_text, owner=self.owner))
            if done is not None:
                app.back()
            return
        taken = {u.id for u in match.units}
        uid = next(f"u{n}" for n in range(1, len(taken) + 2) if f"u{n}" not in taken)
        unit = {"id": uid, "name": self.name.strip(), "points": points, "owner": self.owner,
                "dial": [{"stats": dict(c.stats), "markers": list(c.markers)} for c in dial]}
        if app.dispatch(self.match_id, "add_unit", {"unit": unit}, by=self.owner) is not None:
            app.back()
