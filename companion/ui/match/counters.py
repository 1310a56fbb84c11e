"""A match's own counters (a player's captured spawn points ...) named and worded as its pack says: the table's
player lines and a unit's details. Not in ui/widgets.py, which home draws with: the table's wording they use loads
the rule systems' base, which home's first frame doesn't need."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.model import Match
from companion.session import Session
from companion.session.table.words import said


@dataclass(frozen=True)
class CounterWords:
    """A counter's name, and the sentence its pack says it in for a player (none: its name and value)."""

    name: str
    says: str | None = None
    count: str = ""
    counts: str | None = None

    def line(self, player: str, value: int) -> str:
        """"Ann: 2 spawn points captured"; without a sentence, "Ann: Captured spawn points 2"."""
        if self.says is None:
            return f"{player}: {self.name} {value}"
        return said(self.says, player, value, self.count, self.counts)


def counter_words(session: Session, match: Match, scope: str) -> dict[str, CounterWords]:
    """The system's own counters of one scope (as the match declares them), with their words from the pack."""
    if not match.rules.counters.get(scope):  # most games keep none: no need to look for the packs (a scan)
        return {}
    pack = session.packs()[0].get(match.system)
    found = {c["id"]: CounterWords(c.get("name", c["id"]), c.get("says"), c.get("count", ""), c.get("counts"))
             for c in pack.entries("units", "counter")} if pack else {}
    return {c: found.get(c, CounterWords(c)) for c in match.rules.counters.get(scope, ())}


def counter_labels(session: Session, match: Match, scope: str) -> dict[str, str]:
    """The system's own counters of one scope (as the match declares them), with their names from the pack."""
    if not match.rules.counters.get(scope):  # most games keep none: no need to look for the packs (a scan)
        return {}
    pack = session.packs()[0].get(match.system)
    named = {c["id"]: c.get("name", c["id"]) for c in pack.entries("units", "counter")} if pack else {}
    return {c: named.get(c, c) for c in match.rules.counters.get(scope, ())}
