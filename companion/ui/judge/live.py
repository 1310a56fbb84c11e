"""The live view: `companion judge serve` runs Flet's web server; every phone in the room gets a page.

One `LiveHub` per process holds the event, the judge's token and the one shared tick. Sessions talk to it
through Flet pub/sub: the tick publishes ("tick", now, warnings) when a shown second changes, a judge's
write publishes ("state", tournament), and each session redraws only the controls whose text changed.

Routes: /judge?token=... is the judge's screen (the only one holding a write callback, and every write
checks the token again); /table/N is one table's clock; / is the room overview. Changes made with the CLI
reach the pages too: the tick notices that the event's file changed and publishes the new state.
"""

from __future__ import annotations

import asyncio
import contextvars
import hmac
import importlib.util
import logging
import os
import sys
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.core.errors import CompanionError
from companion.session.judging import event_pairing
from companion.session.judging.judge import Tournament, TournamentStore, crossed_mark, next_change, timers
from companion.ui.alerts import Alerts
from companion.ui.judge.judge_screen import JudgeScreen
from companion.ui.judge.public_pages import RoomPage, TablePage
from companion.ui.judge.qr import qr_png, room_url

TOPIC = "judge"
MIN_GAP = 0.2  # clocks started at different instants flip at different moments: wake at most 5 times a second
MAX_GAP = 1.0  # ... and at least once a second, to notice changes made with the CLI
LATE = 0.005  # wake just after a flip, so the new second is showing
log = logging.getLogger(__name__)


class NotJudge(CompanionError):
    pass


class LiveHub:
    def __init__(self, store: TournamentStore, tournament_id: str, *, clock: Callable[[], float] = time.time,
                 url: str | None = None) -> None:
        self.store = store
        self.id = tournament_id
        self.clock = clock
        stored = store.load(tournament_id)
        self.state: Tournament = stored.state
        self._token = stored.token
        self._signature = store.signature(tournament_id)
        self._seen: dict[int, float] = {}  # remaining time per table at the last check (for warnings)
        self.url = url
        self.qr = qr_png(url) if url else None
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None
        self._buzzing: set[asyncio.Task[None]] = set()  # held until done: asyncio keeps only weak references

    # --- writing: only with the judge's token ----------------------------------------------------

    def is_judge(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(str(token), self._token)

    def judge_path(self) -> str:
        """The judge's own route (with the token): printed on the judge's terminal only."""
        return f"/judge?token={self._token}"

    def write(self, token: str | None, kind: str, data: dict[str, Any]) -> Tournament:
        if not self.is_judge(token):
            raise NotJudge("only the judge can change the clocks")
        self.state = event_pairing.write(self.store, self.id, kind, data, now=self.clock())  # Swiss pairings too
        self._signature = self.store.signature(self.id)
        self.publish(("state", self.state))
        return self.state

    # --- the shared tick ---------------------------------------------------------------------------

    def publish(self, message: tuple[Any, ...]) -> None:
        if self._pubsub is not None:
            self._pubsub.send_all_on_topic(TOPIC, message)

    def refresh(self) -> None:
        """Pick up changes made by another process (the judge's CLI) and tell every page."""
        signature = self.store.signature(self.id)
        if signature != self._signature:
            self._signature = signature
            self.state = self.store.load(self.id).state
            self.publish(("state", self.state))

    def check(self, now: float) -> tuple[tuple[int, float], ...]:
        """Refresh; return the warnings that fired since the last check (see core.tournament_clock)."""
        self.refresh()
        due = []
        for table in self.state.tables:
            left = timers.remaining(table.timer, now)
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

    # --- sessions ----------------------------------------------------------------------------------

    async def main(self, page: ft.Page) -> None:
        """Flet's entry point for each browser session."""
        page.title = self.state.name
        page.scroll = ft.ScrollMode.AUTO
        view: Any = None
        # made here, in the session's context, so it registers with this page; a warning beeps and a phone
        # vibrates (Flutter's web client maps it to the browser's vibration API; desktops ignore it)
        alerts = Alerts()

        def open_route(route: str) -> None:
            nonlocal view
            view = self.view_for(route, page)
            page.controls = [view.root]
            page.update()

        async def on_message(_topic: str, message: tuple[Any, ...]) -> None:
            if view is None:
                return
            try:
                if message[0] == "state":
                    changed = view.show(message[1], self.clock())
                else:
                    changed = view.tick(message[1], message[2])
                    if view.concerns(message[2]):
                        task = asyncio.create_task(alerts.warn())
                        self._buzzing.add(task)
                        task.add_done_callback(self._buzzing.discard)
                if changed:
                    page.update(*changed)
            except Exception:  # e.g. the browser went away mid-update: that page alone stops
                log.debug("live view update failed", exc_info=True)

        self.refresh()
        page.on_route_change = lambda e: open_route(e.route)
        page.pubsub.subscribe_topic(TOPIC, on_message)
        self.start(page.pubsub)
        open_route(page.route or "/")

    def view_for(self, route: str, page: ft.Page) -> Any:
        parts = urlsplit(route)
        path = parts.path.rstrip("/") or "/"
        now = self.clock()
        if path == "/judge":
            token = (parse_qs(parts.query).get("token") or [""])[0]
            if self.is_judge(token):
                return JudgeScreen(self.state, lambda kind, data: self.write(token, kind, data), clock=self.clock,
                                   room_url=self.url, room_qr=self.qr)
            return self.room(page, now, note="That judge link is not valid: this is the read-only view.")
        if path.startswith("/table/") and path[len("/table/"):].isdigit():
            return TablePage(self.state, int(path[len("/table/"):]), now)
        return self.room(page, now)

    def room(self, page: ft.Page, now: float, note: str = "") -> RoomPage:
        return RoomPage(self.state, now, lambda number: page.navigate(f"/table/{number}"), room_url=self.url,
                        room_qr=self.qr, note=note)


def serve(store: TournamentStore, tournament_id: str, *, host: str, port: int) -> int:
    """Serve the live view until Ctrl+C (Flet's own web server, every file served locally)."""
    if importlib.util.find_spec("flet_web") is None:
        print("companion: the live view needs the web extra: pip install 'tabletop-companion[web]'", file=sys.stderr)
        return 1
    url = room_url(host, port)
    hub = LiveHub(store, tournament_id, url=url)
    local = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    print(f"Live view of {hub.state.name}: {url}", flush=True)
    print(f"Judge's screen (keep this link to yourself): http://{local}:{port}{hub.judge_path()}",
          flush=True)
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"  # serve only: never try to open a desktop window
    ft.run(hub.main, view=ft.AppView.WEB_BROWSER, host=host, port=port, no_cdn=True)
    return 0
