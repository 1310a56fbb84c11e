"""HeroClix Skirmish rounds (seed 003): who plays now, what this round has used, and ending rounds and turns.

A Skirmish turn is shared: each player plays `rules.rounds_per_turn` rounds (one per 100 points of build total)
in seat order, then bonus rounds. The core's `end_round` passes the round to the next player and counts
`match.round` up when it comes back to the first player, so round r of the turn is every player's r-th round.
A player's rounds this turn are the default plus the player counter `extra-actions` (how far their action total
is above the default): one bonus round per action above it.
What the current round has used lives in the match counters `round-costed` and `round-free`; the player counter
`first-round-reduction` marks the once-per-opponent's-first-round damage reduction. A match made before the pack
declared these counters still plays: the helper then can't track them and says so.
The Rule of the First Round replaces First Turn Immunity, so "a player's first round" is read as their first
round of the game (turn 1, round 1); the Beginning of Turn step is each turn's round 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.match.events import Event
from companion.core.model import Match, Player, Unit

SYSTEM_ID = "heroclix-skirmish"
COSTED_USED = "round-costed"  # match counters
FREE_USED = "round-free"
EXTRA_ACTIONS = "extra-actions"  # player counters
REDUCTION_USED = "first-round-reduction"

# Section ids of content/heroclix-skirmish/rules.md (a test checks they exist there).
RULE_ROUNDS = "action-phase"
RULE_BONUS = "bonus-rounds"
RULE_FIRST_ROUND = "first-round"
RULE_BEGINNING = "beginning-of-turn"
RULE_END_OF_TURN = "end-of-turn"
RULE_CLEAR = "clear-phase"
RULE_VP = "victory-points"
RULE_VICTORY = "victory"
RULE_TIME = "time-limit"
RULE_PUSHING = "pushing"  # HeroClix's core rules on a second action token, which the seed points to
RULE_ONE_ACTION = "one-action"  # HeroClix's core rules: one costed action per character a turn
RULE_CRITICALS = "criticals"  # HeroClix's core rules on two 6s and two 1s, which the seed points to
RULE_STANDARD = "overview"  # standard HeroClix rules apply unless the format changes them

TIME_NOTE = ("Playing with the 30-minute limit: time it on the Table clock (it offers 30 minutes when the limit is "
             "switched on); if nobody has won when it runs out, the most victory points wins.")


def unit_kind(unit: Unit) -> str:
    """"character", "bystander" or "object", read from `unit.ref`: a ref of "bystander" or "object", or one that
    starts with "bystander:" or "object:", marks the unit; any other unit is a character."""
    head = (unit.ref or "").split(":", 1)[0]
    return head if head in ("bystander", "object") else "character"


def is_character(unit: Unit) -> bool:
    """Bystanders are characters too; objects are not."""
    return unit_kind(unit) != "object"


def in_play(unit: Unit) -> bool:
    return unit.location == "table" and not unit.eliminated


def stands(unit: Unit) -> bool:
    """A piece that keeps its player in the game: a character on the map, not a 0-point bystander."""
    return in_play(unit) and is_character(unit) and not (unit_kind(unit) == "bystander" and unit.points == 0)


def rounds_for(state: Match, player: Player) -> int:
    return state.rules.rounds_per_turn + max(0, player.counters.get(EXTRA_ACTIONS, 0))


def has_round(state: Match, index: int, round_: int) -> bool:
    return round_ <= rounds_for(state, state.players[index])


def first_round(state: Match) -> bool:
    return state.turn == 1 and state.round == 1


def tracked(state: Match) -> bool:
    """Whether this match's rules declare the round counters (a match made with an older pack doesn't)."""
    return COSTED_USED in state.rules.counters.get("match", ())


def reduction_tracked(state: Match) -> bool:
    return REDUCTION_USED in state.rules.counters.get("player", ())


def rounds_left(state: Match) -> bool:
    """Whether any player still has a round this turn, counting the current seat."""
    r, a = state.round, state.active
    return any(rounds_for(state, p) > r or (i >= a and rounds_for(state, p) >= r) for i, p in enumerate(state.players))


@dataclass(frozen=True)
class RoundState:
    """The active player's round as it stands, worked out once per query."""

    player: Player
    playing: bool  # the active player has a round now (normal or bonus)
    bonus: bool  # ... and it is a bonus round
    first: bool  # the player's first round of the game: the Rule of the First Round applies
    costed_used: bool
    free_used: bool
    tracked: bool


def round_state(state: Match) -> RoundState:
    player = state.active_player
    return RoundState(player=player, playing=has_round(state, state.active, state.round),
                      bonus=state.round > state.rules.rounds_per_turn, first=first_round(state),
                      costed_used=state.counters.get(COSTED_USED, 0) > 0,
                      free_used=state.counters.get(FREE_USED, 0) > 0, tracked=tracked(state))


def no_round_reason(state: Match) -> tuple[str, str]:
    """Why the active player can't give actions now (they have no round at this point of the turn)."""
    name = state.active_player.name
    if not rounds_left(state):
        return (f"every round of turn {state.turn} is played: resolve end-of-turn effects, then end the turn",
                RULE_END_OF_TURN)
    return (f"{name} has no bonus round {state.round - state.rules.rounds_per_turn}: their action total is not that "
            "far above the default", RULE_BONUS)


def reset_events(state: Match, by: str) -> list[Event]:
    """Set this round's trackers back to 0: the costed and FREE actions used, the first-round reductions."""
    events = [Event("counter", {"scope": "match", "name": name, "delta": -state.counters[name]}, by)
              for name in (COSTED_USED, FREE_USED) if state.counters.get(name, 0) > 0]
    events += [Event("counter", {"scope": "player", "name": REDUCTION_USED, "target": p.id,
                                 "delta": -p.counters[REDUCTION_USED]}, by)
               for p in state.players if p.counters.get(REDUCTION_USED, 0) > 0]
    return events


def end_round_events(state: Match, by: str) -> tuple[list[Event], list[str]]:
    """The events that end the active player's round and pass it on, skipping players without a bonus round,
    and what was skipped. When nobody has a round left they stop at the first player (the end of the turn)."""
    events = reset_events(state, by)
    skipped: list[str] = []
    a, r = state.active, state.round
    last = max(rounds_for(state, p) for p in state.players)
    while True:
        events.append(Event("end_round", {}, by))
        a = (a + 1) % len(state.players)
        r += 1 if a == 0 else 0
        if has_round(state, a, r) or (a == 0 and r > last):
            return events, skipped
        skipped.append(state.players[a].name)


def cleared_units(state: Match) -> list[Unit]:
    """The characters the clear phase clears: they got no action token this turn but hold older ones."""
    return [u for u in state.units if not u.tokens.action and u.tokens.action_last]
