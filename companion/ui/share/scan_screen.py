"""Take a shared match in: links (pasted, or opened by the phone's camera app), pictures, the in-app camera.

A long match is several codes. Each part is kept in the data folder as it arrives (session/sharing/incoming.py), so
parts opened one by one from the camera app, each launching the app anew, come together: "2 of 3 received".
The screen offers only what this device can do: no picture or camera buttons where no decoder is installed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session.data.app_info import picture_decoder
from companion.session.sharing.force_share import is_force_link, take_force_link
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


@ft.observable
@dataclass
class ScanNews:
    """What the scan screen says; its component redraws when any of it changes (set from a handler, a deep link
    or the camera screen)."""

    status: str = ""
    pending_choice: bool = False
    waiting: tuple[tuple[str, str, bool], ...] = ()  # codes with parts missing: key, "1 of 3 received", current


class ScanScreen:
    """Collect a shared match in any order; the kept parts of earlier launches are picked up again.

    Drawn by a component: what it shows is `news` (an observable), written by the handlers here and by whoever
    hands a code in (a deep link, the camera screen); an outside change to the kept parts (the camera screen's
    reads, told as "look again" on the session's feed when it closes) is read again."""

    live = True

    def __init__(self) -> None:
        self.incoming: Incoming | None = None
        self.news = ScanNews()

    def incoming_for(self, app: App) -> Incoming:
        if self.incoming is None:
            self.incoming = Incoming(app.session)
            waiting = self.incoming.waiting()
            if waiting:  # parts received in an earlier launch: carry on with the latest code
                self.incoming.resume(waiting[0].key)
                self.news.status = f"Code {waiting[0]} so far. Scan or open the next part."
            self.look_again()
        return self.incoming

    def look_again(self) -> None:
        """Read the kept parts again (the component redraws only when the list changed)."""
        if self.incoming is not None:
            self.news.waiting = tuple((w.key, str(w), w.key == self.incoming.current_key)
                                      for w in self.incoming.waiting())

    def _say(self, status: str, pending_choice: bool | None = None) -> None:
        if pending_choice is not None:
            self.news.pending_choice = pending_choice
        self.news.status = status
        self.look_again()

    def build(self, app: App) -> ft.View:
        self.incoming_for(app)
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, appbar=app_bar(app, "Scan a code"),
                       controls=[ScanBody(app, self, self.news, key="scan")])

    def resume(self, app: App, key: str) -> None:
        self._say(f"Code {self.incoming_for(app).resume(key)} received. Scan or open the next part.")

    def discard(self, app: App, key: str) -> None:
        self.incoming_for(app).discard(key)
        self._say("Discarded: those parts are gone from this device.")

    def take(self, app: App, text: str) -> None:
        """Read one link (pasted, scanned, or opened as a deep link); store the match once all parts are in."""
        if is_timer_link(text):
            self._open_timer(app, text)
            return
        if is_force_link(text):
            self._keep_force(app, text)
            return
        try:
            progress = self.incoming_for(app).add_text(text)
        except CompanionError as exc:
            self._say(str(exc))
            return
        self._progressed(app, progress.done, str(progress))

    def took_picture(self, app: App, picture: bytes) -> None:
        """A picture from the file picker (raises what the decoder raises)."""
        incoming = self.incoming_for(app)
        progress = incoming.add_image(picture)
        link = incoming.take_force()
        if link:
            self._keep_force(app, link)
            return
        self._progressed(app, progress.done, str(progress))

    def _keep_force(self, app: App, text: str) -> None:
        """A saved force from another phone: kept in this device's library (not a match: nothing to merge)."""
        try:
            _, said = take_force_link(app.session, text)
        except CompanionError as exc:
            self._say(str(exc))
            return
        self._say(f"{said}. Pick it on New match, or with Add a force on a table.")
        app.toast(said)

    def finish(self, app: App) -> None:
        """All parts are in (from the camera screen): import them."""
        self.keep(app, None)

    def _progressed(self, app: App, done: bool, progress: str) -> None:
        if done:
            self.keep(app, None)
            return
        self._say(f"Code {progress} received. Scan or open the next part.")

    async def pick_image(self, app: App) -> None:
        files = await app.file_picker.pick_files(allow_multiple=False, with_data=True,
                                                 file_type=ft.FilePickerFileType.IMAGE)
        if not files or files[0].bytes is None:
            return
        try:
            self.took_picture(app, files[0].bytes)
        except CompanionError as exc:
            self._say(str(exc))

    def _open_timer(self, app: App, text: str) -> None:
        try:
            read_timer_link(text)
        except CompanionError as exc:
            self._say(str(exc))
            return
        # the code ("T-...", the link's last part) in the timer's address: a reload counts down from it again
        app.replace_with("timer", code="".join(text.split()).rsplit("/", 1)[-1])

    def open_camera(self, app: App) -> None:
        app.go("scan.camera")

    def confirm_theirs(self, app: App) -> None:
        app.confirm("Take theirs?", "Your copy's different events will be replaced by theirs.", "Take theirs",
                    partial(self._keep, app, Choice.THEIRS))

    def keep(self, app: App, choice: Choice | None) -> None:
        incoming = self.incoming_for(app)
        try:
            result = incoming.store(choice)
        except ChoiceNeeded:
            self._say(incoming.describe_conflict(), pending_choice=True)
            return
        except IncompleteCode as exc:
            self._say(str(exc))
            return
        except CompanionError as exc:
            self._say(f"{exc} Nothing was changed on this device.", pending_choice=False)
            return
        self.news.pending_choice = False
        app.toast(f"Match {result.action}.")
        app.replace_with("match", match_id=result.match_id)


@ft.component
def ScanBody(app: App, screen: ScanScreen, news: ScanNews) -> ft.Control:
    """The hint, the link field (controlled: a redraw keeps every key typed), the ways in this device has, what
    was received, the codes still waiting and, when the match went different ways here and there, the choice."""
    pasted, set_pasted = ft.use_state("")
    page = app.page

    def subscribe() -> Callable[[], None]:
        async def later() -> None:
            screen.look_again()

        def on_change(changed: str | None) -> None:
            if changed is None:  # "look again at everything" (the camera screen closing, an outside change)
                page.run_task(later)  # on this page's own loop: the feed may be told from another page

        return app.session.feed.subscribe(on_change)

    ft.use_effect(subscribe, [])

    def read_pasted() -> None:
        set_pasted("")
        screen.take(app, pasted)

    phone, pictures = is_phone(page), can_read_pictures()
    buttons: list[ft.Control] = [ft.FilledButton("Read link", key="scan-add", on_click=read_pasted)]
    if pictures:
        buttons.append(ft.OutlinedButton("Open a picture", icon=ft.Icons.IMAGE, key="scan-image",
                                         on_click=lambda: page.run_task(screen.pick_image, app)))
    if camera_available(page):
        buttons.append(ft.OutlinedButton("Use the camera", icon=ft.Icons.CAMERA_ALT, key="scan-camera",
                                         on_click=lambda: screen.open_camera(app)))
    hint = CAMERA_APP_HINT if phone else "Paste a link" + (", or open a photo or screenshot of the code."
                                                            if pictures else ".")
    controls: list[ft.Control] = [
        ft.Text(hint, key="scan-hint"),
        ft.TextField(key="scan-text", label="Shared link (ttcomp://...)", value=pasted, multiline=True,
                     on_change=lambda e: set_pasted(e.control.value or "")),
        ft.Row(wrap=True, controls=buttons, key="scan-buttons"),
        ft.Text(news.status, key="scan-status"),
        *[ft.ListTile(key=f"waiting-{key}", title=ft.Text(f"Shared match: {label}"),
                      subtitle=ft.Text("being collected" if current else "from an earlier scan"),
                      on_click=None if current else partial(screen.resume, app, key),
                      trailing=ft.TextButton("Discard", key=f"discard-{key}",
                                             on_click=partial(screen.discard, app, key)))
          for key, label, current in news.waiting],
    ]
    if news.pending_choice:
        controls += [
            ft.Text("This match is on this device too, and the two went different ways. What to keep?",
                    weight=ft.FontWeight.BOLD),
            _differences(screen.incoming_for(app)),
            ft.Row(wrap=True, controls=[
                ft.OutlinedButton("Keep mine", key="merge-mine", on_click=partial(screen.keep, app, Choice.MINE)),
                ft.OutlinedButton("Take theirs", key="merge-theirs", on_click=partial(screen.confirm_theirs, app)),
                ft.FilledButton("Keep both", key="merge-both", on_click=partial(screen.keep, app, Choice.BOTH)),
            ]),
            ft.Text("Keep both stores theirs beside yours, listed as their copy.", size=12, italic=True),
        ]
    return ft.Column(controls, spacing=10, key="scan-body")


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
