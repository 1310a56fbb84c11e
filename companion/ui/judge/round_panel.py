"""The judge's round panel in a Swiss event: byes, registration before round 1, seat swaps and drops.

It sits on the judge's screen above the table cards (which show each table's pairing, clock and VP entry).
A drop before round 1 starts removes the player (nothing was played).
Like the rest of the screen it only calls `act(kind, data)`; pairing happens in the service layer
(session/judging/service.py, Judging.write): a drop before the round's clocks start re-pairs the round, and the
"Next round" button gets Swiss pairings there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.session.judging.judge import Tournament
from companion.ui.judge.feed import typed
from companion.ui.widgets import named

Act = Callable[[str, dict[str, Any]], bool]
Say = Callable[[str], None]


@ft.component
def RoundPanel(t: Tournament, act: Act, say: Say) -> ft.Control:
    """Drawn again when the event changes; what the judge picked stays picked (controlled fields)."""
    box = ft.use_ref({"swap-a": "", "swap-b": "", "drop-player": "", "register-name": ""})  # see feed.typed
    kept = box.current
    if not t.swiss:
        return ft.Container(key="round-panel", visible=False)
    rnd = t.current
    started = any(tb.started or tb.result is not None for tb in rnd.tables)
    byes = ", ".join(rnd.byes)
    seats = [*rnd.seated, *rnd.byes]
    gone = f"Dropped: {', '.join(t.dropped)}" if t.dropped else ""

    def pick(key: str, label: str, width: int, names: list[str], name: str = "") -> ft.Control:
        return named(ft.Dropdown(label=label, width=width, dense=True, key=key, value=kept[key] or None,
                                 options=[ft.DropdownOption(key=p, text=p) for p in names],
                                 on_select=typed(box, key)), name or label)

    def swap() -> None:
        if not kept["swap-a"] or not kept["swap-b"]:
            say("Pick the two players whose seats change")
        elif act("swap", {"players": [kept["swap-a"], kept["swap-b"]]}):
            kept["swap-a"] = kept["swap-b"] = ""

    def drop() -> None:
        if not kept["drop-player"]:
            say("Pick the player who leaves the event")
        elif act("drop", {"player": kept["drop-player"]}):
            kept["drop-player"] = ""

    def register() -> None:
        if act("register", {"player": kept["register-name"]}):
            kept["register-name"] = ""

    return ft.Container(key="round-panel", content=ft.Column(spacing=6, controls=[
        ft.Text(f"Round {rnd.number} pairings · {len(t.active)} players · "
                f"{'head to head' if t.table_size == 2 else f'pods of {t.table_size}'}",
                theme_style=ft.TextThemeStyle.TITLE_SMALL),
        ft.Text(f"Bye: {byes}" if byes else "", key="byes", visible=bool(byes)),
        ft.Text(gone, key="dropped", visible=bool(gone), size=12, italic=True),
        ft.Row(wrap=True, visible=not started, controls=[
            pick("swap-a", "Seat of", 150, seats),
            pick("swap-b", "with", 150, seats),
            ft.OutlinedButton("Swap seats", key="swap", icon=ft.Icons.SWAP_HORIZ, on_click=swap)]),
        ft.Row(wrap=True, controls=[
            pick("drop-player", "Player", 180, list(t.active), "Player who leaves"),
            ft.OutlinedButton("Drop", key="drop", icon=ft.Icons.PERSON_REMOVE, on_click=drop)]),
        ft.Row(wrap=True, visible=rnd.number == 1 and not started, controls=[
            ft.TextField(label="New player", width=180, dense=True, key="register-name", value=kept["register-name"],
                         on_change=typed(box, "register-name")),
            ft.OutlinedButton("Register", key="register", icon=ft.Icons.PERSON_ADD, on_click=register)]),
    ]))
