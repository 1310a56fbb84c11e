"""About: the version, the rule packs and their versions, the licence, and where this device keeps its data."""

from __future__ import annotations

import flet as ft

from companion.session.data.app_info import HOMEPAGE_NOTE, app_info, picture_decoder
from companion.ui.notices import warnings_for
from companion.ui.shell import App, app_bar


class AboutScreen:

    def build(self, app: App) -> ft.View:
        info = app_info(app.session)
        folder = str(info.data_folder) if info.data_folder else "kept in memory only (nothing is saved)"
        decoder = picture_decoder()
        packs: list[ft.Control] = [
            ft.ListTile(key=f"about-pack-{p.id}", title=ft.Text(p.name),
                        subtitle=ft.Text(f"{p.id} · version {p.version}" + ("" if p.builtin else " · your own pack")))
            for p in info.packs]
        packs += [ft.Text(e, color=ft.Colors.ERROR, size=12) for e in info.pack_errors]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=8,
                       appbar=app_bar(app, "About"), controls=[
            ft.Text("Tabletop Companion", theme_style=ft.TextThemeStyle.HEADLINE_SMALL),
            ft.Text(f"Version {info.version}", key="about-version", weight=ft.FontWeight.BOLD),
            ft.Text(f"Licence: {info.license}. {HOMEPAGE_NOTE}", key="about-license"),
            ft.Text("Your data", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            ft.Text(folder, key="about-data", selectable=True, size=12),
            ft.Text("Reading codes in pictures: " + (decoder or "not on this device (open links instead)"),
                    key="about-decoder", size=12),
            ft.Text("Clock warnings: " + warnings_for(app).says, key="about-warnings", size=12),
            ft.Text("Rule packs", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            *packs,
        ])
