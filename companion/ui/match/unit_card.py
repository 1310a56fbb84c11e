"""One unit's card on the table, as a memoised Flet component: its click's stats, damage/heal with a preview,
the action its game offers it (attack ...) one tap away, tokens as counters.

`card_view` reads everything a card shows from the match into one frozen `CardView`; `UnitCard` draws only
that. Flet re-renders a memoised card when its `CardView` differs from the last one (equality of the frozen
value is the cache key), so no list of "what a card reads" exists to fall behind: a card is stale only if
`card_view` misses a field, and tests/property/test_card_views.py checks every card against a fresh one after
random events.

Handlers are zero-argument callables (functools.partial, never `lambda x=x:`): Flet passes the event to any
handler that accepts one argument, which would overwrite a default-bound parameter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Protocol

import flet as ft

from companion.core.errors import IllegalAction
from companion.core.model import Match, Unit
from companion.session.play.match_tools import accepts, preview, unit_accepts
from companion.session.play.positions import places, token_kinds, token_label
from companion.session.table.words import unit_line
from companion.ui.retained import Drawn, kept, use_drawn
from companion.ui.unit_text import stats_line
from companion.ui.widgets import icon_button, word_button


@dataclass(frozen=True)
class Preview:
    """A damage or heal the player is about to apply: shown before it commits."""

    unit: str
    kind: str  # "damage" or "heal"
    amount: int = 1


@dataclass(frozen=True)
class PreviewView:
    """What the preview panel shows: the change, where the dial lands, whether one more would move it further."""

    kind: str
    amount: int
    lands: str
    can_more: bool


@dataclass(frozen=True)
class CardView:
    """Everything one card shows, read from the match by `card_view` (the card reads nothing else)."""

    uid: str
    name: str
    colour: str
    status: str  # click n of N, reserve, where it stands (when not the usual place), tokens held
    stats: str  # owner, points, the click's stats
    ko: bool
    cyclic: bool  # a dial that turns round (the Scarab's): one "turn" button instead of damage/heal
    can_damage: bool
    can_heal: bool
    token: bool | None  # the action-token button: enabled, disabled, or None (not on this card)
    act: tuple[str, str] | None  # (action id, title): the game's action the card's button opens (attack ...)
    preview: PreviewView | None
    width: float | None


class CardActions(Protocol):
    """What a card's buttons do; one object for the whole table, so memoised cards see the same one each time.
    Every method reads the match at the tap, never at the draw."""

    def dispatch(self, type_: str, data: dict[str, object]) -> None: ...

    def set_preview(self, change: Preview | None) -> None: ...

    def open_unit(self, unit_id: str) -> None: ...

    def open_action(self, action: str, unit_id: str) -> None: ...


def preview_click(match: Match, unit: Unit, change: Preview) -> int:
    """The click the unit would land on: the damage/heal event itself, applied to a copy (nothing is stored)."""
    try:
        return preview(match, change.kind, {"unit": unit.id, "amount": change.amount}).unit(unit.id).click
    except IllegalAction:
        return unit.click


def card_view(match: Match, unit: Unit, change: Preview | None, act: tuple[str, str] | None,
              width: float | None = None) -> CardView:
    """The card of `unit` as the match stands; `act` is the game's action the unit may take now (its button
    takes the place of the action-token button: acting through the rules gives the token itself)."""
    uid = unit.id
    owner = match.player(unit.owner)
    kinds = token_kinds(match, unit)
    place = ""
    if unit.location == "table" and unit.position:  # the usual place ("elsewhere on the map") goes unsaid
        known = places(match, unit)
        if unit.position in known and unit.position != next(iter(known)):
            place = known[unit.position][:1].lower() + known[unit.position][1:]
    token = None
    if "action" in kinds and act is None:
        token = unit_accepts(match, unit, "token", {"unit": uid, "kind": "action", "delta": 1})
    shown = None
    if change is not None and change.unit == uid:
        target = preview_click(match, unit, change)
        landing = unit.dial[target]
        note = "KO!" if landing.ko else stats_line(landing, match.rules.stats)
        more = preview_click(match, unit, replace(change, amount=change.amount + 1))  # the dial stops somewhere
        shown = PreviewView(change.kind, change.amount, f"Lands on click {target + 1}: {note}", more != target)
    cyclic = unit.cyclic
    return CardView(
        uid=uid, name=unit.name, colour=owner.colour, status=unit_line(match, unit, place),
        stats=f"{owner.name} · {unit.points} pts · {stats_line(unit.current, match.rules.stats)}",
        ko=unit.eliminated, cyclic=cyclic,
        can_damage=not cyclic and unit_accepts(match, unit, "damage", {"unit": uid, "amount": 1}),
        can_heal=not cyclic and unit_accepts(match, unit, "heal", {"unit": uid, "amount": 1}),
        token=token, act=act, preview=shown, width=width)


def counter(key: str, label: str, value: int, on_minus: Callable[[], None], on_plus: Callable[[], None],
            plus_enabled: bool = True, note: str = "", line: bool = False, text: str = "",
            drawn: Drawn | None = None) -> ft.Control:
    """The label and value, then - and +. As a `line` it fills its parent's width and its text wraps there, so
    the buttons stay on screen ("First-round damage reduction used 0" pushed its + off a 320 px phone); a line
    needs a parent of bounded width (a column), not a row. `text` says it instead of the label and value ("Ann: 2
    spawn points captured"); the buttons keep the label in their names.

    `drawn`: the buttons drawn last time, each kept while its name, state and call are equal (a point scored
    changes the number, seldom a button)."""

    def button(icon: ft.IconData, end: str, tip: str, disabled: bool, on_click: Callable[[], None]) -> ft.Control:
        def make() -> ft.Control:
            return icon_button(icon, key=f"{key}-{end}", tooltip=tip, disabled=disabled, on_click=on_click)

        return make() if drawn is None else kept(drawn, f"{key}-{end}", (tip, disabled, _call(on_click)), make)

    return ft.Row(spacing=0, tight=not line, controls=[
        ft.Text(text or f"{label} {value}{note}", key=f"{key}-value", expand=line),
        button(ft.Icons.REMOVE, "minus", f"{label} -1", value <= 0, on_minus),
        button(ft.Icons.ADD, "plus", f"{label} +1", not plus_enabled, on_plus),
    ])


def _call(handler: Callable[[], None]) -> object:
    """What a handler does, comparable: a partial's function and arguments (partials never compare equal)."""
    if isinstance(handler, partial):
        return handler.func, handler.args, handler.keywords
    return handler


def card_controls(view: CardView, actions: CardActions,
                  drawn: Drawn | None = None) -> ft.Control:
    """A dense card (72 px, so six of a ten-unit force fit a phone screen under the header): name, then
    click, place and tokens on one line, the click's stats under it; one-tap action, damage/heal (with the
    preview), each button with its word under its icon; every other token, the dial and remove are in the
    details.

    `drawn`: the parts drawn last time for this card, each kept while what it shows is equal (`kept`): a preview
    opened, or a click of damage, changes a part or two of the card, and the card drawn whole again cost more
    than the rest of the tap (its five buttons and texts made anew, then compared with the old ones:
    benchmarks/ui.py). Without it, every part is drawn anew."""
    drawn = {} if drawn is None else drawn
    used: set[str] = set()

    def part(name: str, shows: object, make: Callable[[], ft.Control]) -> ft.Control:
        used.add(name)
        return kept(drawn, name, shows, make)

    uid = view.uid
    buttons: list[ft.Control] = []
    if view.act is not None:
        action, title = view.act
        buttons.append(part("act", (view.act, view.name), lambda: word_button(
            ft.Icons.GPS_FIXED, short_word(title), key=f"unit-{uid}-act", tooltip=f"{title}: {view.name}",
            on_click=partial(actions.open_action, action, uid))))
    if view.cyclic:
        buttons.append(part("rotate", True, lambda: word_button(
            ft.Icons.ROTATE_RIGHT, "Turn", key=f"unit-{uid}-rotate", tooltip="Turn clockwise",
            on_click=partial(actions.dispatch, "rotate", {"unit": uid, "steps": 1}))))
    else:
        buttons += [
            part("damage", view.can_damage, lambda: word_button(
                ft.Icons.ARROW_DOWNWARD, "Damage", key=f"unit-{uid}-damage", tooltip="Damage",
                disabled=not view.can_damage, on_click=partial(actions.set_preview, Preview(uid, "damage")))),
            part("heal", view.can_heal, lambda: word_button(
                ft.Icons.ARROW_UPWARD, "Heal", key=f"unit-{uid}-heal", tooltip="Heal",
                disabled=not view.can_heal, on_click=partial(actions.set_preview, Preview(uid, "heal")))),
        ]
    if view.token is not None:  # the action token by hand, for games whose actions the app doesn't resolve
        give = {"unit": uid, "kind": "action", "delta": 1}
        # "Acted": what the player tells the app (the unit took an action: it gets an action token); "Action +1"
        # read as a bonus action to a newcomer
        buttons.append(part("token", (view.token, view.name), lambda: word_button(
            ft.Icons.BOLT, "Acted", key=f"unit-{uid}-action-plus",
            tooltip=f"{view.name} acted: give it an action token", disabled=not view.token,
            on_click=partial(actions.dispatch, "token", give))))
    rows: list[ft.Control] = [
        ft.Row(spacing=4, controls=[
            part("colour", view.colour, lambda: ft.Container(width=6, height=40, bgcolor=view.colour,
                                                                    border_radius=3)),
            part("words", (view.name, view.status), lambda: ft.Column(spacing=0, expand=True, controls=[
                # a long name (or a 320 px phone) takes a second line rather than losing its end
                ft.Text(view.name, key=f"unit-{uid}-name", weight=ft.FontWeight.BOLD, max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(view.status, key=f"unit-{uid}-status", size=12),
            ])),
            *buttons,
            part("open", True, lambda: word_button(ft.Icons.MORE_VERT, "Details", key=f"unit-{uid}-open",
                                                          tooltip="Unit details",
                                                          on_click=partial(actions.open_unit, uid))),
        ]),
        part("stats", (view.stats, view.ko), lambda: ft.Text(
            view.stats, key=f"unit-{uid}-stats", size=12, color=ft.Colors.ERROR if view.ko else None)),
    ]
    if view.preview is not None:
        shown = view.preview
        rows.append(part("preview", shown, lambda: _preview_panel(uid, shown, actions)))
    for gone in drawn.keys() - used:  # a part that left the card (the preview closed): drawn anew if it comes back
        del drawn[gone]
    # not a semantic container: each button keeps its own name for screen readers (and browser tests)
    return ft.Card(key=f"unit-{uid}", semantic_container=False, width=view.width, margin=0,
                   content=ft.Container(padding=ft.Padding(6, 0, 2, 3), content=ft.Column(rows, spacing=0)))


def short_word(title: str) -> str:
    """The word under a card's action button: the action's title, or its first word when the title is long
    ("Attack with a reinforcement": "Attack"); the whole title is the button's name."""
    return title if len(title) <= 10 else title.split()[0]


def _unit_card(view: CardView, actions: CardActions) -> ft.Control:
    return card_controls(view, actions, use_drawn())


# the card as a memoised component: drawn again only when its CardView (or the actions object) changed, and then
# only its parts that changed
UnitCard = ft.memo(ft.component(_unit_card))


def _preview_panel(uid: str, shown: PreviewView, actions: CardActions) -> ft.Control:
    verb = "Damage" if shown.kind == "damage" else "Heal"
    less = Preview(uid, shown.kind, max(1, shown.amount - 1))
    more = Preview(uid, shown.kind, shown.amount + 1)

    def apply() -> None:
        actions.set_preview(None)
        actions.dispatch(shown.kind, {"unit": uid, "amount": shown.amount})

    return ft.Container(
        key=f"unit-{uid}-preview", padding=8, border_radius=8, bgcolor=ft.Colors.SECONDARY_CONTAINER,
        content=ft.Column(spacing=4, controls=[
            ft.Row(spacing=0, controls=[
                ft.Text(f"{verb} {shown.amount}", key=f"unit-{uid}-preview-amount", width=90),
                icon_button(ft.Icons.REMOVE, key=f"unit-{uid}-preview-minus", tooltip="Less",
                            disabled=shown.amount <= 1, on_click=partial(actions.set_preview, less)),
                icon_button(ft.Icons.ADD, key=f"unit-{uid}-preview-plus", tooltip="More", disabled=not shown.can_more,
                            on_click=partial(actions.set_preview, more)),
            ]),
            ft.Text(shown.lands, key=f"unit-{uid}-preview-text"),
            ft.Row(wrap=True, controls=[
                ft.FilledButton(f"Apply {verb.lower()}", key=f"unit-{uid}-apply", height=48, on_click=apply),
                ft.TextButton("Cancel", key=f"unit-{uid}-cancel", height=48,
                              on_click=partial(actions.set_preview, None)),
            ]),
        ]))


def token_counters(match: Match, unit: Unit, dispatch: Callable[..., object]) -> list[ft.Control]:
    """Every token of the unit as a counter, for its details screen."""
    uid = unit.id
    found = []
    for kind in token_kinds(match, unit):
        value = unit.tokens[kind]
        old = unit.tokens.action_last if kind == "action" else 0
        found.append(counter(
            f"unit-{uid}-{kind}", token_label(match, kind), value,
            partial(dispatch, "token", {"unit": uid, "kind": kind, "delta": -1}),
            partial(dispatch, "token", {"unit": uid, "kind": kind, "delta": 1}),
            plus_enabled=accepts(match, "token", {"unit": uid, "kind": kind, "delta": 1}),
            note=f" (+{old} earlier)" if old else ""))
    return found
