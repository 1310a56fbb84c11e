"""HeroClix Skirmish attacks, damage and victory points (seed 003, on top of the standard HeroClix attack roll).

The attack roll: 2d6 plus the attacker's attack value (plus modifiers) hits when it reaches the target's defense
value; a hit deals the attacker's damage value. The seed plays by the standard HeroClix rules except where it
says otherwise, and it says nothing about the attack roll, so HeroClix's criticals apply: two 6s hit whatever
the numbers and deal 1 more damage; two 1s miss whatever the numbers, and once the attack has resolved the
attacker is dealt 1 unavoidable damage (no reduction, the Rule of the First Round's included). Pushing, from the
same core rules: a character given a costed action while it holds an action token is dealt 1 unavoidable pushing
damage once the action has resolved (two tokens and it can't be given one at all: the pack's token limit). A
character takes one costed action a turn (system.py refuses a second), so the token that pushes it is one kept
from an earlier turn.
Only the active player scores victory points: 1 per click of damage an opposing character takes, 1 per opposing
bystander KO'd, 1 per opposing object worth 1+ points KO'd or removed. A bystander is a character, so its clicks
score like any other's and its KO scores 1 more (the source lists both and says nothing against adding them).
The first to 15 (two players) or 20 (three or four) wins at once, and so does the only player with a character
left (0-point bystanders and objects don't count), judged in the order things happen: an attack that wins ends the
match before its pushing damage. Resolutions that can score replay their events on the state before returning
them (to check for a win), so those events are known to apply. A score or damage entered as a raw event (`match
event`) wins nothing by itself: the table's header then asks "Match over?" with the winner (the pack's
victory.toml).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.core.dice.odds import distribution
from companion.core.dice.roll import roll
from companion.core.errors import CompanionError, IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.action import Action, Odds, Param, Resolution, odds_text, param_int
from companion.rules.skirmish.rounds import (
    COSTED_USED,
    REDUCTION_USED,
    RULE_CRITICALS,
    RULE_FIRST_ROUND,
    RULE_PUSHING,
    RULE_STANDARD,
    RULE_VICTORY,
    RULE_VP,
    first_round,
    has_round,
    in_play,
    is_character,
    reduction_tracked,
    stands,
    tracked,
    unit_kind,
)

ATTACK_ROLL = "2d6"
VP_TO_WIN = {2: 15, 3: 20, 4: 20}  # by number of players
FIRST_ROUND_REDUCTION = 2
MAX_MODIFIER = 20
MAX_CLICKS = 20
CRITICAL_HIT, CRITICAL_MISS = (6, 6), (1, 1)  # both dice of the attack roll
CRITICAL_DAMAGE = 1  # a critical hit's damage on top of the attacker's
CRITICAL_MISS_DAMAGE = 1  # unavoidable damage to the attacker after a critical miss
PUSHING_DAMAGE = 1  # unavoidable damage to a character given a costed action while it holds an action token


def critical(dice: tuple[int, ...]) -> str:
    """"critical hit" for two 6s, "critical miss" for two 1s, "" for any other attack roll."""
    return {CRITICAL_HIT: "critical hit", CRITICAL_MISS: "critical miss"}.get(tuple(dice), "")


class SkirmishError(CompanionError):
    """A value entered for a Skirmish action that can't be right, or a dial without the numbers it needs."""


def dial_value(unit: Unit, stat: str) -> int:
    value = unit.current.stats.get(stat)
    if isinstance(value, bool) or not isinstance(value, int):
        raise SkirmishError(f"{unit.name}'s dial shows no {stat} value on this click; set its dial on the unit card")
    return value


def targets(state: Match, player_id: str) -> tuple[Unit, ...]:
    """Opposing characters in play: what an attack can aim at."""
    return tuple(u for u in state.units if u.owner != player_id and in_play(u) and is_character(u))


def attack_params(choices: tuple[Unit, ...], first: bool) -> tuple[Param, ...]:
    params = [Param("target", "Target", "unit", tuple((u.id, u.name) for u in choices),
                    default=choices[0].id if choices else None),
              Param("attack_mod", "Attack modifiers (powers, terrain)", "int", low=-MAX_MODIFIER, high=MAX_MODIFIER,
                    default=0, rare=True),
              Param("damage_mod", "Damage modifiers (powers, reducers)", "int", low=-MAX_MODIFIER, high=MAX_MODIFIER,
                    default=0, rare=True)]
    if first:
        params.append(reduce_param())
    return tuple(params)


def reduce_param() -> Param:
    return Param("reduce", "Target's player reduces the damage by 2 (once in your first round)", "bool",
                 default=False)


@dataclass(frozen=True)
class Attack:
    attacker: Unit
    target: Unit
    attack: int  # with modifiers
    defense: int
    damage: int  # with modifiers, before the first-round reduction
    reduce: bool

    @property
    def needed(self) -> int:
        return self.defense - self.attack

    def text(self, chance: Fraction) -> str:
        need = ("hits on any roll but two 1s (a critical miss)" if self.needed <= 2
                else "hits only on two 6s (a critical hit)" if self.needed > 12
                else f"needs {self.needed}+ on 2d6")
        return f"attack {self.attack} vs defense {self.defense}: {need}, {odds_text(chance)}"


def attack_setup(state: Match, action: Action) -> Attack:
    try:
        attacker = state.unit(action.unit or "")
    except KeyError:
        raise SkirmishError("choose the character that attacks") from None
    target_id = action.params.get("target") or next((u.id for u in targets(state, attacker.owner)), "")
    try:
        target = state.unit(target_id)
    except KeyError:
        raise SkirmishError("choose an opposing character as the target") from None
    if target.owner == attacker.owner or not in_play(target) or not is_character(target):
        raise IllegalAction(f"{target.name} is not an opposing character on the map", RULE_STANDARD)
    return Attack(attacker, target,
                  dial_value(attacker, "attack") + param_int(action.params, "attack_mod", -MAX_MODIFIER, MAX_MODIFIER),
                  dial_value(target, "defense"),
                  dial_value(attacker, "damage") + param_int(action.params, "damage_mod", -MAX_MODIFIER, MAX_MODIFIER),
                  action.params.get("reduce") is True)


def hit_chance(attack: Attack) -> Fraction:
    """Exact: two 6s (a total of 12, the only way to roll it) always hit and two 1s (a total of 2) always miss, so
    the hitting totals are those from the needed number, but never below 3 nor above 12."""
    return distribution(ATTACK_ROLL).at_least(min(max(attack.needed, 3), 12))


def attack_odds(state: Match, action: Action) -> Odds:
    attack = attack_setup(state, action)
    chance = hit_chance(attack)
    return Odds(chance, attack.text(chance))


def check_reduction(state: Match, target: Unit) -> None:
    """The Rule of the First Round's reduction by 2: IllegalAction when it can't be used on `target` now."""
    owner = state.player(target.owner)
    if not first_round(state) or target.owner == state.active_player.id:
        raise IllegalAction("the reduction by 2 works only on your characters during an opponent's first round",
                            RULE_FIRST_ROUND)
    if owner.counters.get(REDUCTION_USED, 0):
        raise IllegalAction(f"{owner.name} already reduced damage once during this first round", RULE_FIRST_ROUND)


NOBODY = ""  # the scorer when no player is active (the end-of-turn step) and the players say nobody scores


def scorer_of(state: Match, params: Mapping[str, Any]) -> str:
    """Who scores what this step records: the active player while a round is on; once every round of the turn
    is played (the End of Turn step) no player is active, so the players say who, if anyone, scores (param
    `scorer`, "" for nobody: the source ties scoring to being active and leaves the end of turn unsaid)."""
    if has_round(state, state.active, state.round):
        return state.active_player.id
    chosen = params.get("scorer", NOBODY)
    if chosen == NOBODY:
        return NOBODY
    if not isinstance(chosen, str) or chosen not in {p.id for p in state.players}:
        raise IllegalAction(f"who scores: one of the players or nobody, not {chosen!r}", RULE_VP)
    return chosen


def scorer_param(state: Match) -> Param:
    choices = ((NOBODY, "Nobody (no round is on)"), *((p.id, p.name) for p in state.players))
    return Param("scorer", "Who scores it (no round is on, so no player is active)", "choice", choices,
                 default=NOBODY)


def damage_events(state: Match, target: Unit, amount: int, reduce: bool, by: str,
                  scorer: str | None = None) -> tuple[list[Event], list[str]]:
    """Damage to `target` with the victory points it scores (the active player, or `scorer` when given: ""
    for nobody), and the first-round reduction."""
    scorer = state.active_player.id if scorer is None else scorer
    events: list[Event] = []
    details: list[str] = []
    if reduce:
        owner = state.player(target.owner)
        check_reduction(state, target)
        if reduction_tracked(state):
            events.append(Event("counter", {"scope": "player", "name": REDUCTION_USED, "target": owner.id,
                                            "delta": 1}, by))
        details.append(f"{owner.name} reduces the damage by {FIRST_ROUND_REDUCTION} (Rule of the First Round).")
        amount -= FIRST_ROUND_REDUCTION
    if amount <= 0:
        details.append(f"{target.name} takes no damage.")
        return events, details
    ko = target.ko_click
    taken = amount if ko is None else min(amount, ko - target.click)
    events.append(Event("damage", {"unit": target.id, "amount": amount}, by))
    opposing = scorer != NOBODY and target.owner != scorer
    scored = taken if opposing and is_character(target) else 0
    knocked_out = ko is not None and target.click + amount >= ko
    if knocked_out:
        details.append(f"{target.name} is KO'd.")
        if opposing and (unit_kind(target) == "bystander" or (unit_kind(target) == "object" and target.points >= 1)):
            scored += 1  # a bystander on top of its clicks (the source scores both); an object worth 1+ points
    details.insert(0, f"{target.name} takes {counted(taken, 'click')} of damage.")
    if scored:
        events.append(Event("score", {"player": scorer, "kind": "vp", "delta": scored}, by))
        details.append(f"{state.player(scorer).name} scores {counted(scored, 'victory point')}.")
    return events, details


def last_standing(before: Match, after: Match) -> str | None:
    """The player who wins because the change from `before` to `after` took a piece off the map (KO'd by
    damage, or by the bystander/object button) and leaves them the only one with a character on it (0-point
    bystanders and objects don't count); None otherwise. Every path that removes a piece ends up here."""
    if not removed(before, after):
        return None
    standing = {u.owner for u in after.units if stands(u)}
    return standing.pop() if len(standing) == 1 else None


def removed(before: Match, after: Match) -> bool:
    """Whether the change took a piece that was on the map off it."""
    was = {u.id for u in before.units if in_play(u)}
    return any(u.id in was and not in_play(u) for u in after.units)


def victory_events(state: Match, events: list[Event], by: str,
                   scorer: str | None = None) -> tuple[list[Event], list[str]]:
    """The end of the match, if these events win it: replays them (so they are known to apply) and checks. Only
    the player who scores here (the active player, or `scorer`; "" for nobody) can reach the points to win."""
    after = replay(state, events)
    need = VP_TO_WIN[len(after.players)]
    scorer = after.active_player.id if scorer is None else scorer
    if scorer != NOBODY and (who := after.player(scorer)).vp >= need:
        return [Event("end_match", {"winners": [who.id]}, by)], [f"{who.name} reaches {who.vp} victory "
                                                                  f"points (of {need}) and wins."]
    winner_id = last_standing(state, after)
    if winner_id is not None:
        winner = after.player(winner_id)
        return [Event("end_match", {"winners": [winner.id]}, by)], [f"{winner.name} is the only player with a "
                                                                     "character left and wins."]
    # only from a state where one player alone stood already (pieces set aside by hand) and the last one falls:
    # an attack's own win is judged before its pushing (resolve_attack), so a hit and its push never both count
    if removed(state, after) and not any(stands(u) for u in after.units):
        return [], ["Nobody has a character left: the source names no winner for that, so the match stays open "
                    "for the players to settle (with a time limit, the most victory points wins)."]
    return [], []


def damage_text(state: Match, events: list[Event], target: Unit) -> str:
    """What the events do to `target`, read from them applied (the first-round reduction and the KO included)."""
    after = replay(state, events).unit(target.id)
    clicks = after.click - target.click
    if clicks <= 0:
        return f"{target.name} takes no damage"
    return f"{target.name} takes {counted(clicks, 'click')} of damage" + (" and is KO'd" if after.eliminated else "")


def costed_events(state: Match, unit: Unit, by: str) -> list[Event]:
    """A costed action: the character's action token, and the round's costed action marked used."""
    events = [Event("token", {"unit": unit.id, "kind": "action", "delta": 1}, by)]
    if tracked(state):
        events.append(Event("counter", {"scope": "match", "name": COSTED_USED, "delta": 1}, by))
    return events


IGNORES_PUSHING = "ignores_pushing"  # the costed actions' param when a character holds a token (Willpower ...)


def pushing_param() -> Param:
    return Param(IGNORES_PUSHING, "Ignores pushing damage (Willpower or other card text)", "bool", default=False)


def pushed(unit: Unit, params: Mapping[str, Any]) -> bool:
    """Whether giving `unit` a costed action with these params pushes it (it holds a token, no card text says no)."""
    return bool(unit.tokens.action + unit.tokens.action_last) and params.get(IGNORES_PUSHING) is not True


def pushing_events(state: Match, unit: Unit, events: list[Event], by: str,
                   params: Mapping[str, Any]) -> tuple[list[Event], list[str]]:
    """HeroClix's pushing: `unit` held an action token when given this costed action, so once the action (its
    `events`) has resolved it is dealt 1 unavoidable damage (nothing if the action already KO'd it, or its card
    lets it ignore pushing damage: the player says so)."""
    if not unit.tokens.action + unit.tokens.action_last:
        return [], []
    if not pushed(unit, params):
        return [], [f"{unit.name} already held an action token but ignores pushing damage (its card text)."]
    now = replay(state, events)
    after = now.unit(unit.id)
    if not in_play(after):
        return [], []
    hurt, said = damage_events(now, after, PUSHING_DAMAGE, False, by)
    return hurt, [f"Pushed: {unit.name} already held an action token, so it is dealt {PUSHING_DAMAGE} unavoidable "
                  "damage now the action has resolved (HeroClix's core rules).", *said]


def first_round_token(state: Match, unit: Unit, by: str) -> tuple[list[Event], str]:
    """Rule of the First Round: an attacker gets an action token after the attack (on top of the costed one)."""
    limit = state.rules.token_limits.get("action")
    held = unit.tokens.action + unit.tokens.action_last + 1
    if limit is not None and held >= limit:
        return [], f"First round: {unit.name} already holds {held} action tokens, the most it can have."
    return ([Event("token", {"unit": unit.id, "kind": "action", "delta": 1}, by)],
            f"First round: {unit.name} gets another action token after attacking.")


def resolve_attack(state: Match, action: Action, rng: random.Random) -> Resolution:
    attack = attack_setup(state, action)
    by = state.active_player.id
    result = roll(ATTACK_ROLL, rng)
    crit = critical(result.dice)
    total = result.total + attack.attack
    hit = crit == "critical hit" or (not crit and total >= attack.defense)
    events = costed_events(state, attack.attacker, by)
    purpose = f"{attack.attacker.name} attacks {attack.target.name}" + (f": {crit}" if crit else "")
    events.append(Event("roll", result.event_data(purpose), by))
    rules = [RULE_STANDARD]
    details = [roll_line(attack, result.total, total, hit, crit)]
    if crit:
        rules.append(RULE_CRITICALS)
    if hit:
        damage = attack.damage + (CRITICAL_DAMAGE if crit else 0)
        hurt, said = damage_events(state, attack.target, damage, attack.reduce, by)
        events += hurt
        details += said
        rules.append(RULE_VP)
    if crit == "critical miss":  # after the attack resolves: 1 unavoidable damage, no reducer applies
        hurt, said = damage_events(state, attack.attacker, CRITICAL_MISS_DAMAGE, False, by)
        events += hurt
        details += [f"Critical miss: {attack.attacker.name} is dealt {CRITICAL_MISS_DAMAGE} unavoidable damage.",
                    *said]
    # the win is judged in the order things happen: the attack (its hit or critical miss) first, and a match it
    # wins ends there, before the pushing damage and the first-round token that would come after it
    won, said = victory_events(state, events, by)
    if not won:
        events, more = _after_attack(state, action, attack, events, rules, details)
        won, said = victory_events(state, events, by)
        details += more
    if won:
        rules.append(RULE_VICTORY)
    hurt_self = [e for e in events if e.type == "damage" and e.data["unit"] == attack.attacker.id]
    backlash = damage_text(state, hurt_self, attack.attacker) if hurt_self else ""
    word = f"{crit} (two {result.dice[0]}s)" if crit else "hit" if hit else "miss"
    summary = (f"{attack.attacker.name} attacks {attack.target.name}: {result.describe()}, {word}"
               + (f": {damage_text(state, events, attack.target)}" if hit else "")
               + (f"; {backlash}" if backlash else ""))
    return Resolution(tuple(events + won), summary, tuple(rules), tuple(details + said), hit)


def _after_attack(state: Match, action: Action, attack: Attack, events: list[Event], rules: list[str],
                  details: list[str]) -> tuple[list[Event], list[str]]:
    """What follows an attack that didn't end the match: pushing damage, then the Rule of the First Round's token;
    the events with theirs added, and what they say (`rules` gets their sections)."""
    by = state.active_player.id
    pushing, said = pushing_events(state, attack.attacker, events, by, action.params)
    events = events + pushing
    if pushing:
        rules.append(RULE_PUSHING)
    if first_round(state) and not replay(state, events).unit(attack.attacker.id).eliminated:
        extra, line = first_round_token(state, attack.attacker, by)
        events += extra
        said = [*said, line]
        rules.append(RULE_FIRST_ROUND)
    return events, said


def roll_line(attack: Attack, rolled: int, total: int, hit: bool, crit: str) -> str:
    """The working of the roll: the numbers, and when the dice are a critical, that it overrides them."""
    numbers = f"rolled {rolled} + attack {attack.attack} = {total} {'>=' if total >= attack.defense else '<'} " \
              f"defense {attack.defense}"
    if crit == "critical hit":
        return f"{numbers}, but two 6s: a critical hit, it hits whatever the numbers and deals {CRITICAL_DAMAGE} " \
               "more damage (HeroClix's core rules)"
    if crit == "critical miss":
        return f"{numbers}, but two 1s: a critical miss, it misses whatever the numbers and the attacker is dealt " \
               f"{CRITICAL_MISS_DAMAGE} unavoidable damage (HeroClix's core rules)"
    return f"{numbers}: {'hit' if hit else 'miss'}"


def resolve_damage(state: Match, action: Action) -> Resolution:
    """Damage from anything but an attack roll (powers, Pulse Wave, other effects), with the points it scores."""
    try:
        target = state.unit(str(action.params.get("target", "")))
    except KeyError:
        raise IllegalAction("choose the character that takes the damage", RULE_VP) from None
    if not in_play(target) or not is_character(target):
        raise IllegalAction(f"{target.name} is not a character on the map", RULE_VP)
    by = state.active_player.id
    scorer = scorer_of(state, action.params)
    amount = param_int(action.params, "clicks", 1, MAX_CLICKS, default=1, rule=RULE_VP)
    events, details = damage_events(state, target, amount, action.params.get("reduce") is True, by, scorer)
    if not events:
        raise IllegalAction(f"{target.name} would take no damage: nothing to record", RULE_FIRST_ROUND)
    won, said = victory_events(state, events, by, scorer)
    if scorer == NOBODY:
        details.append("No round is on, so nobody scores it.")
    return Resolution(tuple(events + won), damage_text(state, events, target), (RULE_VP,), tuple(details + said))


ELEMENTS = (("bystander", "An opposing bystander KO'd"),
            ("object", "An opposing object or other game element KO'd or removed"))
MAX_ELEMENT_POINTS = 500


def element_points(state: Match, params: Mapping[str, Any]) -> tuple[str, Unit | None, int]:
    """(what, the unit when the match holds it, its point value) of a KO'd or removed element; IllegalAction when
    it scores nothing: it isn't an opposing one in play, or an object worth 0 points, or (no round on) nobody
    scores and the match doesn't hold it."""
    scorer = scorer_of(state, params)
    what = params.get("what", ELEMENTS[0][0])
    if what not in dict(ELEMENTS):
        raise IllegalAction(f"what was KO'd or removed: one of {', '.join(dict(ELEMENTS))}, not {what!r}", RULE_VP)
    element: Unit | None = None
    if params.get("element"):
        try:
            element = state.unit(str(params["element"]))
        except KeyError:
            raise IllegalAction(f"there is no unit {params['element']!r} in this match", RULE_VP) from None
        if element.owner == scorer or not in_play(element) or unit_kind(element) != what:
            who = "an opposing" if scorer != NOBODY else "a"
            raise IllegalAction(f"{element.name} is not {who} {what} in play", RULE_VP)
    if scorer == NOBODY and element is None:
        raise IllegalAction("nobody scores it and the match doesn't hold it: nothing to record", RULE_VP)
    points = element.points if element else param_int(params, "points", 0, MAX_ELEMENT_POINTS, 1, RULE_VP)
    if what == "object" and points < 1:
        raise IllegalAction("objects and game elements worth 0 points score nothing when KO'd or removed", RULE_VP)
    return str(what), element, points


def resolve_element(state: Match, action: Action) -> Resolution:
    """1 victory point for an opposing bystander KO'd, or an opposing object or game element worth 1+ points KO'd
    or removed; one the match holds as a unit leaves the map."""
    what, element, _ = element_points(state, action.params)
    by = state.active_player.id
    scorer = scorer_of(state, action.params)
    events = [Event("score", {"player": scorer, "kind": "vp", "delta": 1}, by)] if scorer != NOBODY else []
    if element is not None:
        events.insert(0, Event("set_location", {"unit": element.id, "location": "reserve"}, by))
    won, said = victory_events(state, events, by, scorer)
    name = element.name if element else dict(ELEMENTS)[what]
    summary = (f"{state.player(scorer).name} scores 1 victory point: {name}" if scorer != NOBODY
               else f"{name} leaves the map; nobody scores (no round is on)")
    return Resolution(tuple(events + won), summary, (RULE_VP,), tuple(said))
