"""The table: whose turn it is, everyone's points, every unit's dial and tokens; undo and the log one tap away.

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
from companion.core.model import Match, Player
from companion.session.play.helper import ActionOption, fixed_dials, has_helper, helper_for, system_of
from companion.session.play.packs import Pack
from companion.session.table.header import header, victory_rules
from companion.ui.helper.helper_screen import HelperScreen, take_option
from companion.ui.hooks import mount, use_history
from companion.ui.live.host_screen import HostScreen, can_host
from companion.ui.match.header import match_header
from companion.ui.match.unit_card import Preview, UnitCard, card_view, counter
from companion.ui.shell import App, app_bar
from companion.ui.widgets import counter_labels, icon_button

WIDE = 800
CARD_WIDTH = 400


class TableScreen:
    live = True  # drawn by components that follow the session's feed: the shell never rebuilds it

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}"
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
        self.scroller = ft.Column([mount(TableList, app, self, key="table-island")], key="table-list", spacing=6,
                                  expand=True, scroll=ft.ScrollMode.AUTO)
        tools = mount(TableTools, app, self, key="tools-island")
        return ft.View(route=self.route, padding=8, spacing=6, appbar=app_bar(app, "", tools),
                       controls=[mount(TableHeader, app, self, key="header-island"), self.scroller])

    def by(self, app: App) -> str:
        """The player to play at the tap (a seat's phone: its policy makes it its own player)."""
        return app.session.state(self.match_id).active_player.id

    def dispatch(self, app: App, type_: str, data: dict[str, Any] | None = None) -> None:
        app.dispatch(self.match_id, type_, data, by=self.by(app))

    def open(self, app: App, name: str) -> None:
        """One of the match's other screens (loaded when first opened)."""
        app.show(_other_screen(name, self.match_id, app))


@ft.component
def TableTools(app: App, screen: TableScreen) -> ft.Control:
    """The app bar's buttons: share, dice, undo, redo (enabled as the history allows), the log."""
    history = use_history(app.session, screen.match_id)
    can_undo = not isinstance(history, str) and history.can_undo
    can_redo = not isinstance(history, str) and history.can_redo

    def step(take: Callable[..., Any]) -> None:
        # the undo is an event of the log, by the player to play at the tap (a seat's phone: its own player)
        if app.attempt(lambda: take(screen.match_id, by=screen.by(app))):
            app.toast(app.session.undo_news(screen.match_id, short=True)[0])  # "Undid: Sniper attacks Grunt A"

    return ft.Row(spacing=0, tight=True, controls=[
        icon_button(ft.Icons.QR_CODE, key="open-share", tooltip="Share", on_click=partial(screen.open, app, "share")),
        icon_button(ft.Icons.CASINO, key="open-dice", tooltip="Dice", on_click=partial(screen.open, app, "dice")),
        icon_button(ft.Icons.UNDO, key="undo", tooltip="Undo", disabled=not can_undo,
                    on_click=partial(step, app.session.undo)),
        icon_button(ft.Icons.REDO, key="redo", tooltip="Redo", disabled=not can_redo,
                    on_click=partial(step, app.session.redo)),
        icon_button(ft.Icons.HISTORY, key="open-log", tooltip="Match log", on_click=partial(screen.open, app, "log")),
    ])


@ft.component
def TableHeader(app: App, screen: TableScreen) -> ft.Control:
    """Whose turn, the points against what wins, End turn / End round, and the "match over?" prompt."""
    history = use_history(app.session, screen.match_id)
    kept, set_kept = ft.use_state("")  # the "match over?" verdict the players chose to play on after
    if isinstance(history, str):
        return ft.Text(f"This match can't be opened: {history}", key="header", color=ft.Colors.ERROR)
    match = history.state
    victory = ft.use_memo(lambda: victory_rules(app.session, match.system), [])  # a walk over pack files: once
    facts = header(match, victory)
    prompt = facts.over if facts.over is not None and facts.over.reason != kept else None

    def end(action: str) -> None:
        """End the round or turn through the game's rules (which also reset what they track for the round, and
        refuse with the reason when the game isn't there yet)."""
        option = system_of(app.session.state(screen.match_id)).ending(app.session.state(screen.match_id), action)
        if not option.enabled:
            app.toast(f"Not yet: {option.reason}")
        else:
            take_option(app, screen.match_id, option, None, back_to_table=False)

    def accept() -> None:
        """The players agree the match is over: end it with the rules' winners and show the result."""
        if prompt is not None and app.dispatch(screen.match_id, "end_match", {"winners": list(prompt.winners)}):
            screen.open(app, "result")

    return match_header(
        match, facts, prompt=prompt,
        on_end_turn=lambda: app.confirm("End the turn?", _clear_note(match), "Yes, end turn",
                                        partial(end, "end-turn")),
        on_end_round=(lambda: app.confirm("End the round?", "The next player's round begins.", "Yes, end round",
                                          partial(end, "end-round"))) if match.rules.turn_style == "shared" else None,
        on_helper=(lambda: app.show(HelperScreen(screen.match_id)))
        if has_helper(match.system) and match.status == "active" else None,
        on_advice=partial(_open_advice, app, screen.match_id)
        if has_helper(match.system) and match.status == "active" else None,
        on_accept=accept, on_keep=lambda: set_kept(prompt.reason if prompt else ""),
        on_result=partial(screen.open, app, "result"))


def _open_advice(app: App, match_id: str) -> None:
    from companion.ui.helper.advice_screen import AdviceScreen  # the advisor loads when first asked for

    app.show(AdviceScreen(match_id))


class _Cards:
    """What the cards' buttons do (ui/match/unit_card.py's CardActions): one object per table, so a memoised card
    sees the same one at every draw; each method reads the match at the tap."""

    def __init__(self, app: App, screen: TableScreen, set_preview: Callable[[Preview | None], None]) -> None:
        self.app = app
        self.screen = screen
        self._set_preview = set_preview

    def dispatch(self, type_: str, data: dict[str, object]) -> None:
        self.screen.dispatch(self.app, type_, dict(data))

    def set_preview(self, change: Preview | None) -> None:
        self._set_preview(change)

    def open_unit(self, unit_id: str) -> None:
        from companion.ui.match.unit_screen import UnitScreen

        self.app.show(UnitScreen(self.screen.match_id, unit_id))

    def open_action(self, action: str, unit_id: str) -> None:
        from companion.ui.helper.action_screen import ActionScreen

        self.app.show(ActionScreen(self.screen.match_id, action, unit_id))


@ft.component
def TableList(app: App, screen: TableScreen) -> ft.Control:
    """The game's own prompts, the units (the active player's first, the others' foldable), the unit tools,
    everyone's points and End match."""
    history = use_history(app.session, screen.match_id)
    change, set_change = ft.use_state(None)
    folded, set_folded = ft.use_state(frozenset())
    cards = ft.use_memo(lambda: _Cards(app, screen, set_change), [])
    names = ft.use_memo(lambda: counter_labels(app.session, app.session.state(screen.match_id), "player"), [])
    dials = ft.use_memo(lambda: _pack_dials(app, screen.match_id), [])  # the pack is read once per visit
    active = history.state.active_player.id if not isinstance(history, str) else ""

    async def to_top() -> None:  # the turn passed: the new player's units are first, show them
        if screen.scroller is not None:
            with contextlib.suppress(Exception):  # not on the page (yet): nothing to scroll
                await screen.scroller.scroll_to(offset=0)

    ft.use_effect(to_top, [active])
    if isinstance(history, str):
        return ft.Text("")
    match = history.state
    acts = _card_actions(match)
    # one column on a phone; on a wide screen, cards of a fixed width side by side (a plain wrapping Row:
    # a ResponsiveRow made every tap's update about 10 ms slower)
    wide = (app.page.width or 0) >= WIDE
    width = CARD_WIDTH if wide else None
    units: list[ft.Control] = []
    first = match.players.index(match.active_player)
    for player in (*match.players[first:], *match.players[:first]):
        force = [u for u in match.units if u.owner == player.id]
        if player.id != active and force:
            units.append(_fold_row(player, len(force), player.id in folded, partial(_fold, set_folded, player.id)))
        if player.id == active or player.id not in folded:
            units += [UnitCard(card_view(match, u, change, acts.get(u.id), width), cards,
                               key=f"card-{u.id}") for u in force]
    controls: list[ft.Control] = [*_system_controls(app, screen, match, dials),
                                  ft.Row(units, wrap=True, spacing=8, run_spacing=8, key="cards") if wide
                                  else ft.Column(units, spacing=4, key="cards")]
    controls.append(UnitTools(app, screen, can_host(app.page), key="unit-tools-card"))
    kind = system_of(match).scoring_kind(match)
    controls.append(ft.Text("Points", theme_style=ft.TextThemeStyle.TITLE_SMALL))
    controls += [PlayerRow(PlayerView(p.id, p.name, p.colour, kind, getattr(p, kind),
                                      tuple((n, title, p.counters.get(n, 0)) for n, title in names.items())),
                           cards, key=f"points-{p.id}") for p in match.players]
    if match.status == "active":  # the rarest and riskiest control: last, on its own screen to confirm
        controls.append(ft.TextButton("End match", icon=ft.Icons.FLAG, key="end-match", height=48,
                                      on_click=partial(screen.open, app, "end")))
    return ft.Column(controls, spacing=6, key="table-body")


def _unit_tools(app: App, screen: TableScreen, host: bool) -> ft.Control:
    return ft.Row(wrap=True, spacing=8, key="unit-tools", controls=[
        ft.OutlinedButton("Add a unit", icon=ft.Icons.PERSON_ADD, key="add-unit", height=48,
                          on_click=partial(screen.open, app, "add-unit")),
        ft.OutlinedButton("Set-up and forces", icon=ft.Icons.CHECKLIST, key="open-setup", height=48,
                          on_click=partial(screen.open, app, "setup")),
        ft.OutlinedButton("Table clock", icon=ft.Icons.TIMER, key="open-clock", height=48,
                          on_click=partial(screen.open, app, "clock")),
        *([ft.OutlinedButton("Host this table", icon=ft.Icons.WIFI_TETHERING, key="open-host", height=48,
                             on_click=lambda: app.show(HostScreen(screen.match_id)))] if host else [])])


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


def _fold(set_folded: Callable[[Any], None], player_id: str) -> None:
    set_folded(lambda folded: folded ^ {player_id})


def _fold_row(player: Player, count: int, folded: bool, toggle: Callable[[], None]) -> ft.Control:
    word = "unit" if count == 1 else "units"
    return ft.TextButton(f"{player.name}'s {count} {word}" + (" (folded)" if folded else ""), key=f"fold-{player.id}",
                         icon=ft.Icons.EXPAND_MORE if folded else ft.Icons.EXPAND_LESS, height=48,
                         tooltip=("Show" if folded else "Fold") + f" {player.name}'s units", on_click=toggle)


def _clear_note(match: Match) -> str:
    return ("Units that got no action token this turn clear their tokens." if match.rules.action_tokens_carry
            else "Action tokens come off: next turn every unit may act again.")


@dataclass(frozen=True)
class PlayerView:
    """What a player's points row shows (the row reads nothing else)."""

    pid: str
    name: str
    colour: str
    kind: str  # the points that decide this game: "kills" (Halo) or "vp"
    value: int
    counters: tuple[tuple[str, str, int], ...]  # the system's own player counters: (id, name, value)


def _player_row(view: PlayerView, cards: _Cards) -> ft.Control:
    """The player's name, the points that decide this game, and the system's own player counters (e.g.
    captured spawn points)."""
    pid = view.pid
    label = "Kills" if view.kind == "kills" else "VP"
    row = ft.Row(spacing=6, controls=[
        ft.Container(width=6, height=32, bgcolor=view.colour, border_radius=3),
        ft.Text(view.name, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, weight=ft.FontWeight.BOLD, expand=True),
        counter(f"player-{pid}-{view.kind}", label, view.value,
                partial(cards.dispatch, "score", {"player": pid, "kind": view.kind, "delta": -1}),
                partial(cards.dispatch, "score", {"player": pid, "kind": view.kind, "delta": 1})),
    ])
    extra = [counter(f"player-{pid}-counter-{name}", title, value,
                     partial(cards.dispatch, "counter", {"scope": "player", "target": pid, "name": name, "delta": -1}),
                     partial(cards.dispatch, "counter", {"scope": "player", "target": pid, "name": name, "delta": 1}))
             for name, title, value in view.counters]
    return ft.Column([row, ft.Row(extra, wrap=True, spacing=4)] if extra else [row], spacing=0, key=f"player-{pid}")


PlayerRow = ft.memo(ft.component(_player_row))  # drawn again only when its PlayerView changed


def _pack_dials(app: App, match_id: str) -> tuple[str, ...]:
    """The ids of the game's own dials its pack declares (`units.toml` [[dial]]): none for most games."""
    pack = app.session.packs()[0].get(app.session.state(match_id).system)
    return tuple(spec["id"] for spec in (pack.entries("units", "dial") if pack else []))


def _system_controls(app: App, screen: TableScreen, match: Match, dials: tuple[str, ...]) -> list[ft.Control]:
    """What the game itself asks of the table: its own dials to type in, its verdict once the fight is decided,
    its guided turn (the Scarab's); nothing for most games."""
    from companion.ui.match.guide_screens import DialsScreen, GuideScreen

    system = system_of(match)
    if set(dials) - set(fixed_dials(match)):  # the game's own dials, not all typed in yet
        return [ft.FilledTonalButton(f"Enter {system.pieces}", icon=ft.Icons.TUNE, key="fixed-dials", height=48,
                                     on_click=lambda: app.show(DialsScreen(screen.match_id)))]
    decided = system.decided(match)
    if decided is not None:
        why = decided[1]
        return [ft.Text(f"{why[:1].upper()}{why[1:]}.", key="decided", weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ERROR)]
    guide = system.guide(match)
    if guide is not None:
        sequence, title = guide
        return [ft.FilledTonalButton(title, icon=ft.Icons.DIRECTIONS_WALK, key="turn-guide", height=48,
                                     on_click=lambda: app.show(GuideScreen(screen.match_id, sequence)))]
    return []


def _other_screen(name: str, match_id: str, app: App) -> Any:
    """The match's screens the table opens, each loaded the first time it is opened."""
    if name == "share":
        from companion.ui.share.screens import ShareScreen

        return ShareScreen(match_id)
    if name == "dice":
        from companion.ui.helper.dice_screen import DiceScreen

        pack = app.session.packs()[0].get(app.session.state(match_id).system)
        return DiceScreen(match_id, usual_rolls(pack) if pack else ())
    if name == "log":
        from companion.ui.match.log_screen import LogScreen

        return LogScreen(match_id)
    if name == "setup":
        from companion.ui.match.setup_screen import SetupScreen

        return SetupScreen(match_id)
    if name == "clock":
        from companion.ui.match.clock_screen import TableClockScreen

        return TableClockScreen(match_id)
    if name == "add-unit":
        from companion.ui.match.unit_editor import UnitEditorScreen

        return UnitEditorScreen(match_id)
    from companion.ui.match.result_screen import EndMatchScreen, ResultScreen

    return EndMatchScreen(match_id) if name == "end" else ResultScreen(match_id)


def usual_rolls(pack: Pack) -> tuple[str, ...]:
    """The dice the system's rolls and tables use, for the dice screen's quick buttons."""
    found = [t.dice + ("sq" if t.dice == "2d10" and t.read == "tens-ones" else "") for t in pack.tables.values()]
    found += [r["dice"] for r in pack.entries("tables", "roll") if r.get("dice") not in ("2d10",)]
    return tuple(dict.fromkeys(found))
