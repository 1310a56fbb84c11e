"""Dice: type any notation or tap a usual roll, see the exact odds before rolling, keep a history.

"Roll", in a bar pinned to the bottom under the odds (ui/helper/roll_bar.py), draws the dice from the device's
randomness at that moment and shows them big (HIT or MISS against the "at least" number when one is typed).
Opened from a match, rolls go into the match's log (the dice themselves, so every copy shows the same roll and
none can predict the next), with Undo; an undone roll stays in the history.

A Flet component over the session's change feed: opened from a match, its history follows the match's log (a roll
from another phone or the CLI shows without a tap), and the typed fields are controlled, so a redraw keeps every key.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.session import Session, inputs
from companion.session.play import dice
from companion.ui.helper.roll_bar import pinned, undo_news
from companion.ui.helper.roll_result import dice_text, result_card
from companion.ui.hooks import Unopened, use_history
from companion.ui.shell import App, app_bar

COMMON = ("d6", "2d6", "d10", "2d10sq", "d66", "d20")
MAX_HISTORY = 30


class DiceScreen:
    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str | None = None) -> None:
        self.match_id = match_id
        self.usual = COMMON
        self.expr = "2d6"  # what the field starts with

    def build(self, app: App) -> ft.View:
        if self.match_id is not None:  # the dice the match's game rolls first, then the common ones
            usual = _usual_rolls(app, self.match_id)
            self.usual = tuple(dict.fromkeys((*usual, *COMMON)))
            self.expr = usual[0] if usual else self.expr
        body = DiceInMatch if self.match_id else DiceAlone
        # the view does not scroll: the body's form does, above its pinned bar
        return ft.View(route=self.route, padding=12, appbar=app_bar(app, "Dice"),
                       controls=[body(app, self, key="dice")])


@ft.component
def DiceInMatch(app: App, screen: DiceScreen) -> ft.Control:
    """Rolls go into the match's log; the history is the log's rolls, read again at every change to the match."""
    history = use_history(app.session, screen.match_id)
    match_id = screen.match_id
    assert match_id is not None
    lines = ft.use_memo(lambda: logged_lines(app.session, match_id) if not isinstance(history, Unopened) else [],
                        [history])
    if isinstance(history, Unopened):
        return history.refusal("dice-refused")

    def roll(expr: str) -> dice.RollResult:
        return app.session.roll(match_id, expr, "dice screen",
                                by=app.session.state(match_id).active_player.id)

    def undo() -> str | None:
        return app.undo_roll(match_id)

    return dice_form(app, screen, roll, lines or ["No rolls in this match yet."], undo)


@ft.component
def DiceAlone(app: App, screen: DiceScreen) -> ft.Control:
    """No match open: the rolls are kept on this screen only, newest first, and there is nothing to undo."""
    local, set_local = ft.use_state(())

    def roll(expr: str) -> dice.RollResult:
        result = dice.roll(expr)
        line = f"{time.strftime('%H:%M:%S')}  {result.describe()}"
        set_local(lambda old: (line, *old)[:MAX_HISTORY])
        return result

    return dice_form(app, screen, roll, list(local) or ["No rolls yet."], None)


def dice_form(app: App, screen: DiceScreen, roll: Callable[[str], dice.RollResult], history: list[str],
             undo: Callable[[], str | None] | None) -> ft.Control:
    """The form both bodies share (called inside their render, so its hooks are theirs): the usual rolls, the
    two fields and the history scrolling above the exact odds and Roll in the pinned bar; the roll just made is
    shown big at the top until the next change."""
    expr, set_expr = ft.use_state(screen.expr)  # as typed: a space the player is typing stays in the field
    target, set_target = ft.use_state("")
    last, set_last = ft.use_state(None)
    rolled, set_rolled = ft.use_state(0)  # rolls made here: each opens the scrolling part afresh, at its top
    news, set_news = ft.use_state("")  # what the last Undo took back, shown in the bar until the next roll

    def changed(setter: Callable[[str], None], value: str) -> None:
        setter(value)
        set_last(None)  # the roll shown belongs to the old values

    def do_roll() -> None:
        try:
            result = roll(expr.strip())
        except CompanionError as exc:
            app.toast(str(exc))
            return
        set_last(result)
        set_news("")
        set_rolled(rolled + 1)
        app.tick()

    def undone(undo: Callable[[], str | None]) -> None:
        said = undo()
        if said is not None:  # taken back: the result goes, the bar says what went
            set_last(None)
            set_news(said)

    quick = ft.Row(wrap=True, spacing=6, run_spacing=6, key="dice-quick", controls=[
        ft.OutlinedButton(e, key=f"quick-{e}", on_click=partial(changed, set_expr, e)) for e in screen.usual])
    controls: list[ft.Control] = []
    if last is not None:
        controls += _result(last, target.strip(), partial(undone, undo) if undo else None, lambda: set_last(None))
    controls += [
        quick,
        ft.Row(key="dice-fields", controls=[
            ft.TextField(key="dice-expr", label="Dice", hint_text="e.g. 2d6+1, 4d6kh3, 7d6>=5, d66", value=expr,
                         expand=True, on_change=lambda e: changed(set_expr, e.control.value or ""),
                         on_submit=do_roll),
            ft.TextField(key="dice-target", label="At least", value=target, width=96,
                         keyboard_type=ft.KeyboardType.NUMBER,
                         on_change=lambda e: changed(set_target, e.control.value or "")),
        ]),
        ft.Text("History", theme_style=ft.TextThemeStyle.TITLE_SMALL, key="dice-history"),
        *[ft.Text(line, key=f"dice-history-{i}") for i, line in enumerate(history)],
    ]
    return pinned("dice-body", controls, [
        undo_news(news, "dice-undone"),
        ft.Text(odds_text(expr.strip(), target.strip()), key="dice-odds"),
        ft.FilledButton("Roll", icon=ft.Icons.CASINO, key="dice-roll", height=48, on_click=do_roll)],
        page=f"roll-{rolled}")


def odds_text(expr: str, target: str) -> str:
    """Exact odds of the typed roll (never simulated); a clear message for bad notation."""
    try:
        target = target if inputs.whole(target) is not None else ""  # "²" passes isdigit
        return dice.odds_line(expr, target)
    except CompanionError as exc:
        return f"Check the notation: {exc}"


def _result(r: dice.RollResult, target_text: str, on_undo: Callable[[], Any] | None,
            on_done: Callable[[], Any]) -> list[ft.Control]:
    target = inputs.whole(target_text)
    success = r.total >= target if target is not None else None
    lines = [f"needed {target_text} or more"] if success is not None else []
    if r.successes is not None or len(r.terms) > 1 or not all(all(t.counted) for t in r.terms):
        # which dice counted: dropped ones in brackets, successes starred, modifiers added
        lines.insert(0, r.describe().split(": ", 1)[-1])
    return list(result_card(success, dice_text([(r.expr, r.dice, r.total)]), lines, on_undo=on_undo,
                            on_done=on_done))


def logged_lines(session: Session, match_id: str) -> list[str]:
    """The match's rolls from its log, newest first, the undone ones marked."""
    match = session.state(match_id)
    lines = []
    for r in reversed(dice.logged_rolls(session, match_id)[-MAX_HISTORY:]):
        who = next((p.name for p in match.players if p.id == r.by), r.by or "")
        lines.append(("UNDONE " if r.undone else "") + f"{time.strftime('%H:%M:%S', time.localtime(r.at))}  "
                     f"{who}: {r.expr} {list(r.dice)} = {r.total}" + (f" ({r.purpose})" if r.purpose else ""))
    return lines


def _usual_rolls(app: App, match_id: str) -> tuple[str, ...]:
    """The dice the match's system's rolls and tables use, for the quick buttons (none when it can't be read)."""
    try:
        pack = app.session.packs()[0].get(app.session.state(match_id).system)
    except CompanionError:
        return ()
    if pack is None:
        return ()
    found = [t.dice + ("sq" if t.dice == "2d10" and t.read == "tens-ones" else "") for t in pack.tables.values()]
    found += [r["dice"] for r in pack.entries("tables", "roll") if r.get("dice") not in ("2d10",)]
    return tuple(dict.fromkeys(found))
