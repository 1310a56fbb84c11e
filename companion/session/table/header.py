"""What the table's sticky header shows: whose turn, everyone's points against what wins, actions used, and
whether the rules say the match is over (service for ui/match/header.py).

The winning conditions come from the pack (`victory.toml`: a score target per player count, the last force
standing, a dial's KO click); a match ended by the rules helper is already "finished", but points typed by
hand reach a target too, and the header asks then.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.match.describe import score_text
from companion.core.model import Match, Player
from companion.session.matches import Session
from companion.session.play.helper import system_of
from companion.session.table.words import scores_shown, turn_line, turn_used


@dataclass(frozen=True)
class Score:
    player: str
    name: str
    colour: str
    value: int
    target: int | None  # None: the pack names no target for this many players
    kind: str = "vp"  # "vp" or "kills"

    @property
    def words(self) -> str:
        """"1 kill", "2 of 5 VP": the points in the table's words (core.match.describe.score_text)."""
        return score_text(self.kind, self.value, self.target)


@dataclass(frozen=True)
class Over:
    """The rules' verdict that the match is over, still to be accepted by the players."""

    winners: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class Header:
    kind: str  # "vp" or "kills"
    when: str  # "Turn 2 · Ann to play", "Turn 1 · Ann's round 1 of 2", or who won
    actions: str  # "Actions 1 of 3", or "" when the system counts none
    scores: tuple[Score, ...]
    over: Over | None


def victory_rules(session: Session, system: str) -> list[Mapping[str, Any]]:
    """The pack's victory entries for `header` (none when the pack is missing), each score's counter named by
    the points it keeps ("kills" for Halo's Kill points)."""
    pack = session.packs()[0].get(system)
    if pack is None:
        return []
    kept = {c["id"]: c["tracked_as"] for c in pack.entries("units", "counter") if "tracked_as" in c}
    return [{**rule, "counter": kept.get(rule["counter"], rule["counter"])} if "counter" in rule else rule
            for rule in pack.entries("victory", "victory")]


def header(match: Match, victory: list[Mapping[str, Any]]) -> Header:
    """The header's facts for `match`, with `victory` the pack's victory entries (`victory_rules`)."""
    kind = system_of(match).scoring_kind(match)
    target = score_target(victory, kind, len(match.players), match.counters)
    # a game won another way shows no points (unless someone gave some): session.table.words
    scores = tuple(Score(p.id, p.name, p.colour, getattr(p, kind), target, kind) for p in match.players
                   ) if any(scores_shown(match, p) for p in match.players) else ()
    return Header(kind, turn_line(match), turn_used(match), scores,
                  over(match, victory, kind, target) if match.status == "active" else None)


def points_line(match: Match, head: Header, player: Player) -> str:
    """"2 of 2 kills": the player's points as the header says them (against what wins), and any other points
    given by hand ("1 VP"); the text of `match show` beside the player's name."""
    said = {s.player: s.words for s in head.scores}
    parts = [said[player.id]] if player.id in said else []
    return ", ".join(parts + [score_text(k, getattr(player, k)) for k in scores_shown(match, player) if k != head.kind])


def score_target(victory: list[Mapping[str, Any]], kind: str, players: int,
                 settings: Mapping[str, int] | None = None) -> int | None:
    """The score that wins for this many players: the pack's number, or the one the players agreed for the match
    (a target held by a match setting, e.g. Halo's Kill points to win; None while it is not agreed)."""
    for rule in victory:
        low, high = rule.get("players", (1, 99))
        if rule.get("kind") == "score" and rule.get("counter", "vp") == kind and low <= players <= high:
            if "setting" in rule:
                agreed = (settings or {}).get(rule["setting"], 0)
                return agreed if agreed > 0 else None
            return int(rule["value"])
    return None


def over(match: Match, victory: list[Mapping[str, Any]], kind: str, target: int | None) -> Over | None:
    """The first immediate victory condition of the pack that the match meets now, if any."""
    kinds = {rule.get("kind") for rule in victory if rule.get("immediate")}
    if "score" in kinds and target is not None:
        reached = [p for p in match.players if getattr(p, kind) >= target]
        if reached:
            best = max(getattr(p, kind) for p in reached)
            top = tuple(p.id for p in reached if getattr(p, kind) == best)
            names = " and ".join(match.player(p).name for p in top)
            return Over(top, f"{names} reached {best} {'VP' if kind == 'vp' else 'kills'} (of {target}).")
    system = system_of(match)
    if "last_standing" in kinds:
        standing = {u.owner for u in match.units if system.stands(match, u)}
        owners = {u.owner for u in match.units}
        if len(owners) > 1 and len(standing) == 1:
            winner = match.player(standing.pop())
            return Over((winner.id,), f"{winner.name} is the only player with a character left.")
    if "dial_click" in kinds and (decided := system.decided(match)) is not None:
        won, why = decided
        return Over(won, f"{why[:1].upper()}{why[1:]}.")
    return None

