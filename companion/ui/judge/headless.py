"""Run live-view sessions without a browser: a real Flet session over a connection that records what it sends.

The tests and `benchmarks/judge.py` drive the judge's screen through this (Flet's own test tooling needs the
Flutter SDK). Messages are packed exactly as Flet's web server packs them: the packing also records the
snapshots Flet diffs against, so without it later updates would not be computed right.
It uses Flet internals (Session, Connection, the msgpack encoder): flet is pinned in pyproject for this.
"""

from __future__ import annotations

import asyncio
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


class RecordingConnection(Connection):
    """Counts and keeps the packed messages a session would send to its browser; answers method calls
    (services such as vibration) with an empty result, as a client without that feature would."""

    def __init__(self, hub: PubSubHub, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.pubsubhub = hub
        self.loop = loop
        self.page_url = "ws://127.0.0.1:8551"  # what a browser's connection reports (page.url)
        self.messages: list[tuple[MessageAction, bytes]] = []
        self.session: Session | None = None

    def send_message(self, message: Message) -> None:
        self.messages.append((message.action, msgpack.packb([message.action, message.body], default=_encode)))
        if message.action == MessageAction.INVOKE_METHOD and self.session is not None:
            body, session = message.body, self.session
            self.loop.call_soon(session.handle_invoke_method_results, body.control_id, body.call_id, None, None)

    def invoked(self) -> list[str]:
        """Names of the client methods called so far (e.g. 'vibrate')."""
        return [msgpack.unpackb(m)[1]["name"] for a, m in self.messages if a == MessageAction.INVOKE_METHOD]

    @property
    def sent_bytes(self) -> int:
        return sum(len(m) for _, m in self.messages)

    def patches(self) -> list[Any]:
        return [msgpack.unpackb(m, strict_map_key=False)[1] for a, m in self.messages
                if a == MessageAction.PATCH_CONTROL]


async def open_session(main: Callable[[ft.Page], Awaitable[None]], hub: PubSubHub, route: str = "/",
                       admit: Callable[[Connection], None] | None = None) -> tuple[Session, RecordingConnection]:
    """Register a client on `route` and run `main` for it, as Flet's web server does; `admit` sees the
    connection first, as the server's socket handler does (it checks the judge's cookie there)."""
    conn = RecordingConnection(hub, asyncio.get_running_loop())
    if admit is not None:
        admit(conn)
    session = Session(conn)
    conn.session = session
    _context_page.set(session.page)
    session.apply_page_patch({"route": route, "web": True, "width": 1280, "height": 800})
    conn.send_message(Message(MessageAction.REGISTER_CLIENT, {"session_id": session.id,
                                                              "page_patch": session.get_page_patch()}))
    await main(session.page)
    await session.after_event(session.page)
    return session, conn


async def click(session: Session, control: ft.Control) -> None:
    _context_page.set(session.page)
    await session.dispatch_event(control._i, "click", None)
    await session.after_event(control)


async def type_into(session: Session, field: ft.TextField | ft.Dropdown, value: str) -> None:
    """What a browser does when a person types: the new value arrives as a property patch."""
    session.apply_patch(field._i, {"value": value})


def walk(control: Any) -> Iterator[ft.Control]:
    """Every control under `control` (including it), components unwrapped."""
    control = ft.unwrap_component(control)
    if isinstance(control, BaseControl):
        yield control
    children: list[Any] = []
    for name in ("controls", "content", "title", "subtitle", "trailing", "leading", "rows", "cells", "columns"):
        value = getattr(control, name, None)
        if isinstance(value, list):
            children += value
        elif value is not None and isinstance(value, BaseControl):
            children.append(value)
    for child in children:
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
        for name in ("controls", "content", "title", "subtitle", "trailing", "leading", "rows", "cells"):
            value = getattr(c, name, None)
            for child in value if isinstance(value, list) else [value] if value is not None else []:
                if isinstance(child, BaseControl):
                    visit(child)

    visit(root)
    return out
