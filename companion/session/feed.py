"""The session's change feed: whoever shows a match subscribes once and hears of every change to it.

A screen built as a Flet component subscribes in an effect (`subscribe` returns the way to stop, which the
effect runs when the screen goes away) and reads the match again when told; nothing polls and no screen lists
what it reads. The session tells the feed after every write it stores and whenever it reads a match another
process changed (the CLI, a hosted table's phones); `changed(None)` says "look again at everything".
"""

from __future__ import annotations

from collections.abc import Callable

Listener = Callable[[str | None], None]


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
            listener(match_id)

    def __len__(self) -> int:
        return len(self._listeners)
