"""House rules per match: the pack's options (`options.toml`), chosen when the match is made and switched later
by an undoable `house_rule` event; the match keeps them, so undo, export, backups, share codes and the live
table carry them, and the rules helper reads them from the match."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.model import Match
from companion.session.matches import Session
from companion.session.play.helper import system_of


@dataclass(frozen=True)
class HouseRule:
    id: str
    title: str
    text: str
    on: bool


def pack_house_rules(session: Session, system_id: str) -> list[HouseRule]:
    """The house rules a pack offers, each as it stands unless switched (for the New match screen)."""
    pack = session.packs()[0].get(system_id)
    return [HouseRule(o["id"], o["title"], o["text"], bool(o["default"]))
            for o in (pack.entries("options", "option") if pack else [])]


def house_rules(session: Session, match: Match) -> list[HouseRule]:
    """The pack's house rules and whether each is on in this match."""
    on = system_of(match).house_rules(match)
    return [HouseRule(r.id, r.title, r.text, on.get(r.id, r.on)) for r in pack_house_rules(session, match.system)]


def set_house_rule(session: Session, match_id: str, option: str, on: bool, *, by: str | None = None) -> Match:
    """Switch one house rule on or off for the match (one undoable event; the system refuses unknown ones)."""
    return session.dispatch(match_id, "house_rule", {"option": option, "on": on}, by=by)
