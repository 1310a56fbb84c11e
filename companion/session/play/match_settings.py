"""Match settings: the numbers a pack leaves to the players because its source cuts them off or says to agree
them (`options.toml` [[setting]]: Halo's Kill points to win and its force's points limits, Armageddon Empires'
challenge dice). They are chosen when the match is made and kept in the match's counters under their id, so undo,
export, backups, share codes and the live table carry them; the rules helper, the header and the force check read
them from the match. The New match screen and `companion match new --setting ID=N` ask for the ones the pack
declares, and nothing here knows a game."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.model import Match
from companion.session.matches import Session


@dataclass(frozen=True)
class MatchSetting:
    id: str
    title: str
    text: str
    low: int
    high: int | None
    default: int | None
    missing: str | None  # why the players enter it (the source lacks the number), None when the pack has one


def pack_settings(session: Session, system_id: str) -> list[MatchSetting]:
    """The settings a pack declares (none for a pack that declares none, or that isn't here)."""
    pack = session.packs()[0].get(system_id)
    return [MatchSetting(s["id"], s["title"], s["text"], s.get("min", 0), s.get("max"), s.get("default"),
                         s.get("missing")) for s in (pack.entries("options", "setting") if pack else [])]


def match_settings(session: Session, match: Match) -> list[tuple[MatchSetting, int | None]]:
    """The pack's settings and the value each has in this match (None: not agreed)."""
    return [(s, match.counters.get(s.id) or None) for s in pack_settings(session, match.system)]


def settings_line(session: Session, match: Match) -> str:
    """"Kill points to win 10 · Starting force points limit 300", the agreed ones only ("" when none)."""
    return " · ".join(f"{s.title} {v}" for s, v in match_settings(session, match) if v is not None)
