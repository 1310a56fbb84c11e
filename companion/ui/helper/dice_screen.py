"""Dice: type any notation or tap a usual roll, see the exact odds before rolling, keep a history.

Opened from a match, rolls go into the match's log (replayable from its seed); from home, they stay here.
"""

from __future__ import annotations

import random
import time
from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session.dice import distribution, percent, roll
from companion.ui.shell import App, app_bar

COMMON = ("d6", "2d6", "d10", "2d10sq", "d66", "d20")
MAX_HISTORY = 30


class DiceScreen:
    def __init__(self, match_id: str | None = None, usual: tuple[str, ...] = ()) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/dice" if match_id else "/dice"
        self.usual = tuple(dict.fromkeys((*usual, *COMMON)))
        self.expr = usual[0] if usual else "2d6"
        self.target = ""
        self.local: list[str] = []  # history when no match is open
        self.rng = random.SystemRandom()

    def build(self, app: App) -> ft.View:
        odds = ft.Text(self._odds(), key="dice-odds")

        def on_expr(e: ft.Event) -> None:
            self.expr = (e.control.value or "").strip()
            app.refresh()  # the exact odds follow the typing

        def on_target(e: ft.Event) -> None:
            self.target = (e.control.value or "").strip()
            app.refresh()

        def pick(expr: str) -> None:
            self.expr = expr
            app.refresh()

        quick = ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
            ft.OutlinedButton(e, key=f"quick-{e}", on_click=partial(pick, e)) for e in self.usual])
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, "Dice"), controls=[
            quick,
            ft.Row([
                ft.TextField(key="dice-expr", label="Dice (e.g. 2d6+1, 4d6kh3, 7d6>=5, d66)", value=self.expr,
                             expand=True, on_change=on_expr, on_submit=lambda: self._roll(app)),
                ft.TextField(key="dice-target", label="At least", value=self.target, width=96,
                             keyboard_type=ft.KeyboardType.NUMBER, on_change=on_target),
            ]),
            odds,
            ft.FilledButton("Roll", icon=ft.Icons.CASINO, key="dice-roll", on_click=lambda: self._roll(app)),
            ft.Text("History", theme_style=ft.TextThemeStyle.TITLE_SMALL),
            *[ft.Text(line, key=f"dice-history-{i}") for i, line in enumerate(self._history(app))],
        ])

    def _odds(self) -> str:
        """Exact odds of the typed roll (never simulated); a clear message for bad notation."""
        if not self.expr:
            return "Type a roll, e.g. 2d6."
        try:
            dist = distribution(self.expr)
        except CompanionError as exc:
            return f"Check the notation: {exc}"
        line = f"{dist.minimum} to {dist.maximum}, average {float(dist.mean):.2f}"
        if self.target.lstrip("-").isdigit():
            p = dist.at_least(int(self.target))
            line += f" · at least {self.target}: {p.numerator}/{p.denominator} ({percent(p):g}%)"
        return line

    def _roll(self, app: App) -> None:
        try:
            if self.match_id:
                match = app.session.state(self.match_id)
                app.session.roll(self.match_id, self.expr, "dice screen", by=match.active_player.id)
            else:
                result = roll(self.expr, random.Random(self.rng.getrandbits(64)))
                self.local.insert(0, f"{time.strftime('%H:%M:%S')}  {result.describe()}")
                del self.local[MAX_HISTORY:]
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.tick()
        app.refresh()

    def _history(self, app: App) -> list[str]:
        if not self.match_id:
            return self.local or ["No rolls yet."]
        match = app.session.state(self.match_id)
        lines = []
        for r in reversed(match.rolls[-MAX_HISTORY:]):
            who = next((p.name for p in match.players if p.id == r.by), r.by or "")
            lines.append(f"{time.strftime('%H:%M:%S', time.localtime(r.at))}  {who}: {r.expr} {list(r.dice)} = "
                         f"{r.total}" + (f" ({r.purpose})" if r.purpose else ""))
        return lines or ["No rolls in this match yet."]
