"""Small shared pieces of the screens: thumb-sized buttons (every tap target is at least 48 px), tiles whose words
wrap, accessible names. (A match's counters are named in ui/match/counters.py.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

TAP = 48
# How far above the screen's bottom edge a message floats: over the tallest pinned bar (the odds on three lines at
# 320 px, what an undo took back, then Roll), so the bottom bar's button stays in sight and takes the next tap
TOAST_ABOVE = 160


def toast_bar(message: str, duration: int = 4000, **action: Any) -> ft.SnackBar:
    """A message for a few seconds (`duration` ms): floating above the pinned bar at the bottom (Roll, Start
    match, Save) instead of over it (a player's next tap is often right there), and closed at once with its ✕.
    `action`: a SnackBar's action, on_action and key, for a message that offers a step."""
    return ft.SnackBar(ft.Text(message, key="toast"), duration=duration, behavior=ft.SnackBarBehavior.FLOATING,
                       margin=ft.Margin(12, 0, 12, TOAST_ABOVE), show_close_icon=True, **action)


def icon_button(icon: ft.IconData, *, key: str, tooltip: str, on_click: Callable[[], Any],
                disabled: bool = False) -> ft.IconButton:
    return ft.IconButton(icon, key=key, tooltip=tooltip, disabled=disabled, on_click=on_click, width=TAP,
                         height=TAP)


def word_button(icon: ft.IconData, word: str, *, key: str, tooltip: str, on_click: Callable[[], Any],
                disabled: bool = False) -> ft.TextButton:
    """An icon with its word under it, 48 px tall and at least as wide: a tooltip doesn't show on a phone, so
    an icon alone leaves a newcomer guessing (⌖ ↓ ↑ ⚡ ⋮). The tooltip stays the button's name for screen
    readers ("Attack: Sniper": which unit the word is about)."""
    # as wide as its word (about 6 px a letter at 11 px, and the padding), never under 48: a text button is
    # otherwise at least 64 px wide, and four of them crowd a card's name off a 360 px phone
    return ft.TextButton(
        key=key, tooltip=tooltip, disabled=disabled, on_click=on_click, height=TAP,
        width=max(TAP, round(len(word) * 6.2) + 10),
        style=ft.ButtonStyle(padding=ft.Padding(2, 0, 2, 0), shape=ft.RoundedRectangleBorder(radius=8)),
        content=ft.Column(spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                          controls=[ft.Icon(icon, size=20), ft.Text(word, size=11, no_wrap=True)]))


def switch_tile(switch: ft.Switch, title: str, text: str = "") -> ft.ListTile:
    """A switch with its title and an explanation that wrap: a Switch's own label is one line, cut at the edge
    of a 360 px screen (a house rule's sentence lost its end)."""
    return ft.ListTile(title=ft.Text(title), subtitle=ft.Text(text) if text else None, trailing=switch,
                       toggle_inputs=True, content_padding=ft.Padding.only(left=0, right=0))


def radio_tile(radio: ft.Radio, title: str) -> ft.Semantics:
    """A radio button whose label wraps (a Radio's own label is one line: "The Scarab (Halo ActionClix colossal
    for HeroCli" at 360 px); tapping anywhere on the line chooses it.

    The line is its own semantics node: a group's only choice (the one target in reach) otherwise merged into
    the group, which a screen reader and the fit check then saw as a bare 40 px radio with no tappable line."""
    return ft.Semantics(container=True, content=ft.ListTile(
        leading=radio, title=ft.Text(title), toggle_inputs=True, min_leading_width=32, dense=True, min_height=TAP,
        content_padding=ft.Padding.only(left=0, right=0)))


def named(control: ft.Control, name: str) -> ft.Semantics:
    """A control with the accessible name a screen reader says: Flet's Dropdown shows its label but leaves its
    button unnamed (the Owner drop-down on Add a unit)."""
    return ft.Semantics(label=name, content=control)
