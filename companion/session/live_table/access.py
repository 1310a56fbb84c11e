"""Who may change a hosted table: one-time join codes, exchanged for a signed seat cookie, checked per connection.

The join QR on the host's screen carries a one-time code, never a lasting key: the phone that opens it picks
its player on a small page, and that POST spends the code and sets an HttpOnly, SameSite=Strict cookie (the
player's id and a random nonce, signed with a key that lives only in the host's memory). The host's screen and
terminal then show a fresh code for the next phone. Flet's socket brings the cookie along; a connection that
showed a valid one is remembered with its seat (weakly: forgotten with the connection), and every write asks
for the seat of the page's *current* connection. `rotate()` makes a new key: every phone is signed out.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import weakref
from collections.abc import Callable
from typing import Any

COOKIE = "companion_table"


class TableAccess:
    def __init__(self, match_id: str, players: Callable[[], tuple[str, ...]],
                 announce: Callable[[str], None] = lambda code: None) -> None:
        self.match_id = match_id
        self._players = players  # the seats a cookie may name (the match's player ids)
        self._announce = announce  # shows the fresh one-time code (the host's terminal and screen)
        self._key = secrets.token_bytes(32)
        self._code = ""
        self._lock = threading.Lock()  # two phones redeeming one code at once: only one gets it
        self._seats: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()

    @property
    def code(self) -> str:
        return self._code

    def new_code(self) -> str:
        self._code = secrets.token_urlsafe(12)
        self._announce(self._code)
        return self._code

    def is_current(self, code: str) -> bool:
        return bool(self._code) and hmac.compare_digest(code.encode(), self._code.encode())

    def redeem(self, code: str, player: str) -> str | None:
        """The seat cookie for a valid one-time code and a seated player (the code is then spent); else None."""
        with self._lock:
            if player not in self._players() or not self.is_current(code):
                return None
            self.new_code()
        nonce = secrets.token_urlsafe(12)
        return f"{player}.{nonce}.{self._sign(player, nonce)}"

    def _sign(self, player: str, nonce: str) -> str:
        return hmac.new(self._key, f"{self.match_id}:{player}:{nonce}".encode(), hashlib.sha256).hexdigest()

    def seat_of(self, cookie: str | None) -> str | None:
        """The player a cookie seats, when its signature holds under the current key."""
        parts = (cookie or "").split(".")
        if len(parts) != 3 or parts[0] not in self._players():
            return None
        player, nonce, mac = parts
        return player if hmac.compare_digest(mac.encode(), self._sign(player, nonce).encode()) else None

    def admit(self, connection: Any, cookie: str | None) -> None:
        """Called for every Flet socket: remember its seat when it brought a valid cookie."""
        seat = self.seat_of(cookie)
        if seat is not None:
            self._seats[connection] = seat

    def seat(self, page: Any) -> str | None:
        """The player the page's current connection acts as; None: it may only watch."""
        try:
            connection = page.session.connection
        except Exception:  # a page whose session is gone writes nothing
            return None
        return self._seats.get(connection) if connection is not None else None

    def rotate(self) -> None:
        """A new key: every cookie and every seated connection loses its rights; a fresh join code."""
        self._key = secrets.token_bytes(32)
        self._seats = weakref.WeakKeyDictionary()
        self.new_code()
