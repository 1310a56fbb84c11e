"""HeroClix Skirmish's actions (seed 003), one object each. A character's actions are the round's costed one
(move, attack, another costed action, Pulse Wave: each gives an action token) and its FREE one; the records (damage
from other effects, a bystander or object KO'd, the action total) and the round's and turn's ends are the player's.
Each knows its refusals, its form, its note, its odds and its resolution; `now` is the round as one query sees it
(`Round`). The round's bookkeeping: skirmish/rounds.py; attacks, victory points and winning: skirmish/combat.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.action import Action, ActionKind, ActionOption, Odds, Param, Refusal, Resolution, Verdict
from companion.rules.advice.dice import Branch
from companion.rules.refusals import UnitRefusal, refusal_summary
from companion.rules.skirmish import advice
from companion.rules.skirmish.combat import (
    ATTACK_ROLL,
    ELEMENTS,
    MAX_CLICKS,
    MAX_ELEMENT_POINTS,
    SkirmishError,
    attack_odds,
    attack_params,
    attack_setup,
    check_reduction,
    costed_events,
    damage_text,
    first_round_token,
    pushing_events,
    pushing_param,
    reduce_param,
    resolve_attack,
    resolve_damage,
    resolve_element,
    scorer_param,
    targets,
    victory_events,
)
from companion.rules.skirmish.rounds import (
    EXTRA_ACTIONS,
    FREE_USED,
    RULE_BONUS,
    RULE_CLEAR,
    RULE_END_OF_TURN,
    RULE_FIRST_ROUND,
    RULE_ONE_ACTION,
    RULE_PUSHING,
    RULE_ROUNDS,
    RULE_STANDARD,
    RULE_VICTORY,
    RULE_VP,
    TIME_NOTE,
    RoundState,
    cleared_units,
    end_round_events,
    in_play,
    is_character,
    no_round_reason,
    reset_events,
    round_state,
    rounds_for,
    rounds_left,
    unit_kind,
)

MAX_EXTRA_ACTIONS = 10

# An attack the helper doesn't roll (several targets, Pulse Wave, a FREE action's) still has HeroClix's criticals
TABLE_CRITICALS = ("An attack roll made at the table keeps HeroClix's criticals: two 6s hit every target and deal 1 "
                   "more damage; two 1s miss them all, then the attacker is dealt 1 unavoidable damage (record it "
                   "on your own character: it scores nobody).")


@dataclass(frozen=True)
class Round:
    """What one query needs, worked out once: the round, the active player's characters in play, the opposing
    characters in play and the action token limit."""

    round: RoundState
    mine: tuple[Unit, ...]
    targets: tuple[Unit, ...]
    token_limit: int | None


def query(state: Match) -> Round:
    rs = round_state(state)
    mine = tuple(u for u in state.units if u.owner == rs.player.id and in_play(u) and is_character(u))
    return Round(rs, mine, targets(state, rs.player.id), state.rules.token_limits.get("action"))


class SkirmishAction(ActionKind[Round]):
    """What every Skirmish action shares: its option (with its note), the match-over refusal, and its params'
    refusal (resolve's own checks, tried without rolling). The player's by default: no character takes it."""

    cost = 0
    on_unit = False
    noun = "character"
    pick = "choose the character first"

    def __init__(self, id: str, title: str, rule: str, text: str = "", dice: str | None = None) -> None:
        super().__init__(id, title, rule, dice)
        self.text = text  # the note's first words: how to play it at the table

    def turn_refusal(self, state: Match, now: Round) -> Refusal | None:
        return ("the match is over", RULE_ROUNDS) if state.status == "finished" else None

    def own_notes(self, state: Match, now: Round) -> list[str]:
        """What the note adds for this action now, after its text."""
        return []

    def kind_notes(self, state: Match, now: Round) -> list[str]:
        """What the note adds for every action of its kind, last."""
        return []

    def note(self, state: Match, now: Round) -> str | None:
        parts = [self.text, *self.own_notes(state, now), *self.kind_notes(state, now)]
        return " ".join(p for p in parts if p) or None

    def option(self, state: Match, now: Round) -> ActionOption:
        note = self.note(state, now)
        refusal = self.turn_refusal(state, now)
        if refusal:
            return ActionOption(self.id, self.title, False, reason=refusal[0], rule=refusal[1], cost=self.cost,
                                note=note)
        return self.open_option(state, now, note)

    def open_option(self, state: Match, now: Round, note: str | None) -> ActionOption:
        return ActionOption(self.id, self.title, True, rule=self.rule, cost=self.cost, note=note,
                            params=self.params(state, now))

    def param_refusal(self, state: Match, now: Round, action: Action, unit: Unit | None) -> Refusal | None:
        """What resolve would refuse in the action's params (nothing here rolls dice: it is checked by trying)."""
        try:
            self.try_params(state, action)
        except IllegalAction as exc:
            return f"{self.title}: {exc}", exc.rule or self.rule
        except SkirmishError as exc:
            return f"{self.title}: {exc}", self.rule
        return None

    def try_params(self, state: Match, action: Action) -> None:
        """Raise what resolve would raise for the params (IllegalAction or SkirmishError)."""


class CharacterAction(SkirmishAction):
    """One of the round's actions given to a character of the active player (the costed one or the FREE one)."""

    on_unit = True
    kind = ""  # the round's "costed" or "FREE" action, as the verdict says it

    def turn_refusal(self, state: Match, now: Round) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why is None and not now.round.playing:
            return no_round_reason(state)
        return why

    def unit_check(self, state: Match, now: Round, unit: Unit) -> UnitRefusal | None:
        """The first check the unit fails, with how many it passed (its depth)."""
        if unit.owner != now.round.player.id:
            return UnitRefusal(f"{unit.name} is not {now.round.player.name}'s character", RULE_ROUNDS)
        if not in_play(unit):
            return UnitRefusal(f"{unit.name} is not on the map (KO'd or set aside)", RULE_ROUNDS, 1)
        if not is_character(unit):
            return UnitRefusal(f"{unit.name} is an object: objects aren't given actions", RULE_ROUNDS, 2)
        return None

    def unit_refusal(self, state: Match, now: Round, unit: Unit) -> Refusal | None:
        why = self.unit_check(state, now, unit)
        return (why.reason, why.rule) if why else None

    def kind_notes(self, state: Match, now: Round) -> list[str]:
        if now.round.tracked:
            return []
        return ["This match was made before the helper tracked a round's actions: check them yourself."]

    def open_option(self, state: Match, now: Round, note: str | None) -> ActionOption:
        refused = {u.id: why for u in now.mine if (why := self.unit_check(state, now, u))}
        allowed = tuple(u.id for u in now.mine if u.id not in refused)
        if allowed:
            return ActionOption(self.id, self.title, True, allowed, rule=self.rule, cost=self.cost, note=note,
                                refused={uid: r.reason for uid, r in refused.items()},
                                params=self.params(state, now), dice=self.dice)
        if not now.mine:
            return ActionOption(self.id, self.title, False, reason="you have no characters on the map",
                                rule=RULE_ROUNDS, cost=self.cost, note=note)
        # each character's own reason, the closest first (no fixed sentence stands in for them)
        reason, rule, reasons, shown = refusal_summary(refused)
        return ActionOption(self.id, self.title, False, reason=reason, rule=rule, cost=self.cost, note=note,
                            refused=reasons, shown=shown)

    def legal_verdict(self, state: Match, now: Round, unit: Unit) -> Verdict:
        return Verdict(True, f"{unit.name} can take it: {self.title} (the round's {self.kind} action)", self.rule)


def _pushable(now: Round) -> list[Unit]:
    """The player's characters that a costed action now would push: they hold a token kept from an earlier turn
    and may still act (none given this turn, under the limit)."""
    limit = now.token_limit
    return [u for u in now.mine if u.tokens.action_last and not u.tokens.action
            and (limit is None or u.tokens.action_last < limit)]


class Costed(CharacterAction):
    """The round's one costed action: the character gets an action token (and is pushed if it kept one)."""

    cost = 1
    kind = "costed"

    def turn_refusal(self, state: Match, now: Round) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why is None and now.round.costed_used:
            return "this round's costed action is given already", RULE_ROUNDS
        return why

    def unit_check(self, state: Match, now: Round, unit: Unit) -> UnitRefusal | None:
        why = super().unit_check(state, now, unit)
        if why is not None:
            return why
        if unit.tokens.action:  # given a token this turn: it acted (or the Rule of the First Round gave it one)
            return UnitRefusal(f"{unit.name} already took its costed action this turn: one a character each turn "
                               "(HeroClix's core rules)", RULE_ONE_ACTION, 3)
        held = unit.tokens.action + unit.tokens.action_last
        if now.token_limit is not None and held >= now.token_limit:
            return UnitRefusal(f"{unit.name} holds {held} action tokens: a character with two can't be given a "
                               "costed action until they clear", RULE_PUSHING, 4)
        return None

    def params(self, state: Match, now: Round) -> tuple[Param, ...]:
        """The form; it asks whether the character ignores pushing damage when one of the player's characters
        holds an action token (card text such as Willpower)."""
        own = self.own_params(state, now)
        return (*own, pushing_param()) if _pushable(now) else own

    def own_params(self, state: Match, now: Round) -> tuple[Param, ...]:
        return ()

    def kind_notes(self, state: Match, now: Round) -> list[str]:
        parts = []
        holding = [u.name for u in _pushable(now)]
        if holding:
            parts.append(f"Pushed if given this action: {', '.join(holding)} (holding an action token from last "
                         "turn, 1 unavoidable damage after it).")
        if state.round == 1:
            parts.append("Resolve your beginning-of-turn effects before giving an action that costs something.")
        return parts + super().kind_notes(state, now)

    def extra(self, state: Match, now: Round, unit: Unit, action: Action, by: str) -> tuple[list[Event], list[str]]:
        """What the action adds after its token and any pushing: events and lines."""
        return [], []

    def resolve(self, state: Match, now: Round, action: Action, rng: random.Random) -> Resolution:
        unit, by = state.unit(action.unit or ""), state.active_player.id
        events = costed_events(state, unit, by)
        details = [self.text]
        rules = [self.rule]
        pushing, said = pushing_events(state, unit, events, by, action.params)
        details += said
        if pushing:
            events += pushing
            rules.append(RULE_PUSHING)
        extra, lines = self.extra(state, now, unit, action, by)
        events += extra
        details += lines
        won, said = victory_events(state, events, by)
        summary = f"{unit.name}: {self.title.lower()} (the round's costed action)"
        if pushing:
            summary += f"; pushed: {damage_text(state, pushing, unit)}"
        return Resolution(tuple(events + won), summary, (*rules, *((RULE_VICTORY,) if won else ())),
                          tuple(details + said))


class Power(Costed):
    """Another costed action (a POWER action): resolved by its text; in the first round, one that attacks gives
    the character one more action token (the Rule of the First Round)."""

    def own_params(self, state: Match, now: Round) -> tuple[Param, ...]:
        if not now.round.first:
            return ()
        return (Param("attacked", "This action makes an attack (first round: one more action token)", "bool",
                      default=False),)

    def extra(self, state: Match, now: Round, unit: Unit, action: Action, by: str) -> tuple[list[Event], list[str]]:
        if now.round.first and action.params.get("attacked") is True:
            events, said = first_round_token(state, unit, by)
            return list(events), [said]
        return [], []


class PulseWave(Costed):
    def turn_refusal(self, state: Match, now: Round) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why is None and now.round.first:
            return "Pulse Wave can't be activated during a player's first round", RULE_FIRST_ROUND
        return why


class Attack(Costed):
    """An attack on one character, rolled by the helper (2d6 against defense, HeroClix's criticals)."""

    def turn_refusal(self, state: Match, now: Round) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why is None and not now.targets:
            return "no opposing character is on the map", RULE_STANDARD
        return why

    def own_params(self, state: Match, now: Round) -> tuple[Param, ...]:
        return attack_params(now.targets, now.round.first)

    def own_notes(self, state: Match, now: Round) -> list[str]:
        return ["First round: the attacker also gets an action token after the attack."] if now.round.first else []

    def try_params(self, state: Match, action: Action) -> None:
        attack = attack_setup(state, action)
        if attack.reduce:
            check_reduction(state, attack.target)

    def odds(self, state: Match, now: Round, action: Action) -> Odds | None:
        return attack_odds(state, action)

    def outcomes(self, state: Match, now: Round, action: Action) -> tuple[Branch, ...] | None:
        return advice.attack_outcomes(state, action)

    def resolve(self, state: Match, now: Round, action: Action, rng: random.Random) -> Resolution:
        return resolve_attack(state, action, rng)


class Free(CharacterAction):
    """The round's one FREE action (powers and abilities given as FREE actions): none in a first round."""

    kind = "FREE"

    def turn_refusal(self, state: Match, now: Round) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why is None and now.round.first:
            return "no FREE actions in a player's first round (Rule of the First Round)", RULE_FIRST_ROUND
        if why is None and now.round.free_used:
            return "this round's FREE action is given already", RULE_ROUNDS
        return why

    def resolve(self, state: Match, now: Round, action: Action, rng: random.Random) -> Resolution:
        unit, by = state.unit(action.unit or ""), state.active_player.id
        # a match made with an older pack has no counter for it: then there is nothing to record
        events = [Event("counter", {"scope": "match", "name": FREE_USED, "delta": 1}, by)] if now.round.tracked else []
        return Resolution(tuple(events), f"{unit.name} takes the round's FREE action", (RULE_ROUNDS,),
                          ("Resolve it by its text at the table.", TABLE_CRITICALS))


class Scored(SkirmishAction):
    """A record that scores: once every round is played (the End of Turn step) no player is active, so its form
    asks who scores (the source scores only the active player and doesn't say who, if anyone, is active then)."""

    def scored_by(self, state: Match, now: Round, params: tuple[Param, ...]) -> tuple[Param, ...]:
        return params if now.round.playing else (*params, scorer_param(state))

    def own_notes(self, state: Match, now: Round) -> list[str]:
        if now.round.playing:
            return []
        return ["No round is on (end of turn), so no player is active: say who scores, if anyone."]


class DealDamage(Scored):
    def turn_refusal(self, state: Match, now: Round) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why is None and not any(in_play(u) and is_character(u) for u in state.units):
            return "no character is on the map", RULE_VP
        return why

    def params(self, state: Match, now: Round) -> tuple[Param, ...]:
        hurt = tuple((u.id, u.name) for u in state.units if in_play(u) and is_character(u))
        params = (Param("target", "Character that takes the damage", "unit", hurt, default=hurt[0][0]),
                  Param("clicks", "Clicks of damage", "int", low=1, high=MAX_CLICKS, default=1))
        return (*params, reduce_param()) if now.round.first else self.scored_by(state, now, params)

    def try_params(self, state: Match, action: Action) -> None:
        resolve_damage(state, action)

    def resolve(self, state: Match, now: Round, action: Action, rng: random.Random) -> Resolution:
        return resolve_damage(state, action)


class ScoreElement(Scored):
    def params(self, state: Match, now: Round) -> tuple[Param, ...]:
        held = tuple((u.id, f"{u.name} ({u.points} points)") for u in state.units if in_play(u)
                     and (u.owner != now.round.player.id or not now.round.playing) and unit_kind(u) != "character")
        return self.scored_by(state, now, (
            Param("what", "What was KO'd or removed", "choice", ELEMENTS, default=ELEMENTS[0][0]),
            Param("element", "Which one, if the match holds it (it leaves the map)", "choice",
                  (("", "Not in the match"), *held), default=""),
            Param("points", "Its point value (objects and game elements worth 0 score nothing)", "int", low=0,
                  high=MAX_ELEMENT_POINTS, default=1)))

    def try_params(self, state: Match, action: Action) -> None:
        resolve_element(state, action)

    def resolve(self, state: Match, now: Round, action: Action, rng: random.Random) -> Resolution:
        return resolve_element(state, action)


class ActionTotal(SkirmishAction):
    """The player's actions above the default this turn: one bonus round each. It stays from turn to turn."""

    def params(self, state: Match, now: Round) -> tuple[Param, ...]:
        extra = now.round.player.counters.get(EXTRA_ACTIONS, 0)
        return (Param("extra", "Actions above the default this turn", "int", low=0, high=MAX_EXTRA_ACTIONS,
                      default=extra),)

    def own_notes(self, state: Match, now: Round) -> list[str]:
        return [f"One bonus round per action above the default; {now.round.player.name} plays "
                f"{counted(rounds_for(state, now.round.player), 'round')} this turn. It stays from turn to turn: "
                "change it when your action total changes."]

    def try_params(self, state: Match, action: Action) -> None:
        self.total(state, action)

    def resolve(self, state: Match, now: Round, action: Action, rng: random.Random) -> Resolution:
        return self.total(state, action)

    def total(self, state: Match, action: Action) -> Resolution:
        player, by = state.active_player, state.active_player.id
        was = player.counters.get(EXTRA_ACTIONS, 0)
        extra = action.params.get("extra", was)
        if isinstance(extra, bool) or not isinstance(extra, int) or not 0 <= extra <= MAX_EXTRA_ACTIONS:
            raise IllegalAction(f"actions above the default: a whole number from 0 to {MAX_EXTRA_ACTIONS}",
                                RULE_BONUS)
        if extra == was:
            raise IllegalAction(f"{player.name}'s action total is already {extra} above the default", RULE_BONUS)
        event = Event("counter", {"scope": "player", "name": EXTRA_ACTIONS, "target": player.id,
                                  "delta": extra - was}, by)
        rounds = state.rules.rounds_per_turn + extra
        return Resolution((event,), f"{player.name}'s action total: {extra} above the default, "
                                    f"{counted(rounds, 'round')} a turn", (RULE_BONUS,))


class EndRound(SkirmishAction):
    def turn_refusal(self, state: Match, now: Round) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why is None and not now.round.playing and not rounds_left(state):
            return no_round_reason(state)
        return why

    def resolve(self, state: Match, now: Round, action: Action, rng: random.Random) -> Resolution:
        events, skipped = end_round_events(state, state.active_player.id)
        after = replay(state, events)
        details = [f"{name} has no bonus round." for name in skipped]
        if rounds_left(after):
            bonus = " (bonus round)" if after.round > after.rules.rounds_per_turn else ""
            summary = (f"{state.active_player.name}'s round ends; {after.active_player.name} plays round "
                       f"{after.round}{bonus}")
            return Resolution(tuple(events), summary, (RULE_ROUNDS,), tuple(details))
        details.append(f"End of turn: resolve end-of-turn effects clockwise from {after.players[0].name}, then end "
                       "the turn (clear phase).")
        return Resolution(tuple(events), f"{state.active_player.name}'s round ends; every round of turn "
                          f"{state.turn} is played", (RULE_ROUNDS, RULE_END_OF_TURN), tuple(details))


class EndTurn(SkirmishAction):
    def turn_refusal(self, state: Match, now: Round) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why is None and rounds_left(state):
            if now.round.playing:
                return f"{now.round.player.name}'s round is still on: end it first", RULE_ROUNDS
            return "a player still has a bonus round this turn", RULE_BONUS
        return why

    def resolve(self, state: Match, now: Round, action: Action, rng: random.Random) -> Resolution:
        by = state.active_player.id
        cleared = cleared_units(state)
        details = [f"Clear phase: {', '.join(u.name for u in cleared)} "
                   f"{'clears its' if len(cleared) == 1 else 'clear their'} action tokens." if cleared
                   else "Clear phase: no character had tokens to clear.",
                   "Effects that last until before the next player's turn end now: take them off the table.",
                   f"Turn {state.turn + 1}: {state.players[0].name} plays round 1.", TIME_NOTE]
        events = (*reset_events(state, by), Event("end_turn", {}, by))
        return Resolution(events, f"Turn {state.turn} ends", (RULE_END_OF_TURN, RULE_CLEAR), tuple(details))


ACTIONS: tuple[SkirmishAction, ...] = (
    Costed("move", "Move", RULE_ROUNDS, "Move by the standard HeroClix rules; the map is yours to check."),
    Attack("attack", "Attack", RULE_STANDARD,
           "Close or ranged, or a power's single attack on one character (Charge, Running Shot and the like): check "
           "adjacency, range and line of fire on the map. Two 6s hit for 1 more damage; two 1s miss and deal the "
           "attacker 1 damage (HeroClix criticals).", ATTACK_ROLL),
    Power("power", "Other costed action", RULE_ROUNDS,
          "A POWER action or any other action that costs something: resolve it by its text, then record any damage "
          "it deals with Record damage. A power that makes one attack on one character: give it as Attack, which "
          f"rolls it. {TABLE_CRITICALS}"),
    PulseWave("pulse-wave", "Pulse Wave", RULE_FIRST_ROUND,
              "Resolve it by its standard HeroClix text, rolling its attack at the table, then record the damage it "
              f"deals with Record damage. {TABLE_CRITICALS}"),
    Free("free", "FREE action", RULE_ROUNDS,
         "One FREE action this round (powers and abilities given as FREE actions). If it makes an attack, roll it "
         f"at the table. {TABLE_CRITICALS}"),
    DealDamage("deal-damage", "Record damage", RULE_VP,
               "Damage from powers, Pulse Wave or other effects: clicks on opposing characters score victory points "
               "for the active player."),
    ScoreElement("score-element", "Bystander or object KO'd", RULE_VP,
                 "For bystanders and objects the match doesn't hold as units; only opposing ones score, and objects "
                 "only when worth 1 or more points."),
    ActionTotal("action-total", "Action total", RULE_BONUS),
    EndRound("end-round", "End round", RULE_ROUNDS, "Actions not given this round are lost."),
    EndTurn("end-turn", "End turn", RULE_CLEAR,
            f"Clear phase: characters that got no action token this turn clear. {TIME_NOTE}"),
)
