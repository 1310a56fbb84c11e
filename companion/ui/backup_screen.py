"""Back up everything to one file, and restore from one: what a restore would do is shown first, and nothing
changes until the player says so. The app's own automatic backups are one tap away.

A Flet component: the last outcome and the backup waiting for "Restore" are its state, and nothing calls
`refresh()`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import flet as ft

from companion.core.errors import CompanionError
from companion.session.data.backup import automatic_backups, backup_bytes, data_root
from companion.session.data.restore import RestoreReport, restore_backup
from companion.ui.shell import App, app_bar


class BackupScreen:
    live = True  # drawn by a component (it reads no match)

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, appbar=app_bar(app, "Backup"),
                       controls=[BackupBody(app, key="backup")])


@dataclass(frozen=True)
class Picked:
    """The backup the player picked, waiting for "Restore", and what restoring it would do."""

    source: Path | bytes
    name: str
    preview: RestoreReport


@ft.component
def BackupBody(app: App) -> ft.Control:
    status, set_status = ft.use_state("")
    picked, set_picked = ft.use_state(None)

    def preview_of(source: Path | bytes, name: str) -> None:
        try:
            report = restore_backup(app.session, source, dry_run=True)
        except CompanionError as exc:
            set_picked(None)
            set_status(str(exc))
        else:
            set_picked(Picked(source, name, report))
            set_status("")

    async def save() -> None:
        try:
            data = backup_bytes(app.session, settings={"theme": app.page.theme_mode.value
                                                       if app.page.theme_mode else "dark"})
        except CompanionError as exc:
            set_status(str(exc))
            return
        name = f"tabletop-companion-{time.strftime('%Y%m%d-%H%M')}.zip"
        try:
            where = await app.file_picker.save_file(dialog_title="Save the backup", file_name=name, src_bytes=data,
                                                    file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["zip"])
        except Exception as exc:  # a platform without a save dialog: say so, lose nothing
            set_status(f"This device can't save files here ({exc}); use `companion backup create` on a desktop.")
        else:
            set_status(f"Saved the backup ({len(data) / 1024:.0f} KB){f' to {where}' if where else ''}.")

    async def pick() -> None:
        files = await app.file_picker.pick_files(dialog_title="Choose a backup", allow_multiple=False,
                                                 with_data=True, file_type=ft.FilePickerFileType.CUSTOM,
                                                 allowed_extensions=["zip"])
        if not files:
            return
        chosen = files[0]
        source: Path | bytes | None = chosen.bytes if chosen.bytes is not None else (
            Path(chosen.path) if chosen.path else None)
        if source is None:
            set_status("The chosen file could not be read.")
            return
        preview_of(source, chosen.name)

    def restore() -> None:
        if picked is None:
            return
        try:
            report = restore_backup(app.session, picked.source)
        except CompanionError as exc:
            set_status(str(exc))
        else:
            kept = f" The data as it was is kept as {report.safety_copy.name}." if report.safety_copy else ""
            set_status("Restored: " + "; ".join(report.lines()) + "." + kept)
            if report.settings and report.settings.get("theme") in ("dark", "light"):
                app.page.theme_mode = ft.ThemeMode(report.settings["theme"])
                app.page.update()
        set_picked(None)

    controls: list[ft.Control] = [
        ft.Text("One file with every match and its whole history, your judge events, your own rule packs "
                "and your unit library. Keep it somewhere safe (a cloud drive, e-mail to yourself); restore it "
                "on a new phone. Restoring merges: nothing on this device is overwritten."),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            ft.FilledButton("Back up everything", icon=ft.Icons.SAVE_ALT, key="backup-create", on_click=save),
            ft.OutlinedButton("Restore from a backup", icon=ft.Icons.RESTORE, key="backup-pick", on_click=pick),
        ]),
    ]
    if status:
        controls.append(ft.Text(status, key="backup-status", selectable=True))
    if picked is not None:
        controls.append(_preview(picked, restore, lambda: set_picked(None)))
    controls.append(ft.Text("Automatic backups", theme_style=ft.TextThemeStyle.TITLE_MEDIUM))
    controls.extend(_automatic(app, preview_of))
    return ft.Column(controls, spacing=12, key="backup-body")


def _preview(picked: Picked, restore: Callable[[], None], cancel: Callable[[], None]) -> ft.Control:
    report = picked.preview
    lines = [ft.Text(f"Restoring {picked.name} would do this:", weight=ft.FontWeight.BOLD)]
    lines += [ft.Text(line, key=f"backup-preview-{n}") for n, line in enumerate(report.lines())]
    lines += [ft.Text(f"• {note}", size=12) for note in report.notes[:10]]
    buttons = [ft.OutlinedButton("Cancel", key="backup-cancel", on_click=cancel)]
    if report.changes:
        buttons.insert(0, ft.FilledButton("Restore", icon=ft.Icons.RESTORE, key="backup-restore", on_click=restore))
    else:
        lines.append(ft.Text("Nothing to restore: this device already has all of it."))
    return ft.Card(key="backup-preview", content=ft.Container(padding=12, content=ft.Column(
        [*lines, ft.Row(buttons, spacing=8)], spacing=6)))


def _automatic(app: App, preview_of: Callable[[Path | bytes, str], None]) -> list[ft.Control]:
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
                                                       on_click=lambda _=None, p=b.path: preview_of(p, p.name))))
    return rows
