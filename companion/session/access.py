"""One way in, for the judge's room (`companion judge serve`) and a hosted table (`companion table host`).

1. A **one-time code** (the judge's link on the terminal, a table's join QR, a player's own code on the pairings
   sheet) never carries a lasting key. Redeeming it spends it, announces a fresh one for the next device, and sets
2. a **signed cookie** (itsdangerous, salted with what it opens: a judge cookie opens no table, a cookie of one
   table no other): who it names (the judge, a player's id) and a random nonce, HttpOnly, SameSite=Strict.
3. **Rotation** makes a new key: every cookie, and every connection that showed one, loses its rights.
4. **Per connection**: each Flet socket shows its cookie once; a connection that showed a valid one is
   remembered with who it acts as (weakly: forgotten with the connection), and every write asks about the
   page's *current* connection. A plain form's POST (a player's report) is its own connection: it shows its
   cookie with every request.

A player's code is one of many, one per player (`PlayerCodes`, kept with the event: session.judging.player_codes):
redeeming it names the player's *seat key* ("2:Ann": Ann's third device), the one holder their cookie may name. The
next code of the same player makes a new seat key, so a phone signed in before loses its rights.

`OriginGuard` refuses, before anything is read or stored, every WebSocket upgrade and every POST whose Origin is
neither the server's own (the Host it was asked for) nor an address the server printed: a page on another site
can't use a phone's cookie, whatever the browser does with SameSite.
"""

from __future__ import annotations

import secrets
import threading
import weakref
from collections.abc import Callable, Collection, Iterable
from typing import Any, Protocol

from itsdangerous import BadSignature, URLSafeSerializer

JUDGE = "judge"  # who a judge's cookie names
JUDGE_COOKIE = "companion_judge"
TABLE_COOKIE = "companion_table"
PLAYER_COOKIE = "companion_player"
SAFE_METHODS = (b"GET", b"HEAD", b"OPTIONS")
Send = Callable[[dict[str, Any]], Any]


class PlayerCodes(Protocol):
    """Per-player one-time codes kept with an event (session.judging.player_codes)."""

    def spend(self, code: str) -> str | None:
        """The seat key the code opens, now spent (atomically across processes); None: no such code now."""
        ...

    def holders(self) -> Collection[str]:
        """Every seat key a cookie may name now (each player's latest)."""
        ...


class Access:
    """The rights one server hands out. `holders()` names who a cookie may name (the judge; a table's players)."""

    def __init__(self, cookie: str, purpose: str, key: str, *, rotate_key: Callable[[], str],
                 holders: Callable[[], Collection[str]], announce: Callable[[str], None] = lambda code: None,
                 codes: PlayerCodes | None = None) -> None:
        self.cookie = cookie  # the cookie's name
        self._purpose = purpose  # the signature's salt: what the cookie opens
        self._rotate_key = rotate_key
        self._holders = holders
        self._announce = announce  # shows the fresh one-time code (the terminal, the host's screen)
        self._codes = codes  # one code per holder (players), instead of one code at a time
        self._serializer = URLSafeSerializer(key, salt=purpose)
        self._code = ""
        self._lock = threading.Lock()  # two devices redeeming one code at once: only one gets it
        self._connections: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()

    # --- one-time codes ---------------------------------------------------------------------------

    @property
    def code(self) -> str:
        return self._code

    def new_code(self) -> str:
        self._code = secrets.token_urlsafe(12)
        self._announce(self._code)
        return self._code

    def is_current(self, code: str) -> bool:
        return bool(self._code) and secrets.compare_digest(code.encode(), self._code.encode())

    def redeem(self, code: str, who: str = JUDGE) -> str | None:
        """The cookie for a valid one-time code naming a valid holder (the code is then spent); else None.
        With per-holder codes, the code itself says who (`who` is not asked)."""
        if self._codes is not None:
            seat = self._codes.spend(code)
            if seat is None or seat not in self._holders():
                return None
            return self._serializer.dumps([seat, secrets.token_urlsafe(12)])
        with self._lock:
            if who not in self._holders() or not self.is_current(code):
                return None
            self.new_code()
        return self._serializer.dumps([who, secrets.token_urlsafe(12)])

    # --- cookies and connections ------------------------------------------------------------------

    def holder(self, cookie: str | None) -> str | None:
        """Who a cookie names, when its signature holds under the current key and they may still hold one."""
        try:
            signed = self._serializer.loads(cookie or "")
            who, _nonce = signed
        except (BadSignature, ValueError, TypeError):
            return None
        # only the cookie exactly as it was issued: base64 lets a changed last character (or a '/' for '_') decode
        # to the same bytes, and a cookie is the same cookie only when it is the same text
        if self._serializer.dumps(signed) != cookie:
            return None
        return who if isinstance(who, str) and who in self._holders() else None

    def admit(self, connection: Any, cookie: str | None) -> str | None:
        """Called for every Flet socket: remember who it acts as when it brought a valid cookie."""
        who = self.holder(cookie)
        if who is not None:
            self._connections[connection] = who
        return who

    def holder_of(self, page: Any) -> str | None:
        """Who the page's current connection acts as; None: it may only watch."""
        from companion.flet_adapter import page_connection  # Flet loads with a page, not with the CLI's codes

        try:
            connection = page_connection(page)
        except Exception:  # a page whose session is gone writes nothing
            return None
        return self._connections.get(connection) if connection is not None else None

    def admits(self, page: Any) -> bool:
        return self.holder_of(page) is not None

    def rotate(self, keep: Any = None) -> None:
        """A new key: every cookie and every connection but `keep`'s (the page asking) loses its rights."""
        from companion.flet_adapter import page_connection

        kept = page_connection(keep) if keep is not None and self.admits(keep) else None
        who = self._connections.get(kept) if kept is not None else None
        self._serializer = URLSafeSerializer(self._rotate_key(), salt=self._purpose)
        self._connections = weakref.WeakKeyDictionary()
        if kept is not None and who is not None:
            self._connections[kept] = who
        self.new_code()


def random_key() -> str:
    """A key that lives only in this process's memory (a hosted table's): a restart signs every phone out."""
    return secrets.token_urlsafe(32)


def judge_access(key: str, rotate_key: Callable[[], str], announce: Callable[[str], None]) -> Access:
    """The judge's rights in `companion judge serve`: the key is kept in the event's file (mode 0600)."""
    return Access(JUDGE_COOKIE, "companion-judge", key, rotate_key=rotate_key, holders=lambda: (JUDGE,),
                  announce=announce)


def player_access(event_id: str, key: str, codes: PlayerCodes) -> Access:
    """The players of a judged event, each reporting their own table's result from the room's pages: a cookie
    names one player's seat key, under the event's players' key (kept in its file: a restart keeps them in)."""
    return Access(PLAYER_COOKIE, f"companion-player:{event_id}", key, rotate_key=random_key, holders=codes.holders,
                  codes=codes)


def table_access(match_id: str, players: Callable[[], Collection[str]],
                 announce: Callable[[str], None] = lambda code: None) -> Access:
    """The seats of a hosted table: a cookie names one of the match's players, under a key in memory only."""
    return Access(TABLE_COOKIE, f"companion-table:{match_id}", random_key(), rotate_key=random_key,
                  holders=players, announce=announce)


# --- the Origin check ---------------------------------------------------------------------------------


def origin_refusal(scope: dict[str, Any], printed: Iterable[str]) -> str | None:
    """Why a WebSocket upgrade or a POST is refused (None: it may go on).

    Allowed: no Origin and no Referer (not a browser: it could send any Origin it liked), the server's own origin
    (the Host the browser asked for), or an address the server printed (its LAN address). A browser that sends no
    Origin but a Referer (older ones, some privacy settings) is judged by the Referer's origin the same way."""
    if scope["type"] == "http" and scope.get("method", "GET").encode() in SAFE_METHODS:
        return None
    headers = dict(scope.get("headers") or [])
    origin = headers.get(b"origin")
    if origin is None:
        origin = _origin_of(headers.get(b"referer"))
    if origin is None:
        return None
    text = origin.decode("latin-1").rstrip("/")
    scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
    own = f"{scheme}://{headers.get(b'host', b'').decode('latin-1')}"
    if text == own or text in {p.rstrip("/") for p in printed}:
        return None
    return (f"Refused: this request came from another site ({text[:80]}), so nothing was changed. Open the "
            "address the host's screen or terminal shows.")


def _origin_of(referer: bytes | None) -> bytes | None:
    """scheme://host[:port] of a Referer (what an Origin header would have said), or None without one."""
    if not referer:
        return None
    scheme, sep, rest = referer.partition(b"://")
    return scheme + sep + rest.split(b"/", 1)[0] if sep else referer


class OriginGuard:
    """The Origin check for every WebSocket upgrade and every POST, as a pure ASGI wrapper (streams unbuffered)."""

    def __init__(self, app: Any, printed: Callable[[], Iterable[str]]) -> None:
        self.app = app
        self.printed = printed  # the addresses the server printed (its LAN address)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Send) -> None:
        refusal = origin_refusal(scope, self.printed()) if scope["type"] in ("http", "websocket") else None
        if refusal is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            await _answer(send, "http.response", refusal)
        elif "websocket.http.response" in scope.get("extensions", {}):
            await _answer(send, "websocket.http.response", refusal)
        else:  # a server without the denial-response extension: the handshake is refused all the same
            await send({"type": "websocket.close", "code": 1008, "reason": refusal[:120]})


async def _answer(send: Send, kind: str, text: str) -> None:
    await send({"type": f"{kind}.start", "status": 403, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"), (b"cache-control", b"no-store")]})
    await send({"type": f"{kind}.body", "body": (text + "\n").encode()})
