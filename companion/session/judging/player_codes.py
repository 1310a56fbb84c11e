"""Each player's own code, for *Report result* on their table's room page (printed on the pairings sheet, shown on
the judge's screen and by `companion judge codes`).

A code is made from the event's players' key (kept in its file), the player's name and how many of their codes
were spent, so the judge's CLI and the running server show the same codes without storing any, and spending one
(counted in the file, under its lock) makes the next. Redeemed through session.access, a code names the player's
seat key, "N:Name" (N: their codes spent so far): a cookie naming an older seat key opens nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from companion.core.tournament.state import Tournament
from companion.session.judging.service import Judging

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O or 1/I/L: read off paper, typed on a phone
LENGTH = 8  # 31^8: about 8.5e11 codes; guesses are rate-limited per phone (room.limits)


def normal(text: str) -> str:
    """A code as typed ("abcd efgh", "ABCD-EFGH") as the code itself."""
    return "".join(c for c in text.upper() if c not in " -")[:2 * LENGTH]


def shown(code: str) -> str:
    return f"{code[:4]}-{code[4:]}"


def seat_key(player: str, spent: int) -> str:
    return f"{spent}:{player}"


def player_of(seat: str) -> str:
    return seat.split(":", 1)[1] if ":" in seat else ""


def players(t: Tournament) -> tuple[str, ...]:
    """Who has a code: the registered players (a Swiss event), or everyone ever seated (a hand-seated one)."""
    if t.players:
        return t.players
    return tuple(dict.fromkeys(p for rnd in t.rounds for tb in rnd.tables for p in tb.players))


class EventCodes:
    """The players' codes of one event (session.access.PlayerCodes)."""

    def __init__(self, judging: Judging, event_id: str) -> None:
        self.judging = judging
        self.id = event_id
        self._seen: tuple[object, set[str]] = (None, set())  # the stored event last asked about, and its holders

    def _code(self, key: str, player: str, spent: int) -> str:
        digest = hmac.new(key.encode(), f"{spent}\0{player}".encode(), hashlib.sha256).digest()
        number = int.from_bytes(digest[:8], "big")
        out = []
        for _ in range(LENGTH):
            number, digit = divmod(number, len(ALPHABET))
            out.append(ALPHABET[digit])
        return "".join(out)

    def codes(self) -> dict[str, str]:
        """Every player's current code, as printed ("ABCD-EFGH")."""
        key, stored = self.judging.players_key(self.id), self.judging.load(self.id)
        return {p: shown(self._code(key, p, stored.spent.get(p, 0))) for p in players(stored.state)}

    def signed_in(self) -> set[str]:
        """The players whose first code was spent: signed in on a phone (the code shown now is their next)."""
        stored = self.judging.load(self.id)
        return {p for p in players(stored.state) if stored.spent.get(p, 0) > 0}

    def holders(self) -> set[str]:
        """Asked on every player's post: worked out again only when the stored event changed."""
        stored = self.judging.load(self.id)
        seen, holders = self._seen
        if seen is not stored:  # one tuple: a reader on another thread never pairs a new event with old holders
            holders = {seat_key(p, stored.spent.get(p, 0)) for p in players(stored.state)}
            self._seen = (stored, holders)
        return holders

    def spend(self, code: str) -> str | None:
        wanted = normal(code)
        if len(wanted) != LENGTH:
            return None
        key, stored = self.judging.players_key(self.id), self.judging.load(self.id)
        for p in players(stored.state):
            spent = stored.spent.get(p, 0)
            if secrets.compare_digest(self._code(key, p, spent), wanted):
                # counted under the file's lock: of two phones typing the same code at once, one gets in
                return seat_key(p, spent + 1) if self.judging.spend_code(self.id, p, spent) else None
        return None

