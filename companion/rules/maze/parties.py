"""The Killer of the Maze: a split team and its Lost parties (seed 002, the Movement sub-phase).

When a cave-in or the Sight Distance cuts the imperial team apart, it splits into parties; the party with the fewest
models is Lost, and when several parties tie for fewest, all of them are. Each model of a Lost party loses 1 morale
point, or 3 when it is the only model of its party. The match knows no tiles, so the players say which party each
model on the board is in (`party_<model id>`, party 1 by default); the helper works out the sizes, which parties
are Lost and what each of their models loses. An Imperial Crest Pendant its bearer may carry saves each point on 3+.
Being Lost is not an action. A model stops being Lost when it rejoins the larger party or dies: nothing to record.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.core.dice.odds import distribution
from companion.core.dice.roll import roll
from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.rules.action import Odds, Param, Resolution, odds_text
from companion.rules.maze.carry import PENDANT, carry_refusal
from companion.rules.maze.items import carried, morale, set_counter

RULE = "lost"
LOST_MORALE, LOST_ALONE_MORALE = 1, 3
PENDANT_KEEPS_ON = 3
PREFIX = "party_"


def models(state: Match) -> tuple[Unit, ...]:
    """The imperial team on the board (the active player's models): who can be in a party."""
    player = state.active_player.id
    return tuple(u for u in state.units if u.owner == player and u.location == "table" and not u.eliminated)


def params(team: tuple[Unit, ...]) -> tuple[Param, ...]:
    """One choice per model: the party it is in now (as many parties as models, for a team split to the last)."""
    choices = tuple((str(n), f"Party {n}") for n in range(1, len(team) + 1))
    return tuple(Param(f"{PREFIX}{u.id}", f"{u.name}'s party", "choice", choices, default="1") for u in team)


@dataclass(frozen=True)
class Split:
    parties: dict[str, tuple[Unit, ...]]  # party label -> its models, in the order of the board
    lost: tuple[str, ...]  # the labels of the Lost parties

    def alone(self, unit: Unit) -> bool:
        return any(len(members) == 1 and members[0].id == unit.id for members in self.parties.values())

    def loss(self, unit: Unit) -> int:
        """The morale points the Lost model would lose (1, or 3 alone in its party), no more than it has."""
        return min(morale(unit), LOST_ALONE_MORALE if self.alone(unit) else LOST_MORALE)

    @property
    def lost_models(self) -> tuple[Unit, ...]:
        return tuple(u for label in self.lost for u in self.parties[label])

    def sizes(self) -> str:
        """"3, 1 and 1": the parties' sizes, largest first."""
        counts = sorted((len(m) for m in self.parties.values()), reverse=True)
        return ", ".join(str(c) for c in counts[:-1]) + f" and {counts[-1]}"


def assign(state: Match, given: Mapping[str, Any], rule: str = RULE) -> dict[str, tuple[Unit, ...]]:
    """The team's parties as the players gave them (label -> its models; party 1 when not given): IllegalAction
    for a party out of range or a model that isn't on the board."""
    team = models(state)
    labels = tuple(str(n) for n in range(1, len(team) + 1))
    parties: dict[str, list[Unit]] = {}
    for unit in team:
        label = given.get(f"{PREFIX}{unit.id}", "1")
        if str(label) not in labels:
            raise IllegalAction(f"{unit.name}'s party is one of 1 to {len(team)}, not {label!r}", rule)
        parties.setdefault(str(label), []).append(unit)
    unknown = sorted(k for k in given if k.startswith(PREFIX) and k[len(PREFIX):] not in {u.id for u in team})
    if unknown:
        raise IllegalAction(f"{unknown[0][len(PREFIX):]!r} is not a model of the team on the board", rule)
    return {k: tuple(v) for k, v in parties.items()}


def party_of(state: Match, given: Mapping[str, Any], unit: Unit, rule: str) -> tuple[Unit, ...]:
    """The models in `unit`'s party (the whole team when nobody is put in another party)."""
    return next(members for members in assign(state, given, rule).values() if unit in members)


def split(state: Match, given: Mapping[str, Any]) -> Split:
    """The team's parties as the players gave them and which are Lost; IllegalAction when the team isn't split."""
    if len(models(state)) < 2:
        raise IllegalAction("a team of fewer than two models on the board can't split into parties", RULE)
    parties = assign(state, given)
    if len(parties) < 2:
        raise IllegalAction("every model is in one party: the team isn't split, so nobody is Lost (put each model in "
                            "the party it is in now)", RULE)
    fewest = min(len(m) for m in parties.values())
    lost = tuple(label for label, members in parties.items() if len(members) == fewest)
    return Split(parties, lost)


def pendant_saves(unit: Unit) -> bool:
    return bool(carried(unit, PENDANT)) and carry_refusal(unit, PENDANT) is None


def resolve(state: Match, given: Mapping[str, Any], rng: random.Random) -> Resolution:
    found = split(state, given)
    by = state.active_player.id
    events: list[Event] = []
    losses: list[str] = []
    details = [f"Parties of {found.sizes()}: the fewest models are Lost"
               + (" (a tie: every party of that size is)." if len(found.lost) > 1 else ".")]
    for unit in found.lost_models:
        would = found.loss(unit)
        kept, line = 0, ""
        if would and pendant_saves(unit):
            result = roll(f"{would}d6>={PENDANT_KEEPS_ON}", rng)
            events.append(Event("roll", result.event_data(f"{unit.name}: Imperial Crest Pendant"), by))
            kept = result.total
            line = f" (Imperial Crest Pendant {result.describe()} keeps {kept})"
        elif would and carried(unit, PENDANT):
            line = f" (its Imperial Crest Pendant saves nothing: {carry_refusal(unit, PENDANT)})"
        if would - kept:
            events += set_counter(unit, "morale", morale(unit) - (would - kept), by, implicit=True)
        if not would:
            line = " (it has no morale points left to lose)"
        losses.append(f"{unit.name} loses {would - kept} morale {'point' if would - kept == 1 else 'points'}{line}")
        details.append(f"{unit.name} is Lost{' and alone in its party' if found.alone(unit) else ''}: {losses[-1]}.")
    details.append("A Lost model stays Lost until it rejoins the larger party or dies.")
    lost = found.lost_models
    summary = (f"The team splits into parties of {found.sizes()}: {', '.join(u.name for u in lost)} "
               f"{'is' if len(lost) == 1 else 'are'} Lost; " + "; ".join(losses))
    return Resolution(tuple(events), summary, (RULE,), tuple(details))


def odds(state: Match, given: Mapping[str, Any]) -> Odds | None:
    """With a Pendant among the Lost: the chance that every Pendant keeps every point, and each one's spread."""
    found = split(state, given)
    chance, parts = Fraction(1), []
    for unit in found.lost_models:
        would = found.loss(unit)
        if not would or not pendant_saves(unit):
            continue
        dist = distribution(f"{would}d6>={PENDANT_KEEPS_ON}")
        chance *= dist.exactly(would)
        spread = ", ".join(f"keeps {k}: {odds_text(p)}" for k, p in dist.probabilities().items())
        parts.append(f"{unit.name}'s Imperial Crest Pendant, {PENDANT_KEEPS_ON}+ per point: {spread}")
    return Odds(chance, "; ".join(parts)) if parts else None
