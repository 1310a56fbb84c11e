"""Drive a real Flet session without a Flutter client: the one Flet harness of the tests and benchmarks/.

A `flet.messaging.session.Session` runs over a fake connection that packs every outgoing message with msgpack,
exactly as Flet's socket server does (the packing also records the snapshots Flet diffs against: without it
nothing renders and later updates come out wrong), and answers the client-side method calls (services such as
Wakelock, SharedPreferences, vibration) the way a client would. Flet's own test tooling needs the Flutter SDK.

Two ways in: `Harness.start(main)` (or `Harness.at(session, route)`) for a whole app session (find controls by
`key` on the top view, click, type, read texts), and `open_session(main, hub, route)` for a page served beside
others on one pub/sub hub (the judge's screen in `companion judge serve`), driven with `click`, `type_into`,
`find` and `texts`.
It uses Flet internals (Session, Connection, the msgpack encoder): flet is pinned in pyproject for this.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import weakref
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

_encode = configure_encode_object_for_msgpack(BaseControl)
CHILDREN = ("controls", "content", "actions", "title", "leading", "trailing", "subtitle", "appbar",
            "floating_action_button", "bottom_appbar", "navigation_bar", "tabs", "options",
            "items")  # what a screen shows (a menu's items: as if it were open)
PAGE_CHILDREN = ("controls", "content", "title", "subtitle", "trailing", "leading", "rows", "cells", "columns")


class FakeConnection(Connection):
    """Keeps the packed messages a session sends to its client, and answers the client methods it calls.
    Sessions opened on one `hub` share its pub/sub, as the pages of one server do."""

    def __init__(self, loop: asyncio.AbstractEventLoop, hub: PubSubHub | None = None) -> None:
        super().__init__()
        self.loop = loop
        if hub is None:
            self.executor = concurrent.futures.ThreadPoolExecutor(max_workers=2)
            hub = PubSubHub(loop=loop, executor=self.executor)
        self.pubsubhub = hub
        self.page_url = "ws://127.0.0.1:8551"  # what a browser's connection reports (page.url)
        self.session: Session | None = None
        self.messages: list[tuple[MessageAction, bytes]] = []
        self.invoked: list[tuple[str, Any]] = []
        self.prefs: dict[str, Any] = {}
        self.answers: dict[str, Any] = {}  # what the "device" answers to other service calls (a file picked ...)
        self.failures: dict[str, str] = {}  # service calls the "device" fails, and the error it reports

    @property
    def sent(self) -> list[bytes]:
        return [m for _, m in self.messages]

    @property
    def sent_bytes(self) -> int:
        return sum(len(m) for _, m in self.messages)

    def called(self) -> list[str]:
        """Names of the client methods called so far (e.g. 'vibrate')."""
        return [name for name, _ in self.invoked]

    def patches(self) -> list[Any]:
        return [msgpack.unpackb(m, strict_map_key=False)[1] for a, m in self.messages
                if a == MessageAction.PATCH_CONTROL]

    def send_message(self, message: Any) -> None:
        self.messages.append((message.action, msgpack.packb([message.action, message.body], default=_encode)))
        if message.action == MessageAction.INVOKE_METHOD:
            body = message.body
            self.invoked.append((body.name, body.args))
            self.loop.call_soon(self._answer, body)

    def _answer(self, body: Any) -> None:
        """Reply as a client would; SharedPreferences is kept in a dict."""
        result: Any = None
        args = body.args or {}
        if body.name == "set":
            self.prefs[args.get("key")] = args.get("value")
            result = True
        elif body.name == "get":
            result = self.prefs.get(args.get("key"))
        elif body.name == "contains_key":
            result = args.get("key") in self.prefs
        elif body.name in self.answers:
            result = self.answers[body.name]
        assert self.session is not None
        self.session.handle_invoke_method_results(body.control_id, body.call_id, result,
                                                  self.failures.get(body.name))


class Harness:
    """One app session: `await Harness.start(main)`, then `click(key)`, `text_of(key)`, `find(key)`."""

    def __init__(self, session: Session, conn: FakeConnection) -> None:
        self.session = session
        self.conn = conn

    @classmethod
    async def start(cls, main: Callable[[ft.Page], Any], prefs: dict[str, Any] | None = None) -> Harness:
        """Run `main` on a new session; `prefs` is what the device's SharedPreferences already hold."""
        conn = FakeConnection(asyncio.get_running_loop())
        conn.prefs.update(prefs or {})
        session = await _run(conn, main, {})
        await cls._settle()
        return cls(session, conn)

    @classmethod
    async def at(cls, store: Any, route: str) -> Harness:
        """The app over `store` (a companion Session), opened at `route` as a link or a reload opens it."""
        from companion.ui.app import main

        async def app(page: ft.Page) -> None:
            page.route = route
            await main(page, store)

        return await cls.start(app)

    @staticmethod
    async def _settle() -> None:
        await drawn()  # let scheduled tasks (service calls, navigation) run and the components draw

    @property
    def page(self) -> ft.Page:
        return self.session.page

    @property
    def views(self) -> list[ft.View]:
        """The views shown, bottom first."""
        return views(self.page)

    @property
    def top(self) -> ft.View:
        """The view on top: the screen a person sees."""
        return self.views[-1]

    def walk(self) -> Iterator[Any]:
        # only the top view is on screen; open dialogs and the overlay sit above it
        shown = self.views
        roots: list[Any] = [shown[-1]] if shown else [self.page]
        roots += list(self.page.overlay) + [d for d in self.page._dialogs.controls if getattr(d, "open", False)]
        seen: set[int] = set()
        stack = [ft.unwrap_component(r) for r in reversed(roots)]
        while stack:
            control = stack.pop()
            if control is None or id(control) in seen:
                continue
            seen.add(id(control))
            yield control
            # a component shows its rendered body
            stack.extend(ft.unwrap_component(c) for c in reversed(_children(control, CHILDREN)))

    def find(self, key: str) -> Any:
        """The control with this key; when several match (a newer snackbar over an old one), the topmost."""
        found = [c for c in self.walk() if getattr(c, "key", None) == key]
        if found:
            return found[-1]
        raise LookupError(f"no control with key {key!r} on screen; keys: {self.key_list()}")

    def has(self, key: str) -> bool:
        return any(getattr(c, "key", None) == key for c in self.walk())

    def key_list(self) -> list[str]:
        return [str(c.key) for c in self.walk() if getattr(c, "key", None) is not None]

    def texts(self) -> list[str]:
        out = []
        for c in self.walk():
            value = getattr(c, "value", None) if isinstance(c, ft.Text) else None
            if isinstance(value, str):
                out.append(value)
        return out

    def text_of(self, key: str) -> str:
        control = self.find(key)
        if isinstance(control, ft.Text):
            return str(control.value)
        return " ".join(t for t in _texts_under(control))

    async def event(self, key: str, name: str, data: Any = None) -> None:
        control = self.find(key)
        if getattr(control, "disabled", False):
            raise AssertionError(f"{key!r} is disabled")
        await self.session.dispatch_event(control._i, name, data)
        await self.session.after_event(control)
        await self._settle()

    async def click(self, key: str) -> None:
        await self.event(key, "click")

    async def back(self) -> None:
        """The app bar's back arrow (or the phone's back gesture): the page's view-pop handler."""
        self.page.on_view_pop(None)
        await self.session.after_event(self.page)
        await self._settle()

    async def type(self, key: str, value: str) -> None:
        """Type into a TextField as the client would: patch the value, then fire change."""
        control = self.find(key)
        self.session.apply_patch(control._i, {"value": value})
        await self.event(key, "change", value)

    async def choose(self, key: str, value: str) -> None:
        control = self.find(key)
        self.session.apply_patch(control._i, {"value": value})
        for name in ("select", "change"):
            if getattr(control, f"on_{name}", None):
                await self.event(key, name, value)
                return


def _children(control: Any, attrs: tuple[str, ...]) -> list[Any]:
    """The controls directly under `control`, read from the attributes named."""
    out: list[Any] = []
    for attr in attrs:
        value = getattr(control, attr, None)
        if isinstance(value, list):
            out.extend(value)
        elif isinstance(value, BaseControl):
            out.append(value)
    return out


def _texts_under(control: Any) -> Iterator[str]:
    stack = [control]
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Text) and isinstance(c.value, str):
            yield c.value
        stack.extend(reversed(_children(c, ("controls", "content", "title", "subtitle", "leading", "trailing"))))


async def _run(conn: FakeConnection, main: Callable[[ft.Page], Any], page_patch: dict[str, Any]) -> Session:
    """Register a client and run `main` for it, as Flet's web server does."""
    session = Session(conn)
    conn.session = session
    _SESSIONS.add(session)
    _context_page.set(session.page)
    if page_patch:
        session.apply_page_patch(page_patch)
    conn.send_message(Message(MessageAction.REGISTER_CLIENT, {"session_id": session.id,
                                                              "page_patch": session.get_page_patch()}))
    result = main(session.page)
    if asyncio.iscoroutine(result):
        await result
    await session.after_event(session.page)
    return session


# --- pages served beside others on one hub (the judge's screen) ------------------------------------------


async def open_session(main: Callable[[ft.Page], Awaitable[None]], hub: PubSubHub, route: str = "/",
                       admit: Callable[[Connection], None] | None = None) -> tuple[Session, FakeConnection]:
    """A browser's session on `route` of a web server whose pages share `hub`; `admit` sees the connection
    first, as the server's socket handler does (it checks the judge's cookie there)."""
    conn = FakeConnection(asyncio.get_running_loop(), hub)
    if admit is not None:
        admit(conn)
    session = await _run(conn, main, {"route": route, "web": True, "width": 1280, "height": 800})
    return session, conn


async def click(session: Session, control: ft.Control) -> None:
    _context_page.set(session.page)
    await session.dispatch_event(control._i, "click", None)
    await session.after_event(control)
    await drawn()


_SESSIONS: weakref.WeakSet[Session] = weakref.WeakSet()  # every page this harness runs, to wait for their drawing


def updates_waiting(session: Session) -> bool:
    """Whether a page's component scheduler has work it has not drawn yet: a component whose state changed, or an
    effect to run. Flet's private `Session.__updates_ready`, `__pending_updates` and `__pending_effects`
    (flet/messaging/session.py, 1.0.5), read here beside the harness's other uses of Flet's session, not through
    the app's adapter: the benchmarks run this harness over older code too."""
    return bool(session._Session__updates_ready.is_set() or session._Session__pending_updates  # type: ignore[attr-defined]
                or session._Session__pending_effects)  # type: ignore[attr-defined]


async def drawn() -> None:
    """Let Flet's component scheduler draw what the last event changed (it runs as its own task), and the tasks
    an event scheduled run: loop turns until no page has anything left to draw for several turns in a row. A fixed
    count of turns was outrun on a loaded machine (a click landed on a button its redraw had replaced)."""
    quiet = 0
    for _ in range(2000):
        await asyncio.sleep(0)
        busy = any(updates_waiting(s) for s in list(_SESSIONS))
        quiet = 0 if busy else quiet + 1
        if quiet >= 10:
            return
    raise AssertionError("the pages kept drawing for 2,000 loop turns: a component that redraws itself forever?")


def views(page: ft.Page) -> list[ft.View]:
    """The page's views, bottom first: the app's are drawn by one root component (ui/shell.py's `Screens`),
    a judge's or a watcher's page holds them as a plain list."""
    return [ft.unwrap_component(v) for v in ft.unwrap_component(page.views) or []]


def routes(h: Harness) -> list[str]:
    """The routes of the views on the page, bottom first (the screens a back would go through)."""
    return [v.route for v in views(h.page)]


def pushed(h: Harness) -> list[str]:
    """The routes the app pushed to the browser's address bar, in order."""
    return [args["route"] for name, args in h.conn.invoked if name == "push_route"]


async def browser_goes_to(h: Harness, route: str) -> None:
    """What the client sends when the address changes (the back or forward button, a typed address, a deep link)."""
    h.session.apply_patch(h.page._i, {"route": route})
    await h.session.dispatch_event(h.page._i, "route_change", {"route": route})
    await drawn()  # a screen drawn by components redraws on the scheduler's next turn
    await h.session.after_event(h.page)


async def told(store: Any) -> None:
    """Tell the app's feed (of `store`, a companion Session) that anything may have changed, as a hosted table's
    tick or a look at the files does, and let the screens draw what they read again."""
    store.feed.changed(None)
    await drawn()


async def type_into(session: Session, field: ft.TextField | ft.Dropdown, value: str) -> None:
    """What a browser does when a person types or picks: the new value arrives as a property patch, then the
    field's change (a drop-down's select) event, which a component's controlled field keeps in its state."""
    session.apply_patch(field._i, {"value": value})
    for name in ("change", "select"):
        if getattr(field, f"on_{name}", None):
            _context_page.set(session.page)
            await session.dispatch_event(field._i, name, value)
            await session.after_event(field)
            await drawn()


def walk(control: Any) -> Iterator[ft.Control]:
    """Every control under `control` (including it), components unwrapped."""
    control = ft.unwrap_component(control)
    if isinstance(control, BaseControl):
        yield control
    for child in _children(control, PAGE_CHILDREN):
        yield from walk(child)


def find(root: Any, key: str) -> Any:
    for c in walk(root):
        if getattr(c, "key", None) == key:
            return c
    raise LookupError(f"no control with key {key!r}")


def texts(root: Any) -> list[str]:
    """Every visible text under `root`, in tree order (invisible branches skipped)."""
    out: list[str] = []

    def visit(c: Any) -> None:
        c = ft.unwrap_component(c)
        if getattr(c, "visible", True) is False:
            return
        if isinstance(c, ft.Text) and c.value:
            out.append(c.value)
        for child in _children(c, PAGE_CHILDREN[:-1]):
            if isinstance(child, BaseControl):
                visit(child)

    visit(root)
    return out
