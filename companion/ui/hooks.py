"""Flet 1.0 component helpers shared by the screens built as components: a match (and its history) that follows
the session's change feed, and what a screen gets instead when the match can't be read. A screen puts a component
in its View by calling it (`HomeList(app, self, key=...)`): its build runs inside the root component's render."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import flet as ft

from companion.core.errors import CompanionError
from companion.session import Session

T = TypeVar("T")

__all__ = ["Unopened", "use_feed", "use_history"]


@dataclass(frozen=True)
class Unopened:
    """A match that can't be read now (deleted, damaged, being replaced by another phone's write): what
    `use_history` gives instead of its history, with the reason a player can read. A value of its own, so a
    screen asks `isinstance(history, Unopened)` (no guessing whether a string is a reason or a title), and equal
    while the reason stays, so an unchanged refusal draws nothing again."""

    reason: str

    def refusal(self, key: str | None = None) -> ft.Text:
        """The one sentence a screen shows in its place."""
        return ft.Text(f"This match can't be opened: {self.reason}", key=key, color=ft.Colors.ERROR)


def use_history(session: Session, match_id: str, select: Callable[[Any], Any] | None = None) -> Any:
    """The match's history as stored now (`Session.history`: its `state`, `can_undo`, `can_redo`), read again
    whenever the session's feed reports a change to it (or to anything: an outside change noticed); an
    `Unopened` with the reason when it can't be read (deleted, damaged).

    With `select`, what it picks of the history instead (`select(history)`): the component is drawn again only
    when that changed (the app bar's undo/redo buttons: not at every tap that leaves both usable)."""

    def read() -> Any:
        try:
            history = session.history(match_id)
        except CompanionError as exc:
            return Unopened(str(exc))
        return history if select is None else select(history)

    return use_feed(session, match_id, read)[0]


def use_feed(session: Session, match_id: str | None, read: Callable[[], T],
             shown: Callable[[], bool] = lambda: True) -> tuple[T, Callable[[], None]]:
    """What `read()` returns, read again whenever the session's feed reports a change to the match (or to
    anything; with no `match_id`, a change to any match), and the way to read it again at once (after the
    component's own change to something the feed does not carry: a server started or stopped). An equal value
    changes nothing: no redraw.

    While `shown()` is false the feed's news is let pass unread: home lies under every other screen, and reading
    every match at each tap on a table cost more than the tap's own write (1.6 against 1.3 ms with 30 matches).
    The shell tells the feed to look again at everything when a screen comes back on top (`App.refresh`)."""
    current, set_current = ft.use_state(read)
    page = ft.context.page  # this screen's page (the feed may be told from another page's handler)

    def look_again() -> None:
        set_current(read())

    def subscribe() -> Callable[[], None]:
        async def later() -> None:
            look_again()

        def on_change(changed: str | None) -> None:
            if not shown() or (changed is not None and match_id is not None and changed != match_id):
                return
            if _current_page() is page:
                look_again()
            else:  # told from another session's context (a phone at a hosted table): a redraw is scheduled on
                page.run_task(later)  # the page of the context it runs in, so hop onto this page's own first

        return session.feed.subscribe(on_change)

    ft.use_effect(subscribe, [])
    return current, look_again


def _current_page() -> ft.Page | None:
    try:
        return ft.context.page
    except RuntimeError:  # a thread outside any page's handler
        return None
