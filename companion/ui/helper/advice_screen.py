"""Best moves: the active player's rolling options ranked by what they are worth, exactly, before anyone rolls.

Each row shows its figures (chance to hit, expected damage, chance to KO, expected points) and opens its working
in words; the ranking key can be switched. "Take it" opens the action screen with the unit and the target filled
in, odds shown: the roll stays the player's own tap there. A target with no line of fire (or out of range) can be
struck out; it stays out until the turn changes.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session.play.advice import KEY_WORDS, KEYS, AdvisedMove
from companion.ui.helper.action_screen import ActionScreen
from companion.ui.shell import App, app_bar

KEY_LABELS = {"points": "Points", "ko": "KO", "damage": "Damage"}
SHOWN = 30  # rows built at once: the best ones; a long list costs a phone's frame


class AdviceScreen:
    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/advice"
        self.by = "points"
        self.struck: list[str] = []
        self.turn: tuple[int, int, int] | None = None  # the turn the strikes belong to

    def build(self, app: App) -> ft.View:
        match = app.session.state(self.match_id)
        if self.turn != (match.turn, match.round, match.active):  # a new turn: every target is back
            self.turn, self.struck = (match.turn, match.round, match.active), []
        try:
            advice = app.session.advise(self.match_id, self.by, self.struck)
        except CompanionError as exc:
            return ft.View(route=self.route, padding=16, appbar=app_bar(app, "Best moves"),
                           controls=[ft.Text(str(exc), key="advice-error")])
        controls: list[ft.Control] = [self._keys(app), ft.Text(
            f"Ranked by {KEY_WORDS[self.by]}. Exact, from the dice; each row says what it assumed.", size=13)]
        if self.struck:
            controls.append(self._struck(app, match))
        if advice.note:
            controls.append(ft.Text(advice.note, key="advice-note"))
        controls += [self._row(app, i, move) for i, move in enumerate(advice.moves[:SHOWN])]
        if len(advice.moves) > SHOWN:
            controls.append(ft.Text(f"{len(advice.moves) - SHOWN} weaker options not shown.", size=13))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=12, spacing=8,
                       appbar=app_bar(app, f"{match.active_player.name}: best moves"), controls=controls)

    def _keys(self, app: App) -> ft.Control:
        return ft.Row(wrap=True, spacing=6, key="advice-keys", controls=[
            (ft.FilledButton if k == self.by else ft.OutlinedButton)(
                KEY_LABELS[k], key=f"advice-by-{k}", height=48, tooltip=f"Rank by {KEY_WORDS[k]}",
                on_click=partial(self._rank_by, app, k)) for k in KEYS])

    def _struck(self, app: App, match: Match) -> ft.Control:
        names = ", ".join(_name(match, u) for u in self.struck)
        return ft.Row(wrap=True, spacing=6, controls=[
            ft.Text(f"Struck out this turn: {names}", size=13, key="advice-struck"),
            ft.TextButton("Bring back", key="advice-unstrike", height=48, on_click=partial(self._unstrike, app))])

    def _row(self, app: App, i: int, move: AdvisedMove) -> ft.Control:
        assumed = move.data["assumed"]
        body: list[ft.Control] = [
            ft.Text(f"{i + 1}. {move.title}", weight=ft.FontWeight.BOLD, key=f"advice-title-{i}"),
            ft.Text(move.line, key=f"advice-line-{i}", size=14)]
        if assumed:
            body.append(ft.Text(f"Assumes: {assumed[0]}", size=12, italic=True))
        buttons: list[ft.Control] = [ft.FilledButton("Take it", icon=ft.Icons.CASINO, height=48,
                                                     key=f"advice-take-{i}", on_click=partial(self._take, app, move))]
        if move.target:
            buttons.append(ft.TextButton(f"Strike {move.data['target_name']}",
                                         key=f"advice-strike-{i}", height=48,
                                         tooltip="No line of fire, out of range: leave it out this turn",
                                         on_click=partial(self._strike, app, move.target)))
        body.append(ft.Row(wrap=True, spacing=6, controls=buttons))
        body.append(ft.ExpansionTile(title=ft.Text("Why", size=14), key=f"advice-why-{i}",
                                     controls=[ft.Text(line, size=13, selectable=True) for line in move.working()]
                                     if i < 3 else [], on_change=partial(self._open_why, app, i, move)))
        return ft.Card(key=f"advice-row-{i}", semantic_container=False,
                       content=ft.Container(padding=10, content=ft.Column(body, spacing=4)))

    @staticmethod
    def _open_why(app: App, i: int, move: AdvisedMove, e: ft.Event) -> None:
        """The working of a row further down is written when its tile first opens (it resolves each class)."""
        tile = e.control
        if not tile.controls:
            tile.controls = [ft.Text(line, size=13, selectable=True) for line in move.working()]
            tile.update()

    def _take(self, app: App, move: AdvisedMove) -> None:
        # the form starts as the advice weighed it: the unit, the target and the values it assumed
        app.show(ActionScreen(self.match_id, move.action.name, move.action.unit, move.action.params))

    def _rank_by(self, app: App, key: str) -> None:
        self.by = key
        app.refresh()

    def _strike(self, app: App, target: str) -> None:
        if target not in self.struck:
            self.struck.append(target)
        app.refresh()

    def _unstrike(self, app: App) -> None:
        self.struck = []
        app.refresh()


def _name(match: Match, unit_id: str) -> str:
    return next((u.name for u in match.units if u.id == unit_id), unit_id)
