"""The rules helper: every action of the system for the active player now; disabled ones say why."""

from __future__ import annotations

from functools import partial

import flet as ft

from companion import rules
from companion.core.errors import CompanionError
from companion.core.events import Event
from companion.core.model import Match
from companion.rules.base import ActionOption
from companion.ui.app import App, app_bar

ATTACK_ACTIONS = ("attack", "move-and-attack", "throw-grenade")


def has_helper(system: str) -> bool:
    return system in rules.available()


class HelperScreen:
    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/helper"

    def build(self, app: App) -> ft.View:
        match = app.session.state(self.match_id)
        try:
            options = rules.get(match.system).legal_actions(match)
        except CompanionError as exc:
            options = []
            app.toast(str(exc))
        cards = [self._option(app, match, o) for o in options]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=12, spacing=8,
                       appbar=app_bar(app, f"{match.active_player.name}: what can I do?"), controls=cards)

    def _option(self, app: App, match: Match, option: ActionOption) -> ft.Control:
        head = option.title + (f" · uses {option.cost} action" if option.cost else " · free")
        rows: list[ft.Control] = [ft.Text(head, weight=ft.FontWeight.BOLD,
                                          color=None if option.enabled else ft.Colors.ON_SURFACE_VARIANT)]
        if option.enabled and option.units:
            rows.append(ft.Row(wrap=True, spacing=6, controls=[
                ft.FilledTonalButton(match.unit(u).name, key=f"do-{option.action}-{u}",
                                     on_click=partial(self._take, app, option.action, u))
                for u in option.units]))
        elif option.enabled:
            rows.append(ft.FilledTonalButton(option.title, key=f"do-{option.action}",
                                             on_click=partial(self._take, app, option.action, None)))
        else:
            rows.append(ft.Text(f"Not now: {option.reason}", key=f"why-{option.action}"))
        if option.note:
            rows.append(ft.Text(option.note, size=12, italic=True))
        if option.rule:
            rows.append(ft.Text(f"Rule: {option.rule}", size=12, key=f"rule-{option.action}"))
        return ft.Card(key=f"option-{option.action}", semantic_container=False,
                       content=ft.Container(padding=10, content=ft.Column(rows, spacing=6)))

    def _take(self, app: App, action: str, unit_id: str | None) -> None:
        from companion.ui.attack_screen import AttackScreen

        match = app.session.state(self.match_id)
        by = match.active_player.id
        if action in ATTACK_ACTIONS and unit_id:
            app.show(AttackScreen(self.match_id, unit_id, action))
            return
        name = match.unit(unit_id).name if unit_id else ""
        give_action = Event("token", {"unit": unit_id, "kind": "action", "delta": 1})
        try:
            if action == "move" and unit_id:
                app.session.dispatch_events(self.match_id, [give_action], f"{name} moves", by=by)
            elif action == "respawn" and unit_id:
                app.session.dispatch_events(self.match_id, [
                    Event("set_location", {"unit": unit_id, "location": "table"}), give_action],
                    f"{name} respawns and moves off the spawn point", by=by)
            elif action == "loot-roll" and unit_id:
                result = app.session.roll(self.match_id, "2d6", f"loot roll for {name}", by=by)
                app.toast(f"Loot roll for {name}: {result.describe()}. Read the effect on your spawn point "
                          "counter's loot chart.")
            elif action == "end-turn":
                app.session.dispatch(self.match_id, "end_turn", by=by)
                app.back()
                return
            else:
                app.toast("Do this one at the table, then set the unit's dial and tokens on its card.")
                return
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.tick()
        app.refresh()
