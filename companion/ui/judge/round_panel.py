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

from companion.ui.widgets import named

Act = Callable[[str, dict[str, Any]], None]
Say = Callable[[str], None]


class RoundPanel:
    def __init__(self, act: Act, say: Say) -> None:
        self.act = act
        self.say = say
        self.shown: tuple[Any, ...] | None = None
        self.root = ft.Container(key="round-panel")

    def sync(self, t: Any, changed: list[ft.Control]) -> None:
        """Redraw when the seating or the field changed (a clock tick leaves the panel alone)."""
        rnd = t.current
        shown = (t.swiss, rnd.number, rnd.seated, rnd.byes, t.players, t.dropped,
                 any(tb.started or tb.result is not None for tb in rnd.tables))
        if shown == self.shown:
            return
        self.shown = shown
        self.root.visible = t.swiss
        self.root.content = self.build(t, started=shown[-1]) if t.swiss else None
        changed.append(self.root)

    def build(self, t: Any, *, started: bool) -> ft.Control:
        rnd = t.current
        byes = ", ".join(rnd.byes)
        seats = [*rnd.seated, *rnd.byes]
        first = ft.Dropdown(label="Seat of", width=150, dense=True, key="swap-a",
                            options=[ft.DropdownOption(key=p, text=p) for p in seats])
        second = ft.Dropdown(label="with", width=150, dense=True, key="swap-b",
                             options=[ft.DropdownOption(key=p, text=p) for p in seats])
        leaving = ft.Dropdown(label="Player", width=180, dense=True, key="drop-player",
                              options=[ft.DropdownOption(key=p, text=p) for p in t.active])
        newcomer = ft.TextField(label="New player", width=180, dense=True, key="register-name")
        gone = f"Dropped: {', '.join(t.dropped)}" if t.dropped else ""
        # no keys on the rows: this part is rebuilt as a whole (see ui/judge/__init__.py)
        return ft.Column(spacing=6, controls=[
            ft.Text(f"Round {rnd.number} pairings · {len(t.active)} players · "
                    f"{'head to head' if t.table_size == 2 else f'pods of {t.table_size}'}",
                    theme_style=ft.TextThemeStyle.TITLE_SMALL),
            ft.Text(f"Bye: {byes}" if byes else "", key="byes", visible=bool(byes)),
            ft.Text(gone, key="dropped", visible=bool(gone), size=12, italic=True),
            ft.Row(wrap=True, visible=not started, controls=[
                named(first, "Seat of"), named(second, "with"),
                ft.OutlinedButton("Swap seats", key="swap", icon=ft.Icons.SWAP_HORIZ,
                                  on_click=lambda _: self.swap(first, second))]),
            ft.Row(wrap=True, controls=[
                named(leaving, "Player who leaves"), ft.OutlinedButton("Drop", key="drop", icon=ft.Icons.PERSON_REMOVE,
                                           on_click=lambda _: self.drop(leaving))]),
            ft.Row(wrap=True, visible=rnd.number == 1 and not started, controls=[
                newcomer, ft.OutlinedButton("Register", key="register", icon=ft.Icons.PERSON_ADD,
                                            on_click=lambda _: self.act("register", {"player": newcomer.value or ""}))
            ]),
        ])

    def swap(self, first: ft.Dropdown, second: ft.Dropdown) -> None:
        if not first.value or not second.value:
            self.say("Pick the two players whose seats change")
            return
        self.act("swap", {"players": [first.value, second.value]})

    def drop(self, leaving: ft.Dropdown) -> None:
        if not leaving.value:
            self.say("Pick the player who leaves the event")
            return
        self.act("drop", {"player": leaving.value})
