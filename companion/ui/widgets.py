"""Small shared pieces of the screens: thumb-sized buttons (every tap target is at least 48 px), counter names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.model import Match
from companion.session import Session

TAP = 48


def icon_button(icon: ft.IconData, *, key: str, tooltip: str, on_click: Callable[[], Any],
                disabled: bool = False) -> ft.IconButton:
    return ft.IconButton(icon, key=key, tooltip=tooltip, disabled=disabled, on_click=on_click, width=TAP,
                         height=TAP)


def counter_labels(session: Session, match: Match, scope: str) -> dict[str, str]:
    """The system's own counters of one scope (as the match declares them), with their names from the pack."""
    pack = session.packs()[0].get(match.system)
    named = {c["id"]: c.get("name", c["id"]) for c in pack.entries("units", "counter")} if pack else {}
    return {c: named.get(c, c) for c in match.rules.counters.get(scope, ())}
