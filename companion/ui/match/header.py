"""The table's sticky header: whose turn (colour and name), turn/round, everyone's points against what wins,
actions used, End turn (apart from the cards, with a confirm) and the "match over?" prompt when the rules
say so. It stays on screen while the unit list scrolls under it. Also the app bar's tools (dice, undo,
redo, and the table's menu: share, clock, set-up, add a unit, the log, End match).

Both are components over the session's feed whose buttons call one object per screen (methods that read the
match at the tap). The header reads the match into a frozen view and keeps each part drawn while what it shows
is equal: a tap that leaves the header as it was (damage on a card, the preview) redraws nothing of it, a point
scored only the scores. The tools follow only whether undo and redo are usable and the match is played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from companion.core.model import Match
from companion.session.play.helper import has_helper, system_of
from companion.session.table.header import Over, Score, header, victory_rules
from companion.ui.hooks import Unopened, use_history
from companion.ui.live.host_screen import can_host
from companion.ui.retained import Drawn, kept, use_drawn
from companion.ui.widgets import TAP, word_button

if TYPE_CHECKING:
    from companion.ui.shell import App


class TableScreen(Protocol):
    """What the header and the app bar's tools ask of the table screen (ui/match/table.py), which imports this
    module: a protocol here, so the two modules don't import each other."""

    match_id: str

    def by(self, app: App) -> str: ...

    def open(self, app: App, name: str) -> None: ...


@dataclass(frozen=True)
class HeaderView:
    """Everything the header shows (it reads nothing else)."""

    line: str  # "Turn 2 · Ann to play", "Turn 1 · Ann's round 1 of 2", or who won (session.table.words)
    detail: str  # the phase and the actions used
    colour: str  # the active player's
    active: str  # the active player's id (their score in bold)
    playing: bool  # the match is active: End turn (and round), the helper; else Result
    rounds: bool  # the game has rounds within a turn: End round
    helper: bool  # the game has a rules helper: what can I do, best moves
    scores: tuple[Score, ...]
    prompt: Over | None
    prompt_names: str  # the prompt's winners by name


def header_view(match: Match, scores: tuple[Score, ...], detail: str, prompt: Over | None,
                line: str) -> HeaderView:
    active = match.active_player
    return HeaderView(line, detail, active.colour, active.id, match.status == "active",
                      match.rules.turn_style == "shared", has_helper(match.system), scores, prompt,
                      " and ".join(match.player(w).name for w in prompt.winners) if prompt else "")


class HeaderActions:
    """What the header's buttons do; one object per screen, each method reads the match at the tap."""

    def __init__(self, app: App, screen: TableScreen, victory: list[Any], set_kept: Callable[[str], None]) -> None:
        self.app, self.screen, self.victory, self._set_kept = app, screen, victory, set_kept

    def _state(self) -> Match:
        return self.app.session.state(self.screen.match_id)

    def _end(self, action: str) -> None:
        """End the round or turn through the game's rules (which also reset what they track for the round, and
        refuse with the reason when the game isn't there yet)."""
        from companion.ui.helper.helper_screen import take_option

        state = self._state()
        option = system_of(state).ending(state, action)
        if not option.enabled:
            self.app.toast(f"Not yet: {option.reason}")
        else:
            take_option(self.app, self.screen.match_id, option, None, back_to_table=False)

    def end_turn(self) -> None:
        """Ask first, with what the game says ending now leaves behind (unused actions, a loot roll not made)."""
        state = self._state()
        said = system_of(state).ending(state, "end-turn").note
        self.app.confirm("End the turn?", " ".join(filter(None, (said, _clear_note(state)))), "Yes, end turn",
                         partial(self._end, "end-turn"))

    def end_round(self) -> None:
        self.app.confirm("End the round?", "The next player's round begins.", "Yes, end round",
                         partial(self._end, "end-round"))

    def helper(self) -> None:
        self.app.go("match.helper", match_id=self.screen.match_id)

    def advice(self) -> None:
        self.app.go("match.advice", match_id=self.screen.match_id)  # the advisor loads when first asked for

    def accept(self) -> None:
        """The players agree the match is over: end it with the rules' winners and show the result."""
        over = header(self._state(), self.victory).over
        if over is not None and self.app.dispatch(self.screen.match_id, "end_match", {"winners": list(over.winners)}):
            self.screen.open(self.app, "result")

    def keep(self) -> None:
        """Play on: this verdict is not asked again (a new one is)."""
        over = header(self._state(), self.victory).over
        self._set_kept(over.reason if over else "")

    def result(self) -> None:
        self.screen.open(self.app, "result")


@ft.component
def TableHeader(app: App, screen: TableScreen) -> ft.Control:
    """Whose turn, the points against what wins, End turn / End round, and the "match over?" prompt."""
    history = use_history(app.session, screen.match_id)
    played_on, set_played_on = ft.use_state("")  # the "match over?" verdict the players chose to play on after
    system = history.state.system if not isinstance(history, Unopened) else ""
    victory = ft.use_memo(lambda: victory_rules(app.session, system), [])  # a walk over pack files: once
    actions = ft.use_memo(lambda: HeaderActions(app, screen, victory, set_played_on), [])
    drawn = use_drawn()
    if isinstance(history, Unopened):
        drawn.clear()  # the header leaves the page: it is drawn anew when the match can be read again
        return history.refusal("header")
    match = history.state
    facts = header(match, victory)
    prompt = facts.over if facts.over is not None and facts.over.reason != played_on else None
    detail = " · ".join(part for part in (match.phase, facts.actions) if part)
    view = header_view(match, facts.scores, detail, prompt, facts.when)
    return kept(drawn, "header", view, lambda: _header_card(view, actions, drawn))


def _header_card(view: HeaderView, actions: HeaderActions, drawn: Drawn) -> ft.Control:
    """The header, its parts kept as drawn while what they show is equal: a point scored redraws the scores'
    line only (VP +1 was the slowest tap of the table)."""
    helper = view.helper and view.playing
    top = kept(drawn, "top", (view.line, view.detail, view.colour, helper),
               lambda: _top_line(view, actions if helper else None))
    scores = kept(drawn, "scores", (view.scores, view.active), lambda: _scores(view, drawn))
    buttons = kept(drawn, "buttons", (view.playing, view.rounds), lambda: _buttons(view, actions))
    # the scores beside the buttons while they fit, else the buttons on a line of their own (a 320 px phone with
    # End round and End turn): a score is never laid under a button. With no scores (the Maze) End turn alone,
    # on the right (a wrap lays a lone child at its start)
    rows: list[ft.Control] = [top, ft.Row(wrap=True, spacing=4, run_spacing=4,
                                          controls=[scores, buttons] if view.scores else [buttons],
                                          alignment=ft.MainAxisAlignment.SPACE_BETWEEN if view.scores
                                          else ft.MainAxisAlignment.END,
                                          vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    if view.prompt is not None:
        rows.append(_prompt(view.prompt, view.prompt_names, actions))
    return ft.Container(key="header", padding=ft.Padding(10, 6, 6, 6), bgcolor=ft.Colors.PRIMARY_CONTAINER,
                        border_radius=8,  # stretched: a wrapping row is as wide as its content otherwise
                        content=ft.Column(rows, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


def _top_line(view: HeaderView, actions: HeaderActions | None) -> ft.Control:
    """The active player's colour, whose turn and the actions used; the helper's buttons when `actions`."""
    helper = ([word_button(ft.Icons.LIGHTBULB, "What can I do?", key="open-helper", tooltip="What can I do?",
                           on_click=actions.helper),
               word_button(ft.Icons.LEADERBOARD, "Best moves", key="open-advice", tooltip="Best moves",
                           on_click=actions.advice)]
              if actions is not None else [])
    return ft.Row(spacing=4, controls=[
        ft.Container(width=14, height=14, bgcolor=view.colour, border_radius=7),
        ft.Column(spacing=0, expand=True, controls=[
            # both wrap rather than lose their end ("Turn 1 · Ann-Sophie's round 1 of 2" beside the helper's buttons)
            ft.Text(view.line, key="turn-line", weight=ft.FontWeight.BOLD),
            *([ft.Text(view.detail, key="turn-detail", size=12)] if view.detail else []),
        ]),
        *helper,
    ])


def _scores(view: HeaderView, drawn: Drawn) -> ft.Control:
    """One line a player, so the column is as wide as its longest score ("Ann 12 of 15 VP"); a player's line
    kept as drawn while it reads the same (a point scored: one line drawn again)."""
    return ft.Column(spacing=2, key="scores", tight=True, controls=[
        kept(drawn, f"score-{s.player}", (s, s.player == view.active), lambda s=s: ft.Row(
            spacing=4, tight=True, key=f"score-{s.player}", controls=[
                ft.Container(width=10, height=10, bgcolor=s.colour, border_radius=5),
                ft.Text(f"{s.name} {s.words}", size=13,
                        weight=ft.FontWeight.BOLD if s.player == view.active else None)]))
        for s in view.scores])


def _buttons(view: HeaderView, actions: HeaderActions) -> ft.Control:
    """End round (games with rounds in a turn) and End turn while playing; the result once it is over."""
    if not view.playing:
        return ft.OutlinedButton("Result", key="show-result", height=TAP, on_click=actions.result)
    end_turn = ft.FilledButton("End turn", key="end-turn", height=TAP, on_click=actions.end_turn)
    if not view.rounds:
        return end_turn
    return ft.Row(spacing=4, tight=True, controls=[
        ft.OutlinedButton("End round", key="end-round", height=TAP, on_click=actions.end_round), end_turn])


def _prompt(over: Over, names: str, actions: HeaderActions) -> ft.Control:
    return ft.Container(
        key="over-prompt", padding=8, border_radius=8, bgcolor=ft.Colors.TERTIARY_CONTAINER,
        content=ft.Column(spacing=4, controls=[
            ft.Text(f"Match over? {over.reason}", key="over-reason", weight=ft.FontWeight.BOLD),
            ft.Row(wrap=True, spacing=8, controls=[
                ft.FilledButton(f"End: {names} {'win' if len(over.winners) > 1 else 'wins'}", key="over-accept",
                                icon=ft.Icons.EMOJI_EVENTS, height=TAP, on_click=actions.accept),
                ft.TextButton("Keep playing", key="over-keep", height=TAP, on_click=actions.keep),
            ]),
        ]))


def _clear_note(match: Match) -> str:
    return ("Units that got no action token this turn clear their tokens." if match.rules.action_tokens_carry
            else "Action tokens come off: next turn every unit may act again.")


class ToolActions:
    """What the app bar's buttons do; one object per screen."""

    def __init__(self, app: App, screen: TableScreen) -> None:
        self.app, self.screen = app, screen

    def open(self, name: str) -> None:
        self.screen.open(self.app, name)

    def host(self) -> None:
        self.app.go("match.host", match_id=self.screen.match_id)

    def step(self, redo: bool) -> None:
        """Undo or redo: an event of the log, by the player to play at the tap (a seat's phone: its own player),
        and a line saying what it took back ("Undid: Sniper attacks Grunt A")."""
        app, match_id = self.app, self.screen.match_id
        take = app.session.redo if redo else app.session.undo
        if app.attempt(lambda: take(match_id, by=self.screen.by(app))):
            app.toast(app.session.undo_news(match_id, short=True)[0])


@dataclass(frozen=True)
class ToolsView:
    """What the app bar's tools show: undo and redo usable, the match still being played (End match)."""

    can_undo: bool
    can_redo: bool
    playing: bool


@ft.component
def TableTools(app: App, screen: TableScreen) -> ft.Control:
    """The app bar's buttons, undo and redo enabled as the history allows: drawn again only when that (or
    whether the match is being played) changed."""
    view = use_history(app.session, screen.match_id,
                       select=lambda history: ToolsView(history.can_undo, history.can_redo,
                                                        history.state.status == "active"))
    actions = ft.use_memo(lambda: ToolActions(app, screen), [])
    host = ft.use_memo(lambda: can_host(app.page), [])
    drawn = use_drawn()
    return _tools(view if isinstance(view, ToolsView) else ToolsView(False, False, False), host, actions, drawn)


def _tools(view: ToolsView, host: bool, actions: ToolActions, drawn: Drawn) -> ft.Control:
    # dice, undo, redo, the table's menu and the rules lookup beside the back arrow fit a 320 px bar (six tools
    # laid Share over the arrow's target): the match log went into the menu, with the table's other tools.
    # Dice, Undo and Redo say their word under the icon (a tooltip never shows on a phone), 48 px wide each.
    # Each kept as drawn while what it shows is equal: an undo or a tap after one changes one button's state, and
    # the menu's seven items drawn anew cost more than the rest of the bar (3 ms a tap: benchmarks/ui.py)
    return ft.Row(spacing=0, tight=True, controls=[
        kept(drawn, "dice", True, lambda: word_button(ft.Icons.CASINO, "Dice", key="open-dice", tooltip="Dice",
                                                      on_click=partial(actions.open, "dice"))),
        kept(drawn, "undo", view.can_undo, lambda: word_button(
            ft.Icons.UNDO, "Undo", key="undo", tooltip="Undo", disabled=not view.can_undo,
            on_click=partial(actions.step, False))),
        kept(drawn, "redo", view.can_redo, lambda: word_button(
            ft.Icons.REDO, "Redo", key="redo", tooltip="Redo", disabled=not view.can_redo,
            on_click=partial(actions.step, True))),
        kept(drawn, "menu", (view.playing, host), lambda: _menu(view, host, actions)),
    ])


def _menu(view: ToolsView, host: bool, actions: ToolActions) -> ft.Control:
    """The table's tools, two taps from the table whatever its length: the menu, then the tool (they sat under
    ten unit cards, two screens down). End match is last, apart, and asks on its own screen."""

    def item(icon: ft.IconData, text: str, key: str, on_click: Callable[[], None]) -> ft.PopupMenuItem:
        return ft.PopupMenuItem(content=text, icon=icon, key=key, height=TAP, on_click=on_click)

    items = [
        item(ft.Icons.QR_CODE, "Share", "open-share", partial(actions.open, "share")),
        item(ft.Icons.TIMER, "Table clock", "open-clock", partial(actions.open, "clock")),
        item(ft.Icons.CHECKLIST, "Set-up and forces", "open-setup", partial(actions.open, "setup")),
        item(ft.Icons.PERSON_ADD, "Add a unit", "menu-add-unit", partial(actions.open, "add-unit")),
        item(ft.Icons.HISTORY, "Match log", "open-log", partial(actions.open, "log")),
        *([item(ft.Icons.WIFI_TETHERING, "Host this table", "open-host", actions.host)] if host else []),
    ]
    if view.playing:  # the rarest and riskiest tool: last, after a divider
        items += [ft.PopupMenuItem(), item(ft.Icons.FLAG, "End match", "end-match", partial(actions.open, "end"))]
    return ft.PopupMenuButton(
        key="table-menu", tooltip="Table menu", items=items, menu_position=ft.PopupMenuPosition.UNDER,
        content=ft.Container(width=56, height=TAP, alignment=ft.Alignment.CENTER, content=ft.Column(
            spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[ft.Icon(ft.Icons.MENU, size=20), ft.Text("Menu", size=11, no_wrap=True)])))
