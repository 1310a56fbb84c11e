"""The session's change feed: whoever shows a match subscribes once and hears of every change to it.

A screen built as a Flet component subscribes in an effect (`subscribe` returns the way to stop, which the
effect runs when the screen goes away) and reads the match again when told; nothing polls and no screen lists
what it reads. The session tells the feed after every write it stores and whenever it reads a match another
process changed (the CLI, a hosted table's phones); `changed(None)` says "look again at everything".

The feed is told from inside a write, after it is stored: a listener that fails (a screen whose page has gone
with its tab, a redraw with a bug) is dropped and logged, never let through to the write that told it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

Listener = Callable[[str | None], None]
log = logging.getLogger(__name__)


class ChangeFeed:
    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(match_id)` after every change (None: any match may have changed); returns the unsubscribe."""
        self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop

    def changed(self, match_id: str | None = None) -> None:
        for listener in list(self._listeners):  # a listener may unsubscribe while told
            try:
                listener(match_id)
            except Exception:  # noqa: BLE001 - whatever a screen does wrong, the change stays stored
                log.warning("a screen failed to follow a change and no longer follows the feed", exc_info=True)
                if listener in self._listeners:
                    self._listeners.remove(listener)

    def __len__(self) -> int:
        return len(self._listeners)
