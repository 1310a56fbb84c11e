"""The table: whose turn it is, everyone's points, every unit's dial and tokens; undo and the log one tap away."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match, Player
from companion.session.play.helper import has_helper, helper_for
from companion.session.play.match_tools import scoring_kind
from companion.session.play.packs import Pack
from companion.ui.helper.helper_screen import HelperScreen, take_option
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
            app.dispatch(self.match_id, type_, data, by=match.active_player.id)

        def undo() -> None:
            self.preview = None
            app.attempt(lambda: app.session.undo(self.match_id))

        def redo() -> None:
            self.preview = None
            app.attempt(lambda: app.session.redo(self.match_id))

        actions = [
            icon_button(ft.Icons.QR_CODE, key="open-share", tooltip="Share", on_click=lambda: self._share(app)),
            icon_button(ft.Icons.CASINO, key="open-dice", tooltip="Dice", on_click=lambda: self._open_dice(app)),
            icon_button(ft.Icons.UNDO, key="undo", tooltip="Undo", disabled=not history.can_undo, on_click=undo),
            icon_button(ft.Icons.REDO, key="redo", tooltip="Redo", disabled=not history.can_redo, on_click=redo),
            icon_button(ft.Icons.HISTORY, key="open-log", tooltip="Match log",
                          on_click=lambda: self._open_log(app)),
        ]
        controls: list[ft.Control] = [self._turn_bar(match, dispatch, app)]
        if match.system == "scarab":
            controls += self._scarab_controls(app, match)
        tools: list[ft.Control] = [ft.OutlinedButton("Set-up and forces", icon=ft.Icons.CHECKLIST, key="open-setup",
                                                     on_click=lambda: self._setup(app))]
        if has_helper(match.system) and match.status == "active":
            tools.insert(0, ft.FilledTonalButton("What can I do?", icon=ft.Icons.LIGHTBULB, key="open-helper",
                                                 on_click=lambda: app.show(HelperScreen(self.match_id))))
        controls.append(ft.Row(tools, wrap=True, spacing=8, key="tools"))
        names = counter_labels(app.session, match, "player")
        controls += [self._player_row(p, scoring_kind(match), dispatch, names) for p in match.players]
        # one column on a phone; on a wide screen, cards of a fixed width side by side (a plain wrapping Row:
        # a ResponsiveRow made every tap's update about 10 ms slower)
        wide = (app.page.width or 0) >= WIDE
        cards = [unit_card(match, unit, self.preview, dispatch=dispatch, width=CARD_WIDTH if wide else None,
                           set_preview=lambda p: self._set_preview(app, p),
                           on_open=partial(self._open_unit, app, unit.id))
                 for player in match.players for unit in match.units if unit.owner == player.id]
        controls.append(ft.Row(cards, wrap=True, spacing=8, run_spacing=8, key="cards") if wide
                        else ft.Column(cards, spacing=8, key="cards"))
        controls.append(ft.OutlinedButton("Add a unit", icon=ft.Icons.PERSON_ADD, key="add-unit",
                                          on_click=lambda: self._add_unit(app)))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=12, spacing=8,
                       appbar=app_bar(app, "", *actions), controls=controls)  # the turn bar says where we are

    @staticmethod
    def _when(match: Match) -> str:
        if match.rules.turn_style == "shared":
            return f"Turn {match.turn} · Round {match.round}"
        return f"Turn {match.turn}"

    def _turn_bar(self, match: Match, dispatch: Any, app: App) -> ft.Control:
        active = match.active_player
        if match.status == "finished":
            winners = ", ".join(match.player(w).name for w in match.winners) or "no one"
            line = f"Match over · won by {winners}"
        else:
            line = f"{self._when(match)} · {active.name} to play" + (f" · {match.phase}" if match.phase else "")
        buttons: list[ft.Control] = []
        if match.status == "active":
            if match.rules.turn_style == "shared":
                buttons.append(ft.OutlinedButton("End round", key="end-round",
                                                 on_click=lambda: self._end(app, match, "end-round", dispatch)))
            clear = ("Units that got no action token this turn clear their tokens." if match.rules.action_tokens_carry
                     else "Action tokens come off: next turn every unit may act again.")
            buttons.append(ft.FilledButton("End turn", key="end-turn", on_click=lambda: app.confirm(
                "End the turn?", clear, "Yes, end turn", lambda: self._end(app, match, "end-turn", dispatch))))
            buttons.append(ft.TextButton("End match", key="end-match", on_click=lambda: self._end_match(app)))
        else:
            buttons.append(ft.OutlinedButton("Result", key="show-result", on_click=lambda: self._result(app)))
        return ft.Container(
            key="turn-bar", padding=10, border_radius=8, bgcolor=ft.Colors.PRIMARY_CONTAINER,
            content=ft.Column(spacing=6, controls=[
                ft.Row([ft.Container(width=14, height=14, bgcolor=active.colour, border_radius=7),
                        ft.Text(line, key="turn-line", weight=ft.FontWeight.BOLD, expand=True)]),
                ft.Row(buttons, wrap=True),
            ]))

    def _end(self, app: App, match: Match, action: str, dispatch: Any) -> None:
        """End the round or turn through the game's rules helper when it has one (it also resets what it tracks
        for the round, and refuses with the reason when the game isn't there yet); else as a plain event."""
        option = None
        if has_helper(match.system):
            option = next((o for o in helper_for(match.system).legal_actions(match) if o.action == action), None)
        if option is None:
            dispatch(action.replace("-", "_"))
        elif not option.enabled:
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

    def _scarab_controls(self, app: App, match: Match) -> list[ft.Control]:
        from companion.ui.match.scarab_screens import SCARAB_PLAYER, ScarabDialsScreen, ScarabTurnScreen, scarab_dials

        dials = scarab_dials(match)
        if len(dials) < 4:
            return [ft.FilledTonalButton("Enter the Scarab's dials", icon=ft.Icons.TUNE, key="scarab-dials",
                                         on_click=lambda: app.show(ScarabDialsScreen(self.match_id)))]
        core = dials.get("main-power-core")
        if core is not None and core.eliminated:
            return [ft.Text("The Main Power Core shows its all-black click: the Scarab is destroyed.",
                            key="scarab-destroyed", weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR)]
        if match.active_player.id == SCARAB_PLAYER and match.status == "active":
            return [ft.FilledTonalButton("Scarab turn guide", icon=ft.Icons.DIRECTIONS_WALK, key="scarab-turn",
                                         on_click=lambda: app.show(ScarabTurnScreen(self.match_id)))]
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

