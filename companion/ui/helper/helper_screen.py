"""The rules helper: every action of the system for the active player now; disabled ones say why.

A Flet component over the session's change feed: after an action (here, on another phone, or from the CLI) the
list is the game's list for the new state, with no rebuild by hand."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session.play.helper import Action, ActionOption, helper_for
from companion.ui.helper.action_screen import option_needs_screen
from companion.ui.hooks import Unopened, use_history
from companion.ui.share.turn_prompt import turn_ended
from companion.ui.shell import App, app_bar


class HelperScreen:
    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id

    def build(self, app: App) -> ft.View:
        try:
            title = f"{app.session.state(self.match_id).active_player.name}: what can I do?"
        except CompanionError:
            title = "What can I do?"
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=12, appbar=app_bar(app, title),
                       controls=[HelperBody(app, self.match_id, key="helper")])


@ft.component
def HelperBody(app: App, match_id: str) -> ft.Control:
    history = use_history(app.session, match_id)
    titles = ft.use_memo(lambda: _rule_titles(app), [])
    if isinstance(history, Unopened):
        return history.refusal()
    match = history.state
    try:
        options = helper_for(match.system).legal_actions(match)
    except CompanionError as exc:
        return ft.Text(str(exc), key="helper-error", color=ft.Colors.ERROR)
    return ft.Column([_option(app, match, o, titles) for o in options], spacing=8, key="helper-options")


def _option(app: App, match: Match, option: ActionOption,
            titles: Callable[[str, str], str]) -> ft.Control:
    head = option.title + (f" · uses {option.cost} action" if option.cost else " · free")
    if option.dice:
        head += f" · rolls {option.dice}"
    rows: list[ft.Control] = [ft.Text(head, weight=ft.FontWeight.BOLD,
                                      color=None if option.enabled else ft.Colors.ON_SURFACE_VARIANT)]
    if option.enabled and option.units:
        rows.append(ft.Row(wrap=True, spacing=6, controls=[
            ft.FilledTonalButton(match.unit(u).name, key=f"do-{option.action}-{u}", height=48,
                                 on_click=on_take(app, match.id, option, u))
            for u in option.units]))
    elif option.enabled:
        rows.append(ft.FilledTonalButton(option.title, key=f"do-{option.action}", height=48,
                                         on_click=on_take(app, match.id, option, None)))
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
        rows.append(ft.TextButton(f"Rule: {titles(match.system, option.rule)}", key=f"rule-{option.action}",
                                  height=48, on_click=partial(_open_rule, app, match.system, option.rule)))
    return ft.Card(key=f"option-{option.action}", semantic_container=False,
                   content=ft.Container(padding=10, content=ft.Column(rows, spacing=6)))


def _rule_titles(app: App) -> Callable[[str, str], str]:
    """A rule's section title from its pack (the packs are read once per visit, not per draw)."""
    packs = app.session.packs()[0]

    def title(system: str, rule: str) -> str:
        pack = packs.get(system)
        try:
            return pack.section(rule).title if pack else rule
        except KeyError:
            return rule

    return title


def _open_rule(app: App, system: str, rule: str) -> None:
    app.go("rules.section", system=system, section=rule)


def on_take(app: App, match_id: str, option: ActionOption, unit_id: str | None) -> Callable[[], None]:
    """A click handler taking the option (zero arguments: Flet passes the event to any handler that has some)."""
    return lambda: take_option(app, match_id, option, unit_id)


def take_option(app: App, match_id: str, option: ActionOption, unit_id: str | None, *,
                back_to_table: bool = True) -> None:
    """Actions that ask for values or roll dice get their own screen; the others apply at once.

    When the action ended the turn, a helper screen goes back to the table (`back_to_table`)."""
    if option_needs_screen(option):
        app.go("match.action", match_id=match_id, action=option.action, unit=unit_id)
        return
    match = app.session.state(match_id)
    try:
        resolution, _ = app.session.act(match_id, Action(option.action, unit_id), by=app.session.mover(match_id))
    except CompanionError as exc:
        app.toast(str(exc))
        return
    app.tick()
    if match.turn == app.session.state(match_id).turn:
        app.toast(resolution.summary)
        app.redraw()
        return
    turn_ended(app, match_id, resolution.summary)
    if back_to_table:
        app.back()  # the turn ended: back to the table
    else:
        app.redraw()
