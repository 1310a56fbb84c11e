"""The judge's rights in `companion judge serve`: a one-time link, exchanged for a signed session cookie.

The link printed on the judge's terminal carries a one-time code, never the judge's key: opening it once sets
an HttpOnly, SameSite=Strict cookie (a random nonce signed with the event's judge key, kept in the event's
file, mode 0600) and sends the browser to /judge; the code is then spent, and the terminal shows a fresh
one for the next device. The Flet socket of /judge brings the cookie along; a connection that showed a valid
cookie is remembered (weakly: it is forgotten with the connection), and the judge's screen asks about the
page's *current* connection before every write. Rotating the key signs every cookie out, and the other
judge connections with them.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import weakref
from collections.abc import Callable
from typing import Any

COOKIE = "companion_judge"


class JudgeAccess:
    def __init__(self, key: Callable[[], str], rotate_key: Callable[[], str],
                 announce: Callable[[str], None]) -> None:
        self._key = key()
        self._rotate_key = rotate_key
        self._announce = announce  # prints the fresh one-time code's link on the judge's terminal
        self._code = ""
        self.connections: weakref.WeakSet[Any] = weakref.WeakSet()

    def new_code(self) -> str:
        self._code = secrets.token_urlsafe(18)
        return self._code

    def redeem(self, code: str) -> str | None:
        """The cookie for a valid one-time code (then spent, and a new one announced); None otherwise."""
        if not self._code or not hmac.compare_digest(code.encode(), self._code.encode()):
            return None
        self._announce(self.new_code())
        nonce = secrets.token_urlsafe(12)
        return f"{nonce}.{self._sign(nonce)}"

    def _sign(self, nonce: str) -> str:
        return hmac.new(self._key.encode(), nonce.encode(), hashlib.sha256).hexdigest()

    def valid(self, cookie: str | None) -> bool:
        nonce, _, mac = (cookie or "").partition(".")
        return bool(nonce and mac) and hmac.compare_digest(mac.encode(), self._sign(nonce).encode())

    def admit(self, connection: Any, cookie: str | None) -> None:
        """Called for every Flet socket: remember it as the judge's when it brought a valid cookie."""
        if self.valid(cookie):
            self.connections.add(connection)

    def admits(self, page: Any) -> bool:
        try:
            connection = page.session.connection
        except Exception:  # a page whose session is gone writes nothing
            return False
        return connection is not None and connection in self.connections

    def rotate(self, keep: Any = None) -> None:
        """A new judge key: every cookie and every judge connection but `keep` (the judge asking) loses its rights."""
        self._key = self._rotate_key()
        kept = keep.session.connection if keep is not None and self.admits(keep) else None
        self.connections = weakref.WeakSet([kept] if kept is not None else [])
        self._announce(self.new_code())
