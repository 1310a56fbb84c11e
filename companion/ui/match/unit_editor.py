"""Add or edit a unit: name, points, owner, and its dial typed one click per line (checked as you type); when
adding, the units saved in the personal library are one tap away.

A Flet component over the session's change feed: the typed fields are controlled state (a redraw keeps every
key), the dial's preview is worked out from the typed text at each draw, and the owners and the library follow
the match (a player or a saved unit added elsewhere shows without a tap).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session import inputs
from companion.session.table.library import add_from_library, dial_as_text, edit_unit, parse_dial, saved_units
from companion.ui.hooks import mount, use_history
from companion.ui.shell import App, app_bar
from companion.ui.unit_text import stats_line
from companion.ui.widgets import named

if TYPE_CHECKING:  # a type only: screens get records from the service layer, never from the store's types
    from companion.core.records import SavedUnit

GONE = "This unit is no longer in the match."
EXAMPLE = {"speed": 8, "attack": 10, "defense": 17, "damage": 3, "wounds": 3, "armour": 3, "sight": 2,
           "morale": 8, "pool": 7, "fate": 3}


class UnitEditorScreen:
    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str, unit_id: str | None = None) -> None:
        self.match_id = match_id
        self.unit_id = unit_id  # None: a new unit
        self.route = f"/match/{match_id}/" + (f"unit/{unit_id}/edit" if unit_id else "add-unit")

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16,
                       appbar=app_bar(app, "Edit unit" if self.unit_id else "Add a unit"),
                       controls=[mount(UnitEditor, app, self.match_id, self.unit_id, key="unit-editor-island")])


@dataclass(frozen=True)
class Form:
    """What has been typed; an empty owner is the player to play."""

    name: str = ""
    points: str = ""
    owner: str = ""
    dial_text: str = ""


def _start(match: Match | None, unit_id: str | None) -> Form:
    """Editing: the form starts from the unit as it is (read once: later changes elsewhere don't overwrite the
    typing)."""
    if match is None or unit_id is None or unit_id not in {u.id for u in match.units}:
        return Form()
    unit = match.unit(unit_id)
    return Form(unit.name, str(unit.points), unit.owner, dial_as_text(unit, match.rules.stats))


@ft.component
def UnitEditor(app: App, match_id: str, unit_id: str | None) -> ft.Control:
    history = use_history(app.session, match_id)
    form, set_form = ft.use_state(lambda: _start(None if isinstance(history, str) else history.state, unit_id))
    system = None if isinstance(history, str) else history.state.system
    library = ft.use_memo(lambda: _saved(app, system) if system and not unit_id else None, [history])
    if isinstance(history, str):
        return ft.Text(f"This match can't be opened: {history}", key="unit-editor-refused", color=ft.Colors.ERROR)
    match = history.state
    if unit_id and unit_id not in {u.id for u in match.units}:
        return unit_gone(app, match_id, "unit-editor-gone")
    stats = match.rules.stats
    owner = form.owner or match.active_player.id
    example = " ".join(str(EXAMPLE.get(s, 5)) for s in stats)

    def typed(field: str, e: ft.Event) -> None:
        value = e.control.value or ""
        set_form(lambda f: replace(f, **{field: value}))

    def chose_owner(e: ft.Event) -> None:
        value = e.control.value or ""
        set_form(lambda f: replace(f, owner=value or f.owner))

    controls: list[ft.Control] = [
        ft.TextField(key="unit-name", label="Name", value=form.name, max_length=60, on_change=partial(typed, "name")),
        ft.TextField(key="unit-points", label="Points", value=form.points, keyboard_type=ft.KeyboardType.NUMBER,
                     on_change=partial(typed, "points")),
        named(ft.Dropdown(key="unit-owner", label="Owner", value=owner,
                          options=[ft.DropdownOption(key=p.id, text=p.name) for p in match.players],
                          on_select=chose_owner), "Owner"),
        ft.TextField(key="unit-dial", label="Dial", helper=f"One click per line: {' '.join(stats)}",
                     helper_max_lines=2,
                     hint_text=f"{example}\n{example}", value=form.dial_text, multiline=True, min_lines=4,
                     on_change=partial(typed, "dial_text")),
        ft.Text(_preview(form.dial_text, stats), key="dial-preview", size=12),
        ft.FilledButton("Save changes" if unit_id else "Add unit", icon=ft.Icons.CHECK, key="save-unit",
                        on_click=lambda: _save(app, match_id, unit_id, replace(form, owner=owner))),
    ]
    if not unit_id:  # several units at once: a whole force as text, or a saved one
        controls.insert(0, ft.TextButton("Several units? Paste a force", icon=ft.Icons.CONTENT_PASTE, height=48,
                                         key="open-paste-force", on_click=lambda: _paste_force(app, match_id)))
    if library is not None:
        controls += _library(library, lambda saved_id: _add(app, match_id, saved_id, owner))
    return ft.Column(controls, spacing=12, key="unit-editor")


def unit_gone(app: App, match_id: str, key: str) -> ft.Control:
    """A unit's details or editor once the unit is not in the match (removed on another phone, its adding undone,
    an address typed or kept from before): one message and the way to the table, past whatever is above it."""
    return ft.Column(key="unit-gone", spacing=12, controls=[
        ft.Text(GONE, key=key),
        ft.FilledButton("Back to the table", icon=ft.Icons.ARROW_BACK, key="unit-gone-table",
                        on_click=lambda: app.back_to_table(match_id)),
    ])


def _saved(app: App, system: str) -> list[SavedUnit] | None:
    try:
        return saved_units(app.session, system)
    except CompanionError:
        return None


def _library(saved: list[SavedUnit], add: Callable[[str], None]) -> list[ft.Control]:
    if not saved:
        return [ft.Text("Your library is empty: save a unit from its details to add it here with one tap.",
                        size=12, italic=True, key="library-empty")]
    return [ft.Text("From my library (for the owner above)", theme_style=ft.TextThemeStyle.TITLE_SMALL),
            *[ft.ListTile(key=f"library-{s.id}", dense=True, title=ft.Text(s.name),
                          subtitle=ft.Text(f"{s.unit.get('points', 0)} points"), on_click=partial(add, s.id))
              for s in saved]]


def _add(app: App, match_id: str, saved_id: str, owner: str) -> None:
    if app.attempt(lambda: add_from_library(app.session, match_id, saved_id, owner)) is not None:
        app.back()


def _paste_force(app: App, match_id: str) -> None:
    from companion.ui.match.force_screen import ForceScreen

    app.replace(ForceScreen(match_id))  # back from it leads to the table, not to this form


def _preview(dial_text: str, stats: tuple[str, ...]) -> str:
    if not dial_text.strip():
        return "A KO click is added after your last line."
    try:
        dial = parse_dial(dial_text, stats)
    except CompanionError as exc:
        return f"Check the dial: {exc}"
    return "\n".join(f"{i + 1}. {stats_line(c, stats)}" for i, c in enumerate(dial))


def _save(app: App, match_id: str, unit_id: str | None, form: Form) -> None:
    match = app.session.state(match_id)
    try:
        dial = parse_dial(form.dial_text, match.rules.stats)
    except CompanionError as exc:
        app.toast(f"Dial: {exc}")
        return
    if not form.name.strip():
        app.toast("Give the unit a name.")
        return
    points = inputs.whole(form.points, digits=6)
    if points is None or points < 0:
        app.toast("Points must be a whole number, e.g. 50.")
        return
    if unit_id:
        done = app.attempt(lambda: edit_unit(app.session, match_id, unit_id, name=form.name.strip(),
                                             points=points, dial_text=form.dial_text, owner=form.owner))
        if done is not None:
            app.back()
        return
    taken = {u.id for u in match.units}
    uid = next(f"u{n}" for n in range(1, len(taken) + 2) if f"u{n}" not in taken)
    unit = {"id": uid, "name": form.name.strip(), "points": points, "owner": form.owner,
            "dial": [{"stats": dict(c.stats), "markers": list(c.markers)} for c in dial]}
    if app.dispatch(match_id, "add_unit", {"unit": unit}, by=form.owner) is not None:
        app.back()
