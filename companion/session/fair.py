"""Fair share of a server's live slots (the room's event streams, a server's watching Flet sessions).

A full house must not let one client (one address) lock everyone else out by holding every slot. When the cap
is reached, a newcomer takes the oldest slot of the client holding the most; when that is the newcomer itself,
its own oldest slot (a reload replaces the page it left behind). A newcomer holding nothing, when no client
holds more than one, hears "full": then the room really is full of different phones (swapping one for another
would only make them take turns).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

H = TypeVar("H", bound=Hashable)


class FairShare(Generic[H]):
    def __init__(self, cap: int, evict: Callable[[H], None]) -> None:
        self.cap = cap
        self._evict = evict  # ends the evicted holder's stream or socket (it has been released already)
        self._clients: dict[str, OrderedDict[H, None]] = {}  # client -> its holders, oldest first
        self._client_of: dict[H, str] = {}
        self.evicted = 0  # holders taken back for a newcomer (for the benchmark and the tests)

    def __len__(self) -> int:
        return len(self._client_of)

    def held_by(self, client: str) -> int:
        return len(self._clients.get(client, ()))

    def admit(self, client: str, holder: H) -> bool:
        """Give `holder` a slot for `client`, evicting another holder when the cap is reached; False: full."""
        if len(self._client_of) >= self.cap:
            top = max(self._clients, key=lambda c: len(self._clients[c]), default=None)
            if top is None:
                return False
            own = self.held_by(client)
            if len(self._clients[top]) >= own + 2:  # taking one of theirs leaves them still holding more
                victim_client = top
            elif own:
                victim_client = client
            else:
                return False  # no one holds more than one: really full
            victim = next(iter(self._clients[victim_client]))
            self.release(victim)
            self.evicted += 1
            self._evict(victim)
        self._clients.setdefault(client, OrderedDict())[holder] = None
        self._client_of[holder] = client
        return True

    def release(self, holder: H) -> None:
        client = self._client_of.pop(holder, None)
        if client is None:
            return
        held = self._clients[client]
        held.pop(holder, None)
        if not held:
            del self._clients[client]
