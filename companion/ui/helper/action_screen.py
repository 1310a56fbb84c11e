"""One action of the rules helper, for any game system: its params as a form and the exact odds, then one tap
commits it: the dice are drawn from the device's randomness at that moment and the result is stored as one
undoable step, then shown big (hit/miss colour, word and icon, the dice, what it did) with Undo and Done.

Nothing is rolled before the commit, so backing out and coming back shows no dice to shop for; an undone roll
stays in the match log as undone."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session import inputs
from companion.session.play.dice import changes
from companion.session.play.helper import Action, ActionOption, Param, Resolution, System, helper_for
from companion.ui.helper.roll_result import dice_text, result_card
from companion.ui.shell import App, app_bar

MAX_RADIOS = 6  # more choices than this go in a drop-down


class ActionScreen:
    def __init__(self, match_id: str, action: str, unit: str | None) -> None:
        self.match_id = match_id
        self.action = action
        self.unit = unit
        self.route = f"/match/{match_id}/action/{action}" + (f"/{unit}" if unit else "")
        self.values: dict[str, Any] = {}
        self.done: tuple[Resolution, list[str]] | None = None  # the committed step and what it changed

    def build(self, app: App) -> ft.View:
        match = app.session.state(self.match_id)
        system = helper_for(match.system)
        option = next((o for o in system.legal_actions(match) if o.action == self.action), None)
        title = option.title if option else self.action
        if self.done is not None:
            return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                           appbar=app_bar(app, title), controls=self._result(app))
        if option is None or not option.enabled:
            return ft.View(route=self.route, padding=16, appbar=app_bar(app, title), controls=[
                ft.Text(f"Not now: {option.reason if option else 'this game has no such action'}",
                        key="action-refused")])
        for p in option.params:
            self.values.setdefault(p.name, default_of(p))
        action = Action(self.action, self.unit, dict(self.values))
        who = f"{match.unit(self.unit).name}: " if self.unit else ""
        controls: list[ft.Control] = [ft.Text(who + title, weight=ft.FontWeight.BOLD, key="action-title")]
        if option.note:
            controls.append(ft.Text(option.note, italic=True, size=12))
        controls += [param_control(p, self.values[p.name], partial(self._set, app, p.name)) for p in option.params]
        controls.append(self._odds(system, match, action))
        label = f"Roll {option.dice}" if option.dice else "Do it"
        controls.append(ft.FilledButton(label, icon=ft.Icons.CASINO if option.dice else ft.Icons.CHECK, height=48,
                                        key="action-resolve", on_click=partial(self._commit, app, action)))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, title), controls=controls)

    def _result(self, app: App) -> list[ft.Control]:
        assert self.done is not None
        r, effects = self.done
        rolls = [(e.data["expr"], e.data["dice"], e.data["total"]) for e in r.events if e.type == "roll"]
        word = None if rolls else "DONE"
        # a roll that changes nothing on the table (the Scarab's movement roll) says what it means in the card
        summary = ft.Text(r.summary, key="action-summary", weight=ft.FontWeight.BOLD, visible=bool(effects))
        return [*result_card(r.success, dice_text(rolls), effects or [r.summary], on_undo=lambda: self._undo(app),
                             on_done=app.back, word=word),
                summary, *(ft.Text(line, key=f"action-detail-{i}", size=13) for i, line in enumerate(r.details))]

    @staticmethod
    def _odds(system: System, match: Match, action: Action) -> ft.Control:
        try:
            odds = system.odds(match, action)
        except CompanionError as exc:
            return ft.Text(f"Check the values: {exc}", key="action-odds", color=ft.Colors.ERROR)
        if odds is None:
            return ft.Text("", key="action-odds", visible=False)
        return ft.Text(f"Chance: {odds.text}", key="action-odds", weight=ft.FontWeight.BOLD)

    def _set(self, app: App, name: str, value: Any) -> None:
        self.values[name] = value
        app.refresh()

    def _commit(self, app: App, action: Action) -> None:
        """Roll now, with the device's randomness, and store the step; then show what happened."""
        match = app.session.state(self.match_id)
        try:
            resolution, before = app.session.act(self.match_id, action, by=match.active_player.id)
        except CompanionError as exc:
            app.toast(str(exc))
            return
        self.done = (resolution, changes(before, resolution.events))
        app.tick()
        app.refresh()

    def _undo(self, app: App) -> None:
        if app.undo_roll(self.match_id, "Undone. The roll stays in the match log as undone."):
            self.done = None
            app.refresh()


def default_of(p: Param) -> Any:
    if p.default is not None:
        return p.default
    if p.kind in ("unit", "choice"):
        return p.choices[0][0] if p.choices else ""
    return False if p.kind == "bool" else p.low


def param_control(p: Param, value: Any, on_value: Any) -> ft.Control:
    """A form field for one param; every change goes through `on_value(new_value)`."""
    key = f"param-{p.name}"
    if p.kind == "bool":
        return ft.Switch(key=key, label=p.label, value=bool(value), on_change=lambda e: on_value(bool(e.control.value)))
    if p.kind == "int":
        def typed(e: ft.Event) -> None:
            n = inputs.whole(e.control.value or "")
            if n is not None and p.low <= n <= p.high:
                on_value(n)

        return ft.TextField(key=key, label=f"{p.label} ({p.low} to {p.high})", value=str(value), width=220,
                            keyboard_type=ft.KeyboardType.NUMBER, on_change=typed)
    if len(p.choices) <= MAX_RADIOS:  # radio buttons: every choice visible, each with an accessible name
        return ft.Column(spacing=0, controls=[
            ft.Text(p.label, theme_style=ft.TextThemeStyle.TITLE_SMALL),
            ft.RadioGroup(key=key, value=value, on_change=lambda e: on_value(e.control.value),
                          content=ft.Column(spacing=0, controls=[ft.Radio(value=v, label=label, key=f"{key}-{v}")
                                                                 for v, label in p.choices]))])
    return ft.Dropdown(key=key, label=p.label, value=value, on_select=lambda e: on_value(e.control.value),
                       options=[ft.DropdownOption(key=v, text=label) for v, label in p.choices])


def option_needs_screen(option: ActionOption) -> bool:
    return bool(option.params or option.dice)
