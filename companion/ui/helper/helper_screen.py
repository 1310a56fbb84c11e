"""The rules helper: every action of the system for the active player now; disabled ones say why."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session.play.helper import Action, ActionOption, helper_for
from companion.ui.helper.action_screen import ActionScreen, option_needs_screen
from companion.ui.share.turn_prompt import turn_ended
from companion.ui.shell import App, app_bar


class HelperScreen:
    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/helper"

    def build(self, app: App) -> ft.View:
        match = app.session.state(self.match_id)
        try:
            options = helper_for(match.system).legal_actions(match)
        except CompanionError as exc:
            options = []
            app.toast(str(exc))
        cards = [self._option(app, match, o) for o in options]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=12, spacing=8,
                       appbar=app_bar(app, f"{match.active_player.name}: what can I do?"), controls=cards)

    def _option(self, app: App, match: Match, option: ActionOption) -> ft.Control:
        head = option.title + (f" · uses {option.cost} action" if option.cost else " · free")
        if option.dice:
            head += f" · rolls {option.dice}"
        rows: list[ft.Control] = [ft.Text(head, weight=ft.FontWeight.BOLD,
                                          color=None if option.enabled else ft.Colors.ON_SURFACE_VARIANT)]
        if option.enabled and option.units:
            rows.append(ft.Row(wrap=True, spacing=6, controls=[
                ft.FilledTonalButton(match.unit(u).name, key=f"do-{option.action}-{u}",
                                     on_click=on_take(app, self.match_id, option, u))
                for u in option.units]))
        elif option.enabled:
            rows.append(ft.FilledTonalButton(option.title, key=f"do-{option.action}",
                                             on_click=on_take(app, self.match_id, option, None)))
        else:
            rows.append(ft.Text(f"Not now: {option.reason}", key=f"why-{option.action}"))
            others = [u for u in option.refused if u not in option.shown] if option.shown else []
            if others:  # every other unit's own reason, one tap away
                rows.append(ft.ExpansionTile(
                    title=ft.Text(f"Why not the other {len(others)}", size=12), key=f"why-others-{option.action}",
                    controls=[ft.Text(option.refused[u], size=12, key=f"why-{option.action}-{u}") for u in others]))
        if option.note:
            rows.append(ft.Text(option.note, size=12, italic=True))
        if option.rule:
            rows.append(ft.TextButton(f"Rule: {self._rule_title(app, match, option.rule)}", key=f"rule-{option.action}",
                                      on_click=partial(self._open_rule, app, match.system, option.rule)))
        return ft.Card(key=f"option-{option.action}", semantic_container=False,
                       content=ft.Container(padding=10, content=ft.Column(rows, spacing=6)))

    @staticmethod
    def _rule_title(app: App, match: Match, rule: str) -> str:
        pack = app.session.packs()[0].get(match.system)
        try:
            return pack.section(rule).title if pack else rule
        except KeyError:
            return rule

    @staticmethod
    def _open_rule(app: App, system: str, rule: str) -> None:
        from companion.ui.helper.rules_screen import SectionScreen

        app.show(SectionScreen(system, rule))



def on_take(app: App, match_id: str, option: ActionOption, unit_id: str | None) -> Callable[[], None]:
    """A click handler taking the option (zero arguments: Flet passes the event to any handler that has some)."""
    return lambda: take_option(app, match_id, option, unit_id)


def take_option(app: App, match_id: str, option: ActionOption, unit_id: str | None, *,
                back_to_table: bool = True) -> None:
    """Actions that ask for values or roll dice get their own screen; the others apply at once.

    When the action ended the turn, a helper screen goes back to the table (`back_to_table`)."""
    if option_needs_screen(option):
        app.show(ActionScreen(match_id, option.action, unit_id))
        return
    match = app.session.state(match_id)
    try:
        resolution, _ = app.session.act(match_id, Action(option.action, unit_id), by=match.active_player.id)
    except CompanionError as exc:
        app.toast(str(exc))
        return
    app.tick()
    if match.turn == app.session.state(match_id).turn:
        app.toast(resolution.summary)
        app.refresh()
        return
    turn_ended(app, match_id, resolution.summary)
    if back_to_table:
        app.back()  # the turn ended: back to the table
    else:
        app.refresh()
