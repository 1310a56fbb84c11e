"""New match: the system, the players (2-4, each with a colour of their own) and the build total."""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session.play.helper import first_system, system_named
from companion.session.play.house_rules import pack_house_rules
from companion.session.play.match_tools import PALETTE
from companion.ui.shell import App, app_bar
from companion.ui.widgets import radio_tile, switch_tile


class NewMatchScreen:
    route = "/new"

    def __init__(self) -> None:
        self.system = ""
        self.names = ["", "", "", ""]
        self.count = 2
        self.build_total = 200
        self.house: dict[str, bool] = {}  # house rules switched on this screen, by option id

    def build(self, app: App) -> ft.View:
        packs, errors = app.session.packs()
        if not self.system and packs:
            self.system = first_system(packs)
        pack = packs.get(self.system)
        controls: list[ft.Control] = [ft.Text(e, color=ft.Colors.ERROR) for e in errors]
        # radio buttons, not a drop-down: every game visible, one tap, and each has an accessible name
        controls.append(ft.Text("Game", theme_style=ft.TextThemeStyle.TITLE_SMALL))
        controls.append(ft.RadioGroup(
            key="system", value=self.system, on_change=lambda e: self._set_system(app, e.control.value),
            content=ft.Column(spacing=0, controls=[
                radio_tile(ft.Radio(value=p.id, key=f"system-{p.id}"), p.name)
                for p in sorted(packs.values(), key=lambda p: p.name)])))
        if pack is not None:
            if pack.min_players != pack.max_players:
                controls.append(ft.SegmentedButton(
                    key="player-count", show_selected_icon=False, selected=[str(self.count)],
                    segments=[ft.Segment(value=str(n), label=ft.Text(f"{n} players"))
                              for n in range(pack.min_players, pack.max_players + 1)],
                    on_change=lambda e: self._set_count(app, int(e.control.selected[0]))))
            self.count = max(pack.min_players, min(self.count, pack.max_players))
            for i in range(self.count):
                name, colour = PALETTE[i]
                controls.append(ft.Row([
                    ft.Container(width=20, height=40, bgcolor=colour, border_radius=4,
                                 tooltip=f"Player {i + 1}: {name}"),
                    ft.TextField(key=f"player-{i}", label=f"Player {i + 1} ({name})", value=self.names[i],
                                 expand=True, max_length=40, on_change=lambda e, i=i: self._set_name(i, e)),
                ]))
            totals = pack.build_totals()  # the pack's force rules (Skirmish: 200 or 300 points)
            if totals:
                if self.build_total not in totals:
                    self.build_total = totals[0]
                controls.append(ft.SegmentedButton(
                    key="build-total", show_selected_icon=False, selected=[str(self.build_total)],
                    segments=[ft.Segment(value=str(t), label=ft.Text(f"{t} points")) for t in totals],
                    on_change=lambda e: self._set_build(app, int(e.control.selected[0]))))
                controls.append(ft.Text(f"{self.build_total // 100} rounds per turn, one per 100 points."))
            if seats := system_named(pack.id).seats:
                controls.append(ft.Text(seats))
            controls.append(ft.Text(pack.turn, italic=True))
            controls += self._house_rules(app)
        controls.append(ft.FilledButton("Start match", icon=ft.Icons.PLAY_ARROW, key="create-match",
                                        on_click=lambda: self._create(app)))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, "New match"), controls=controls)

    def _house_rules(self, app: App) -> list[ft.Control]:
        """The pack's house rules as switches, each with what it changes (off unless the pack says otherwise)."""
        offered = pack_house_rules(app.session, self.system)
        if not offered:
            return []
        return [ft.Text("House rules", theme_style=ft.TextThemeStyle.TITLE_SMALL), *[
            switch_tile(ft.Switch(key=f"house-{r.id}", value=self.house.get(r.id, r.on),
                                  on_change=partial(self._set_house, r.id)), r.title, r.text) for r in offered]]

    def _set_house(self, option: str, e: ft.Event) -> None:
        self.house[option] = bool(e.control.value)

    def _set_system(self, app: App, system: str | None) -> None:
        self.system = system or self.system
        app.refresh()

    def _set_count(self, app: App, count: int) -> None:
        self.count = count
        app.refresh()

    def _set_name(self, i: int, e: ft.Event) -> None:
        self.names[i] = e.control.value or ""

    def _set_build(self, app: App, total: int) -> None:
        self.build_total = total
        app.refresh()

    def _create(self, app: App) -> None:
        from companion.ui.match.table import TableScreen

        packs, _ = app.session.packs()
        pack = packs.get(self.system)
        build = self.build_total if pack and pack.build_totals() else None
        try:
            chosen = [r.id for r in pack_house_rules(app.session, self.system) if self.house.get(r.id, r.on)]
            match = app.session.new_match(self.system, self.names[: self.count], build_total=build,
                                          house_rules=chosen)
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.replace(TableScreen(match.id))
