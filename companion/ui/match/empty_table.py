"""What a table with no units says: how to bring the forces in, with a button for each way."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft


def _empty_table(open_screen: Callable[[str], None]) -> ft.Control:
    return ft.Column(key="empty-table", spacing=8, controls=[
        ft.Text("No units yet. Bring each player's force: paste it as text (one unit a line), pick a saved force, "
                "or add units one at a time.", key="empty-table-text"),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            ft.FilledButton("Paste a force", icon=ft.Icons.CONTENT_PASTE, key="empty-paste-force", height=48,
                            on_click=lambda: open_screen("forces")),
            ft.OutlinedButton("Saved forces", icon=ft.Icons.BOOKMARKS, key="empty-saved-forces", height=48,
                              on_click=lambda: open_screen("forces")),
            ft.OutlinedButton("Add a unit", icon=ft.Icons.PERSON_ADD, key="empty-add-unit", height=48,
                              on_click=lambda: open_screen("add-unit")),
        ]),
    ])


EmptyTable = ft.memo(ft.component(_empty_table))  # the same words and buttons at every draw
