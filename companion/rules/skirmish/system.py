"""HeroClix Skirmish legal actions (seed 003): the active player's round, its costed and FREE action, the Rule of
the First Round, scoring, and ending rounds and turns.

Each round holds one costed action (a character gets an action token: move, attack, Pulse Wave or any other
costed action) and one FREE action, in either order. Scoring records (damage from other effects, a bystander or
object KO'd) and the player's action total cost nothing. Map positions are unknown to the match: range, line of
fire and adjacency come back as notes. See heroclix_skirmish_rounds for the round bookkeeping and
heroclix_skirmish_combat for attacks, victory points and winning. Rule ids are sections of
content/heroclix-skirmish/rules.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.base import (
    Action,
    ActionOption,
    Odds,
    Param,
    Refusal,
    Resolution,
    System,
    Verdict,
    check,
)
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
    SYSTEM_ID,
    TIME_NOTE,
    RoundState,
    cleared_units,
    end_round_events,
    has_round,
    in_play,
    is_character,
    no_round_reason,
    reset_events,
    round_state,
    rounds_for,
    rounds_left,
    unit_kind,
)
from companion.rules.skirmish.rounds import (
    stands as keeps_player_in,
)

MAX_EXTRA_ACTIONS = 10


@dataclass(frozen=True)
class _Spec:
    id: str
    title: str
    rule: str
    kind: str  # "costed" (one per round, gives an action token), "free" (one per round), "record" or "flow"


SPECS = (
    _Spec("move", "Move", RULE_ROUNDS, "costed"),
    _Spec("attack", "Attack", RULE_STANDARD, "costed"),
    _Spec("power", "Other costed action", RULE_ROUNDS, "costed"),
    _Spec("pulse-wave", "Pulse Wave", RULE_FIRST_ROUND, "costed"),
    _Spec("free", "FREE action", RULE_ROUNDS, "free"),
    _Spec("deal-damage", "Record damage", RULE_VP, "record"),
    _Spec("score-element", "Bystander or object KO'd", RULE_VP, "record"),
    _Spec("action-total", "Action total", RULE_BONUS, "record"),
    _Spec("end-round", "End round", RULE_ROUNDS, "flow"),
    _Spec("end-turn", "End turn", RULE_CLEAR, "flow"),
)
SPEC_BY_ID = {s.id: s for s in SPECS}
ON_UNITS = ("costed", "free")  # kinds given to one of the active player's characters

# An attack the helper doesn't roll (several targets, Pulse Wave, a FREE action's) still has HeroClix's criticals
TABLE_CRITICALS = ("An attack roll made at the table keeps HeroClix's criticals: two 6s hit every target and deal 1 "
                   "more damage; two 1s miss them all, then the attacker is dealt 1 unavoidable damage (record it "
                   "on your own character: it scores nobody).")
NOTES = {
    "move": "Move by the standard HeroClix rules; the map is yours to check.",
    "attack": "Close or ranged, or a power's single attack on one character (Charge, Running Shot and the like): "
              "check adjacency, range and line of fire on the map. Two 6s hit for 1 more damage; two 1s miss and "
              "deal the attacker 1 damage (HeroClix criticals).",
    "power": "A POWER action or any other action that costs something: resolve it by its text, then record any "
             "damage it deals with Record damage. A power that makes one attack on one character: give it as "
             f"Attack, which rolls it. {TABLE_CRITICALS}",
    "pulse-wave": "Resolve it by its standard HeroClix text, rolling its attack at the table, then record the "
                  f"damage it deals with Record damage. {TABLE_CRITICALS}",
    "free": "One FREE action this round (powers and abilities given as FREE actions). If it makes an attack, roll "
            f"it at the table. {TABLE_CRITICALS}",
    "deal-damage": "Damage from powers, Pulse Wave or other effects: clicks on opposing characters score victory "
                   "points for the active player.",
    "score-element": "For bystanders and objects the match doesn't hold as units; only opposing ones score, and "
                     "objects only when worth 1 or more points.",
    "end-round": "Actions not given this round are lost.",
    "end-turn": f"Clear phase: characters that got no action token this turn clear. {TIME_NOTE}",
}


@dataclass(frozen=True)
class _Query:
    """What one legal-actions query needs, worked out once."""

    round: RoundState
    mine: tuple[Unit, ...]  # the active player's characters in play
    targets: tuple[Unit, ...]  # opposing characters in play
    token_limit: int | None


def _query(state: Match) -> _Query:
    rs = round_state(state)
    mine = tuple(u for u in state.units if u.owner == rs.player.id and in_play(u) and is_character(u))
    return _Query(rs, mine, targets(state, rs.player.id), state.rules.token_limits.get("action"))


def _option_refusal(state: Match, q: _Query, spec: _Spec) -> Refusal | None:
    rs = q.round
    if state.status == "finished":
        return "the match is over", RULE_ROUNDS
    if spec.kind in ON_UNITS and not rs.playing:
        return no_round_reason(state)
    if spec.kind == "costed" and rs.costed_used:
        return "this round's costed action is given already", RULE_ROUNDS
    if spec.kind == "free":
        if rs.first:
            return "no FREE actions in a player's first round (Rule of the First Round)", RULE_FIRST_ROUND
        if rs.free_used:
            return "this round's FREE action is given already", RULE_ROUNDS
    if spec.id == "pulse-wave" and rs.first:
        return "Pulse Wave can't be activated during a player's first round", RULE_FIRST_ROUND
    if spec.id == "attack" and not q.targets:
        return "no opposing character is on the map", RULE_STANDARD
    if spec.id == "deal-damage" and not any(in_play(u) and is_character(u) for u in state.units):
        return "no character is on the map", RULE_VP
    if spec.id == "end-round" and not rs.playing and not rounds_left(state):
        return no_round_reason(state)
    if spec.id == "end-turn" and rounds_left(state):
        if rs.playing:
            return f"{rs.player.name}'s round is still on: end it first", RULE_ROUNDS
        return "a player still has a bonus round this turn", RULE_BONUS
    return None


def _unit_refusal(state: Match, q: _Query, spec: _Spec, unit: Unit) -> UnitRefusal | None:
    """The first check of `spec` the unit fails, with how many it passed (its depth)."""
    if unit.owner != q.round.player.id:
        return UnitRefusal(f"{unit.name} is not {q.round.player.name}'s character", RULE_ROUNDS)
    if not in_play(unit):
        return UnitRefusal(f"{unit.name} is not on the map (KO'd or set aside)", RULE_ROUNDS, 1)
    if not is_character(unit):
        return UnitRefusal(f"{unit.name} is an object: objects aren't given actions", RULE_ROUNDS, 2)
    if spec.kind != "costed":
        return None
    if unit.tokens.action:  # given a token this turn: it acted (or the Rule of the First Round gave it one)
        return UnitRefusal(f"{unit.name} already took its costed action this turn: one a character each turn "
                           "(HeroClix's core rules)", RULE_ONE_ACTION, 3)
    held = unit.tokens.action + unit.tokens.action_last
    if q.token_limit is not None and held >= q.token_limit:
        return UnitRefusal(f"{unit.name} holds {held} action tokens: a character with two can't be given a costed "
                           "action until they clear", RULE_PUSHING, 4)
    return None


def _pushable(q: _Query) -> list[Unit]:
    """The player's characters that a costed action now would push: they hold a token kept from an earlier turn
    and may still act (none given this turn, under the limit)."""
    limit = q.token_limit
    return [u for u in q.mine if u.tokens.action_last and not u.tokens.action
            and (limit is None or u.tokens.action_last < limit)]


def _params(state: Match, q: _Query, spec: _Spec) -> tuple[Param, ...]:
    """The option's form; a costed action's asks whether the character ignores pushing damage when one of the
    player's characters holds an action token (card text such as Willpower)."""
    own = _own_params(state, q, spec)
    if spec.kind == "costed" and _pushable(q):
        return (*own, pushing_param())
    return own


def _own_params(state: Match, q: _Query, spec: _Spec) -> tuple[Param, ...]:
    first = q.round.first
    if spec.id == "attack":
        return attack_params(q.targets, first)
    if spec.id == "power" and first:
        return (Param("attacked", "This action makes an attack (first round: one more action token)", "bool",
                      default=False),)
    if spec.id == "deal-damage":
        hurt = tuple((u.id, u.name) for u in state.units if in_play(u) and is_character(u))
        params = (Param("target", "Character that takes the damage", "unit", hurt, default=hurt[0][0]),
                  Param("clicks", "Clicks of damage", "int", low=1, high=MAX_CLICKS, default=1))
        return (*params, reduce_param()) if first else _scored_by(state, q, params)
    if spec.id == "score-element":
        held = tuple((u.id, f"{u.name} ({u.points} points)") for u in state.units if in_play(u)
                     and (u.owner != q.round.player.id or not q.round.playing) and unit_kind(u) != "character")
        return _scored_by(state, q, (
            Param("what", "What was KO'd or removed", "choice", ELEMENTS, default=ELEMENTS[0][0]),
            Param("element", "Which one, if the match holds it (it leaves the map)", "choice",
                  (("", "Not in the match"), *held), default=""),
            Param("points", "Its point value (objects and game elements worth 0 score nothing)", "int", low=0,
                  high=MAX_ELEMENT_POINTS, default=1)))
    if spec.id == "action-total":
        now = q.round.player.counters.get(EXTRA_ACTIONS, 0)
        return (Param("extra", "Actions above the default this turn", "int", low=0, high=MAX_EXTRA_ACTIONS,
                      default=now),)
    return ()


def _scored_by(state: Match, q: _Query, params: tuple[Param, ...]) -> tuple[Param, ...]:
    """A record's form once every round is played (the End of Turn step): no player is active then, so it asks
    who scores (the source scores only the active player and doesn't say who, if anyone, is active then)."""
    return params if q.round.playing else (*params, scorer_param(state))


def _note(state: Match, q: _Query, spec: _Spec) -> str | None:
    parts = [NOTES.get(spec.id, "")]
    if spec.id == "attack" and q.round.first:
        parts.append("First round: the attacker also gets an action token after the attack.")
    holding = [u.name for u in _pushable(q)]
    if spec.kind == "costed" and holding:
        parts.append(f"Pushed if given this action: {', '.join(holding)} (holding an action token from last turn, "
                     "1 unavoidable damage after it).")
    if spec.kind == "costed" and state.round == 1:
        parts.append("Resolve your beginning-of-turn effects before giving an action that costs something.")
    if spec.id == "action-total":
        parts.append(f"One bonus round per action above the default; {q.round.player.name} plays "
                     f"{counted(rounds_for(state, q.round.player), 'round')} this turn. It stays from turn to turn: "
                     "change it when your action total changes.")
    if spec.id in ("deal-damage", "score-element") and not q.round.playing:
        parts.append("No round is on (end of turn), so no player is active: say who scores, if anyone.")
    if spec.kind in ON_UNITS and not q.round.tracked:
        parts.append("This match was made before the helper tracked a round's actions: check them yourself.")
    return " ".join(p for p in parts if p) or None


def _option(state: Match, q: _Query, spec: _Spec) -> ActionOption:
    cost = 1 if spec.kind == "costed" else 0
    note = _note(state, q, spec)
    refusal = _option_refusal(state, q, spec)
    if refusal:
        return ActionOption(spec.id, spec.title, False, reason=refusal[0], rule=refusal[1], cost=cost, note=note)
    dice = ATTACK_ROLL if spec.id == "attack" else None
    if spec.kind not in ON_UNITS:
        return ActionOption(spec.id, spec.title, True, rule=spec.rule, cost=cost, note=note,
                            params=_params(state, q, spec))
    refused = {u.id: why for u in q.mine if (why := _unit_refusal(state, q, spec, u))}
    allowed = tuple(u.id for u in q.mine if u.id not in refused)
    if allowed:
        return ActionOption(spec.id, spec.title, True, allowed, rule=spec.rule, cost=cost, note=note,
                            refused={uid: r.reason for uid, r in refused.items()}, params=_params(state, q, spec),
                            dice=dice)
    if not q.mine:
        return ActionOption(spec.id, spec.title, False, reason="you have no characters on the map", rule=RULE_ROUNDS,
                            cost=cost, note=note)
    # each character's own reason, the closest first (no fixed sentence stands in for them)
    reason, rule, reasons, shown = refusal_summary(refused)
    return ActionOption(spec.id, spec.title, False, reason=reason, rule=rule, cost=cost, note=note, refused=reasons,
                        shown=shown)




class HeroClixSkirmish(System):
    id = SYSTEM_ID
    name = "HeroClix Skirmish"

    def turn_words(self, state: Match) -> tuple[str, str]:
        """Whose round of the shared turn it is, as the players count it (round r of the turn is each player's r-th
        round): "Ann's round 1 of 2", "(bonus)" past the default; once every round is played, the end of turn.
        Said once: the turn's round and the player's round are the same number."""
        player = state.active_player
        if not rounds_left(state):
            return "every round played: end of turn", ""
        if not has_round(state, state.active, state.round):
            return f"{player.name} has no round {state.round}", ""
        bonus = " (bonus)" if state.round > state.rules.rounds_per_turn else ""
        return f"{player.name}'s round {state.round} of {rounds_for(state, player)}{bonus}", ""

    def stands(self, state: Match, unit: Unit) -> bool:
        """A character on the table keeps its player in; a 0-point bystander doesn't."""
        return keeps_player_in(unit)

    def legal_actions(self, state: Match) -> list[ActionOption]:
        q = _query(state)
        return [_option(state, q, spec) for spec in SPECS]

    # explain is the base's template; these hooks are Skirmish's checks
    specs = SPEC_BY_ID
    unit_noun = "character"

    def _query(self, state: Match) -> _Query:
        return _query(state)

    def _turn_refusal(self, state: Match, now: _Query, spec: _Spec) -> Refusal | None:
        return _option_refusal(state, now, spec)

    def _for_unit(self, spec: _Spec) -> bool:
        return spec.kind in ON_UNITS

    def _option(self, state: Match, now: _Query, spec: _Spec) -> ActionOption:
        return _option(state, now, spec)

    def _unit_refusal(self, state: Match, now: _Query, spec: _Spec, unit: Unit) -> Refusal | None:
        why = _unit_refusal(state, now, spec, unit)
        return (why.reason, why.rule) if why else None

    def _param_refusal(self, state: Match, now: _Query, spec: _Spec, action: Action,
                       unit: Unit | None) -> Refusal | None:
        why = _param_refusal(state, spec, action)
        return (f"{spec.title}: {why[0]}", why[1]) if why else None

    def _legal_verdict(self, state: Match, now: _Query, spec: _Spec, unit: Unit) -> Verdict:
        kind = "FREE" if spec.kind == "free" else "costed"
        return Verdict(True, f"{unit.name} can take it: {spec.title} (the round's {kind} action)", spec.rule)

    outcomes = staticmethod(advice.outcomes)  # the advisor's hooks: skirmish/advice.py
    outcome_key = staticmethod(advice.outcome_key)

    def odds(self, state: Match, action: Action) -> Odds | None:
        return attack_odds(state, action) if action.name == "attack" else None

    def resolve(self, state: Match, action: Action, rng: random.Random) -> Resolution:
        """The events of the action as one undoable step; IllegalAction when it is not legal now."""
        check(self.explain(state, action))
        spec = SPEC_BY_ID[action.name]
        if spec.kind in ON_UNITS and action.unit is None:
            raise IllegalAction(f"{spec.title}: choose the character first", spec.rule)
        by = state.active_player.id
        if action.name == "attack":
            return resolve_attack(state, action, rng)
        if action.name == "deal-damage":
            return resolve_damage(state, action)
        if action.name == "score-element":
            return resolve_element(state, action)
        if spec.kind == "flow":
            return _end_round(state, by) if action.name == "end-round" else _end_turn(state, by)
        if action.name == "action-total":
            return _action_total(state, action, by)
        unit = state.unit(action.unit or "")
        rs = round_state(state)
        if spec.kind == "free":
            # a match made with an older pack has no counter for it: then there is nothing to record
            events = [Event("counter", {"scope": "match", "name": FREE_USED, "delta": 1}, by)] if rs.tracked else []
            return Resolution(tuple(events), f"{unit.name} takes the round's FREE action", (RULE_ROUNDS,),
                              ("Resolve it by its text at the table.", TABLE_CRITICALS))
        events = costed_events(state, unit, by)
        details = [NOTES[action.name]]
        rules = [spec.rule]
        pushing, said = pushing_events(state, unit, events, by, action.params)
        details += said
        if pushing:
            events += pushing
            rules.append(RULE_PUSHING)
        if action.name == "power" and rs.first and action.params.get("attacked") is True:
            extra, said = first_round_token(state, unit, by)
            events += extra
            details.append(said)
        won, said = victory_events(state, events, by)
        summary = f"{unit.name}: {spec.title.lower()} (the round's costed action)"
        if pushing:
            summary += f"; pushed: {damage_text(state, pushing, unit)}"
        return Resolution(tuple(events + won), summary, (*rules, *((RULE_VICTORY,) if won else ())),
                          tuple(details + said))


def _param_refusal(state: Match, spec: _Spec, action: Action) -> Refusal | None:
    """What resolve would refuse in the action's params (nothing here rolls dice: it is checked by trying)."""
    try:
        if spec.id == "attack":
            attack = attack_setup(state, action)
            if attack.reduce:
                check_reduction(state, attack.target)
        elif spec.id in ("deal-damage", "score-element", "action-total"):
            {"deal-damage": resolve_damage, "score-element": resolve_element,
             "action-total": lambda s, a: _action_total(s, a, s.active_player.id)}[spec.id](state, action)
    except IllegalAction as exc:
        return str(exc), exc.rule or spec.rule
    except SkirmishError as exc:
        return str(exc), spec.rule
    return None


def _action_total(state: Match, action: Action, by: str) -> Resolution:
    player = state.active_player
    now = player.counters.get(EXTRA_ACTIONS, 0)
    extra = action.params.get("extra", now)
    if isinstance(extra, bool) or not isinstance(extra, int) or not 0 <= extra <= MAX_EXTRA_ACTIONS:
        raise IllegalAction(f"actions above the default: a whole number from 0 to {MAX_EXTRA_ACTIONS}", RULE_BONUS)
    if extra == now:
        raise IllegalAction(f"{player.name}'s action total is already {extra} above the default", RULE_BONUS)
    event = Event("counter", {"scope": "player", "name": EXTRA_ACTIONS, "target": player.id, "delta": extra - now}, by)
    rounds = state.rules.rounds_per_turn + extra
    return Resolution((event,), f"{player.name}'s action total: {extra} above the default, "
                                f"{counted(rounds, 'round')} a turn", (RULE_BONUS,))


def _end_round(state: Match, by: str) -> Resolution:
    events, skipped = end_round_events(state, by)
    after = replay(state, events)
    details = [f"{name} has no bonus round." for name in skipped]
    if rounds_left(after):
        bonus = " (bonus round)" if after.round > after.rules.rounds_per_turn else ""
        summary = (f"{state.active_player.name}'s round ends; {after.active_player.name} plays round "
                   f"{after.round}{bonus}")
        return Resolution(tuple(events), summary, (RULE_ROUNDS,), tuple(details))
    details.append(f"End of turn: resolve end-of-turn effects clockwise from {after.players[0].name}, then end the "
                   "turn (clear phase).")
    return Resolution(tuple(events), f"{state.active_player.name}'s round ends; every round of turn {state.turn} is "
                      "played", (RULE_ROUNDS, RULE_END_OF_TURN), tuple(details))


def _end_turn(state: Match, by: str) -> Resolution:
    cleared = cleared_units(state)
    details = [f"Clear phase: {', '.join(u.name for u in cleared)} "
               f"{'clears its' if len(cleared) == 1 else 'clear their'} action tokens." if cleared
               else "Clear phase: no character had tokens to clear.",
               "Effects that last until before the next player's turn end now: take them off the table.",
               f"Turn {state.turn + 1}: {state.players[0].name} plays round 1.", TIME_NOTE]
    events = (*reset_events(state, by), Event("end_turn", {}, by))
    return Resolution(events, f"Turn {state.turn} ends", (RULE_END_OF_TURN, RULE_CLEAR), tuple(details))
