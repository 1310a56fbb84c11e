"""What must hold before a request reaches the app, for the room's and a hosted table's server: the one module that
reaches into uvicorn's HTTP protocol (the only place that sees a connection before its headers are in).

- **Open files**: a server process starts with the soft limit raised to the hard one (usually 1,024 → 524,288 on
  Linux): every stream, socket and page is a file, and at 1,024 a greedy phone's ~1,000 streams left the others
  "Too many open files" before any cap acted. `file_budget()` tells the caps what is really there.
- **Per address**: at most `per_address` open connections from one address (a phone's browser keeps about six per
  server; a phone showing a page per table a few more); the next is closed at once, unread, and the rest of the
  room goes on. Closed connections, upgraded WebSockets included, stop counting when they close.
- **Deadlines**: a connection that has not sent a whole request's headers `header_deadline` seconds after it opened
  (or after its last response: a kept-alive connection idling or trickling its next request) is closed. Bodies
  have their own deadline where they are read (the room's forms).

uvicorn's protocol class is chosen as its `auto` does (httptools when installed, else h11), or h11 alone where only
pure Python may run (a phone build): both keep the request being served as `cycle`, a new one each time a request's
headers are complete, which is all the deadline reads.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

PER_ADDRESS = 64  # open connections per client address
HEADER_DEADLINE = 10.0  # seconds for a request's headers
RESERVE = 256  # open files kept for pages, the event files, the Flutter client's files and the log
log = logging.getLogger(__name__)


def raise_open_files() -> int:
    """Raise this process's soft limit of open files to its hard limit; the soft limit in force after."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return 8192
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if wanted > soft:
        with contextlib.suppress(ValueError, OSError):  # a sandbox may refuse: keep what we have
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    return soft


def file_budget() -> int:
    """Open files a server may spend on streams and sockets: the raised limit less a reserve for everything else."""
    return max(64, raise_open_files() - RESERVE)


class Connections:
    """The open connections of one server, by client address."""

    def __init__(self, per_address: int) -> None:
        self.per_address = per_address
        self.open: dict[str, set[asyncio.BaseTransport]] = defaultdict(set)
        self.refused = 0

    def admit(self, address: str, transport: asyncio.BaseTransport) -> bool:
        held = self.open[address]
        held.difference_update([t for t in held if t.is_closing()])  # upgraded sockets close under another protocol
        if len(held) >= self.per_address:
            self.refused += 1
            return False
        held.add(transport)
        return True

    def release(self, address: str, transport: asyncio.BaseTransport) -> None:
        held = self.open.get(address)
        if held is not None:
            held.discard(transport)
            if not held:
                del self.open[address]


def guarded_protocol(connections: Connections, header_deadline: float = HEADER_DEADLINE, *,
                     pure: bool = False) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol with the per-address cap and the header deadline (pass as `Config(http=...)`);
    `pure`: h11's, without trying httptools (a C extension)."""
    base: Any = H11Protocol
    if not pure:
        from uvicorn.protocols.http.auto import AutoHTTPProtocol  # httptools when installed

        base = AutoHTTPProtocol

    class Guarded(base):  # type: ignore[misc, valid-type]
        _address: str | None = None
        _deadline: asyncio.TimerHandle | None = None
        _awaited: Any = None

        def connection_made(self, transport: Any) -> None:
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if peer else ""
            if not connections.admit(address, transport):
                transport.close()  # unread: this address holds its share already
                return
            self._address = address
            super().connection_made(transport)
            self._arm()

        def _arm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._awaited = self.cycle  # the request served last; a new one's headers make a new cycle
            self._deadline = self.loop.call_later(header_deadline, self._late)

        def _late(self) -> None:
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:  # closed, or now a WebSocket
                return
            cycle = self.cycle
            if cycle is self._awaited and (cycle is None or cycle.response_complete):
                transport.close()  # no whole request in time: a slow client holds no file for long

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self._address is not None and not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._address is None:  # refused at the door: uvicorn never saw it
                return
            connections.release(self._address, self.transport)
            if self._deadline is not None:
                self._deadline.cancel()
            super().connection_lost(exc)

    Guarded.__name__ = f"Guarded{base.__name__}"
    return Guarded
