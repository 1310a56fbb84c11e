"""Small shared controls sized for thumbs: every tap target is at least 48 px."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

TAP = 48


def icon_button(icon: ft.IconData, *, key: str, tooltip: str, on_click: Callable[[], Any],
                disabled: bool = False) -> ft.IconButton:
    return ft.IconButton(icon, key=key, tooltip=tooltip, disabled=disabled, on_click=on_click, width=TAP,
                         height=TAP)
