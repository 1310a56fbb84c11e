"""One unit's card on the table: its click's stats, damage/heal with a preview, tokens as counters.

Handlers are zero-argument callables (functools.partial, never `lambda x=x:`): Flet passes the event to any
handler that accepts one argument, which would overwrite a default-bound parameter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

import flet as ft

from companion.core.errors import IllegalAction
from companion.core.model import Match, Unit
from companion.session.play.match_tools import accepts, preview
from companion.session.play.positions import place_of, token_kinds
from companion.ui.unit_text import TOKEN_LABELS, stats_line
from companion.ui.widgets import icon_button


@dataclass
class Preview:
    """A damage or heal the player is about to apply: shown before it commits."""

    unit: str
    kind: str  # "damage" or "heal"
    amount: int = 1


def preview_click(match: Match, unit: Unit, change: Preview) -> int:
    """The click the unit would land on: the damage/heal event itself, applied to a copy (nothing is stored)."""
    try:
        return preview(match, change.kind, {"unit": unit.id, "amount": change.amount}).unit(unit.id).click
    except IllegalAction:
        return unit.click


def counter(key: str, label: str, value: int, on_minus: Callable[[], None], on_plus: Callable[[], None],
            plus_enabled: bool = True, note: str = "") -> ft.Control:
    return ft.Row(spacing=0, tight=True, controls=[
        ft.Text(f"{label} {value}{note}", key=f"{key}-value"),
        icon_button(ft.Icons.REMOVE, key=f"{key}-minus", tooltip=f"{label} -1", disabled=value <= 0,
                      on_click=on_minus),
        icon_button(ft.Icons.ADD, key=f"{key}-plus", tooltip=f"{label} +1", disabled=not plus_enabled,
                      on_click=on_plus),
    ])


def unit_card(match: Match, unit: Unit, preview: Preview | None, *, dispatch: Callable[..., object],
              set_preview: Callable[[Preview | None], None], on_open: Callable[[], None],
              width: float | None = None) -> ft.Control:
    """A dense card (about 80 px, so five of a ten-unit force fit a phone screen): name, click and tokens on
    one line, the click's stats under it, one-tap damage/heal (with the preview) and the action token; every
    other token, the dial and remove are in the details."""
    uid = unit.id
    owner = match.player(unit.owner)
    status = "KO" if unit.eliminated else f"click {unit.click + 1} of {len(unit.dial) - (0 if unit.cyclic else 1)}"
    held = [f"{TOKEN_LABELS[k]} {getattr(unit.tokens, k)}" for k in token_kinds(match, unit) if getattr(unit.tokens, k)]
    where = ["reserve"] if unit.location == "reserve" else []
    buttons: list[ft.Control]
    if unit.cyclic:
        buttons = [icon_button(ft.Icons.ROTATE_RIGHT, key=f"unit-{uid}-rotate", tooltip="Turn clockwise",
                               on_click=lambda: dispatch("rotate", {"unit": uid, "steps": 1}))]
    else:
        buttons = [
            icon_button(ft.Icons.ARROW_DOWNWARD, key=f"unit-{uid}-damage", tooltip="Damage",
                        disabled=not accepts(match, "damage", {"unit": uid, "amount": 1}),
                        on_click=lambda: set_preview(Preview(uid, "damage"))),
            icon_button(ft.Icons.ARROW_UPWARD, key=f"unit-{uid}-heal", tooltip="Heal",
                        disabled=not accepts(match, "heal", {"unit": uid, "amount": 1}),
                        on_click=lambda: set_preview(Preview(uid, "heal"))),
        ]
    if "action" in token_kinds(match, unit):
        buttons.append(_action_button(match, unit, dispatch))
    rows: list[ft.Control] = [
        ft.Row(spacing=4, controls=[
            ft.Container(width=6, height=40, bgcolor=owner.colour, border_radius=3),
            ft.Column(spacing=0, expand=True, controls=[
                ft.Text(unit.name, key=f"unit-{uid}-name", weight=ft.FontWeight.BOLD, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(" · ".join([status, *where, *held]), key=f"unit-{uid}-status", size=12, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS),
                *([ft.Text(place, key=f"unit-{uid}-position", size=12, italic=True)]
                  if unit.location == "table" and (place := place_of(match, unit)) else []),
            ]),
            *buttons,
            icon_button(ft.Icons.MORE_VERT, key=f"unit-{uid}-open", tooltip="Unit details", on_click=on_open),
        ]),
        ft.Text(f"{owner.name} · {unit.points} pts · {stats_line(unit.current, match.rules.stats)}",
                key=f"unit-{uid}-stats", size=12, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                color=ft.Colors.ERROR if unit.eliminated else None),
    ]
    if preview is not None and preview.unit == uid:
        rows.append(_preview_panel(match, unit, preview, dispatch, set_preview))
    # not a semantic container: each button keeps its own name for screen readers (and browser tests)
    return ft.Card(key=f"unit-{uid}", semantic_container=False, width=width, margin=0,
                   content=ft.Container(padding=ft.Padding(6, 2, 2, 6), content=ft.Column(rows, spacing=0)))


def _action_button(match: Match, unit: Unit, dispatch: Callable[..., object]) -> ft.Control:
    """The action token, the most frequent tap of a turn: one tap gives it (taking one back is in the details,
    or Undo)."""
    give = {"unit": unit.id, "kind": "action", "delta": 1}
    return icon_button(ft.Icons.BOLT, key=f"unit-{unit.id}-action-plus", tooltip="Action +1",
                       disabled=not accepts(match, "token", give), on_click=partial(dispatch, "token", give))


def token_counters(match: Match, unit: Unit, dispatch: Callable[..., object]) -> list[ft.Control]:
    """Every token of the unit as a counter, for its details screen."""
    uid = unit.id
    found = []
    for kind in token_kinds(match, unit):
        value = getattr(unit.tokens, kind)
        old = unit.tokens.action_last if kind == "action" else 0
        found.append(counter(
            f"unit-{uid}-{kind}", TOKEN_LABELS[kind], value,
            partial(dispatch, "token", {"unit": uid, "kind": kind, "delta": -1}),
            partial(dispatch, "token", {"unit": uid, "kind": kind, "delta": 1}),
            plus_enabled=accepts(match, "token", {"unit": uid, "kind": kind, "delta": 1}),
            note=f" (+{old} earlier)" if old else ""))
    return found


def _preview_panel(match: Match, unit: Unit, preview: Preview, dispatch: Callable[..., object],
                   set_preview: Callable[[Preview | None], None]) -> ft.Control:
    uid = unit.id
    target = preview_click(match, unit, preview)
    more = preview_click(match, unit, replace(preview, amount=preview.amount + 1))  # the dial stops somewhere
    landing = unit.dial[target]
    verb = "Damage" if preview.kind == "damage" else "Heal"
    note = "KO!" if landing.ko else stats_line(landing, match.rules.stats)

    def step(delta: int) -> None:
        set_preview(Preview(uid, preview.kind, max(1, preview.amount + delta)))

    def apply() -> None:
        set_preview(None)
        dispatch(preview.kind, {"unit": uid, "amount": preview.amount})

    return ft.Container(
        key=f"unit-{uid}-preview", padding=8, border_radius=8, bgcolor=ft.Colors.SECONDARY_CONTAINER,
        content=ft.Column(spacing=4, controls=[
            ft.Row(spacing=0, controls=[
                ft.Text(f"{verb} {preview.amount}", key=f"unit-{uid}-preview-amount", width=90),
                icon_button(ft.Icons.REMOVE, key=f"unit-{uid}-preview-minus", tooltip="Less",
                              disabled=preview.amount <= 1, on_click=lambda: step(-1)),
                icon_button(ft.Icons.ADD, key=f"unit-{uid}-preview-plus", tooltip="More",
                              disabled=more == target,
                              on_click=lambda: step(1)),
            ]),
            ft.Text(f"Lands on click {target + 1}: {note}", key=f"unit-{uid}-preview-text"),
            ft.Row([
                ft.FilledButton(f"Apply {verb.lower()}", key=f"unit-{uid}-apply", on_click=apply),
                ft.TextButton("Cancel", key=f"unit-{uid}-cancel", on_click=lambda: set_preview(None)),
            ]),
        ]))
