"""The big result of a committed roll: a colour, an icon and a word (HIT / MISS / ROLLED), so it reads at a glance
and without colour vision (Okabe-Ito colours), the dice, and what it did, then Undo and Done within thumb reach."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

# Okabe-Ito: bluish green, vermillion and blue stay apart for the common kinds of colour blindness
LOOKS: dict[bool | None, tuple[str, ft.IconData, str]] = {
    True: ("#009E73", ft.Icons.CHECK_CIRCLE, "HIT"),
    False: ("#D55E00", ft.Icons.CANCEL, "MISS"),
    None: ("#0072B2", ft.Icons.CASINO, "ROLLED"),
}


def result_card(success: bool | None, dice: str, lines: Sequence[str], *, on_undo: Callable[[], Any] | None,
                on_done: Callable[[], Any], word: str | None = None) -> tuple[ft.Control, ft.Control]:
    """The result card, and the row of its two buttons for the screen's pinned bar (keys roll-result, roll-word,
    roll-dice, roll-effect-N, roll-undo, roll-done). `word` overrides the card's word (e.g. DONE for a step
    without dice); no Undo without `on_undo` (a roll outside a match is not stored)."""
    colour, icon, default_word = LOOKS[success]
    said = word or default_word
    card = ft.Container(
        key="roll-result", bgcolor=colour, border_radius=16, padding=16,
        content=ft.Column(spacing=6, controls=[
            ft.Row([ft.Icon(icon, color=ft.Colors.WHITE, size=44),
                    ft.Text(said, key="roll-word", size=40, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE)],
                   spacing=10),
            ft.Text(dice, key="roll-dice", size=22, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE),
            *(ft.Text(line, key=f"roll-effect-{i}", size=16, color=ft.Colors.WHITE) for i, line in enumerate(lines)),
        ]))
    buttons = ft.Row(spacing=12, controls=[
        ft.OutlinedButton("Undo", icon=ft.Icons.UNDO, key="roll-undo", height=48, on_click=on_undo,
                          visible=on_undo is not None, tooltip="Take this step back"),
        ft.FilledButton("Done", icon=ft.Icons.CHECK, key="roll-done", height=48, expand=True, on_click=on_done),
    ])
    return card, buttons


def dice_text(rolls: Sequence[tuple[str, Sequence[int], int]]) -> str:
    """`2d6: 3 5 = 8` for each roll of a step (expr, dice, total)."""
    shown = " · ".join(f"{expr}: {' '.join(map(str, dice))} = {total}" for expr, dice, total in rolls)
    return shown or "nothing rolled"
