"""The judge's screen in `companion judge serve`: one Flet session per judge device; players get the light
room pages (companion/room) from the same server instead.

One `LiveHub` per process holds the event and the one shared tick of the judge's screens: it publishes
("tick", now, warnings) through Flet pub/sub when a shown second changes and ("state", tournament) after a
write; each judge's page puts them into its own feed (ui/judge/feed.py), whose components redraw only what
changed. Changes made with the CLI reach it too: the
tick notices that the event's file changed.

Who may write is decided per connection, not per session: `may_write(page)` asks the server whether the
page's current connection came with the judge's cookie (session.access). Every write asks again, so a session
that Flet reattaches to another connection (a copied session id) keeps nothing of the judge's rights.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.session.judging.judge import Tournament, crossed_mark, next_change, remaining
from companion.session.judging.player_codes import EventCodes
from companion.session.judging.room import RoomFeed
from companion.session.judging.service import Judging
from companion.ui.alerts import Alerts
from companion.ui.judge.feed import JudgeFeed
from companion.ui.judge.judge_screen import JudgeConsole
from companion.ui.judge.qr import qr_png
from companion.ui.shell import themes

TOPIC = "judge"
MIN_GAP = 0.2  # clocks started at different instants flip at different moments: wake at most 5 times a second
MAX_GAP = 1.0  # ... and at least once a second, to notice changes made with the CLI
LATE = 0.005  # wake just after a flip, so the new second is showing
NOT_JUDGE = ("This is the judge's screen. Open the one-time judge link that `companion judge serve` prints "
             "on the judge's terminal. Players: open /find for your table's clock.")
log = logging.getLogger(__name__)


class NotJudge(CompanionError):
    pass


class LiveHub:
    def __init__(self, judging: Judging, tournament_id: str, *, clock: Callable[[], float] = time.time,
                 url: str | None = None, may_write: Callable[[ft.Page], bool] = lambda page: False,
                 on_write: Callable[[], None] = lambda: None,
                 on_rotate: Callable[[ft.Page], None] | None = None) -> None:
        self.judging = judging
        self.id = tournament_id
        self.clock = clock
        self.state: Tournament = judging.state(tournament_id)
        self._signature = judging.signature(tournament_id)
        self._seen: dict[int, float] = {}  # remaining time per table at the last check (for warnings)
        self.url = url  # the players' page to show as a QR code (the room's /find)
        self.qr = qr_png(url) if url else None
        self.may_write = may_write
        self.on_write = on_write
        self.on_rotate = on_rotate
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None
        self._buzzing: set[asyncio.Task[None]] = set()  # held until done: asyncio keeps only weak references

    @classmethod
    def for_room(cls, feed: RoomFeed, **options: Any) -> LiveHub:
        """The judge's screen of the event the room server shows (room.server.build calls this)."""
        return cls(feed.judging, feed.id, **options)

    # --- writing: only from a judge's connection ---------------------------------------------------

    def write(self, page: ft.Page, kind: str, data: dict[str, Any]) -> Tournament:
        if not self.may_write(page):
            raise NotJudge("only the judge can change the clocks: open a fresh judge link")
        self.state = self.judging.write(self.id, kind, data, now=self.clock())  # Swiss pairings too
        self._signature = self.judging.signature(self.id)
        self.publish(("state", self.state))
        self.on_write()
        return self.state

    def codes(self, page: ft.Page) -> dict[str, str]:
        """The players' codes, for the judge's connection only (asked again on every look, as a write is)."""
        if not self.may_write(page):
            raise NotJudge("only the judge can see the players' codes: open a fresh judge link")
        codes = EventCodes(self.judging, self.id)
        signed = codes.signed_in()  # their code changed when they signed in: say so, or it looks like a mistake
        return {p: c + (" (signed in on a phone; this fresh code is for a second phone)" if p in signed else "")
                for p, c in codes.codes().items()}

    # --- the shared tick ---------------------------------------------------------------------------

    def publish(self, message: tuple[Any, ...]) -> None:
        if self._pubsub is not None:
            self._pubsub.send_all_on_topic(TOPIC, message)

    def reread(self) -> None:
        """Pick up changes made by another process (the judge's CLI, a player's report) and publish them: each
        judge's feed hears the new event and its components redraw (no screen is rebuilt)."""
        signature = self.judging.signature(self.id)
        if signature != self._signature:
            self._signature = signature
            self.state = self.judging.state(self.id)
            self.publish(("state", self.state))

    def check(self, now: float) -> tuple[tuple[int, float], ...]:
        """Reread; return the warnings that fired since the last check (see core.tournament.clock)."""
        self.reread()
        due = []
        for table in self.state.tables:
            left = remaining(table.timer, now)
            mark = crossed_mark(self.state.marks, self._seen.get(table.number, left), left)
            self._seen[table.number] = left
            if mark is not None and table.result is None:
                due.append((table.number, mark))
        return tuple(due)

    def step(self) -> float:
        """One tick: check, publish, and return how long to sleep until the next shown second changes."""
        now = self.clock()
        self.publish(("tick", now, self.check(now)))
        flip = next_change(self.state, now)
        wait = MAX_GAP if flip is None else flip - self.clock() + LATE
        return min(MAX_GAP, max(MIN_GAP, wait))

    async def run(self) -> None:
        while True:
            try:
                wait = self.step()
            except Exception:  # a damaged file or a bad session must not stop every clock in the room
                log.exception("judge tick failed")
                wait = MAX_GAP
            await asyncio.sleep(wait)

    def start(self, pubsub: Any) -> None:
        """Start the one tick of this process (idempotent), publishing through any session's pub/sub."""
        if self._task is None or self._task.done():
            self._pubsub = pubsub
            # a fresh context: the tick must not carry the first session's page in Flet's context variables
            self._task = asyncio.create_task(self.run(), context=contextvars.Context())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    # --- sessions ----------------------------------------------------------------------------------

    async def main(self, page: ft.Page) -> None:
        """Flet's entry point for each browser session: the judge's screen, or a note for anyone else."""
        page.title = self.state.name
        page.theme, page.dark_theme = themes()  # the app's thumb-sized buttons (a laptop's browser made them 32 px)
        if not self.may_write(page):
            page.controls = [ft.Text(NOT_JUDGE, key="not-judge", selectable=True)]
            page.update()
            return
        self.reread()
        feed = JudgeFeed(self.state, self.clock())
        # made here, in the session's context, so it registers with this page; a warning beeps and vibrates
        alerts = Alerts()

        def deliver(message: tuple[Any, ...]) -> None:
            if message[0] == "state":
                feed.show(message[1])
                return
            feed.advance(message[1], message[2])
            if message[2]:  # the judge hears every table's warnings
                task = asyncio.create_task(alerts.warn())
                self._buzzing.add(task)
                task.add_done_callback(self._buzzing.discard)

        async def on_message(_topic: str, message: tuple[Any, ...]) -> None:
            try:
                deliver(message)
            except Exception:  # e.g. the browser went away mid-update: that page alone stops
                log.debug("judge screen update failed", exc_info=True)

        def follow(_topic: str, message: tuple[Any, ...]) -> None:
            # a published message runs outside any page; the feed's components redraw through this page
            page.run_task(on_message, _topic, message)

        def on_disconnect(_: Any) -> None:  # a closed or lost page costs the tick nothing while Flet keeps it
            page.pubsub.unsubscribe_topic(TOPIC)

        def on_connect(_: Any) -> None:  # back (a reload, Wi-Fi again): catch up, then follow the tick again
            page.pubsub.subscribe_topic(TOPIC, follow)
            feed.show(self.state)

        page.on_disconnect, page.on_connect = on_disconnect, on_connect
        # drawn now, and from then on by Flet's component scheduler (render_views starts it), as the app's stack is
        page.render_views(JudgePage, self, page, feed)
        page.pubsub.subscribe_topic(TOPIC, follow)
        self.start(page.pubsub)


@ft.component
def JudgePage(hub: LiveHub, page: ft.Page, feed: JudgeFeed) -> list[ft.View]:
    """The root component of a judge's page: the console over the page's own feed, each write and each look at
    the players' codes asked of the hub for this page's connection; and, where the room can make a new judge
    key, the button that does."""

    def write(kind: str, data: dict[str, Any]) -> Tournament:
        return hub.write(page, kind, data)

    controls: list[ft.Control] = [JudgeConsole(feed, write, hub.judging.game_label(hub.state), room_url=hub.url,
                                               room_qr=hub.qr, key="judge-console",
                                               player_codes=lambda: hub.codes(page))]
    if hub.on_rotate is not None:
        rotate = hub.on_rotate
        controls.append(ft.TextButton("Sign out every other judge device", key="rotate-key",
                                      tooltip="A new judge key: old judge links and devices lose their rights",
                                      on_click=lambda _: rotate(page)))
    return [ft.View(route="/", scroll=ft.ScrollMode.AUTO, controls=controls)]
