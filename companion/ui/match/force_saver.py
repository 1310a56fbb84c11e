"""A player's force kept in the library in one tap (the name ready to change), and shared once kept (here or on
an earlier visit)."""

from __future__ import annotations

import flet as ft

from companion.core.errors import CompanionError
from companion.session.table.forces import find_force, save_force, saved_as, saved_words
from companion.ui.shell import App


def _force_saver(app: App, match_id: str, player_id: str, player_name: str, units: int) -> ft.Control:
    typed_name, set_name = ft.use_state(None)  # None until typed: the name follows the player's (a rename)
    # the units already kept under a name (a pasted force's title line): that name, else the player's
    known = ft.use_memo(lambda: saved_as(app.session, match_id, player_id), [units])
    name = typed_name if typed_name is not None else known or f"{player_name}'s force"
    saved, set_saved = ft.use_state("")  # the id of the force saved here, to share it
    # a force already kept under the name shown (saved on an earlier visit): it can be shared without saving again
    kept = ft.use_memo(lambda: _kept(app, match_id, name), [name, saved])

    def typed(e: ft.Event) -> None:
        set_name(e.control.value or "")

    def save() -> None:
        try:
            force, outcome = save_force(app.session, match_id, player_id, name)
        except CompanionError as exc:
            app.toast(str(exc))
            return
        set_saved(force.id)
        app.toast(saved_words(force, outcome))

    def share() -> None:
        app.go("force", force_id=saved or kept)

    if not units:
        return ft.Text(f"{player_name} has no units yet.", key=f"save-force-{player_id}-none", size=12, italic=True)
    buttons: list[ft.Control] = [ft.FilledButton("Save force", icon=ft.Icons.BOOKMARK_ADD, height=48,
                                                      key=f"save-force-{player_id}", on_click=save)]
    if saved or kept:
        buttons.append(ft.OutlinedButton("Share force", icon=ft.Icons.QR_CODE, height=48,
                                         key=f"share-force-{player_id}", on_click=share))
    return ft.Column(spacing=6, key=f"force-saver-{player_id}", controls=[
        ft.TextField(key=f"force-name-{player_id}", label="Save as", value=name, max_length=60, dense=True,
                     on_change=typed),
        ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
    ])


ForceSaver = ft.component(_force_saver)


def _kept(app: App, match_id: str, name: str) -> str:
    try:
        return find_force(app.session, app.session.state(match_id).system, name).id
    except CompanionError:  # none of that name (or no files to keep forces in)
        return ""
