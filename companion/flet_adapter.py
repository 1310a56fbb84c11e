"""The one module that touches Flet's private parts: every name below that Flet does not document is used here
and nowhere else in the package (tests/unit/test_architecture.py checks), so a Flet upgrade is read against this
file alone. Each use says why the public API does not do it and the version it was checked against.

Checked against flet 1.0.5 and flet-web 1.0.5 (pinned in pyproject.toml). After an upgrade, run the UI tests
(tests/ui) and the room and live-table tests (tests/unit/test_room_*.py, tests/ui/test_live_ui.py): every
function here is on their path.

It sits beside the layers, not in one: the screens (ui/) use the component parts, the server assembly
(session/web.py) the socket parts, and it imports nothing of the package, so neither layer reaches the other
through it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft
from flet.components.component import Renderer  # at import: the warm-up before the first frame loads it

FLET_CHECKED = "1.0.5"  # the flet and flet-web version every private use below was read in


class Island(ft.Container):
    """A container whose content redraws itself (a component): the page's own updates (a dialog shown, a screen
    pushed, the theme) stop here. Without it, such an update rendered the component again from outside the
    component scheduler, and the memoised cards under it lost their drawn bodies (measured: the cards vanished
    from the page after the first dialog).

    Private: `is_isolated` is BaseControl's hook for the update traversal (flet/controls/object_patch.py and
    messaging/session.py read it); public code only sets it through `@ft.control(isolated=True)` on a new control
    type, which Flutter would then need a widget for. Checked in flet 1.0.5."""

    def is_isolated(self) -> bool:
        return True


def mount(component: Callable[..., Any], *args: Any, key: str, expand: bool = False, **kwargs: Any) -> ft.Control:
    """A component as a control to place in an imperative View.

    Private: `flet.components.component.Renderer`. A component must be created inside a renderer; the public
    `page.render` / `page.render_views` render a whole page from one root component. The app's stack is such a
    root (ui/shell.py's `Screens`), but its screens still build their Views as classes and put their components
    in with this (docs/architecture.md: screens as components is the step after); a judge's page in `judge serve`
    and a phone that only watches a hosted table build their Views themselves. Checked in flet 1.0.5
    (`Renderer().render(fn, *args, **kwargs)`, as `Page.render` calls it)."""
    return Island(key=key, expand=expand or None, content=Renderer().render(component, *args, **kwargs))


def start_component_updates(page: ft.Page) -> None:
    """Start the page's component scheduler, which draws a component whose state changed (once per page; a
    second call does nothing).

    Private: `page.session.start_updates_scheduler()`. Flet starts it only inside `page.render` /
    `page.render_views` (the app's shell renders its views so); a page that places components in Views it builds
    (a judge's page in `judge serve`, a phone that only watches a hosted table) must start it itself. Checked in
    flet 1.0.5 (flet/messaging/session.py: it returns at once when the task runs)."""
    page.session.start_updates_scheduler()


def updates_waiting(page: ft.Page) -> bool:
    """Whether the page's component scheduler has work it has not drawn yet: a component whose state changed, or
    an effect to run. Tests wait on it (tests/flet_harness.py) instead of a guessed number of loop turns, which a
    loaded machine outruns.

    Private: `Session.__updates_ready`, `__pending_updates` and `__pending_effects` (name-mangled) in
    flet/messaging/session.py. Checked in flet 1.0.5."""
    session = page.session
    return bool(session._Session__updates_ready.is_set() or session._Session__pending_updates  # type: ignore[attr-defined]
                or session._Session__pending_effects)  # type: ignore[attr-defined]


def page_connection(page: Any) -> Any:
    """The socket connection a page's session runs on now (a reconnect brings another): what a cookie's rights
    are kept against (session/access.py).

    Internal: `page.session` is Flet's messaging session (flet/messaging/session.py), not an app-facing API; its
    `connection` property is what ties a page to the socket that carried the cookie. Checked in flet 1.0.5.
    Raises when the page's session is gone."""
    return page.session.connection


def page_session_id(page: Any) -> str:
    """The id of a page's Flet session: one phone's page at a hosted table, told apart in its changes' origin.

    Internal: `page.session.id` (flet/messaging/session.py). Checked in flet 1.0.5."""
    return str(page.session.id)


def flet_session_key(connection: Any) -> str | None:
    """The web app manager's key for a socket's Flet session, once it has one (None before).

    Private: flet-web's `FletApp.__session` and `FletApp.__get_unique_session_id` (name-mangled). The server
    deletes a watcher's session as soon as its socket ends, and disconnects one whose send loop died
    (`app_manager.delete_session` / `disconnect_session` take this key); FletApp keeps the key to itself.
    Checked in flet-web 1.0.5 (flet_web/fastapi/flet_app.py)."""
    session = getattr(connection, "_FletApp__session", None)
    return None if session is None else connection._FletApp__get_unique_session_id(session.id)  # type: ignore[no-any-return]


def end_send_loop(connection: Any) -> None:
    """Let a socket's send loop end: the server cancels an evicted watcher's task, and flet-web's send loop would
    wait for its queue forever.

    Private: flet-web's `FletApp.__send_queue`; a None in it is the loop's own signal to stop. Checked in flet-web
    1.0.5 (flet_web/fastapi/flet_app.py `__send_loop`)."""
    queue = getattr(connection, "_FletApp__send_queue", None)
    if queue is not None:
        queue.put_nowait(None)
