"""Drive a real Flet session without a Flutter client.

A `flet.messaging.session.Session` runs over a fake connection that packs every outgoing message with msgpack,
exactly as Flet's socket server does (without that packing nothing renders), and answers the client-side
method calls (services such as Wakelock, SharedPreferences) the way a client would. Tests find controls by
`key`, click them and read texts from the live control tree.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable, Iterator
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub


class FakeConnection(Connection):
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.executor = concurrent.futures.ThreadPoolExecutor(max_workers=2)
        self.pubsubhub = PubSubHub(loop=loop, executor=self.executor)
        self.session: Session | None = None
        self.sent: list[bytes] = []
        self.invoked: list[tuple[str, Any]] = []
        self.prefs: dict[str, Any] = {}
        self.answers: dict[str, Any] = {}  # what the "device" answers to other service calls (a file picked ...)

    def send_message(self, message: Any) -> None:
        self.sent.append(msgpack.packb([message.action, message.body],
                                       default=configure_encode_object_for_msgpack(BaseControl)))
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
        self.session.handle_invoke_method_results(body.control_id, body.call_id, result, None)


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
        session = Session(conn)
        conn.session = session
        conn.send_message(type("M", (), {"action": MessageAction.REGISTER_CLIENT,
                                         "body": session.get_page_patch()})())
        _context_page.set(session.page)
        result = main(session.page)
        if asyncio.iscoroutine(result):
            await result
        await session.after_event(session.page)
        await cls._settle()
        return cls(session, conn)

    @staticmethod
    async def _settle() -> None:
        for _ in range(5):  # let scheduled tasks (service calls, navigation) run
            await asyncio.sleep(0)

    @property
    def page(self) -> ft.Page:
        return self.session.page

    def walk(self) -> Iterator[Any]:
        # only the top view is on screen; open dialogs and the overlay sit above it
        roots: list[Any] = [self.page.views[-1]] if self.page.views else [self.page]
        roots += list(self.page.overlay) + [d for d in self.page._dialogs.controls if getattr(d, "open", False)]
        seen: set[int] = set()
        stack = [ft.unwrap_component(r) for r in reversed(roots)]
        while stack:
            control = stack.pop()
            if control is None or id(control) in seen:
                continue
            seen.add(id(control))
            yield control
            children: list[Any] = []
            for attr in ("controls", "content", "actions", "title", "leading", "trailing", "subtitle",
                         "appbar", "floating_action_button", "bottom_appbar", "navigation_bar", "tabs",
                         "options"):
                value = getattr(control, attr, None)
                if isinstance(value, list):
                    children.extend(value)
                elif isinstance(value, BaseControl):
                    children.append(value)
            stack.extend(reversed(children))

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


def _texts_under(control: Any) -> Iterator[str]:
    stack = [control]
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Text) and isinstance(c.value, str):
            yield c.value
        for attr in ("controls", "content", "title", "subtitle", "leading", "trailing"):
            value = getattr(c, attr, None)
            if isinstance(value, list):
                stack.extend(reversed(value))
            elif isinstance(value, BaseControl):
                stack.append(value)
