"""Take a shared match in: links (pasted, or opened by the phone's camera app), pictures, the in-app camera.

A long match is several codes. Each part is kept in the data folder as it arrives (session/sharing/incoming.py), so
parts opened one by one from the camera app, each launching the app anew, come together: "2 of 3 received".
The screen offers only what this device can do: no picture or camera buttons where no decoder is installed.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session.data.app_info import picture_decoder
from companion.session.sharing.incoming import (
    Choice,
    ChoiceNeeded,
    Incoming,
    IncompleteCode,
    is_timer_link,
    read_timer_link,
)
from companion.session.table.share_conflict import conflict_rows
from companion.ui.shell import App, app_bar

CAMERA_APP_HINT = "On a phone: open your camera app and point it at the code; it opens the code here."


def is_phone(page: ft.Page) -> bool:
    return not page.web and page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)


def can_read_pictures() -> bool:
    return picture_decoder() is not None


def camera_available(page: ft.Page) -> bool:
    """Flet's camera works in the browser and on phones, not in the desktop client; pictures need a decoder."""
    return (bool(page.web) or is_phone(page)) and can_read_pictures()


class ScanScreen:
    """Collect a shared match in any order; the kept parts of earlier launches are picked up again."""

    route = "/scan"

    def __init__(self) -> None:
        self.incoming: Incoming | None = None
        self.pasted = ""
        self.status = ""
        self.pending_choice = False

    def incoming_for(self, app: App) -> Incoming:
        if self.incoming is None:
            self.incoming = Incoming(app.session)
            waiting = self.incoming.waiting()
            if waiting:  # parts received in an earlier launch: carry on with the latest code
                self.incoming.resume(waiting[0].key)
                self.status = f"Code {waiting[0]} so far. Scan or open the next part."
        return self.incoming

    def build(self, app: App) -> ft.View:
        incoming = self.incoming_for(app)
        phone, pictures = is_phone(app.page), can_read_pictures()
        buttons: list[ft.Control] = [
            ft.FilledButton("Read link", key="scan-add", on_click=lambda: self._read_pasted(app))]
        if pictures:
            buttons.append(ft.OutlinedButton("Open a picture", icon=ft.Icons.IMAGE, key="scan-image",
                                             on_click=lambda: app.page.run_task(self._pick_image, app)))
        if camera_available(app.page):
            buttons.append(ft.OutlinedButton("Use the camera", icon=ft.Icons.CAMERA_ALT, key="scan-camera",
                                             on_click=lambda: self._camera(app)))
        hint = CAMERA_APP_HINT if phone else "Paste a link" + (", or open a photo or screenshot of the code."
                                                                if pictures else ".")
        controls: list[ft.Control] = [
            ft.Text(hint, key="scan-hint"),
            ft.TextField(key="scan-text", label="Shared link (ttcomp://...)", value=self.pasted, multiline=True,
                         on_change=lambda e: setattr(self, "pasted", e.control.value or "")),
            ft.Row(wrap=True, controls=buttons),
            ft.Text(self.status, key="scan-status"),
            *self._waiting(app, incoming),
        ]
        if self.pending_choice:
            controls += [
                ft.Text("This match is on this device too, and the two went different ways. What to keep?",
                        weight=ft.FontWeight.BOLD),
                self._differences(incoming),
                ft.Row(wrap=True, controls=[
                    ft.OutlinedButton("Keep mine", key="merge-mine", on_click=partial(self._keep, app, Choice.MINE)),
                    ft.OutlinedButton("Take theirs", key="merge-theirs",
                                      on_click=partial(self._confirm_theirs, app)),
                    ft.FilledButton("Keep both", key="merge-both", on_click=partial(self._keep, app, Choice.BOTH)),
                ]),
                ft.Text("Keep both stores theirs beside yours, listed as their copy.", size=12, italic=True),
            ]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=10,
                       appbar=app_bar(app, "Scan a code"), controls=controls)

    def _waiting(self, app: App, incoming: Incoming) -> list[ft.Control]:
        """Codes with parts still missing: the one being collected, and any other kept from earlier."""
        rows: list[ft.Control] = []
        for w in incoming.waiting():
            current = w.key == incoming.current_key
            rows.append(ft.ListTile(
                key=f"waiting-{w.key}", title=ft.Text(f"Shared match: {w}"),
                subtitle=ft.Text("being collected" if current else "from an earlier scan"),
                on_click=None if current else partial(self._resume, app, w.key),
                trailing=ft.TextButton("Discard", key=f"discard-{w.key}", on_click=partial(self._discard, app, w.key))))
        return rows

    def _resume(self, app: App, key: str) -> None:
        self.status = f"Code {self.incoming_for(app).resume(key)} received. Scan or open the next part."
        app.refresh()

    def _discard(self, app: App, key: str) -> None:
        self.incoming_for(app).discard(key)
        self.status = "Discarded: those parts are gone from this device."
        app.refresh()

    def _read_pasted(self, app: App) -> None:
        text, self.pasted = self.pasted, ""
        self.take(app, text)

    def take(self, app: App, text: str) -> None:
        """Read one link (pasted, scanned, or opened as a deep link); store the match once all parts are in."""
        if is_timer_link(text):
            self._open_timer(app, text)
            return
        try:
            progress = self.incoming_for(app).add_text(text)
        except CompanionError as exc:
            self.status = str(exc)
            app.refresh()
            return
        self._progressed(app, progress.done, str(progress))

    def took_picture(self, app: App, picture: bytes) -> None:
        """A picture from the file picker (raises what the decoder raises)."""
        progress = self.incoming_for(app).add_image(picture)
        self._progressed(app, progress.done, str(progress))

    def finish(self, app: App) -> None:
        """All parts are in (from the camera screen): import them."""
        self._keep(app, None)

    def _progressed(self, app: App, done: bool, progress: str) -> None:
        if done:
            self._keep(app, None)
            return
        self.status = f"Code {progress} received. Scan or open the next part."
        app.refresh()

    async def _pick_image(self, app: App) -> None:
        files = await app.file_picker.pick_files(allow_multiple=False, with_data=True,
                                                 file_type=ft.FilePickerFileType.IMAGE)
        if not files or files[0].bytes is None:
            return
        try:
            self.took_picture(app, files[0].bytes)
        except CompanionError as exc:
            self.status = str(exc)
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

    @staticmethod
    def _differences(incoming: Incoming) -> ft.Control:
        """Mine and theirs side by side: turn, events, points, and the first step where they differ."""
        try:
            rows = conflict_rows(incoming)
        except CompanionError:
            rows = []
        bold = ft.FontWeight.BOLD
        return ft.Column(key="merge-differences", spacing=4, controls=[
            ft.Row([ft.Text("", expand=2), ft.Text("Yours", weight=bold, expand=3),
                    ft.Text("Theirs", weight=bold, expand=3)]),
            *[ft.Row(key=f"diff-{n}", controls=[
                ft.Text(r.what, size=12, weight=bold, expand=2), ft.Text(r.mine, size=12, expand=3),
                ft.Text(r.theirs, size=12, expand=3,
                        color=None if r.mine == r.theirs else ft.Colors.TERTIARY)]) for n, r in enumerate(rows)]])

    def _confirm_theirs(self, app: App) -> None:
        app.confirm("Take theirs?", "Your copy's different events will be replaced by theirs.", "Take theirs",
                    partial(self._keep, app, Choice.THEIRS))

    def _keep(self, app: App, choice: Choice | None) -> None:
        incoming = self.incoming_for(app)
        try:
            result = incoming.store(choice)
        except ChoiceNeeded:
            self.pending_choice = True
            self.status = incoming.describe_conflict()
            app.refresh()
            return
        except IncompleteCode as exc:
            self.status = str(exc)
            app.refresh()
            return
        except CompanionError as exc:
            self.pending_choice = False
            self.status = f"{exc} Nothing was changed on this device."
            app.refresh()
            return
        self.pending_choice = False
        app.toast(f"Match {result.action}.")
        app.replace(app.places.table(result.match_id))
