"""What a phone at a hosted table sees: the app's own table screen when it joined as a player, a read-only
view of the same match when it only watches.

Every session subscribes to the match's topic on Flet pub/sub: a write from any phone (or the host, or the CLI:
one task per process looks at the file twice a second) is told to every phone's session feed, and the screens
there (Flet components: the table, the log, the watching page) draw it. A watching page is
built without a single write control, and its Session's policy refuses writes anyway (session/live_table).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.session import Session
from companion.session.live_table import POLL, LiveTable
from companion.ui import routes
from companion.ui.live.watch import WatchPage
from companion.ui.shell import App
from companion.ui.widgets import toast_bar

log = logging.getLogger(__name__)
NEWS_MS = 6000  # how long a phone shows who undid what


class PhoneApp:
    """The hosted table's Flet app: one page per phone."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self._task: asyncio.Task[None] | None = None

    async def main(self, page: ft.Page) -> None:
        page.title = self.table.title()
        page.theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
        page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
        page.theme_mode = ft.ThemeMode.DARK
        policy = self.table.policy_for(page)  # who this phone acts as, asked again at every write
        session = self.table.session_with(policy)
        match_id = self.table.match_id
        seated = policy.seat is not None
        if not seated:
            page.render_views(WatchPage, session, match_id)  # drawn by its root component, as the app's stack is
        else:
            app = App(page, session)
            page.on_view_pop = lambda _: app.back()
            page.on_route_change = lambda e: app.route_changed(e.route)
            app.show_stack([routes.screen("match", session, match_id=match_id)])  # no home: the table is its app
            app.toast(f"This phone plays as {self.table.state().player(policy.seat).name}.")

        seen = self.table.undo_news(0)[1]  # events this phone has been shown

        async def on_change(_topic: str, origin: str) -> None:
            # told in the context of whoever changed the match (another phone's handler, the file's poll): the
            # screen's components are told on this phone's own page
            try:
                page.run_task(show_change, origin)
            except Exception:  # the phone went away: its page alone stops
                log.debug("table redraw failed", exc_info=True)

        async def show_change(origin: str) -> None:
            nonlocal seated, seen
            try:
                if origin == policy.origin:  # this phone's own change: its screen is drawn (and said) already
                    seen = self.table.undo_news(seen)[1]
                    return
                if seated and policy.seat is None:  # the host signed every phone out: no buttons left to tap
                    seated = False
                    self._signed_out(page, session)
                session.feed.changed(match_id)  # first: the news is read after (from the table's one shared reader)
                news, seen = self.table.undo_news(seen)
                if news:  # an undo or redo at the table: every phone says who took back whose step
                    page.show_dialog(toast_bar(news, NEWS_MS))
            except Exception:  # e.g. the phone went away mid-update: that page alone stops
                log.debug("table redraw failed", exc_info=True)

        page.pubsub.subscribe_topic(self.table.topic, on_change)
        self.start(page.pubsub)

    def _signed_out(self, page: ft.Page, session: Session) -> None:
        """From now on the page only watches; it says why once."""
        page.render_views(WatchPage, session, self.table.match_id)  # a root component in place of the app's stack
        page.show_dialog(toast_bar("The host signed every phone out: scan the new join code to play again.", 6000))

    # --- one look at the file per second, for the whole process --------------------------------------

    def start(self, pubsub: Any) -> None:
        if self.table.publish is None:
            self.table.publish = pubsub.send_all_on_topic
        if self._task is None or self._task.done():
            # a fresh context: the task must not carry the first session's page in Flet's context variables
            self._task = asyncio.create_task(self._poll(), context=contextvars.Context())

    async def _poll(self) -> None:
        while True:
            try:
                self.table.poll()
            except CompanionError:  # the file is being replaced or was damaged: look again next time
                log.debug("table poll failed", exc_info=True)
            await asyncio.sleep(POLL)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
