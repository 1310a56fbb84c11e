"""What a table says while a player has no units: whose force is missing and how to bring it in, a button for
each way (Add a unit is the table's own button, right below: not offered twice)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft


def _empty_table(open_screen: Callable[[str], None], missing: tuple[str, ...], none_yet: bool) -> ft.Control:
    """`missing`: the names of the players with no units, in seat order; `none_yet`: nobody has any."""
    if none_yet:
        text = ("No units yet. Bring each player's force: paste it as text (one unit a line), pick a saved force, "
                "or add units one at a time.")
    else:  # the force screen opens for the first of them (its default owner)
        who = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + " and " + missing[-1]
        text = (f"{who} {'has' if len(missing) == 1 else 'have'} no units yet. Paste {missing[0]}'s force, pick a "
                "saved force, or add units one at a time.")
    return ft.Column(key="empty-table", spacing=8, controls=[
        ft.Text(text, key="empty-table-text"),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            ft.FilledButton("Paste a force", icon=ft.Icons.CONTENT_PASTE, key="empty-paste-force", height=48,
                            on_click=lambda: open_screen("forces")),
            ft.OutlinedButton("Saved forces", icon=ft.Icons.BOOKMARKS, key="empty-saved-forces", height=48,
                              on_click=lambda: open_screen("forces")),
        ]),
    ])


EmptyTable = ft.memo(ft.component(_empty_table))  # drawn again only when whose force is missing changed
