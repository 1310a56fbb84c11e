"""Tiebreak orders an event can announce: which numbers rank the standings, and which columns show them.

    house     wins, ties, VP, opponents' strength (the app's first order; events stored before presets keep it)
    heroclix  HCUnits' order (the HeroClix community's event site): wins, a bye counting as a win; cumulative
              score (VP); opponents' win % (each opponent's wins / games at a table, floored at 30 %, byes left out
              on both sides: a bye is no opponent and no game); average opponent score (their VP)
    magic     Magic's tournament rules: match points (3 a win or bye, 1 a tie), opponents' match-win % (each
              floored at 0.33, byes counted as wins in the opponent's own rate), then game points, here VP
Every order is best first on each number in turn; the rest of an equal row is a shared rank. A bye is worth
results.BYE_VP in every order's VP, so the one VP figure reads the same everywhere. Dropped players keep their
results and still count as opponents.

The numbers themselves are computed in tournament.results (Standing); here each order only names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Column:
    field: str  # a Standing attribute
    header: str  # short, for a phone's table
    kind: str = "n"  # n: a whole number, pct: a rate shown as a percentage, avg: an average to one decimal

    def text(self, value: float) -> str:
        if self.kind == "pct":
            return f"{value:.0%}"
        if self.kind == "avg":
            return f"{value:.1f}"
        return str(value)


@dataclass(frozen=True)
class Preset:
    id: str
    name: str
    order: str  # one line a printout and the room's page carry
    keys: tuple[str, ...]  # Standing attributes, compared best (largest) first
    columns: tuple[Column, ...]  # what the standings show, the keys among them


W, T, L = Column("wins", "W"), Column("ties", "T"), Column("losses", "L")
VP = Column("vp", "VP")
PRESETS: dict[str, Preset] = {p.id: p for p in (
    Preset("house", "Wins, then VP", "wins → ties → VP → opponents' strength (match-win %, 0.33 floor)",
           ("wins", "ties", "vp", "opp_strength"), (W, T, L, VP, Column("opp_strength", "Opp", "pct"))),
    Preset("heroclix", "HeroClix (HCUnits)",
           "wins (a bye counts as a win) → score (VP) → opponents' win % (30 % floor, byes left out) → "
           "average opponent score", ("wins", "vp", "opp_win", "opp_score"),
           (W, L, T, Column("vp", "Score"), Column("opp_win", "OppW%", "pct"), Column("opp_score", "OppScore", "avg"))),
    Preset("magic", "Magic (match points)",
           "match points (3 a win or bye, 1 a tie) → opponents' match-win % (0.33 floor) → game points (VP)",
           ("points", "opp_strength", "vp"), (Column("points", "Pts"), W, L, T, Column("opp_strength", "OMW%", "pct"),
                                              VP)),
)}
DEFAULT = "house"


def order_for(preset_id: str, placement: tuple[int, ...] = ()) -> Preset:
    """The event's order: its preset, after the placement points first in a Battle Royale event."""
    chosen = PRESETS[preset_id]
    if not placement:
        return chosen
    first = Column("placement", "Place", "avg")
    return Preset(chosen.id, f"Battle Royale {'/'.join(map(str, placement))}, then {chosen.name}",
                  f"placement points ({'/'.join(map(str, placement))}, ties split) → {chosen.order}",
                  ("placement", *chosen.keys), (first, *chosen.columns))


def cells(chosen: Preset, row: Any) -> tuple[str, ...]:
    """A standings row's values for the preset's columns, as shown on screens and pages."""
    return tuple(c.text(getattr(row, c.field)) for c in chosen.columns)
