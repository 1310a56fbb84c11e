"""Set-up: each force checked against the pack's rules (with the reasons), and Skirmish's starting squares
rolled (logged, rerolling duplicates) with the snake-draft placement order, and the match's house rules as
switches (each switch one undoable step)."""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session.play.dice import fair_rng
from companion.session.play.house_rules import house_rules, set_house_rule
from companion.session.play.match_tools import Event, snake_order, starting_squares
from companion.session.table.full_log import force_findings
from companion.ui.shell import App, app_bar
from companion.ui.widgets import switch_tile

MARKS = {True: "OK", False: "NOT OK", None: "CHECK"}
SQUARE = "starting square"


class SetupScreen:
    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/setup"

    def build(self, app: App) -> ft.View:
        match = app.session.state(self.match_id)
        pack = app.session.packs()[0].get(match.system)
        controls: list[ft.Control] = []
        found = force_findings(app.session, self.match_id)
        for player in match.players:
            controls.append(ft.Text(f"{player.name}'s force", theme_style=ft.TextThemeStyle.TITLE_SMALL))
            findings = found[player.id]
            for f in findings:
                controls.append(ft.Text(f"{MARKS[f.ok]}: {f.text}", key=f"force-{player.id}-{f.rule}",
                                        color=ft.Colors.ERROR if f.ok is False else None))
            if not findings:
                controls.append(ft.Text("This game sets no force rules."))
        if pack is not None and "starting-squares" in pack.tables:
            controls += self._squares(app)
        rules = house_rules(app.session, match)
        if rules:  # switched for this match only, as one undoable step each
            controls.append(ft.Text("House rules", theme_style=ft.TextThemeStyle.TITLE_SMALL))
            controls += [switch_tile(ft.Switch(key=f"house-{r.id}", value=r.on,
                                               on_change=partial(self._switch, app, r.id)), r.title, r.text)
                         for r in rules]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=8,
                       appbar=app_bar(app, "Set-up and forces"), controls=controls)

    def _switch(self, app: App, option: str, e: ft.Event) -> None:
        try:
            set_house_rule(app.session, self.match_id, option, bool(e.control.value),
                           by=app.session.state(self.match_id).active_player.id)
        except CompanionError as exc:
            app.toast(str(exc))
        app.refresh()

    def _squares(self, app: App) -> list[ft.Control]:
        match = app.session.state(self.match_id)
        rolled = [r for r in match.rolls if r.purpose.startswith(SQUARE)]
        out: list[ft.Control] = [ft.Text("Starting squares", theme_style=ft.TextThemeStyle.TITLE_SMALL)]
        if not rolled:
            out.append(ft.FilledTonalButton("Roll starting squares (2d10 per character)", icon=ft.Icons.CASINO,
                                            key="roll-squares", on_click=lambda: self._roll(app)))
            return out
        out += [ft.Text(f"{r.total:02d}: {r.purpose.removeprefix(SQUARE + ' for ')}", key=f"square-{i}")
                for i, r in enumerate(rolled)]
        names = [match.player(pid).name for pid in snake_order(match)]
        out.append(ft.Text("Placing order (snake draft): " + ", ".join(names), key="snake-order"))
        return out

    def _roll(self, app: App) -> None:
        match = app.session.state(self.match_id)
        rng = fair_rng()  # drawn now, when the player taps: the dice go into the log
        squares = starting_squares(match, lambda _index: rng, len(match.rolls))
        if not squares:
            app.toast("Add each player's characters first.")
            return
        events = [Event("roll", {"expr": "2d10sq", "dice": list(s.dice), "total": s.square,
                                 "purpose": f"{SQUARE} for {match.unit(s.unit).name}" if not s.duplicate
                                 else f"taken square {s.square:02d} for {match.unit(s.unit).name}: rolled again"})
                  for s in squares]
        try:
            app.session.dispatch_events(self.match_id, events, "starting squares rolled")
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.refresh()
