"""The table: whose turn it is, everyone's points, every unit's dial and tokens; undo one tap away, the table's
tools (share, clock, set-up, the log, End match) two, in the app bar's menu.

Built from Flet 1.0 components over the session's change feed (ui/hooks.py): the header, the app bar's tools and
the unit list each read the match when the feed reports a change, and each unit card is a memoised component of
a frozen `CardView` (ui/match/unit_card.py), so a tap redraws what changed and nothing else. The active player's
units come first (the list goes back to the top when the turn passes); the other players' units fold away.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session.play.helper import ActionOption, fixed_dials, has_helper, helper_for, system_of
from companion.session.table.words import counted
from companion.ui.hooks import Unopened, use_history
from companion.ui.match.counters import counter_words
from companion.ui.match.empty_table import EmptyTable
from companion.ui.match.header import TableHeader, TableTools
from companion.ui.match.unit_card import CardView, Preview, UnitCard, card_view, counter
from companion.ui.retained import kept, use_drawn
from companion.ui.shell import App, app_bar

WIDE = 800
CARD_WIDTH = 400


class TableScreen:
    live = True  # drawn by components that follow the session's feed: the shell never rebuilds it

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self._awake = False
        self.scroller: ft.Column | None = None

    def build(self, app: App) -> ft.View:
        try:
            app.session.state(self.match_id)
        except CompanionError as exc:
            return ft.View(route=self.route, appbar=app_bar(app, "Match"), padding=16,
                           controls=[ft.Text(f"This match can't be opened: {exc}", color=ft.Colors.ERROR)])
        if not self._awake:  # keep the screen on while a match is open
            app.keep_awake(True)
            self._awake = True
        # the header stays put; only the list under it scrolls
        self.scroller = ft.Column([TableList(app, self, key="table")], key="table-list", spacing=6,
                                  expand=True, scroll=ft.ScrollMode.AUTO)
        tools = TableTools(app, self, key="tools")
        # no padding under the list: it runs to the screen's edge, so six cards of a 5 + 5 force fit at 360x640
        # (the fold row of the other player's units takes a card's place)
        return ft.View(route=self.route, padding=ft.Padding(8, 8, 8, 0), spacing=6, appbar=app_bar(app, "", tools),
                       controls=[TableHeader(app, self, key="header"), self.scroller])

    def by(self, app: App) -> str:
        """The player to play at the tap (a seat's phone: its policy makes it its own player)."""
        return app.session.state(self.match_id).active_player.id

    def dispatch(self, app: App, type_: str, data: dict[str, Any] | None = None) -> None:
        app.dispatch(self.match_id, type_, data, by=self.by(app))

    def open(self, app: App, name: str) -> None:
        """One of the match's other screens, by its name in the route table (loaded when first opened)."""
        app.go(f"match.{name}", match_id=self.match_id)


class _Cards:
    """What the cards' buttons do (ui/match/unit_card.py's CardActions): one object per table, so a memoised card
    sees the same one at every draw; each method reads the match at the tap."""

    def __init__(self, app: App, screen: TableScreen, set_preview: Callable[[Preview | None], None],
                 set_folded: Callable[[Any], None]) -> None:
        self.app = app
        self.screen = screen
        self._set_preview = set_preview
        self._set_folded = set_folded

    def dispatch(self, type_: str, data: dict[str, object]) -> None:
        self.screen.dispatch(self.app, type_, dict(data))

    def set_preview(self, change: Preview | None) -> None:
        self._set_preview(change)

    def open_unit(self, unit_id: str) -> None:
        self.app.go("match.unit", match_id=self.screen.match_id, unit_id=unit_id)

    def open_action(self, action: str, unit_id: str) -> None:
        self.app.go("match.action", match_id=self.screen.match_id, action=action, unit=unit_id)

    def open_screen(self, name: str) -> None:
        self.screen.open(self.app, name)

    def fold(self, player_id: str) -> None:
        """Fold or unfold a player's units."""
        self._set_folded(lambda folded: folded ^ {player_id})


@ft.component
def TableList(app: App, screen: TableScreen) -> ft.Control:
    """The game's own prompts, the units (the active player's first, the others' foldable), Add a unit and
    everyone's points (the table's other tools are in the app bar's menu: ui/match/header.py)."""
    history = use_history(app.session, screen.match_id)
    change, set_change = ft.use_state(None)
    folded, set_folded = ft.use_state(frozenset())
    cards = ft.use_memo(lambda: _Cards(app, screen, set_change, set_folded), [])
    names = ft.use_memo(lambda: counter_words(app.session, app.session.state(screen.match_id), "player"), [])
    dials = ft.use_memo(lambda: _pack_dials(app, screen.match_id), [])  # the pack is read once per visit
    drawn = use_drawn()  # the parts drawn last time, by what they showed (see `kept`)
    state = history.state if not isinstance(history, Unopened) else None
    active = state.active_player.id if state is not None else ""

    async def to_top() -> None:  # the turn passed: the new player's units are first, show them
        if screen.scroller is not None:
            with contextlib.suppress(Exception):  # not on the page (yet): nothing to scroll
                await screen.scroller.scroll_to(offset=0)

    ft.use_effect(to_top, [active])
    # one column on a phone; on a wide screen, cards of a fixed width side by side (a plain wrapping Row:
    # a ResponsiveRow made every tap's update about 10 ms slower)
    wide = (app.page.width or 0) >= WIDE
    # every card as the match stands, drawn from the match once per state of it (a preview or a fold is no
    # new state): a tap that changes nothing a card shows leaves every CardView equal, so the list is skipped
    views = ft.use_memo(lambda: _card_views(state, CARD_WIDTH if wide else None) if state is not None else {},
                        [state, wide])
    if state is None:
        drawn.clear()  # what was drawn leaves the page: nothing of it may come back as it was
        return ft.Text("")
    match = state
    entries = _entries(match, views, change, folded)
    owners = {u.owner for u in match.units}
    missing = tuple(p.name for p in match.players if p.id not in owners)  # the hint stays until each has a force
    controls: list[ft.Control] = [
        *_system_controls(app, screen, match, dials),
        *([EmptyTable(cards.open_screen, missing, not match.units, key="empty-table-island")] if missing else []),
        kept(drawn, "cards", (entries, wide), lambda: CardList(entries, wide, cards, key="card-list")),
        kept(drawn, "tools", True, lambda: UnitTools(app, screen, key="unit-tools-card")),
        ft.Text("Points", theme_style=ft.TextThemeStyle.TITLE_SMALL)]
    kind = system_of(match).scoring_kind(match)
    for p in match.players:
        view = PlayerView(p.id, p.name, p.colour, kind, getattr(p, kind),
                          tuple((n, words.name, p.counters.get(n, 0), words.line(p.name, p.counters.get(n, 0)))
                                for n, words in names.items()))
        controls.append(kept(drawn, p.id, view, lambda view=view: PlayerRow(view, cards, key=f"points-{view.pid}")))
    return ft.Column(controls, spacing=6, key="table-body")


@dataclass(frozen=True)
class FoldView:
    """The row that folds another player's units away (or shows them again)."""

    pid: str
    name: str
    count: int
    folded: bool


def _card_views(match: Match, width: float | None) -> dict[str, CardView]:
    """Every unit's card, without a preview, with the game's action its button opens."""
    acts = _card_actions(match)
    return {u.id: card_view(match, u, None, acts.get(u.id), width) for u in match.units}


def _entries(match: Match, views: dict[str, CardView], change: Preview | None,
             folded: frozenset[str]) -> tuple[CardView | FoldView, ...]:
    """The list's rows in order: the active player's cards, then each other player's fold row and cards; the
    card with the damage/heal preview open drawn again with it."""
    if change is not None and change.unit in views:
        shown = views[change.unit]
        with contextlib.suppress(KeyError):  # the unit went (another phone removed it): no preview to show
            unit = match.unit(change.unit)
            views = {**views, unit.id: card_view(match, unit, change, shown.act, shown.width)}
    out: list[CardView | FoldView] = []
    first = match.players.index(match.active_player)
    for player in (*match.players[first:], *match.players[:first]):
        force = [u.id for u in match.units if u.owner == player.id]
        if player is not match.active_player and force:
            out.append(FoldView(player.id, player.name, len(force), player.id in folded))
        if player is match.active_player or player.id not in folded:
            out += [views[uid] for uid in force]
    return tuple(out)


def _card_list(entries: tuple[CardView | FoldView, ...], wide: bool, cards: _Cards) -> ft.Control:
    drawn = use_drawn()  # uid -> (its CardView, the card drawn for it last time)
    rows = [_fold_row(e, partial(cards.fold, e.pid)) if isinstance(e, FoldView) else
            kept(drawn, e.uid, e, lambda e=e: UnitCard(e, cards, key=f"card-{e.uid}")) for e in entries]
    for uid in drawn.keys() - {e.uid for e in entries if isinstance(e, CardView)}:
        del drawn[uid]  # a unit removed or folded away: drawn anew when it shows again
    return (ft.Row(rows, wrap=True, spacing=8, run_spacing=8, key="cards") if wide
            else ft.Column(rows, spacing=3, key="cards"))


CardList = ft.memo(ft.component(_card_list))  # drawn again only when a row of it changed



def _unit_tools(app: App, screen: TableScreen) -> ft.Control:
    return ft.Row(wrap=True, spacing=8, key="unit-tools", controls=[
        ft.OutlinedButton("Add a unit", icon=ft.Icons.PERSON_ADD, key="add-unit", height=48,
                          on_click=partial(screen.open, app, "add-unit"))])


UnitTools = ft.memo(ft.component(_unit_tools))  # the same buttons at every draw: drawn once


def _card_actions(match: Match) -> dict[str, tuple[str, str]]:
    """Each unit's action on its card: the first of the game's actions that rolls dice and that the unit may take
    now (its attack), as the game's rules list them; the action screen offers the unit's others."""
    if match.status != "active" or not has_helper(match.system):
        return {}
    found: dict[str, tuple[str, str]] = {}
    with contextlib.suppress(CompanionError):
        for option in helper_for(match.system).legal_actions(match):
            for uid in option.units if _card_worthy(option) else ():
                found.setdefault(uid, (option.action, option.title))
    return found


def _card_worthy(option: ActionOption) -> bool:
    return option.enabled and option.dice is not None


def _fold_row(view: FoldView, toggle: Callable[[], None]) -> ft.Control:
    name = view.name
    return ft.TextButton(f"{name}'s {counted(view.count, 'unit')}" + (" (folded)" if view.folded else ""),
                         key=f"fold-{view.pid}", icon=ft.Icons.EXPAND_MORE if view.folded else ft.Icons.EXPAND_LESS,
                         height=48, tooltip=("Show" if view.folded else "Fold") + f" {name}'s units", on_click=toggle)


@dataclass(frozen=True)
class PlayerView:
    """What a player's points row shows (the row reads nothing else)."""

    pid: str
    name: str
    colour: str
    kind: str  # the points that decide this game: "kills" (Halo) or "vp"
    value: int
    # the system's own player counters: (id, name, value, the line: "Ann: 2 spawn points captured")
    counters: tuple[tuple[str, str, int, str], ...]


def _player_row(view: PlayerView, cards: _Cards) -> ft.Control:
    """The player's name, the points that decide this game, and the system's own player counters (e.g.
    captured spawn points); the parts whose words and buttons held kept as drawn (a point scored: its number)."""
    drawn = use_drawn()
    pid = view.pid
    label = "Kills" if view.kind == "kills" else "VP"
    row = ft.Row(spacing=6, controls=[
        kept(drawn, "name", (view.colour, view.name), lambda: ft.Row(spacing=6, expand=True, controls=[
            ft.Container(width=6, height=32, bgcolor=view.colour, border_radius=3),
            ft.Text(view.name, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, weight=ft.FontWeight.BOLD,
                    expand=True)])),
        counter(f"player-{pid}-{view.kind}", label, view.value,
                partial(cards.dispatch, "score", {"player": pid, "kind": view.kind, "delta": -1}),
                partial(cards.dispatch, "score", {"player": pid, "kind": view.kind, "delta": 1}), drawn=drawn),
    ])
    extra = [counter(f"player-{pid}-counter-{name}", title, value,
                     partial(cards.dispatch, "counter", {"scope": "player", "target": pid, "name": name, "delta": -1}),
                     partial(cards.dispatch, "counter", {"scope": "player", "target": pid, "name": name, "delta": 1}),
                     line=True, text=line, drawn=drawn)
             for name, title, value, line in view.counters]
    return ft.Column([row, *extra], spacing=0, key=f"player-{pid}")


PlayerRow = ft.memo(ft.component(_player_row))  # drawn again only when its PlayerView changed


def _pack_dials(app: App, match_id: str) -> tuple[str, ...]:
    """The ids of the game's own dials its pack declares (`units.toml` [[dial]]): none for most games."""
    pack = app.session.packs()[0].get(app.session.state(match_id).system)
    return tuple(spec["id"] for spec in (pack.entries("units", "dial") if pack else []))


def _system_controls(app: App, screen: TableScreen, match: Match, dials: tuple[str, ...]) -> list[ft.Control]:
    """What the game itself asks of the table: its own dials to type in, its verdict once the fight is decided,
    its guided turn (the Scarab's); nothing for most games."""
    system = system_of(match)
    if set(dials) - set(fixed_dials(match)):  # the game's own dials, not all typed in yet
        return [ft.FilledTonalButton(f"Enter {system.pieces}", icon=ft.Icons.TUNE, key="fixed-dials", height=48,
                                     on_click=lambda: app.go("match.dials", match_id=screen.match_id))]
    decided = system.decided(match)
    if decided is not None:
        why = decided[1]
        return [ft.Text(f"{why[:1].upper()}{why[1:]}.", key="decided", weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ERROR)]
    guide = system.guide(match)
    if guide is not None:
        sequence, title = guide
        return [ft.FilledTonalButton(title, icon=ft.Icons.DIRECTIONS_WALK, key="turn-guide", height=48,
                                     on_click=lambda: app.go("match.guide", match_id=screen.match_id,
                                                                  sequence=sequence))]
    return []
