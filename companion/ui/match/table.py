"""The table: whose turn it is, everyone's points, every unit's dial and tokens; undo and the log one tap away."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match, Player, Unit
from companion.session.play.helper import has_helper, missing_dials, system_of
from companion.session.play.packs import Pack
from companion.session.table.header import Over, header, victory_rules
from companion.ui.helper.helper_screen import HelperScreen, take_option
from companion.ui.live.host_screen import HostScreen, can_host
from companion.ui.match.header import match_header
from companion.ui.match.unit_card import Preview, counter, unit_card
from companion.ui.shell import App, app_bar
from companion.ui.widgets import counter_labels, icon_button

WIDE = 800
CARD_WIDTH = 400


class TableScreen:
    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}"
        self.preview: Preview | None = None
        self._awake = False
        self._kept: dict[str, tuple[tuple[object, ...], ft.Control]] = {}  # see _memo
        self._pack_facts: tuple[list[Mapping[str, Any]], dict[str, str]] | None = None
        self.kept_playing = ""  # the "match over?" verdict the players chose to play on after

    def build(self, app: App) -> ft.View:
        try:
            match = app.session.state(self.match_id)
        except CompanionError as exc:
            return ft.View(route=self.route, appbar=app_bar(app, "Match"), padding=16,
                           controls=[ft.Text(f"This match can't be opened: {exc}", color=ft.Colors.ERROR)])
        if not self._awake:  # keep the screen on while a match is open
            app.keep_awake(True)
            self._awake = True
        history = app.session.history(self.match_id)

        def dispatch(type_: str, data: dict[str, Any] | None = None) -> None:
            # the player to play at the tap, not at the build: a kept card outlives turns
            app.dispatch(self.match_id, type_, data, by=app.session.state(self.match_id).active_player.id)

        def undo() -> None:
            self.preview = None
            # the undo is an event of the log, by the player to play at the tap (a seat's phone: its own player)
            if app.attempt(lambda: app.session.undo(self.match_id,
                                                    by=app.session.state(self.match_id).active_player.id)):
                app.toast(app.session.undo_news(self.match_id, short=True)[0])  # "Undid: Sniper attacks Grunt A"

        def redo() -> None:
            self.preview = None
            if app.attempt(lambda: app.session.redo(self.match_id,
                                                    by=app.session.state(self.match_id).active_player.id)):
                app.toast(app.session.undo_news(self.match_id, short=True)[0])

        actions = [
            icon_button(ft.Icons.QR_CODE, key="open-share", tooltip="Share", on_click=lambda: self._share(app)),
            icon_button(ft.Icons.CASINO, key="open-dice", tooltip="Dice", on_click=lambda: self._open_dice(app)),
            icon_button(ft.Icons.UNDO, key="undo", tooltip="Undo", disabled=not history.can_undo, on_click=undo),
            icon_button(ft.Icons.REDO, key="redo", tooltip="Redo", disabled=not history.can_redo, on_click=redo),
            icon_button(ft.Icons.HISTORY, key="open-log", tooltip="Match log",
                          on_click=lambda: self._open_log(app)),
        ]
        if self._pack_facts is None:  # read the pack once per visit, not per tap (it is a walk over files)
            self._pack_facts = (victory_rules(app.session, match.system), counter_labels(app.session, match, "player"))
        victory, names = self._pack_facts
        facts = header(match, victory)
        prompt = facts.over if facts.over is not None and facts.over.reason != self.kept_playing else None
        top = match_header(
            match, facts, prompt=prompt,
            on_end_turn=lambda: app.confirm("End the turn?", self._clear_note(match), "Yes, end turn",
                                            lambda: self._end(app, match, "end-turn", dispatch)),
            on_end_round=(lambda: app.confirm("End the round?", "The next player's round begins.", "Yes, end round",
                                              lambda: self._end(app, match, "end-round", dispatch)))
            if match.rules.turn_style == "shared" else None,
            on_helper=(lambda: app.show(HelperScreen(self.match_id)))
            if has_helper(match.system) and match.status == "active" else None,
            on_accept=lambda: self._accept(app, prompt), on_keep=lambda: self._keep_playing(app, prompt),
            on_result=lambda: self._result(app))
        controls: list[ft.Control] = []
        controls += self._system_controls(app, match)
        # one column on a phone; on a wide screen, cards of a fixed width side by side (a plain wrapping Row:
        # a ResponsiveRow made every tap's update about 10 ms slower)
        wide = (app.page.width or 0) >= WIDE
        cards = [self._card(app, match, unit, dispatch, CARD_WIDTH if wide else None)
                 for player in match.players for unit in match.units if unit.owner == player.id]
        controls.append(ft.Row(cards, wrap=True, spacing=8, run_spacing=8, key="cards") if wide
                        else ft.Column(cards, spacing=4, key="cards"))
        host = [ft.OutlinedButton("Host this table", icon=ft.Icons.WIFI_TETHERING, key="open-host",
                                  on_click=lambda: app.show(HostScreen(self.match_id)))] if can_host(app.page) else []
        controls.append(ft.Row(wrap=True, spacing=8, key="unit-tools", controls=[
            ft.OutlinedButton("Add a unit", icon=ft.Icons.PERSON_ADD, key="add-unit",
                              on_click=lambda: self._add_unit(app)),
            ft.OutlinedButton("Set-up and forces", icon=ft.Icons.CHECKLIST, key="open-setup",
                              on_click=lambda: self._setup(app)),
            ft.OutlinedButton("Table clock", icon=ft.Icons.TIMER, key="open-clock",
                              on_click=lambda: self._clock(app)),
            *host]))
        controls.append(ft.Text("Points", theme_style=ft.TextThemeStyle.TITLE_SMALL))
        controls += [self._memo(f"player-{p.id}", (p, facts.kind, tuple(names.items())),
                                partial(self._player_row, p, facts.kind, dispatch, names)) for p in match.players]
        if match.status == "active":  # the rarest and riskiest control: last, on its own screen to confirm
            controls.append(ft.TextButton("End match", icon=ft.Icons.FLAG, key="end-match",
                                          on_click=lambda: self._end_match(app)))
        # the header stays put; only the list under it scrolls
        return ft.View(route=self.route, padding=8, spacing=6, appbar=app_bar(app, "", *actions), controls=[
            top, ft.Column(controls, key="table-list", spacing=6, expand=True, scroll=ft.ScrollMode.AUTO)])

    def _memo(self, key: str, inputs: tuple[object, ...], make: Callable[[], ft.Control]) -> ft.Control:
        """The very same control as last time when nothing it shows changed: Flet skips an identical control in
        its diff (and building controls is most of a tap's time), so a tap costs what changed, not the force.
        Its handlers read the state at the tap, never at the build."""
        kept = self._kept.get(key)
        if kept is not None and kept[0] == inputs:
            return kept[1]
        control = make()
        self._kept[key] = (inputs, control)
        return control

    def _card(self, app: App, match: Match, unit: Unit, dispatch: Any, width: float | None) -> ft.Control:
        preview = self.preview if self.preview is not None and self.preview.unit == unit.id else None
        owner = match.player(unit.owner)
        inputs = (unit, preview, owner.name, owner.colour, match.system, match.rules, width)
        return self._memo(f"unit-{unit.id}", inputs,
                          partial(unit_card, match, unit, preview, dispatch=dispatch, width=width,
                                  set_preview=lambda p: self._set_preview(app, p),
                                  on_open=partial(self._open_unit, app, unit.id)))

    @staticmethod
    def _clear_note(match: Match) -> str:
        return ("Units that got no action token this turn clear their tokens." if match.rules.action_tokens_carry
                else "Action tokens come off: next turn every unit may act again.")

    def _accept(self, app: App, over: Over | None) -> None:
        """The players agree the match is over: end it with the rules' winners and show the result."""
        if over is not None and app.dispatch(self.match_id, "end_match", {"winners": list(over.winners)}):
            self._result(app)

    def _keep_playing(self, app: App, over: Over | None) -> None:
        """Not over for these players (a house rule, a miscount): ask again only when the verdict changes."""
        self.kept_playing = over.reason if over else ""
        app.refresh()

    def _end(self, app: App, match: Match, action: str, dispatch: Any) -> None:
        """End the round or turn through the game's rules helper when it has one (it also resets what it tracks
        for the round, and refuses with the reason when the game isn't there yet); else as a plain event."""
        option = system_of(match).ending(match, action)
        if not option.enabled:
            app.toast(f"Not yet: {option.reason}")
        else:
            take_option(app, self.match_id, option, None, back_to_table=False)

    @staticmethod
    def _player_row(player: Player, kind: str, dispatch: Any, names: dict[str, str]) -> ft.Control:
        """The player's name, the points that decide this game (kill points in Halo, VP elsewhere), and the
        system's own player counters (e.g. captured spawn points)."""
        pid = player.id
        label = "Kills" if kind == "kills" else "VP"

        def score(delta: int) -> None:
            dispatch("score", {"player": pid, "kind": kind, "delta": delta})

        row = ft.Row(spacing=6, controls=[
            ft.Container(width=6, height=32, bgcolor=player.colour, border_radius=3),
            ft.Text(player.name, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, weight=ft.FontWeight.BOLD,
                    expand=True),
            counter(f"player-{pid}-{kind}", label, getattr(player, kind), lambda: score(-1), lambda: score(1)),
        ])
        extra = [counter(f"player-{pid}-counter-{name}", title, player.counters.get(name, 0),
                         partial(dispatch, "counter", {"scope": "player", "target": pid, "name": name, "delta": -1}),
                         partial(dispatch, "counter", {"scope": "player", "target": pid, "name": name, "delta": 1}))
                 for name, title in names.items()]
        return ft.Column([row, ft.Row(extra, wrap=True, spacing=4)] if extra else [row], spacing=0,
                         key=f"player-{pid}")

    def _system_controls(self, app: App, match: Match) -> list[ft.Control]:
        """What the game itself asks of the table: its own dials to type in, its verdict once the fight is
        decided, its guided turn (the Scarab's); nothing for most games."""
        from companion.ui.match.guide_screens import DialsScreen, GuideScreen

        if missing_dials(app.session, match):
            return [ft.FilledTonalButton(f"Enter {system_of(match).pieces}", icon=ft.Icons.TUNE, key="fixed-dials",
                                         on_click=lambda: app.show(DialsScreen(self.match_id)))]
        system = system_of(match)
        decided = system.decided(match)
        if decided is not None:
            why = decided[1]
            return [ft.Text(f"{why[:1].upper()}{why[1:]}.", key="decided", weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ERROR)]
        guide = system.guide(match)
        if guide is not None:
            sequence, title = guide
            return [ft.FilledTonalButton(title, icon=ft.Icons.DIRECTIONS_WALK, key="turn-guide",
                                         on_click=lambda: app.show(GuideScreen(self.match_id, sequence)))]
        return []

    def _set_preview(self, app: App, preview: Preview | None) -> None:
        self.preview = preview
        app.refresh()

    def _share(self, app: App) -> None:
        from companion.ui.share.screens import ShareScreen

        app.show(ShareScreen(self.match_id))

    def _setup(self, app: App) -> None:
        from companion.ui.match.setup_screen import SetupScreen

        app.show(SetupScreen(self.match_id))

    def _clock(self, app: App) -> None:
        from companion.ui.match.clock_screen import TableClockScreen

        app.show(TableClockScreen(self.match_id))

    def _end_match(self, app: App) -> None:
        from companion.ui.match.result_screen import EndMatchScreen

        app.show(EndMatchScreen(self.match_id))

    def _result(self, app: App) -> None:
        from companion.ui.match.result_screen import ResultScreen

        app.show(ResultScreen(self.match_id))

    def _open_dice(self, app: App) -> None:
        from companion.ui.helper.dice_screen import DiceScreen

        packs, _ = app.session.packs()
        pack = packs.get(app.session.state(self.match_id).system)
        app.show(DiceScreen(self.match_id, usual_rolls(pack) if pack else ()))

    def _open_log(self, app: App) -> None:
        from companion.ui.match.log_screen import LogScreen

        app.show(LogScreen(self.match_id))

    def _open_unit(self, app: App, unit_id: str) -> None:
        from companion.ui.match.unit_screen import UnitScreen

        app.show(UnitScreen(self.match_id, unit_id))

    def _add_unit(self, app: App) -> None:
        from companion.ui.match.unit_editor import UnitEditorScreen

        app.show(UnitEditorScreen(self.match_id))


def usual_rolls(pack: Pack) -> tuple[str, ...]:
    """The dice the system's rolls and tables use, for the dice screen's quick buttons."""
    found = [t.dice + ("sq" if t.dice == "2d10" and t.read == "tens-ones" else "") for t in pack.tables.values()]
    found += [r["dice"] for r in pack.entries("tables", "roll") if r.get("dice") not in ("2d10",)]
    return tuple(dict.fromkeys(found))

