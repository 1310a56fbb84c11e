"""The layout of a screen that commits a roll: the form (or the result) scrolls, and a bar pinned to the bottom of
the screen holds what the thumb needs next (the odds and Roll; Undo and Done under a result), on screen whatever
the form's length (ten enemies in the target list, a system's form that gains a field).

Also the form's fold: the fields a system marks rare (a modifier, a card's switch, the per-enemy splash marks)
wait behind one "More options" line until asked for; the line follows the fields always asked (the target), so
what it unfolds is read after the choice it speaks of ("stands next to the target")."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

BAR_GAP = 8


def pinned(key: str, body: Sequence[ft.Control], bar: Sequence[ft.Control], *, page: str = "form",
           spacing: int = 12) -> ft.Column:
    """`body` scrolls above `bar`, which stays at the bottom (no bar when it is empty). The view holding it must
    not scroll itself.

    `page` names what the scrolling part shows ("form", "result"): a new name is a new scroll view in Flutter
    (the key is its widget key), so a result opens at its top, verdict first, wherever the form was scrolled to.
    `spacing` is the gap between the body's controls."""
    parts: list[ft.Control] = [
        ft.Column(list(body), key=f"{key}-{page}", expand=True, spacing=spacing, scroll=ft.ScrollMode.AUTO)]
    if bar:
        parts.append(ft.Container(
            key=f"{key}-bar", padding=ft.Padding.only(top=BAR_GAP),
            border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            content=ft.Column(list(bar), spacing=BAR_GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)))
    return ft.Column(parts, key=key, expand=True, spacing=0)


def more_options(shown: bool, toggle: Callable[[], None] | None) -> ft.Control:
    """The one line that unfolds the rare fields; without `toggle` (a rare field holds a value other than its
    default, so the fields stay in sight) it is not offered."""
    return ft.TextButton("Fewer options" if shown else "More options", key="more-options", height=48,
                         icon=ft.Icons.EXPAND_LESS if shown else ft.Icons.EXPAND_MORE, visible=toggle is not None,
                         on_click=toggle)


def undo_news(said: str, key: str) -> ft.Control:
    """What an Undo took back, as a line of the pinned bar above the odds: in sight beside Roll, covering nothing,
    until the next roll (a live region, so a screen reader says it as it appears). Hidden when there is none."""
    return ft.Semantics(live_region=True, visible=bool(said), content=ft.Text(
        said, key=key, size=13, italic=True, color=ft.Colors.ON_SURFACE_VARIANT))
