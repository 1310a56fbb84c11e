"""Back up everything to one file, and restore from one: what a restore would do is shown first, and nothing
changes until the player says so. The app's own automatic backups are one tap away."""

from __future__ import annotations

import time
from pathlib import Path

import flet as ft

from companion.core.errors import CompanionError
from companion.session.data.backup import automatic_backups, backup_bytes, data_root
from companion.session.data.restore import RestoreReport, restore_backup
from companion.ui.shell import App, app_bar


class BackupScreen:
    route = "/backup"

    def __init__(self) -> None:
        self.status = ""
        self.source: Path | bytes | None = None  # the backup the player picked, waiting for "Restore"
        self.source_name = ""
        self.preview: RestoreReport | None = None

    def build(self, app: App) -> ft.View:
        controls: list[ft.Control] = [
            ft.Text("One file with every match and its whole history, your judge events, your own rule packs "
                    "and your unit library. Keep it somewhere safe (a cloud drive, e-mail to yourself); restore it "
                    "on a new phone. Restoring merges: nothing on this device is overwritten."),
            ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
                ft.FilledButton("Back up everything", icon=ft.Icons.SAVE_ALT, key="backup-create",
                                on_click=lambda: app.page.run_task(self._save, app)),
                ft.OutlinedButton("Restore from a backup", icon=ft.Icons.RESTORE, key="backup-pick",
                                  on_click=lambda: app.page.run_task(self._pick, app)),
            ]),
        ]
        if self.status:
            controls.append(ft.Text(self.status, key="backup-status", selectable=True))
        if self.preview is not None:
            controls.append(self._preview(app, self.preview))
        controls.append(ft.Text("Automatic backups", theme_style=ft.TextThemeStyle.TITLE_MEDIUM))
        controls.extend(self._automatic(app))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, "Backup"), controls=controls)

    def _preview(self, app: App, report: RestoreReport) -> ft.Control:
        lines = [ft.Text(f"Restoring {self.source_name} would do this:", weight=ft.FontWeight.BOLD)]
        lines += [ft.Text(line, key=f"backup-preview-{n}") for n, line in enumerate(report.lines())]
        lines += [ft.Text(f"• {note}", size=12) for note in report.notes[:10]]
        buttons = [ft.OutlinedButton("Cancel", key="backup-cancel", on_click=lambda: self._cancel(app))]
        if report.changes:
            buttons.insert(0, ft.FilledButton("Restore", icon=ft.Icons.RESTORE, key="backup-restore",
                                              on_click=lambda: self._restore(app)))
        else:
            lines.append(ft.Text("Nothing to restore: this device already has all of it."))
        return ft.Card(key="backup-preview", content=ft.Container(padding=12, content=ft.Column(
            [*lines, ft.Row(buttons, spacing=8)], spacing=6)))

    def _automatic(self, app: App) -> list[ft.Control]:
        try:
            found = automatic_backups(app.session)
            folder = data_root(app.session)
        except CompanionError as exc:
            return [ft.Text(str(exc))]
        rows: list[ft.Control] = [ft.Text(f"Kept in {folder / 'backups'}: one a day and one before each restore.",
                                          size=12, selectable=True)]
        if not found:
            rows.append(ft.Text("None yet.", key="backup-auto-none"))
        for n, b in enumerate(found):
            when = time.strftime("%d %b %Y %H:%M", time.localtime(b.made))
            kind = "daily" if b.kind == "daily" else "before a restore"
            rows.append(ft.ListTile(key=f"backup-auto-{n}", dense=True, title=ft.Text(f"{when} · {kind}"),
                                    subtitle=ft.Text(f"{b.size / 1024:.0f} KB"),
                                    trailing=ft.TextButton("Restore this", key=f"backup-auto-restore-{n}",
                                                           on_click=lambda _=None, p=b.path: self._preview_of(
                                                               app, p, p.name))))
        return rows

    async def _save(self, app: App) -> None:
        try:
            data = backup_bytes(app.session, settings={"theme": app.page.theme_mode.value
                                                       if app.page.theme_mode else "dark"})
        except CompanionError as exc:
            self.status = str(exc)
            app.refresh()
            return
        name = f"tabletop-companion-{time.strftime('%Y%m%d-%H%M')}.zip"
        try:
            where = await app.file_picker.save_file(dialog_title="Save the backup", file_name=name, src_bytes=data,
                                                    file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["zip"])
        except Exception as exc:  # a platform without a save dialog: say so, lose nothing
            self.status = f"This device can't save files here ({exc}); use `companion backup create` on a desktop."
        else:
            self.status = f"Saved the backup ({len(data) / 1024:.0f} KB){f' to {where}' if where else ''}."
        app.refresh()

    async def _pick(self, app: App) -> None:
        files = await app.file_picker.pick_files(dialog_title="Choose a backup", allow_multiple=False,
                                                 with_data=True, file_type=ft.FilePickerFileType.CUSTOM,
                                                 allowed_extensions=["zip"])
        if not files:
            return
        picked = files[0]
        source: Path | bytes | None = picked.bytes if picked.bytes is not None else (
            Path(picked.path) if picked.path else None)
        if source is None:
            self.status = "The chosen file could not be read."
            app.refresh()
            return
        self._preview_of(app, source, picked.name)

    def _preview_of(self, app: App, source: Path | bytes, name: str) -> None:
        try:
            self.preview = restore_backup(app.session, source, dry_run=True)
        except CompanionError as exc:
            self.preview, self.source, self.status = None, None, str(exc)
        else:
            self.source, self.source_name, self.status = source, name, ""
        app.refresh()

    def _restore(self, app: App) -> None:
        if self.source is None:
            return
        try:
            report = restore_backup(app.session, self.source)
        except CompanionError as exc:
            self.status = str(exc)
        else:
            kept = f" The data as it was is kept as {report.safety_copy.name}." if report.safety_copy else ""
            self.status = "Restored: " + "; ".join(report.lines()) + "." + kept
            if report.settings and report.settings.get("theme") in ("dark", "light"):
                app.page.theme_mode = ft.ThemeMode(report.settings["theme"])
        self.preview, self.source = None, None
        app.refresh()

    def _cancel(self, app: App) -> None:
        self.preview, self.source = None, None
        app.refresh()
