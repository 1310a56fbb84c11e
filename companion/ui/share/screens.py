"""Share a match by QR code, and take one in: scanned links, pasted text or a picture, then the merge choice.

No account and no network: one device shows the code(s), the other reads them in any order ("2 of 3").
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session.share import (
    Choice,
    ChoiceNeeded,
    Collector,
    IncompleteCode,
    compare,
    import_shared,
    is_timer_link,
    local_copy,
    png,
    read_collected,
    read_timer_link,
    share_match,
)
from companion.ui.shell import App, app_bar

QR_SIDE = 320  # fits a 360 px wide phone with its margins


def camera_available(page: ft.Page) -> bool:
    """Flet's camera works in the browser and on phones, not in the desktop client."""
    return bool(page.web) or page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)


class ShareScreen:
    """The match's code; a long match is a numbered sequence of codes, shown one at a time."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/share"
        self.part = 0
        self.history = True

    def build(self, app: App) -> ft.View:
        try:
            plan = share_match(app.session, self.match_id, history=self.history)
        except CompanionError as exc:
            return ft.View(route=self.route, appbar=app_bar(app, "Share"), padding=16,
                           controls=[ft.Text(str(exc), color=ft.Colors.ERROR)])
        self.part = min(self.part, plan.parts - 1)
        text = plan.texts[self.part]
        controls: list[ft.Control] = [
            ft.Text("Scan this with the other device's Tabletop Companion (Scan a code) or its camera app."),
            ft.Container(bgcolor=ft.Colors.WHITE, padding=8, border_radius=8, alignment=ft.Alignment.CENTER,
                         content=ft.Image(src=png(text), width=QR_SIDE, height=QR_SIDE, key="share-qr")),
            ft.Text(f"Code {self.part + 1} of {plan.parts} · QR version {plan.versions[self.part]}",
                    key="share-part", weight=ft.FontWeight.BOLD),
        ]
        if plan.parts > 1:
            controls.append(ft.Row([
                ft.OutlinedButton("Previous code", key="share-prev", disabled=self.part == 0,
                                  on_click=partial(self._step, app, -1)),
                ft.OutlinedButton("Next code", key="share-next", disabled=self.part == plan.parts - 1,
                                  on_click=partial(self._step, app, 1)),
            ], wrap=True))
        controls += [
            ft.Switch(key="share-history", value=self.history, label="Include the history (needed to merge)",
                      on_change=lambda e: self._set_history(app, bool(e.control.value))),
            ft.Row(wrap=True, controls=[
                ft.OutlinedButton("Copy link", icon=ft.Icons.COPY, key="share-copy",
                                  on_click=lambda: self._copy(app, text)),
                ft.OutlinedButton("Send link", icon=ft.Icons.SHARE, key="share-send",
                                  on_click=lambda: self._send(app, text)),
            ]),
            ft.Text(text, size=10, selectable=True, key="share-text", max_lines=3,
                    overflow=ft.TextOverflow.ELLIPSIS),
        ]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=10,
                       appbar=app_bar(app, "Share the match"), controls=controls)

    def _step(self, app: App, delta: int) -> None:
        self.part += delta
        app.refresh()

    def _set_history(self, app: App, on: bool) -> None:
        self.history = on
        self.part = 0
        app.refresh()

    def _copy(self, app: App, text: str) -> None:
        app.page.run_task(app.clipboard.set, text)
        app.toast("Link copied.")

    def _send(self, app: App, text: str) -> None:
        app.page.run_task(app.sharing.share_text, text)


class ScanScreen:
    """Collect a shared match: paste links (any order), or open a picture of the code(s)."""

    route = "/scan"

    def __init__(self) -> None:
        self.collector = Collector()
        self.pasted = ""
        self.status = "Paste a link, or open a photo or screenshot of the code."
        self.pending_choice = False

    def build(self, app: App) -> ft.View:
        controls: list[ft.Control] = [
            ft.TextField(key="scan-text", label="Shared link (ttcomp://...)", value=self.pasted, multiline=True,
                         on_change=lambda e: setattr(self, "pasted", e.control.value or "")),
            ft.Row(wrap=True, controls=[
                ft.FilledButton("Read link", key="scan-add", on_click=lambda: self._read_pasted(app)),
                ft.OutlinedButton("Open a picture", icon=ft.Icons.IMAGE, key="scan-image",
                                  on_click=lambda: app.page.run_task(self._pick_image, app)),
                *([ft.OutlinedButton("Use the camera", icon=ft.Icons.CAMERA_ALT, key="scan-camera",
                                     on_click=lambda: self._camera(app))] if camera_available(app.page) else []),
            ]),
            ft.Text(self.status, key="scan-status"),
        ]
        if self.pending_choice:
            controls += [
                ft.Text("This match is on this device too, and the two went different ways. What to keep?",
                        weight=ft.FontWeight.BOLD),
                ft.Row(wrap=True, controls=[
                    ft.OutlinedButton("Keep mine", key="merge-mine", on_click=partial(self._store, app, Choice.MINE)),
                    ft.OutlinedButton("Take theirs", key="merge-theirs",
                                      on_click=partial(self._confirm_theirs, app)),
                    ft.FilledButton("Keep both", key="merge-both", on_click=partial(self._store, app, Choice.BOTH)),
                ]),
            ]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=10,
                       appbar=app_bar(app, "Scan a code"), controls=controls)

    def _add_text(self, text: str) -> bool:
        try:
            progress = self.collector.add(text)
        except CompanionError as exc:
            self.status = str(exc)
            return False
        self.status = f"Read code {progress}." + ("" if progress.done else " Read the next one.")
        return progress.done

    def _read_pasted(self, app: App) -> None:
        text, self.pasted = self.pasted, ""
        self.take(app, text)

    def take(self, app: App, text: str) -> None:
        """Read one link (pasted, scanned, or opened as a deep link); store the match once all parts are in."""
        if is_timer_link(text):
            self._open_timer(app, text)
            return
        if self._add_text(text):
            self._store(app, None)
        else:
            app.refresh()

    async def _pick_image(self, app: App) -> None:
        files = await app.file_picker.pick_files(allow_multiple=False, with_data=True,
                                                 file_type=ft.FilePickerFileType.IMAGE)
        if not files or files[0].bytes is None:
            return
        try:
            progress = self.collector.add_image(files[0].bytes)
        except CompanionError as exc:
            self.status = str(exc)
            app.refresh()
            return
        self.status = f"Read code {progress}."
        if progress.done:
            self._store(app, None)
        else:
            app.refresh()

    def _open_timer(self, app: App, text: str) -> None:
        from companion.ui.judge.timer_screens import TimerScreen

        try:
            timer, marks = read_timer_link(text)
        except CompanionError as exc:
            self.status = str(exc)
            app.refresh()
            return
        app.replace(TimerScreen(timer, marks))

    def _camera(self, app: App) -> None:
        from companion.ui.share.camera_scan import CameraScanScreen

        app.show(CameraScanScreen(self))

    def finish(self, app: App) -> None:
        """All parts are in (from the camera): import them."""
        self.status = f"Read code {self.collector.progress}."
        self._store(app, None)

    def _confirm_theirs(self, app: App) -> None:
        app.confirm("Take theirs?", "Your copy's different events will be replaced by theirs.", "Take theirs",
                    partial(self._store, app, Choice.THEIRS))

    def _store(self, app: App, choice: Choice | None) -> None:
        try:
            shared = read_collected(app.session, self.collector)
            result = import_shared(app.session, shared, choice)
        except ChoiceNeeded:
            self.pending_choice = True
            self.status = compare(local_copy(app.session, shared.id), shared).describe()
            app.refresh()
            return
        except IncompleteCode as exc:
            self.status = str(exc)
            app.refresh()
            return
        except CompanionError as exc:
            self.collector.reset()
            self.status = f"{exc} Nothing was changed on this device."
            app.refresh()
            return
        app.toast(f"Match {result.action}.")
        app.replace(app.places.table(result.match_id))
