"""Dice: type any notation or tap a usual roll, see the exact odds before rolling, keep a history.

"Roll" draws the dice from the device's randomness at that moment and shows them big (HIT or MISS against the
"at least" number when one is typed). Opened from a match, rolls go into the match's log (the dice themselves, so
every copy shows the same roll and none can predict the next), with Undo; an undone roll stays in the history.
"""

from __future__ import annotations

import time
from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session import inputs
from companion.session.play import dice
from companion.ui.helper.roll_result import dice_text, result_card
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
        self.last: dice.RollResult | None = None  # the roll just made, shown big until the next change

    def build(self, app: App) -> ft.View:
        odds = ft.Text(self._odds(), key="dice-odds")

        def on_expr(e: ft.Event) -> None:
            self.expr = (e.control.value or "").strip()
            self.last = None
            app.refresh()  # the exact odds follow the typing

        def on_target(e: ft.Event) -> None:
            self.target = (e.control.value or "").strip()
            self.last = None
            app.refresh()

        def pick(expr: str) -> None:
            self.expr = expr
            self.last = None
            app.refresh()

        quick = ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
            ft.OutlinedButton(e, key=f"quick-{e}", on_click=partial(pick, e)) for e in self.usual])
        roll_button = ft.FilledButton("Roll", icon=ft.Icons.CASINO, key="dice-roll", height=48,
                                      on_click=lambda: self._roll(app))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, "Dice"), controls=[
            *(self._result(app) if self.last else []),
            quick,
            ft.Row([
                ft.TextField(key="dice-expr", label="Dice", hint_text="e.g. 2d6+1, 4d6kh3, 7d6>=5, d66",
                             value=self.expr,
                             expand=True, on_change=on_expr, on_submit=lambda: self._roll(app)),
                ft.TextField(key="dice-target", label="At least", value=self.target, width=96,
                             keyboard_type=ft.KeyboardType.NUMBER, on_change=on_target),
            ]),
            odds,
            roll_button,
            ft.Text("History", theme_style=ft.TextThemeStyle.TITLE_SMALL),
            *[ft.Text(line, key=f"dice-history-{i}") for i, line in enumerate(self._history(app))],
        ])

    def _odds(self) -> str:
        """Exact odds of the typed roll (never simulated); a clear message for bad notation."""
        try:
            target = self.target if inputs.whole(self.target) is not None else ""  # "²" passes isdigit
            return dice.odds_line(self.expr, target)
        except CompanionError as exc:
            return f"Check the notation: {exc}"

    def _result(self, app: App) -> list[ft.Control]:
        r = self.last
        assert r is not None
        target = inputs.whole(self.target)
        success = r.total >= target if target is not None else None
        lines = [f"needed {self.target} or more"] if success is not None else []
        if r.successes is not None or len(r.terms) > 1 or not all(all(t.counted) for t in r.terms):
            # which dice counted: dropped ones in brackets, successes starred, modifiers added
            lines.insert(0, r.describe().split(": ", 1)[-1])
        return result_card(success, dice_text([(r.expr, r.dice, r.total)]), lines,
                           on_undo=(lambda: self._undo(app)) if self.match_id else None,
                           on_done=lambda: self._close_result(app))

    def _close_result(self, app: App) -> None:
        self.last = None
        app.refresh()

    def _roll(self, app: App) -> None:
        try:
            if self.match_id:
                match = app.session.state(self.match_id)
                self.last = app.session.roll(self.match_id, self.expr, "dice screen", by=match.active_player.id)
            else:
                self.last = dice.roll(self.expr)
                self.local.insert(0, f"{time.strftime('%H:%M:%S')}  {self.last.describe()}")
                del self.local[MAX_HISTORY:]
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.tick()
        app.refresh()

    def _undo(self, app: App) -> None:
        assert self.match_id is not None
        if app.undo_roll(self.match_id):
            self.last = None
            app.refresh()

    def _history(self, app: App) -> list[str]:
        if not self.match_id:
            return self.local or ["No rolls yet."]
        match = app.session.state(self.match_id)
        lines = []
        for r in reversed(dice.logged_rolls(app.session, self.match_id)[-MAX_HISTORY:]):
            who = next((p.name for p in match.players if p.id == r.by), r.by or "")
            lines.append(("UNDONE " if r.undone else "") + f"{time.strftime('%H:%M:%S', time.localtime(r.at))}  "
                         f"{who}: {r.expr} {list(r.dice)} = {r.total}" + (f" ({r.purpose})" if r.purpose else ""))
        return lines or ["No rolls in this match yet."]
