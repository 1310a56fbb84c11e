"""The table's words for a unit and a player, asked of the match's system where they differ between games: the
tokens a unit can hold and the points that decide the game. The app's cards, the CLI's `match show` and the live
table's pages call these, the log calls the same core functions (core.match.describe), so "click 2 of 3",
"Action 1", "reserve" and "1 kill" read the same everywhere."""

from __future__ import annotations

from companion.core.match.describe import SCORE_NAMES, click_text, score_text, unit_status
from companion.core.model import Match, Player, Unit
from companion.session.play.helper import system_of
from companion.session.play.positions import token_kinds

__all__ = ["click_text", "player_score", "scores_shown", "unit_line"]


def unit_line(match: Match, unit: Unit, place: str = "") -> str:
    """"click 2 of 3 · reserve · Action 1": the unit's click, where it waits (or `place`, where it stands when the
    card says it) and the tokens it holds."""
    return unit_status(unit, token_kinds(match, unit), place)


def scores_shown(match: Match, player: Player) -> tuple[str, ...]:
    """The kinds of points to show for `player`: the ones its game scores, and any other it holds some of (given by
    hand); none in a game won another way, until someone gives points."""
    system = system_of(match)
    kind = system.scoring_kind(match)
    return tuple(k for k in SCORE_NAMES if (k == kind and system.keeps_score) or getattr(player, k))


def player_score(match: Match, player: Player) -> str:
    """"3 kills", "2 VP", "" in a game that scores none: what a player's points read as beside their name."""
    return ", ".join(score_text(k, getattr(player, k)) for k in scores_shown(match, player))
