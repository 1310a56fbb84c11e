"""One action of the rules helper, for any game system: its params as a form and the exact odds, then one tap
commits it: the dice are drawn from the device's randomness at that moment and the result is stored as one
undoable step, then shown big (hit/miss colour, word and icon, the dice, what it did) with Undo and Done.

From a unit card it is the second of three taps (card → target → Roll): the first target is chosen already,
the unit's other actions (move and attack, a special attack ...) are one tap away at the top, as the game lists them.
The odds and Roll sit in a bar pinned to the bottom (ui/helper/roll_bar.py), however long the form. The form
reads in the order a player decides: the fields always asked (the target first), then "More options", behind
which the fields the system marks rare (modifiers, a card's switch) wait; a field the rules ask only with another
one's value (a unit's splash mark: with the splash on, never for the target itself) comes and goes with it.
Another screen opens it filled in with `app.go("match.action", match_id=..., action=..., unit=...,
values={"target": "u3"})`, whose address is `/match/<id>/action/<action>/<unit>?target=u3` (ui/routes.py): values
the action has no param for, or that are not among its choices, are ignored.

A Flet component over the session's change feed: the odds follow the match (a change from another phone) and
the form keeps its values. Nothing is rolled before the commit, so backing out and coming back shows no dice
to shop for; an undone roll stays in the match log as undone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session import inputs
from companion.session.play.dice import changes
from companion.session.play.helper import Action, ActionOption, Param, Resolution, System, helper_for
from companion.ui.helper.roll_bar import more_options, pinned, undo_news
from companion.ui.helper.roll_result import dice_text, result_card
from companion.ui.hooks import Unopened, use_history
from companion.ui.shell import App, app_bar
from companion.ui.widgets import radio_tile, switch_tile

MAX_RADIOS = 6  # more choices than this go in a drop-down (a tap more) ...
MAX_PAIRED = 12  # ... unless their labels are short enough to go two to a line
SHORT_LABEL = 14  # characters: two radio lines side by side hold this much at 320 px on one or two lines
# the action buttons at the top: less padding beside the word than the theme's 20 px, so Move, Attack and Move
# and attack share one line at 320 px (on two they pushed the last target line under the pinned bar)
SNUG = ft.ButtonStyle(padding=ft.Padding.symmetric(vertical=14, horizontal=12))


@dataclass(frozen=True)
class Done:
    """The committed step and what it changed, shown until Undo or Done."""

    resolution: Resolution
    effects: tuple[str, ...]


class ActionScreen:
    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str, action: str, unit: str | None = None,
                 values: Mapping[str, Any] | None = None) -> None:
        self.match_id = match_id
        self.action = action
        self.unit = unit
        self.values = dict(values or {})  # filled in by the screen that opened it (the advisor's best move)

    def build(self, app: App) -> ft.View:
        title = self.action
        try:
            match = app.session.state(self.match_id)
            option = next((o for o in helper_for(match.system).legal_actions(match) if o.action == self.action), None)
            title = option.title if option else title
        except CompanionError:
            pass  # the body says why
        # the view does not scroll: the body's form does, above its pinned bar
        return ft.View(route=self.route, padding=12, appbar=app_bar(app, title),
                       controls=[ActionBody(app, self, key="action")])


@ft.component
def ActionBody(app: App, screen: ActionScreen) -> ft.Control:
    history = use_history(app.session, screen.match_id)
    action, set_action = ft.use_state(screen.action)
    values, set_values = ft.use_state(lambda: dict(screen.values))
    done, set_done = ft.use_state(None)
    unfolded, set_unfolded = ft.use_state(False)  # the rare fields asked for
    news, set_news = ft.use_state("")  # what the last Undo took back, shown in the bar until the next roll
    if isinstance(history, Unopened):
        return history.refusal("action-refused")
    if done is not None:
        def undone(said: str) -> None:
            set_news(said)
            set_done(None)

        return _result(app, screen, done, undone)
    match = history.state
    system = helper_for(match.system)
    options = system.legal_actions(match)
    option = next((o for o in options if o.action == action), None)
    if option is None or not option.enabled:
        return ft.Text(f"Not now: {option.reason if option else 'this game has no such action'}",
                       key="action-refused")
    shown_params, chosen = option.asked(filled(option, values))  # the rules say which fields apply now
    act = Action(action, screen.unit, chosen)

    def switch(name: str) -> None:
        set_action(name)

    def commit() -> None:
        """Roll now, with the device's randomness, and store the step; then show what happened."""
        try:
            resolution, before = app.session.act(screen.match_id, act, by=app.session.mover(screen.match_id))
        except CompanionError as exc:
            app.toast(str(exc))
            return
        set_news("")
        set_done(Done(resolution, tuple(changes(before, resolution.events))))
        app.tick()

    who = f"{match.unit(screen.unit).name}: " if screen.unit else ""
    title = ft.Text(who + option.title, weight=ft.FontWeight.BOLD, key="action-title")
    # the note under the title it explains, closer than the form's fields are to each other
    controls: list[ft.Control] = [*_switches(match, options, screen.unit, action, switch), ft.Column(
        [title, ft.Text(option.note, italic=True, size=12)], spacing=2) if option.note else title]
    # the order a player decides in: the choices that are always asked (the target first), then the fold, then
    # what it unfolds (modifiers, a card's switch, the units next to the target chosen above)
    rare = [p for p in shown_params if p.rare]
    changed = any(chosen[p.name] != p.initial for p in rare)  # a value set (by the advice, or here) stays seen
    shown = unfolded or changed

    def field(p: Param) -> ft.Control:
        return param_control(p, chosen[p.name], partial(_set_value, set_values, p.name))

    controls += [field(p) for p in shown_params if not p.rare]
    if rare:
        controls.append(more_options(shown, None if changed else lambda: set_unfolded(not unfolded)))
        controls += [field(p) for p in rare if shown]
    label = f"Roll {option.dice}" if option.dice else "Do it"
    # 8 px between fields, not 12: with a fourth action button on a second line, five targets and More options
    # still sit whole above the bar at 320x568
    return pinned("action-body", controls, [
        undo_news(news, "action-undone"),
        _odds(system, match, act),
        ft.FilledButton(label, icon=ft.Icons.CASINO if option.dice else ft.Icons.CHECK, height=48,
                        key="action-resolve", on_click=commit)], spacing=8)


def filled(option: ActionOption, values: Mapping[str, Any]) -> dict[str, Any]:
    """The option's params: the values given where the option can take them, its defaults elsewhere."""
    out = {}
    for p in option.params:
        value = values.get(p.name)
        usable = value is not None and (p.kind not in ("unit", "choice") or value in dict(p.choices))
        out[p.name] = value if usable else p.initial
    return out


def _set_value(set_values: Callable[[Any], None], name: str, value: Any) -> None:
    set_values(lambda old: {**old, name: value})


def _switches(match: Match, options: list[ActionOption], unit: str | None, current: str,
              switch: Callable[[str], None]) -> list[ft.Control]:
    """The unit's other actions the game offers now (move and attack, a special attack ...): one tap to change."""
    mine = [o for o in options if unit is not None and o.enabled and unit in o.units and option_needs_screen(o)]
    if len(mine) < 2:
        return []
    return [ft.Row(wrap=True, spacing=6, run_spacing=6, key="action-switches", controls=[
        (ft.FilledTonalButton if o.action == current else ft.OutlinedButton)(
            o.title, key=f"switch-{o.action}", height=48, style=SNUG, on_click=partial(switch, o.action))
        for o in mine])]


def _result(app: App, screen: ActionScreen, done: Done, again: Callable[[str], None]) -> ft.Control:
    r, effects = done.resolution, list(done.effects)
    rolls = [(e.data["expr"], e.data["dice"], e.data["total"]) for e in r.events if e.type == "roll"]
    word = None if rolls else "DONE"

    def undo() -> None:
        said = app.undo_roll(screen.match_id)
        if said is not None:
            again(said)  # the form again, saying in its bar what was taken back

    # a roll that changes nothing on the table (the Scarab's movement roll) says what it means in the card
    summary = ft.Text(r.summary, key="action-summary", weight=ft.FontWeight.BOLD, visible=bool(effects))
    card, buttons = result_card(r.success, dice_text(rolls), effects or [r.summary], on_undo=undo,
                                on_done=app.back, word=word)
    details = [ft.Text(line, key=f"action-detail-{i}", size=13) for i, line in enumerate(r.details)]
    return pinned("action-body", [card, summary, *details], [buttons], page="result")


def _odds(system: System, match: Match, action: Action) -> ft.Control:
    try:
        odds = system.odds(match, action)
    except CompanionError as exc:
        return ft.Text(f"Check the values: {exc}", key="action-odds", color=ft.Colors.ERROR)
    if odds is None:
        return ft.Text("", key="action-odds", visible=False)
    return ft.Text(f"Chance: {odds.text}", key="action-odds", weight=ft.FontWeight.BOLD)


def param_control(p: Param, value: Any, on_value: Any) -> ft.Control:
    """A form field for one param; every change goes through `on_value(new_value)`. Controlled (the value is
    given at every draw), so a redraw never resets what the player typed."""
    key = f"param-{p.name}"
    if p.kind == "bool":
        return switch_tile(ft.Switch(key=key, value=bool(value), on_change=lambda e: on_value(bool(e.control.value))),
                           p.label)
    if p.kind == "int":
        def typed(e: ft.Event) -> None:
            n = inputs.whole(e.control.value or "")
            if n is not None and p.low <= n <= p.high:
                on_value(n)

        # the range as the field's help line: in the label it pushed a long label past the box at 320 px
        return ft.TextField(key=key, label=p.label, helper=f"{p.low} to {p.high}", value=str(value),
                            keyboard_type=ft.KeyboardType.NUMBER, on_change=typed)
    paired = len(p.choices) > 2 and all(len(label) <= SHORT_LABEL for _, label in p.choices)
    if len(p.choices) <= (MAX_PAIRED if paired else MAX_RADIOS):
        # radio buttons: every choice visible, each with an accessible name; short ones (a target list of unit
        # names) two to a line, so five or ten enemies stay a compact block and need no drop-down's extra tap
        tiles = [radio_tile(ft.Radio(value=v, key=f"{key}-{v}"), label) for v, label in p.choices]
        return ft.Column(spacing=0, controls=[
            ft.Text(p.label, theme_style=ft.TextThemeStyle.TITLE_SMALL),
            ft.RadioGroup(key=key, value=value, on_change=lambda e: on_value(e.control.value),
                          content=ft.Column(spacing=0, controls=_two_a_line(tiles) if paired else tiles))])
    return ft.Dropdown(key=key, label=p.label, value=value, on_select=lambda e: on_value(e.control.value),
                       options=[ft.DropdownOption(key=v, text=label) for v, label in p.choices])


def _two_a_line(tiles: list[ft.Control]) -> list[ft.Control]:
    """Lines of two equal halves (an odd last one keeps its half width)."""
    lines = []
    for i in range(0, len(tiles), 2):
        halves = [ft.Container(t, expand=True) for t in tiles[i:i + 2]]
        if len(halves) == 1:
            halves.append(ft.Container(expand=True))
        lines.append(ft.Row(halves, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))
    return lines


def option_needs_screen(option: ActionOption) -> bool:
    return bool(option.params or option.dice)
