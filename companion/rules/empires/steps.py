"""Armageddon Empires (seed 004): each step of a challenge, its exact odds and the events that apply it.

Start (assassinate / sabotage / threshold): pay the Action Points the players entered, draw the target when the
operative is no Master, roll both pools. Accept: the defender's first accept is the Defender's Prerogative and
ends the challenge; later, two accepts in a row end it. Reroll (Fate) and tactic cards change successes, give up
the prerogative and pass the move. The end applies the damage assessment and clears the challenge.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.core.dice.roll import roll
from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import HOUSE, Match, Unit
from companion.core.words import counted
from companion.rules.action import Odds, Resolution, odds_text, param_int
from companion.rules.empires import flow
from companion.rules.empires.dice import MAX_POOL, DiceRule, at_least, at_most, dice_rule, margin
from companion.rules.empires.operations import MAX_SEEN, Aimed, Operation

INTEL_HOUSE_RULE = "intel-center-duel"  # the pack's option (options.toml), switched per match
INTEL_CUT_OFF = ("the Saboteur vs. Intel Center rule stops mid-sentence in the source, so the app can't resolve "
                 "it: settle it with your manual, or switch on the house rule \"Intel Center duel like assassin "
                 "duels\" for this match")
NO_BONUS_DAMAGE = "Bonus damage from cards, if any applies, is not in this part of the source: add it by hand."


def count_wins(n: int) -> str:
    """"1 success", "3 successes"."""
    return counted(n, "success", "successes")


def against_threshold(challenge: flow.Challenge) -> str:
    """"3 successes to the threshold's 2" (an older match's threshold: "against a threshold of 2")."""
    a = count_wins(challenge.attacker_successes)
    if challenge.defender_dice:
        return f"{a} to the threshold's {challenge.needed}"
    return f"{a} against a threshold of {challenge.threshold}"


def preview(challenge: flow.Challenge) -> str:
    """What the dice say now, if both sides accepted."""
    a, d = challenge.attacker_successes, challenge.defender_successes
    if challenge.defender is None:
        verdict = "enough: the card would be created" if challenge.made else "falls short"
        return f"{against_threshold(challenge)}: {verdict}"
    m = challenge.margin
    if challenge.kind == flow.SABOTAGE_INTEL:  # started before the app refused it: the source says no more
        return (f"{count_wins(a)} to {d}: the Saboteur vs. Intel Center rule is cut off in the source: settle the "
                f"result with your manual; {challenge.acting.name} to act")
    if m > 0:
        effect = f"{challenge.defender.name} would take {m}"
    elif m < 0 and challenge.reverse:
        effect = f"{challenge.attacker.name} would take {-m}"
    else:
        effect = "no harm either way"
    return f"{count_wins(a)} to {d}: {effect}; {challenge.acting.name} to act"


# --- starting a challenge -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Start:
    aimed: Aimed | None  # what the challenge aims at (an assassination's hero, a sabotage's facility); None: threshold
    attacker: Unit
    candidates: tuple[Unit, ...]  # the target (a Master's choice) or every card seen, to draw from; () threshold
    drawn: bool  # no Master: the target comes from the draw among the candidates
    bonus: int
    slayer: bool
    intel: bool
    house_rule: bool
    ap: int
    rule: DiceRule
    attack_dice: int
    threshold: int  # a threshold challenge's dice (seed 004 ¶10: "a fixed number of dice"), rolled against the hero

    def kind(self, target: Unit | None) -> str:
        if target is None:
            return flow.THRESHOLD
        assert self.aimed is not None  # only an aimed challenge has a target
        return self.aimed.kind(target, self.intel, self.house_rule)

    def defence(self, target: Unit) -> int:
        """Fate (a facility: defense) plus the Bodyguard level on the defender's card plus the bonus entered."""
        assert self.aimed is not None
        base = self.aimed.defence_base(target)
        return min(base + flow.level(target, "bodyguard") + self.bonus, MAX_POOL)


def _paid(state: Match, attacker: Unit, params: Mapping[str, Any]) -> tuple[DiceRule, int]:
    """The dice setting and the Action Points a start costs, checked."""
    rule = dice_rule(state, params)
    ap = param_int(params, "ap_cost", 0, 99, 0, "action-points")
    owner = state.player(attacker.owner)
    if ap > owner.counters.get("action_points", 0):
        raise IllegalAction(f"it costs {ap} Action Points and {owner.name} has "
                            f"{owner.counters.get('action_points', 0)}", "action-points")
    return rule, ap


def plan_threshold(state: Match, operation: Operation, rule_id: str, attacker: Unit,
                   params: Mapping[str, Any]) -> Start:
    """The checked set-up of a threshold challenge; IllegalAction naming the rule when a value breaks it."""
    rule, ap = _paid(state, attacker, params)
    dice = param_int(params, "dice", 0, MAX_POOL, 0, rule_id) or min(operation.level(attacker), MAX_POOL)
    threshold = param_int(params, "threshold", 1, MAX_POOL, 1, rule_id)  # dice, rolled against the hero
    return Start(None, attacker, (), False, 0, False, False, False, ap, rule, dice, threshold)


def plan_start(state: Match, aimed: Aimed, rule_id: str, attacker: Unit, params: Mapping[str, Any]) -> Start:
    """The checked set-up of an assassination or a sabotage (`aimed`); IllegalAction naming the rule when a value
    breaks it."""
    rule, ap = _paid(state, attacker, params)
    intel = aimed.intel(params)
    house_rule = state.counters.get(HOUSE + INTEL_HOUSE_RULE, 0) > 0  # the table's agreement, kept in the match
    if intel and not house_rule:
        raise IllegalAction(INTEL_CUT_OFF, "saboteur-vs-intel-center")
    targets = {u.id: u for u in aimed.targets(state, attacker.owner)}
    what, whats = aimed.one, aimed.many
    master = flow.has(attacker, aimed.master)
    chosen = ([params["target"]] if params.get("target") else []) + ([] if master else seen_ids(params, targets))
    if not chosen:
        raise IllegalAction(f"say which {what} is the target" if master else f"say which {whats} were seen in the "
                            "hex: the target is drawn among them", rule_id)
    for uid in chosen:
        if uid not in targets:
            raise IllegalAction(f"{uid!r} is not an enemy {what} in play", rule_id)
    candidates = tuple(targets[uid] for uid in dict.fromkeys(chosen))
    if len(candidates) > MAX_SEEN:
        raise IllegalAction(f"at most {MAX_SEEN} {whats} seen in one hex here, not {len(candidates)}", rule_id)
    slayer = aimed.slayer(attacker, params)
    return Start(aimed, attacker, candidates, not master, param_int(params, "bonus", 0, MAX_POOL, 0, rule_id),
                 slayer, intel, house_rule, ap, rule, min(aimed.level(attacker), MAX_POOL), 0)


def seen_ids(params: Mapping[str, Any], targets: Mapping[str, Unit]) -> list[str]:
    """The cards the players saw in the hex: `seen` (a list of ids, or ids separated by commas, for scripts
    and the CLI) and the form's switches `seen_<id>` (one per enemy card in play)."""
    given = params.get("seen") or ()
    listed = [p.strip() for p in given.split(",")] if isinstance(given, str) else [str(p) for p in given]
    for key, value in params.items():  # a switch for no enemy card (an old `seen_2`) must not be dropped unsaid
        if key.startswith("seen_") and (key[5:] not in targets or not isinstance(value, bool)):
            raise IllegalAction(f"{key} is no switch of this form: list the cards seen as seen=id,id,...",
                                "challenges")
    ticked = [uid for uid in targets if params.get(f"seen_{uid}") is True]
    return [uid for uid in listed if uid] + ticked


def _kill_at(target: Unit, slayer: bool) -> int | None:
    """The margin that eliminates the target now (Slayer: 1 on a hero); None when its points aren't shown."""
    if slayer and flow.is_hero(target):
        return 1
    points = flow.limit(target)
    return None if points is None else max(1, points - target.counters.get(flow.harm_counter(target), 0))


def _attacker_loss(attacker: Unit, dist: Mapping[int, Fraction]) -> str:
    """A duel's risk to the attacker: harmed, and killed at its wound points (seed 004 ¶18: wounds, a unit card's
    too), from the margin's distribution."""
    line = f", {attacker.name} harmed {odds_text(at_most(dist, -1))}"
    points = flow.limit(attacker, "wounds")
    if points is not None:
        left = max(1, points - attacker.counters.get("wounds", 0))
        line += f", {attacker.name} killed {odds_text(at_most(dist, -left))}"
    return line


def start_odds(plan: Start) -> Odds:
    rule = plan.rule
    if not plan.candidates:  # equal to or more than the threshold dice's successes
        p = at_least(margin((0, plan.attack_dice), (0, plan.threshold), rule), 0)
        return Odds(p, f"{plan.attack_dice} dice against {plan.threshold} threshold dice, {rule.text()}: "
                       f"the card is created {odds_text(p)}")
    chances, lines = [], []
    for target in plan.candidates:
        dist = margin((0, plan.attack_dice), (0, plan.defence(target)), rule)
        hit = at_least(dist, 1)
        kill_at = _kill_at(target, plan.slayer)
        line = f"{target.name} ({plan.defence(target)} dice): harmed {odds_text(hit)}"
        line += (f", eliminated {odds_text(at_least(dist, kill_at))}" if kill_at is not None
                 else ", its points aren't on its card")
        if plan.kind(target) in (flow.DUEL, flow.INTEL_DUEL):
            line += _attacker_loss(plan.attacker, dist)
        chances.append(hit)
        lines.append(line)
    many = len(plan.candidates)
    drawn = (f", target drawn among the {many} seen (each equally likely)" if many > 1
             else ", the only one seen" if plan.drawn else "")
    return Odds(sum(chances, Fraction(0)) / len(chances),
                f"{plan.attacker.name}'s {plan.attack_dice} dice, {rule.text()}{drawn}: " + "; ".join(lines))


def start(state: Match, plan: Start, rng: random.Random) -> Resolution:
    attacker, rule = plan.attacker, plan.rule
    by = attacker.owner
    events: list[Event] = []
    details: list[str] = []
    if plan.ap:
        events.append(Event("counter", {"scope": "player", "target": by, "name": "action_points", "delta": -plan.ap},
                            by))
    target: Unit | None = plan.candidates[0] if plan.candidates else None
    if len(plan.candidates) > 1:
        draw = roll(f"1d{len(plan.candidates)}", rng)
        events.append(Event("roll", draw.event_data(f"{attacker.name}: random target"), by))
        target = plan.candidates[draw.total - 1]
        details.append(f"Random target among the {len(plan.candidates)} seen, {draw.describe()}: {target.name}.")
    elif plan.drawn and target is not None:
        details.append(f"Random target: {target.name} is the only one seen in the hex, so no draw is needed.")
    kind = plan.kind(target)
    attack = roll(rule.notation(plan.attack_dice), rng)
    events.append(Event("roll", attack.event_data(f"{attacker.name}: {kind} pool"), by))
    defence_dice, defence_wins = 0, 0
    if target is not None:
        defence_dice = plan.defence(target)
        if defence_dice:
            defence = roll(rule.notation(defence_dice), rng)
            events.append(Event("roll", defence.event_data(f"{target.name}: defending pool"), target.owner))
            defence_wins = defence.total
            details.append(f"{target.name}: {defence.describe()}")
        else:
            details.append(f"{target.name} has no dice to roll: 0 successes.")
        events += flow.set_unit(target, "challenge-role", flow.DEFENDER, by)
    else:  # the threshold: a fixed number of dice, rolled like a defender's pool but for no card and no player
        defence_dice = plan.threshold
        gate = roll(rule.notation(defence_dice), rng)
        events.append(Event("roll", gate.event_data(f"{attacker.name}: threshold dice"), by))
        defence_wins = gate.total
        details.append(f"Threshold: {gate.describe()}")
    details.insert(0, f"{attacker.name}: {attack.describe()}")
    # the dice setting is kept for the match once the players gave it; the placeholder is never stored as theirs
    values = {"die-sides": rule.sides, "success-on": rule.success_on} if rule.confirmed else {}
    values |= {"challenge-kind": flow.KIND_CODES[kind],
              "challenge-step": flow.PREROGATIVE if target is not None else flow.ATTACKER_TO_ACT,
              "challenge-accepts": 0, "challenge-threshold": plan.threshold, "challenge-slayer": int(plan.slayer),
              "attacker-dice": plan.attack_dice, "attacker-successes": attack.total,
              "defender-dice": defence_dice, "defender-successes": defence_wins}
    for name, value in values.items():
        events += flow.set_match(state, name, value, by)
    events += flow.set_unit(attacker, "challenge-role", flow.ATTACKER, by)
    if kind == flow.INTEL_DUEL:
        details.append("Intel Center duel settled by your house rule: the saboteur takes wounds if the defender wins "
                       "(the source's own rule is cut off).")
    if not rule.confirmed:
        details.append(f"Dice: {rule.text()}.")
    if target is None:
        summary = (f"{attacker.name}'s threshold challenge: {count_wins(attack.total)} to the threshold's "
                   f"{defence_wins} ({plan.threshold} dice); accept, or reroll with Fate / play a tactic")
    else:
        summary = (f"{attacker.name} ({plan.attack_dice} dice) against {target.name} ({defence_dice} dice): "
                   f"{count_wins(attack.total)} to {defence_wins}. {target.name} may accept now (Defender's "
                   "Prerogative) or reroll with Fate / play a tactic")
    return Resolution(tuple(events), summary, (flow.KIND_RULES[kind], "challenges"), tuple(details))


# --- the steps of a challenge under way -------------------------------------------------------------------------


def _pass_move(state: Match, challenge: flow.Challenge, by: str) -> list[Event]:
    """A change of the dice: the prerogative is gone, the other side moves, no accept stands."""
    step = flow.ATTACKER_TO_ACT if challenge.defender is None or not challenge.attacker_acts else flow.DEFENDER_TO_ACT
    return flow.set_match(state, "challenge-step", step, by) + flow.set_match(state, "challenge-accepts", 0, by)


def reroll_dice(challenge: flow.Challenge, params: Mapping[str, Any]) -> int:
    why = reroll_refusal(challenge)
    if why:
        raise IllegalAction(why, "fate-pool")
    dice, wins = challenge.own(challenge.attacker_acts)
    failed = dice - wins
    return param_int(params, "dice", 1, failed, failed, "fate-pool")


def reroll_refusal(challenge: flow.Challenge) -> str | None:
    """Why the acting side has nothing to reroll (None when it has failed dice)."""
    dice, wins = challenge.own(challenge.attacker_acts)
    if dice <= 0:
        return f"{challenge.acting.name} has no Fate dice in this challenge: nothing to reroll"
    if dice - wins <= 0:
        return f"every die of {challenge.acting.name} is a success: nothing to reroll"
    return None


def reroll(state: Match, challenge: flow.Challenge, params: Mapping[str, Any], rng: random.Random) -> Resolution:
    dice = reroll_dice(challenge, params)
    rule = dice_rule(state, {})
    unit, by = challenge.acting, challenge.acting.owner
    result = roll(rule.notation(dice), rng)
    side = "attacker" if challenge.attacker_acts else "defender"
    wins = challenge.own(challenge.attacker_acts)[1] + result.total
    events = [Event("roll", result.event_data(f"{unit.name}: Fate reroll"), by),
              *flow.set_match(state, f"{side}-successes", wins, by), *_pass_move(state, challenge, by)]
    summary = f"{unit.name} rerolls {dice} failed dice with Fate: {result.describe()}, now {count_wins(wins)}"
    details = [("The Defender's Prerogative is given up: the attacker may respond." if challenge.prerogative
                else "The other side may respond or accept.")]
    return Resolution(tuple(events), summary, ("fate-pool",), tuple(details))


def reroll_odds(state: Match, challenge: flow.Challenge, params: Mapping[str, Any]) -> Odds:
    dice = reroll_dice(challenge, params)
    rule = dice_rule(state, {})
    a, d = challenge.attacker_successes, challenge.defender_successes
    attacker = challenge.attacker_acts
    if challenge.defender is None:  # equal to or more than the threshold's successes
        p = at_least(margin((a, dice), (challenge.needed, 0), rule), 0)
        return Odds(p, f"Reroll {dice} dice ({rule.text()}): reaches the threshold's {challenge.needed} "
                       f"{odds_text(p)}")
    dist = margin((a, dice if attacker else 0), (d, 0 if attacker else dice), rule)
    if attacker:
        p = at_least(dist, 1)
        text = f"Reroll {dice} dice ({rule.text()}): {challenge.defender.name} harmed {odds_text(p)}"
    else:
        p = at_most(dist, 0)
        text = f"Reroll {dice} dice ({rule.text()}): no harm to {challenge.defender.name} {odds_text(p)}"
    kill_at = _kill_at(challenge.defender, challenge.slayer)
    if kill_at is not None:
        text += f"; eliminated {odds_text(at_least(dist, kill_at))}"
    if challenge.reverse:
        text += _attacker_loss(challenge.attacker, dist).replace(", ", "; ", 1)
    return Odds(p, text)


def tactic_changes(challenge: flow.Challenge, params: Mapping[str, Any]) -> tuple[int, int]:
    """(own, theirs): how a tactic card changes each side's successes; at least one must change, and a threshold
    challenge has no other side to change."""
    own = param_int(params, "own", -MAX_POOL, MAX_POOL, 0, "fate-pool")
    theirs = param_int(params, "theirs", -MAX_POOL, MAX_POOL, 0, "fate-pool")
    if not own and not theirs:
        raise IllegalAction("enter how the tactic card changes the successes", "fate-pool")
    if challenge.defender is None and theirs and not challenge.defender_dice:
        raise IllegalAction("this threshold challenge rolled no threshold dice: there are no other successes to "
                            "change", "threshold-challenges")
    return own, theirs


def tactic(state: Match, challenge: flow.Challenge, params: Mapping[str, Any]) -> Resolution:
    own, theirs = tactic_changes(challenge, params)
    unit, by = challenge.acting, challenge.acting.owner
    mine, other = ("attacker", "defender") if challenge.attacker_acts else ("defender", "attacker")
    now = {"attacker": challenge.attacker_successes, "defender": challenge.defender_successes}
    events = [*flow.set_match(state, f"{mine}-successes", now[mine] + own, by),
              *flow.set_match(state, f"{other}-successes", now[other] + theirs, by), *_pass_move(state, challenge, by)]
    after = {mine: max(0, now[mine] + own), other: max(0, now[other] + theirs)}
    summary = (f"{unit.name} plays a tactic card: {count_wins(after['attacker'])} to {after['defender']}"
               if challenge.defender or challenge.defender_dice
               else f"{unit.name} plays a tactic card: {count_wins(after['attacker'])}")
    return Resolution(tuple(events), summary, ("fate-pool",), ("Successes never go below 0.",))


def accept(state: Match, challenge: flow.Challenge) -> Resolution:
    unit, by = challenge.acting, challenge.acting.owner
    ends = challenge.defender is None or challenge.prerogative or challenge.accepts >= 1
    if not ends:
        other = flow.DEFENDER_TO_ACT if challenge.attacker_acts else flow.ATTACKER_TO_ACT
        events = flow.set_match(state, "challenge-accepts", 1, by) + flow.set_match(state, "challenge-step", other, by)
        waiting = challenge.waiting.name if challenge.waiting else ""
        return Resolution(tuple(events), f"{unit.name} accepts; {waiting} may accept too or respond",
                          ("accepting-results",))
    events, lines = assessment(challenge, by)
    events += flow.clear_events(state, challenge, by)
    how = "accepts at once (Defender's Prerogative)" if challenge.prerogative else "accepts"
    summary = f"{unit.name} {how}: " + (lines[0] if lines else "no harm done")
    rules = ("defenders-prerogative",) if challenge.prerogative else ("accepting-results",)
    return Resolution(tuple(events), summary, (*rules, flow.KIND_RULES[challenge.kind]), tuple(lines[1:]))


def assessment(challenge: flow.Challenge, by: str) -> tuple[list[Event], list[str]]:
    """Damage assessment: the difference of successes as wounds or damage, eliminations, a created card."""
    if challenge.defender is None:
        return [], [f"{against_threshold(challenge)}: " +
                    ("the card is created: add it to your hand" if challenge.made else "no card this time")]
    m = challenge.margin
    if challenge.kind == flow.SABOTAGE_INTEL:  # started before the app refused it: the source says no more
        return [], [f"{count_wins(challenge.attacker_successes)} to {challenge.defender_successes}: the Saboteur vs. "
                    "Intel Center rule is cut off in the source: settle the result with your manual"]
    if m > 0:
        slayer = challenge.slayer and challenge.kind in (flow.ASSASSINATION, flow.DUEL)
        events, line = flow.harm_events(challenge.defender, m, by, slayer)
        return events, [line, NO_BONUS_DAMAGE]
    if m < 0 and challenge.reverse:
        # the seed (¶18): the difference is applied as wounds to the attacker, a unit-card assassin too
        events, line = flow.harm_events(challenge.attacker, -m, by, counter="wounds")
        return events, [f"the defender wins the duel: {line}", NO_BONUS_DAMAGE]
    return [], [f"{count_wins(challenge.attacker_successes)} to {challenge.defender_successes}: no harm done"]
