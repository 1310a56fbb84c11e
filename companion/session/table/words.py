"""The table's words for a unit and a player, asked of the match's system where they differ between games: the
tokens a unit can hold and their names (its pack's), the points that decide the game, whose turn it is. The
app's cards and header, the CLI's `match show` and the live table's pages call these, the log calls the same core
functions (core.match.describe), so "click 2 of 3", "Action 1", "reserve", "1 kill" and "Turn 1 · Ann to play"
read the same everywhere."""

from __future__ import annotations

from companion.core.match.describe import SCORE_NAMES, click_text, score_text, turn_text, unit_status
from companion.core.model import Match, Player, Unit
from companion.core.words import counted, plural, said
from companion.session.play.helper import system_of
from companion.session.play.positions import token_kinds, token_names

__all__ = ["click_text", "counted", "player_score", "plural", "said", "scores_shown", "turn_line", "turn_used",
           "unit_line"]


def unit_line(match: Match, unit: Unit, place: str = "") -> str:
    """"click 2 of 3 · reserve · Action 1": the unit's click, where it waits (or `place`, where it stands when the
    card says it) and the tokens it holds."""
    return unit_status(unit, token_kinds(match, unit), place, token_names(match))


def scores_shown(match: Match, player: Player) -> tuple[str, ...]:
    """The kinds of points to show for `player`: the ones its game scores, and any other it holds some of (given by
    hand); none in a game won another way, until someone gives points."""
    system = system_of(match)
    kind = system.scoring_kind(match)
    return tuple(k for k in SCORE_NAMES if (k == kind and system.keeps_score) or getattr(player, k))


def player_score(match: Match, player: Player) -> str:
    """"3 kills", "2 VP", "" in a game that scores none: what a player's points read as beside their name."""
    return ", ".join(score_text(k, getattr(player, k)) for k in scores_shown(match, player))


def turn_line(match: Match) -> str:
    """"Turn 2 · Ann to play", "Turn 1 · Ann's round 1 of 2" (Skirmish), or who won: the table's header, the
    watching page, `match show` and a share's comparison all say where the match stands so."""
    system = system_of(match)
    return turn_text(match, system.turn_words(match)[0], system.game_turn(match.turn))


def turn_used(match: Match) -> str:
    """"Actions 1 of 3": how much of the active player's turn is used, "" where the game counts none."""
    return system_of(match).turn_words(match)[1]
