"""Armageddon Empires dice challenges (seed 004): legal actions, exact odds and resolution.

A challenge is a sequence of actions: start it (assassinate, sabotage or a threshold challenge) which rolls both
pools; then the defender may accept at once (the Defender's Prerogative: it ends there) or change the dice with
a Fate reroll or a tactic card, which gives the prerogative up and lets the attacker respond; the sides go on in
turn until both accept one after the other. Then damage assessment: the difference of successes is dealt as
wounds (heroes) or damage (facilities), killing or destroying at the card's points. Cards, abilities and the
challenge's state: see armageddon_empires_flow; the dice setting (not in the source): armageddon_empires_dice.
The map isn't known: the players check that both cards share a hex.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import IllegalAction
from companion.core.model import Match, Unit
from companion.rules.advice.dice import Branch
from companion.rules.base import Action, ActionOption, Harm, Odds, Param, Refusal, Resolution, System, Verdict
from companion.rules.empires import advice, flow, steps
from companion.rules.empires.dice import MAX_POOL, DiceRule, dice_rule
from companion.rules.empires.steps import MASTER, MAX_SEEN, preview

SYSTEM_ID = "armageddon-empires"


@dataclass(frozen=True)
class _Spec:
    id: str
    title: str
    rule: str
    trait: str = ""  # the ability that starts it; "" for the steps of a challenge under way
    dice: str | None = None


SPECS = (
    _Spec("assassinate", "Assassinate a hero", "assassination", "assassin", "both pools"),
    _Spec("sabotage", "Sabotage a facility", "sabotage", "saboteur", "both pools"),
    _Spec("threshold", "Threshold challenge (create a card)", "threshold-challenges", "tactician", "both pools"),
    _Spec("accept", "Accept the result", "accepting-results"),
    _Spec("reroll", "Reroll with Fate", "fate-pool", dice="rerolled dice"),
    _Spec("tactic", "Play a tactic card", "fate-pool"),
)
SPEC_BY_ID = {s.id: s for s in SPECS}
ABILITY = {"assassin": "Assassin", "saboteur": "Saboteur", "tactician": "Tactician, Technologist or Geneticist"}
NOTES = {"assassinate": "The assassin's army must share a hex with the target; stealth and detection are yours to "
                        "settle. A Master Assassin picks the target; otherwise tick every hero seen: the target is "
                        "drawn among them.",
         "sabotage": "The saboteur's army must share a hex with the target facility. A Master Saboteur picks it; "
                     "otherwise tick every facility seen: the target is drawn among them.",
         "threshold": "How many dice the hero rolls for its ability is not in the source. The threshold is a fixed "
                      "number of dice, rolled against the hero's: the card is made when the hero's successes equal "
                      "or beat the threshold's.",
         "reroll": "How many rerolls Fate buys is not in the source: reroll the failed dice your Fate allows.",
         "tactic": "Enter what the card does to the successes; tactic cards are not in the source."}

DRAWN_ROWS = {"assassin": "With no Master Assassin, Best moves weighs each hero as the only one seen.",
              "saboteur": "With no Master Saboteur, Best moves weighs each facility as the only one seen."}


def _turn_refusal(state: Match, spec: _Spec, challenge: flow.Challenge | None) -> Refusal | None:
    if state.status == "finished":
        return "the match is over", "challenges"
    if "challenge-step" not in state.rules.counters.get("match", ()):
        return "this match was made with an older pack that can't keep a challenge: start a new match", "challenges"
    if spec.trait and challenge is not None:
        return f"finish the challenge under way first ({challenge.title()})", "challenges"
    if not spec.trait and challenge is None:
        return "no challenge is under way", "challenges"
    if spec.trait in MASTER and not flow.targets(state, state.active_player.id, spec.trait):
        what = "hero" if spec.trait == "assassin" else "facility"
        return f"no enemy {what} is on the table to target", spec.rule
    return None


def _unit_refusal(state: Match, spec: _Spec, unit: Unit, challenge: flow.Challenge | None) -> Refusal | None:
    if challenge is not None:
        if unit.id != challenge.acting.id:
            side = "attacker" if challenge.attacker_acts else "defender"
            return f"it is {challenge.acting.name}'s move (the {side})", "defenders-prerogative"
        if spec.id == "reroll" and (why := steps.reroll_refusal(challenge)):
            return why, "fate-pool"
        return None
    player = state.active_player
    if unit.owner != player.id:
        return f"{unit.name} is not {player.name}'s card", "challenges"
    if not flow.live(unit):
        return f"{unit.name} is not in play", "challenges"
    if flow.level(unit, spec.trait) <= 0:
        return f"{unit.name} has no {ABILITY[spec.trait]} ability", spec.rule
    return None


def _setting_params(rule: DiceRule) -> tuple[Param, ...]:
    tag = "" if rule.confirmed else ": NOT in the source, a placeholder to confirm from your manual"
    # a confirmed setting is seldom changed; a placeholder stays in sight, so its warning is read
    return (Param("die_sides", f"Sides on each challenge die{tag}", "int", low=2, high=100, default=rule.sides,
                  rare=rule.confirmed),
            Param("success_on", f"Lowest face that is a success{tag}", "int", low=1, high=100,
                  default=rule.success_on, rare=rule.confirmed))


def _params(state: Match, spec: _Spec, challenge: flow.Challenge | None) -> tuple[Param, ...]:
    if spec.id in ("assassinate", "sabotage"):
        enemies = flow.targets(state, state.active_player.id, spec.trait)
        targets = tuple((u.id, u.name) for u in enemies)
        what = "heroes" if spec.id == "assassinate" else "facilities"
        extra = (Param("slayer_munition", "A one-shot Slayer munition (one wound kills)", "bool"),) \
            if spec.id == "assassinate" else (
            Param("intel_center", "An Intel Center is in the target's hex (a special duel)", "bool"),)
        # one switch per enemy card: the random target is drawn among every one ticked (none for a Master)
        seen = tuple(Param(f"seen_{u.id}", f"Also seen in the hex: {u.name}", "bool") for u in enemies[:MAX_SEEN])
        return (Param("target", f"Target (a Master's pick; otherwise one of the {what} seen)", "unit", targets),
                *seen,
                Param("bonus", "Defender's other bonus dice (Bodyguard on its card is counted)", "int", low=0,
                      high=30, default=0),
                *extra,
                Param("ap_cost", "Action Points it costs (not in the source; 0: not tracked)", "int", high=99,
                      default=0, rare=True),
                *_setting_params(dice_rule(state, {})))
    if spec.id == "threshold":
        return (Param("dice", "Dice in the hero's pool (0: its Ability level)", "int", high=MAX_POOL, default=0),
                Param("threshold", "Threshold: its fixed number of dice", "int", low=1, high=MAX_POOL, default=1),
                *_setting_params(dice_rule(state, {})))
    if spec.id == "reroll":
        dice, wins = challenge.own(challenge.attacker_acts) if challenge else (1, 0)
        failed = max(1, dice - wins)
        return (Param("dice", "Failed dice to reroll", "int", low=1, high=failed, default=failed),)
    if spec.id == "tactic":
        return (Param("own", "Change to your successes", "int", low=-10, high=10, default=0),
                Param("theirs", "Change to the other side's successes", "int", low=-10, high=10, default=0))
    return ()


def _option(state: Match, spec: _Spec, challenge: flow.Challenge | None) -> ActionOption:
    title = spec.title
    if spec.id == "accept" and challenge is not None and challenge.prerogative:
        title = "Accept now (Defender's Prerogative)"
    common: dict[str, Any] = {"cost": 0, "note": NOTES.get(spec.id), "dice": spec.dice}
    refusal = _turn_refusal(state, spec, challenge)
    if refusal:
        return ActionOption(spec.id, title, False, reason=refusal[0], rule=refusal[1], **common)
    params = _params(state, spec, challenge)
    if challenge is not None:
        why = _unit_refusal(state, spec, challenge.acting, challenge)
        if why:
            return ActionOption(spec.id, title, False, reason=why[0], rule=why[1], params=params, **common)
        note = f"{challenge.title()}: {preview(challenge)}"
        return ActionOption(spec.id, title, True, (challenge.acting.id,), rule=_flow_rule(spec, challenge),
                            params=params, **{**common, "note": note})
    mine = [u for u in state.units if u.owner == state.active_player.id and flow.live(u)]
    refused = {u.id: why for u in mine if (why := _unit_refusal(state, spec, u, None))}
    allowed = tuple(u.id for u in mine if u.id not in refused)
    reasons = {uid: r for uid, (r, _) in refused.items()}
    if allowed:
        if spec.trait in MASTER and any(not flow.has(u, MASTER[spec.trait]) for u in mine if u.id in allowed):
            # Best moves weighs one row per enemy card; a card with no Master can't pick, so the row says how it
            # reads the draw (seed 004 ¶15, ¶19)
            common["note"] = f"{common['note']} {DRAWN_ROWS[spec.trait]}"
        return ActionOption(spec.id, title, True, allowed, rule=spec.rule, refused=reasons, params=params, **common)
    return ActionOption(spec.id, title, False, reason=f"none of your cards has the {ABILITY[spec.trait]} ability",
                        rule=spec.rule, refused=reasons, params=params, **common)


def _open_challenge(challenge: flow.Challenge) -> str:
    return f"finish the challenge under way first ({challenge.title()}; {challenge.acting.name} to act)"


def _flow_rule(spec: _Spec, challenge: flow.Challenge) -> str:
    return "defenders-prerogative" if challenge.prerogative else spec.rule



class ArmageddonEmpires(System):
    id = SYSTEM_ID
    name = "Armageddon Empires"
    keeps_score = False  # its source scores no points (the pack's victory.toml)

    def settings_refusal(self, state: Match) -> str | None:
        """The challenge dice agreed at New match must make a die (a success face no higher than its sides)."""
        try:
            dice_rule(state, {})
        except IllegalAction as exc:
            return str(exc)
        return None

    def legal_actions(self, state: Match) -> list[ActionOption]:
        challenge = flow.current(state)
        return [_option(state, spec, challenge) for spec in SPECS]

    # explain is the base's template; these hooks are the game's checks (`now`: the challenge under way)
    specs = SPEC_BY_ID
    unit_noun = "card"

    def _query(self, state: Match) -> flow.Challenge | None:
        return flow.current(state)

    def _turn_refusal(self, state: Match, now: flow.Challenge | None, spec: _Spec) -> Refusal | None:
        return _turn_refusal(state, spec, now)

    def _option(self, state: Match, now: flow.Challenge | None, spec: _Spec) -> ActionOption:
        return _option(state, spec, now)

    def _unit_refusal(self, state: Match, now: flow.Challenge | None, spec: _Spec, unit: Unit) -> Refusal | None:
        return _unit_refusal(state, spec, unit, now)

    def explain(self, state: Match, action: Action) -> Verdict:
        """The base's template; a step of the challenge under way with no card named is the acting card's, as
        resolve takes it, so explain judges its params too."""
        spec, challenge = SPEC_BY_ID.get(action.name), flow.current(state)
        if action.unit is None and spec is not None and not spec.trait and challenge is not None:
            action = Action(action.name, challenge.acting.id, action.params)
        return super().explain(state, action)

    def _param_refusal(self, state: Match, now: flow.Challenge | None, spec: _Spec, action: Action,
                       unit: Unit | None) -> Refusal | None:
        try:  # the params as given (defaults for those left out): what resolve will use
            if unit is not None:
                _checked_params(state, spec, unit, now, action.params)
        except IllegalAction as exc:
            return f"{spec.title}: {exc}", exc.rule
        return None

    def _legal_verdict(self, state: Match, now: flow.Challenge | None, spec: _Spec, unit: Unit) -> Verdict:
        return Verdict(True, f"{unit.name} can {spec.title[0].lower()}{spec.title[1:]}",
                       _flow_rule(spec, now) if now else spec.rule)

    def odds(self, state: Match, action: Action) -> Odds | None:
        spec, unit, challenge = self._checked(state, action)
        if spec.trait:
            return steps.start_odds(steps.plan_start(state, spec.id, spec.trait, spec.rule, unit, action.params))
        if spec.id == "reroll" and challenge is not None:
            return steps.reroll_odds(state, challenge, action.params)
        return None

    def outcomes(self, state: Match, action: Action) -> tuple[Branch, ...] | None:  # the advisor: empires/advice.py
        spec, unit, challenge = self._checked(state, action)
        if spec.trait:
            return advice.start_branches(steps.plan_start(state, spec.id, spec.trait, spec.rule, unit, action.params))
        if spec.id == "reroll" and challenge is not None:
            return advice.reroll_branches(dice_rule(state, {}), steps.reroll_dice(challenge, action.params))
        return advice.CERTAIN if spec.id == "accept" else None

    advice_assumes = (advice.ACCEPTED,)

    def advice_points(self, before: Match, after: Match, action: Action) -> tuple[int, str]:
        return advice.points(self, before, after, action)

    def advice_figures(self, before: Match, after: Match, action: Action) -> dict[str, int]:
        return advice.figures(self, before, after, action)

    def advice_target(self, state: Match, action: Action) -> str | None:
        return None  # no card's clicks count: a card is harmed in wounds and damage, once accepted (advice_harm)

    def advice_harm(self, path: Sequence[Match], action: Action) -> Harm | None:
        return advice.harm(self, path[0], path[-1], action)

    def resolve(self, state: Match, action: Action, rng: random.Random) -> Resolution:
        spec, unit, challenge = self._checked(state, action)
        if spec.trait:
            plan = steps.plan_start(state, spec.id, spec.trait, spec.rule, unit, action.params)
            return steps.start(state, plan, rng)
        assert challenge is not None  # _checked refuses the steps without a challenge under way
        if spec.id == "accept":
            return steps.accept(state, challenge)
        if spec.id == "reroll":
            return steps.reroll(state, challenge, action.params, rng)
        return steps.tactic(state, challenge, action.params)

    def ending(self, state: Match, name: str) -> ActionOption:
        """No turn or round ends while a challenge is open: it runs until the Prerogative is taken or both sides
        accept (seed 004 ¶10, ¶17), so neither side can end the turn to walk away from it."""
        challenge = flow.current(state)
        if challenge is not None and state.status != "finished":
            return ActionOption(name, name.replace("-", " ").capitalize(), False, reason=_open_challenge(challenge),
                                rule="challenges", cost=0)
        return super().ending(state, name)

    def mover(self, state: Match) -> str:
        """The player whose move it is: the acting card's owner while a challenge is under way (the defender's
        for its Prerogative), else the active player."""
        challenge = flow.current(state)
        return challenge.acting.owner if challenge is not None else state.active_player.id

    def actor_refusal(self, state: Match, action: Action, by: str) -> Refusal | None:
        """Only the side whose move it is takes it: the attacker can't take the Defender's Prerogative."""
        mover = self.mover(state)
        if by == mover:
            return None
        challenge = flow.current(state)
        who = next((p.name for p in state.players if p.id == by), by)
        if challenge is None:
            return f"it is {state.active_player.name}'s turn, not {who}'s", "challenges"
        side = "attacker" if challenge.attacker_acts else "defender"
        rule = "defenders-prerogative" if challenge.prerogative else "accepting-results"
        return f"it is {challenge.acting.name}'s move (the {side}), not {who}'s", rule

    def check_change(self, before: Match, after: Match) -> Refusal | None:
        """What no change of the match may leave, on every path (see rules.refuse_change): a card in play past
        its wound or structure points, challenge counters that make no challenge."""
        why = flow.change_refusal(before, after)
        if why is None and (challenge := flow.current(before)) is not None and (
                (after.turn, after.round, after.active) != (before.turn, before.round, before.active)):
            why = _open_challenge(challenge)  # an end_turn event by hand too
        return (why, "challenges") if why else None

    def _checked(self, state: Match, action: Action) -> tuple[_Spec, Unit, flow.Challenge | None]:
        """The action's spec and card after every check; IllegalAction with the reason when refused."""
        spec = SPEC_BY_ID.get(action.name)
        challenge = flow.current(state)
        unit_id = action.unit or (challenge.acting.id if challenge is not None and spec and not spec.trait else None)
        verdict = self.explain(state, Action(action.name, unit_id, action.params))
        if not verdict.legal or spec is None:
            raise IllegalAction(verdict.reason, verdict.rule)
        if unit_id is None:
            raise IllegalAction(f"{spec.title}: say which card takes it", spec.rule)
        return spec, state.unit(unit_id), challenge


def _checked_params(state: Match, spec: _Spec, unit: Unit, challenge: flow.Challenge | None,
                    params: Mapping[str, Any]) -> None:
    if spec.trait:
        steps.plan_start(state, spec.id, spec.trait, spec.rule, unit, params)
    elif spec.id == "reroll" and challenge is not None:
        steps.reroll_dice(challenge, params)
    elif spec.id == "tactic" and challenge is not None:
        steps.tactic_changes(challenge, params)
