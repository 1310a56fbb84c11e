"""Best moves: the active player's rolling options ranked by what they are worth, exactly, before anyone rolls.

Each row shows its figures (chance to hit, expected damage, chance to KO, expected points) and opens its working
in words; the ranking key can be switched. "Take it" opens the action screen with the unit and the target filled
in, odds shown: the roll stays the player's own tap there. A target with no line of fire (or out of range, or
attacked already) can be left out ("Leave out Grunt"; the code calls it a strike); it stays out until the turn
changes, or an undo takes back the step it was struck after (a redo strikes it again): what is struck is read from
the match's history, the screen keeps only the taps (session.play.advice.Strike).

A Flet component over the session's change feed: the ranking follows the match (a unit knocked out or a turn ended
from another phone or the CLI redraws the list and the title without a tap).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session.play.advice import KEY_WORDS, KEYS, AdvisedMove, strike, struck
from companion.ui.hooks import Unopened, use_history
from companion.ui.shell import App, MatchTitle, app_bar

KEY_LABELS = {"points": "Points", "ko": "KO", "damage": "Damage"}
SHOWN = 30  # rows built at once: the best ones; a long list costs a phone's frame
OPEN_FIRST = 3  # rows whose working is written at once; a row further down writes it when its "Why" first opens

class AdviceScreen:
    live = True  # drawn by components over the session's feed

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id

    def build(self, app: App) -> ft.View:
        bar = app_bar(app, "Best moves")
        bar.title = MatchTitle(app.session, self.match_id, _title, "Best moves", key="advice-title")
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=12, appbar=bar,
                       controls=[AdviceBody(app, self, key="advice")])


def _title(history: Any) -> str:
    return f"{history.state.active_player.name}: best moves"  # follows the player to play


@ft.component
def AdviceBody(app: App, screen: AdviceScreen) -> ft.Control:
    history = use_history(app.session, screen.match_id)
    by, set_by = ft.use_state("points")
    strikes, set_strikes = ft.use_state(())  # every Strike tapped on this screen, wherever the history went since
    opened, set_opened = ft.use_state(frozenset())  # titles of the rows whose "Why" is open
    match = None if isinstance(history, Unopened) else history.state
    out = list(struck(history, strikes)) if match else []
    advice = ft.use_memo(lambda: _advise(app, screen.match_id, by, out) if match else history,
                         [history, by, tuple(out)])
    if isinstance(advice, Unopened):
        return advice.refusal("advice-error")
    if isinstance(advice, str):  # the advisor's refusal (a finished match, a game it can't rank)
        return ft.Text(advice, key="advice-error")
    assert match is not None

    def strike_out(target: str) -> None:
        set_strikes(lambda old: (*old, strike(history, target)))

    def bring_back() -> None:  # the targets struck now; a strike lifted by an undo may come back with its redo
        set_strikes(lambda old: tuple(s for s in old if s.target not in out))

    def open_why(title: str, e: ft.Event) -> None:
        set_opened(lambda old: old | {title} if _truthy(e.data) else old - {title})

    def take(move: AdvisedMove) -> None:
        # the form starts as the advice weighed it: the unit, the target and the values it assumed
        app.go("match.action", match_id=screen.match_id, action=move.action.name, unit=move.action.unit,
               values=move.action.params)

    controls: list[ft.Control] = [_keys(by, set_by), ft.Text(
        f"Ranked by {KEY_WORDS[by]}. Exact, from the dice; each row says what it assumed.", size=13)]
    if out:
        controls.append(_struck(match, out, bring_back))
    if advice.note:
        controls.append(ft.Text(advice.note, key="advice-note"))
    controls += [_row(i, move, move.title in opened, take, strike_out, open_why)
                 for i, move in enumerate(advice.moves[:SHOWN])]
    if len(advice.moves) > SHOWN:
        controls.append(ft.Text(f"{len(advice.moves) - SHOWN} weaker options not shown.", size=13))
    return ft.Column(controls, spacing=8, key="advice-body")


def _advise(app: App, match_id: str, by: str, struck: list[str]) -> Any:
    try:
        return app.session.advise(match_id, by, struck)
    except CompanionError as exc:
        return str(exc)


def _truthy(data: Any) -> bool:
    return data is True or str(data).lower() == "true"


def _keys(by: str, set_by: Callable[[str], None]) -> ft.Control:
    return ft.Row(wrap=True, spacing=6, key="advice-keys", controls=[
        (ft.FilledButton if k == by else ft.OutlinedButton)(
            KEY_LABELS[k], key=f"advice-by-{k}", height=48, tooltip=f"Rank by {KEY_WORDS[k]}",
            on_click=partial(set_by, k)) for k in KEYS])


def _struck(match: Match, struck: list[str], unstrike: Callable[[], None]) -> ft.Control:
    names = ", ".join(_name(match, u) for u in struck)
    return ft.Row(wrap=True, spacing=6, key="advice-struck-row", controls=[
        ft.Text(f"Left out this turn: {names}", size=13, key="advice-struck"),
        ft.TextButton("Bring back", key="advice-unstrike", height=48, on_click=unstrike)])


def _row(i: int, move: AdvisedMove, opened: bool, take: Callable[[AdvisedMove], None],
         strike: Callable[[str], None], open_why: Callable[[str, ft.Event], None]) -> ft.Control:
    assumed = move.data["assumed"]
    body: list[ft.Control] = [
        ft.Text(f"{i + 1}. {move.title}", weight=ft.FontWeight.BOLD, key=f"advice-title-{i}"),
        ft.Text(move.line, key=f"advice-line-{i}", size=14)]
    if assumed:
        body.append(ft.Text(f"Assumes: {assumed[0]}", size=12, italic=True))
    # no dice icon: Take it opens the move with its choices filled; the roll is that screen's own button
    buttons: list[ft.Control] = [ft.FilledButton("Take it", height=48, key=f"advice-take-{i}",
                                                 on_click=partial(take, move))]
    if move.target:
        # "Strike Grunt" read as "attack the Grunt": the words say what it does, leave it out of the list, and why
        # one would (a tooltip never shows on a phone)
        buttons.append(ft.TextButton(f"Leave out {move.data['target_name']} (no line of fire)",
                                     key=f"advice-strike-{i}", height=48,
                                     tooltip="No line of fire, out of range: leave it out of the list this turn",
                                     on_click=partial(strike, move.target)))
    body.append(ft.Row(wrap=True, spacing=6, controls=buttons))
    # the working resolves each class: written for the first rows, and for a row further down once it is opened
    working = [ft.Text(line, size=13, selectable=True) for line in move.working()] if (
        i < OPEN_FIRST or opened) else []
    body.append(ft.ExpansionTile(title=ft.Text("Why", size=14), key=f"advice-why-{i}", expanded=opened,
                                 controls=working, on_change=partial(open_why, move.title)))
    return ft.Card(key=f"advice-row-{i}", semantic_container=False,
                   content=ft.Container(padding=10, content=ft.Column(body, spacing=4)))


def _name(match: Match, unit_id: str) -> str:
    return next((u.name for u in match.units if u.id == unit_id), unit_id)
