"""The one module that touches Flet's private parts: every name below that Flet does not document is used here
and nowhere else in the package (tests/unit/test_architecture.py checks), so a Flet upgrade is read against this
file alone. Each use says why the public API does not do it and the version it was checked against:

- `page_connection`, `page_session_id`: the socket and the Flet session a page runs on now (the access checks,
  a hosted table's seats);
- `flet_session_key`, `end_send_loop`: flet-web's key for a socket's session and its send queue (the server
  ends an evicted watcher's session).

The screens use none of it: every page is drawn by a root component through Flet's public `page.render_views`
(the app's stack in ui/shell.py, a judge's page in `judge serve`, a phone that only watches a hosted table), and
a screen's components are children of that root.

Checked against flet 1.0.5 and flet-web 1.0.5 (pinned in pyproject.toml). After an upgrade, run the UI tests
(tests/ui) and the room and live-table tests (tests/unit/test_room_*.py, tests/ui/test_live_ui.py): every
function here is on their path.

It sits beside the layers, not in one: the server assembly (session/flet_site.py) and the access checks use the
socket parts, and it imports nothing of the package, so no layer reaches another through it.
"""

from __future__ import annotations

from typing import Any

FLET_CHECKED = "1.0.5"  # the flet and flet-web version every private use below was read in


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
