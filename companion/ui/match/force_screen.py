"""Add a force: a whole force pasted or typed as text (one unit a line) for a chosen player, or one of the
saved forces of this game with one tap.

All or nothing: a wrong line shows as one sentence with its line number, the text stays as typed, and no unit is
added. A Flet component over the session's change feed (players and saved forces follow the match).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session.table.forces import (
    SavedForce,
    add_force_text,
    add_saved_force,
    example_line,
    save_titled_force,
    saved_forces,
    units_word,
)
from companion.ui.hooks import Unopened, use_history
from companion.ui.shell import App, app_bar
from companion.ui.widgets import radio_tile


class ForceScreen:
    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, appbar=app_bar(app, "Add a force"),
                       controls=[ForcePaste(app, self.match_id, key="force")])


@dataclass(frozen=True)
class Form:
    text: str = ""
    owner: str = ""  # empty: the first player without units (else the player to play)
    error: str = ""


def default_owner(match: Match) -> str:
    """Who a force is most likely for: the first player with no units yet (forces are entered one after the
    other), else the player to play."""
    owners = {u.owner for u in match.units}
    return next((p.id for p in match.players if p.id not in owners), match.active_player.id)


@ft.component
def ForcePaste(app: App, match_id: str) -> ft.Control:
    history = use_history(app.session, match_id)
    form, set_form = ft.use_state(Form())
    system = None if isinstance(history, Unopened) else history.state.system
    saved = ft.use_memo(lambda: _saved(app, system) if system else [], [system])
    if isinstance(history, Unopened):
        return history.refusal("force-refused")
    match = history.state
    owner = form.owner if form.owner in {p.id for p in match.players} else default_owner(match)
    example = example_line(match.rules.stats)

    def typed(e: ft.Event) -> None:
        value = e.control.value or ""
        set_form(lambda f: replace(f, text=value, error=""))

    def chose(e: ft.Event) -> None:
        value = e.control.value or ""
        set_form(lambda f: replace(f, owner=value or f.owner))

    def add() -> None:
        try:
            _, count = add_force_text(app.session, match_id, form.text, owner)
        except CompanionError as exc:
            message = str(exc)  # the name `exc` is gone once the except block ends
            set_form(lambda f: replace(f, error=message))
            return
        # a title line names the force: kept in the library under it (never over another), as Set-up would
        try:
            kept = save_titled_force(app.session, match_id, form.text, owner)
        except CompanionError as exc:  # e.g. a session that keeps no files: the units are in all the same
            kept = f"not saved: {exc}"
        app.toast(f"{units_word(count)} added for {match.player(owner).name}" + (f", {kept}" if kept else ""))
        app.back()

    def add_saved(force: SavedForce) -> None:
        if app.attempt(lambda: add_saved_force(app.session, match_id, force.id, owner)) is not None:
            app.toast(f"“{force.name}” added for {match.player(owner).name} ({units_word(len(force.units))})")
            app.back()

    def share(force_id: str) -> None:
        app.go("force", force_id=force_id)

    controls: list[ft.Control] = [
        ft.Text("For", theme_style=ft.TextThemeStyle.TITLE_SMALL),
        ft.RadioGroup(key="force-owner", value=owner, on_change=chose, content=ft.Column(spacing=0, controls=[
            radio_tile(ft.Radio(value=p.id, key=f"force-owner-{p.id}"), p.name) for p in match.players])),
        ft.TextField(key="force-text", label="Force", value=form.text, multiline=True, min_lines=5, max_lines=6,
                     hint_text=f"{example}\n{example.replace('Grunt', 'Grunt 2')}", helper_max_lines=3,
                     helper=f"One unit a line: name, points: clicks split by /, e.g. {example} "
                     f"({' '.join(match.rules.stats)})", on_change=typed),
    ]
    if form.error:
        controls.append(ft.Text(form.error, key="force-error", color=ft.Colors.ERROR))
    controls.append(ft.FilledButton("Add force", icon=ft.Icons.CHECK, key="add-force", height=48, on_click=add))
    controls.append(ft.Text("Saved forces", theme_style=ft.TextThemeStyle.TITLE_SMALL))
    if not saved:
        controls.append(ft.Text("None yet for this game: save a force from Set-up and forces, or scan one from "
                                "another phone.", size=12, italic=True, key="saved-forces-empty"))
    controls += [ft.ListTile(key=f"saved-force-{f.id}", dense=True, title=ft.Text(f.name),
                             subtitle=ft.Text(f"{units_word(len(f.units))}, {f.points} points"),
                             on_click=partial(add_saved, f),
                             trailing=ft.IconButton(ft.Icons.QR_CODE, key=f"share-saved-force-{f.id}",
                                                    width=48, height=48,  # a dense tile's would be 34 px
                                                    tooltip=f"Share {f.name}", on_click=partial(share, f.id)))
                 for f in saved]
    return ft.Column(controls, spacing=10, key="force-paste")


def _saved(app: App, system: str) -> list[SavedForce]:
    try:
        return saved_forces(app.session, system)[0]
    except CompanionError:  # a session that keeps no files
        return []
