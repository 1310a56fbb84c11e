"""Who may read and write through a Session: a policy object it consults on every read of a match and every write.

The default lets the device's owner do anything. A hosted table's phone gets a policy (session/live_table)
that lets it read and change the hosted match only, as its own seat, one write at a time, and tells the other
phones afterwards. Every public writer of `Session` carries `@guarded(...)`, so a new writer is guarded by
adding one line, not by overriding private methods in a subclass (tests/unit/test_live_table.py checks each one).
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

# what a write does, as `writing` is told: a change to a match (an event, an action), taking one back or
# bringing it again, making, deleting, importing a match, replacing its whole history
WRITES = ("change", "undo", "redo", "new", "delete", "import", "replace")


class WritePolicy(Protocol):
    def visible(self, match_id: str) -> bool:
        """Whether this session may read the match (and see it listed)."""
        ...

    def check_events(self) -> None:
        """Raises a CompanionError when this session may not reach the judge's events (Session.judging)."""
        ...

    def writing(self, what: str, match_id: str | None, by: str | None) -> contextlib.AbstractContextManager[str | None]:
        """Entered around every write: raises a CompanionError to refuse it (nothing is stored), else gives who
        the write is by (stamped on the event). The write is done when the block ends without an error."""
        ...


class Owner:
    """The device's owner: reads and writes everything, as whoever the caller names."""

    def visible(self, match_id: str) -> bool:
        return True

    def check_events(self) -> None:
        pass

    @contextlib.contextmanager
    def writing(self, what: str, match_id: str | None, by: str | None) -> Iterator[str | None]:
        yield by


OWNER = Owner()


def _first(match_id: str | None = None, *args: Any, **kwargs: Any) -> str | None:
    return match_id


def guarded(what: str, match: Callable[..., str | None] = _first) -> Callable[[F], F]:
    """Mark a Session method as a write of kind `what`: it runs inside `self.policy.writing(...)`, which may
    refuse it and decides the author (`by`). `match` finds the match id in the call's arguments."""
    assert what in WRITES

    def wrap(method: F) -> F:
        takes_by = "by" in inspect.signature(method).parameters

        @functools.wraps(method)
        def guarded_method(self: Any, *args: Any, **kwargs: Any) -> Any:
            with self.policy.writing(what, match(*args, **kwargs), kwargs.get("by")) as by:
                if takes_by:
                    kwargs["by"] = by
                return method(self, *args, **kwargs)

        guarded_method.writes = what  # type: ignore[attr-defined]
        return guarded_method  # type: ignore[return-value]

    return wrap
