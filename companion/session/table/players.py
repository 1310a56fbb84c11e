"""The players at a match's table: finding one by id or name, and renaming one (an undoable `rename_player`
event, so the log, undo, share codes, backups and exports carry it like any other change)."""

from __future__ import annotations

from companion.core.errors import CompanionError
from companion.core.match.creation import MAX_NAME
from companion.core.model import Match, Player
from companion.session.matches import Session

__all__ = ["MAX_NAME", "find_player", "rename_player"]  # MAX_NAME: the longest name a player may have


def find_player(match: Match, wanted: str) -> Player:
    """The player whose id ("p2") or current name ("Ben", any case) is `wanted`."""
    text = wanted.strip()
    found = next((p for p in match.players if p.id == text), None) or next(
        (p for p in match.players if p.name.casefold() == text.casefold()), None)
    if found is None:
        seats = ", ".join(f"{p.name} ({p.id})" for p in match.players)
        raise CompanionError(f"there is no player {text!r} in this match; its players are {seats}")
    return found


def rename_player(session: Session, match_id: str, player: str, name: str, *, by: str | None = None) -> Match:
    """Give a player (id or current name) a new name, as one undoable step; the name is taken without spaces at
    either end. The reducer refuses a blank, over-long or taken name, in one sentence, with nothing changed."""
    who = find_player(session.state(match_id), player)
    return session.dispatch(match_id, "rename_player", {"player": who.id, "name": name.strip(), "was": who.name},
                            by=by)
