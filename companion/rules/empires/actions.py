"""Armageddon Empires' actions (seed 004), one object each: the three ways to start a challenge (assassinate,
sabotage, a threshold challenge: one family, they share their checks and their roll), and the steps of a challenge
under way (accept, a Fate reroll, a tactic card). Each knows its refusals, its form, its odds, its resolution and
its outcomes for the advisor; `now` is the challenge under way (None when there is none). The steps themselves
(plans, rolls, events): empires/steps.py; the challenge's state: empires/flow.py.
"""

from __future__ import annotations

import random
from typing import Any

from companion.core.errors import IllegalAction
from companion.core.model import Match, Unit
from companion.rules.action import Action, ActionKind, ActionOption, Odds, Param, Refusal, Resolution, Verdict
from companion.rules.advice.dice import Branch
from companion.rules.empires import advice, flow, steps
from companion.rules.empires.dice import DiceRule, dice_rule
from companion.rules.empires.operations import ASSASSINATE, CREATE, SABOTAGE, Aimed, CardCreation, Operation
from companion.rules.empires.steps import preview

Now = flow.Challenge | None  # what every action is handed: the challenge under way, if any


def open_challenge(challenge: flow.Challenge) -> str:
    return f"finish the challenge under way first ({challenge.title()}; {challenge.acting.name} to act)"


def _setting_params(rule: DiceRule) -> tuple[Param, ...]:
    tag = "" if rule.confirmed else ": NOT in the source, a placeholder to confirm from your manual"
    # a confirmed setting is seldom changed; a placeholder stays in sight, so its warning is read
    return (Param("die_sides", f"Sides on each challenge die{tag}", "int", low=2, high=100, default=rule.sides,
                  rare=rule.confirmed),
            Param("success_on", f"Lowest face that is a success{tag}", "int", low=1, high=100,
                  default=rule.success_on, rare=rule.confirmed))


class ChallengeAction(ActionKind[Now]):
    """What every action of a challenge shares: it costs none of the turn's actions, a card takes it, the match
    must keep a challenge, and its option lists the card (or cards) that may take it with the form and a note."""

    cost = 0
    noun = "card"
    pick = "say which card takes it"
    note: str | None = None
    weighed_against_accepting = False  # the advisor's "beats accepting" figure (a Fate reroll's)

    def turn_refusal(self, state: Match, now: Now) -> Refusal | None:
        if state.status == "finished":
            return "the match is over", "challenges"
        if "challenge-step" not in state.rules.counters.get("match", ()):
            return ("this match was made with an older pack that can't keep a challenge: start a new match",
                    "challenges")
        return None

    def option_title(self, now: Now) -> str:
        return self.title

    def option(self, state: Match, now: Now) -> ActionOption:
        common: dict[str, Any] = {"cost": self.cost, "note": self.note, "dice": self.dice}
        refusal = self.turn_refusal(state, now)
        if refusal:
            return ActionOption(self.id, self.option_title(now), False, reason=refusal[0], rule=refusal[1], **common)
        return self.open_option(state, now, common)

    def open_option(self, state: Match, now: Now, common: dict[str, Any]) -> ActionOption:
        """The option once the turn allows it: which cards may take it, or why none can."""
        raise NotImplementedError

    def param_refusal(self, state: Match, now: Now, action: Action, unit: Unit | None) -> Refusal | None:
        try:  # the params as given (defaults for those left out): what resolve will use
            if unit is not None:
                self.check_params(state, now, unit, action)
        except IllegalAction as exc:
            return f"{self.title}: {exc}", exc.rule
        return None

    def check_params(self, state: Match, now: Now, unit: Unit, action: Action) -> None:
        """Raise IllegalAction for a param resolve would refuse."""

    def rule_now(self, now: Now) -> str:
        return self.rule

    def odds(self, state: Match, now: Now, action: Action) -> Odds | None:
        self.checked(state, now, action)  # refused as resolve would be, though it rolls nothing
        return None

    def outcomes(self, state: Match, now: Now, action: Action) -> tuple[Branch, ...] | None:
        self.checked(state, now, action)
        return None

    def legal_verdict(self, state: Match, now: Now, unit: Unit) -> Verdict:
        return Verdict(True, f"{unit.name} can {self.title[0].lower()}{self.title[1:]}", self.rule_now(now))


class Start(ChallengeAction):
    """Starting a challenge (`operation`: what it aims at, the ability it takes, its form) with one of the active
    player's cards that has the ability: both pools roll."""

    def __init__(self, id: str, title: str, rule: str, operation: Operation, note: str) -> None:
        super().__init__(id, title, rule, "both pools")
        self.operation, self.note = operation, note

    def turn_refusal(self, state: Match, now: Now) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why:
            return why
        if now is not None:
            return f"finish the challenge under way first ({now.title()})", "challenges"
        missing = self.operation.no_target(state, state.active_player.id)
        return (missing, self.rule) if missing else None

    def unit_refusal(self, state: Match, now: Now, unit: Unit) -> Refusal | None:
        player = state.active_player
        if unit.owner != player.id:
            return f"{unit.name} is not {player.name}'s card", "challenges"
        if not flow.live(unit):
            return f"{unit.name} is not in play", "challenges"
        if self.operation.level(unit) <= 0:
            return f"{unit.name} has no {self.operation.ability} ability", self.rule
        return None

    def params(self, state: Match, now: Now) -> tuple[Param, ...]:
        return self.operation.own_params(state) + _setting_params(dice_rule(state, {}))

    def open_option(self, state: Match, now: Now, common: dict[str, Any]) -> ActionOption:
        params = self.params(state, now)
        mine = [u for u in state.units if u.owner == state.active_player.id and flow.live(u)]
        refused = {u.id: why for u in mine if (why := self.unit_refusal(state, now, u))}
        allowed = tuple(u.id for u in mine if u.id not in refused)
        reasons = {uid: r for uid, (r, _) in refused.items()}
        if allowed:
            # Best moves weighs one row per enemy card; a card with no Master can't pick, so the row says how it
            # reads the draw (seed 004 ¶15, ¶19)
            drawn = self.operation.drawn_row([u for u in mine if u.id in allowed])
            if drawn:
                common["note"] = f"{common['note']} {drawn}"
            return ActionOption(self.id, self.title, True, allowed, rule=self.rule, refused=reasons, params=params,
                                **common)
        why = f"none of your cards has the {self.operation.ability} ability"
        return ActionOption(self.id, self.title, False, reason=why, rule=self.rule, refused=reasons, params=params,
                            **common)

    def plan(self, state: Match, action: Action) -> steps.Start:
        assert action.unit is not None  # `checked` (or the unit's checks) gave the card
        return self.plan_for(state, state.unit(action.unit), action)

    def plan_for(self, state: Match, unit: Unit, action: Action) -> steps.Start:
        """The checked set-up of the challenge `unit` starts; IllegalAction naming the rule a value breaks."""
        raise NotImplementedError

    def check_params(self, state: Match, now: Now, unit: Unit, action: Action) -> None:
        self.plan_for(state, unit, action)

    def odds(self, state: Match, now: Now, action: Action) -> Odds | None:
        return steps.start_odds(self.plan(state, self.checked(state, now, action)))

    def outcomes(self, state: Match, now: Now, action: Action) -> tuple[Branch, ...] | None:
        return advice.start_branches(self.plan(state, self.checked(state, now, action)))

    def resolve(self, state: Match, now: Now, action: Action, rng: random.Random) -> Resolution:
        return steps.start(state, self.plan(state, action), rng)


class Aim(Start):
    """Starting a challenge against an enemy card: an assassination or a sabotage."""

    def __init__(self, id: str, title: str, rule: str, aimed: Aimed, note: str) -> None:
        super().__init__(id, title, rule, aimed, note)
        self.aimed = aimed

    def plan_for(self, state: Match, unit: Unit, action: Action) -> steps.Start:
        return steps.plan_start(state, self.aimed, self.rule, unit, action.params)


class Threshold(Start):
    """A threshold challenge: the hero's pool against a fixed number of threshold dice, to create a card."""

    def __init__(self, id: str, title: str, rule: str, creation: CardCreation, note: str) -> None:
        super().__init__(id, title, rule, creation, note)

    def plan_for(self, state: Match, unit: Unit, action: Action) -> steps.Start:
        return steps.plan_threshold(state, self.operation, self.rule, unit, action.params)


class Step(ChallengeAction):
    """A step of the challenge under way: the acting card takes it (the defender's, for its Prerogative)."""

    def turn_refusal(self, state: Match, now: Now) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why:
            return why
        return ("no challenge is under way", "challenges") if now is None else None

    def taken_by(self, state: Match, now: Now, action: Action) -> Action:
        """A step with no card named is the acting card's, as resolve takes it, so explain judges its params too."""
        if action.unit is None and now is not None:
            return Action(action.name, now.acting.id, action.params)
        return action

    def unit_refusal(self, state: Match, now: Now, unit: Unit) -> Refusal | None:
        assert now is not None  # turn_refusal refuses every step with no challenge under way
        if unit.id != now.acting.id:
            side = "attacker" if now.attacker_acts else "defender"
            return f"it is {now.acting.name}'s move (the {side})", "defenders-prerogative"
        return None

    def rule_now(self, now: Now) -> str:
        return "defenders-prerogative" if now is not None and now.prerogative else self.rule

    def open_option(self, state: Match, now: Now, common: dict[str, Any]) -> ActionOption:
        assert now is not None  # turn_refusal refuses every step with no challenge under way
        title, params = self.option_title(now), self.params(state, now)
        why = self.unit_refusal(state, now, now.acting)
        if why:
            return ActionOption(self.id, title, False, reason=why[0], rule=why[1], params=params, **common)
        note = f"{now.title()}: {preview(now)}"
        return ActionOption(self.id, title, True, (now.acting.id,), rule=self.rule_now(now), params=params,
                            **{**common, "note": note})


class Accept(Step):
    """Accepting the dice as they stand: the defender's first accept (its Prerogative) ends the challenge; later,
    two accepts in a row end it."""

    def option_title(self, now: Now) -> str:
        return "Accept now (Defender's Prerogative)" if now is not None and now.prerogative else self.title

    def outcomes(self, state: Match, now: Now, action: Action) -> tuple[Branch, ...] | None:
        self.checked(state, now, action)
        return advice.CERTAIN  # accepting rolls nothing

    def resolve(self, state: Match, now: Now, action: Action, rng: random.Random) -> Resolution:
        assert now is not None  # `checked` refuses every step with no challenge under way
        return steps.accept(state, now)


class Reroll(Step):
    """Rerolling the acting side's failed dice with Fate: gives the Prerogative up and passes the move."""

    note = "How many rerolls Fate buys is not in the source: reroll the failed dice your Fate allows."
    weighed_against_accepting = True

    def unit_refusal(self, state: Match, now: Now, unit: Unit) -> Refusal | None:
        why = super().unit_refusal(state, now, unit)
        if why is None and now is not None and (nothing := steps.reroll_refusal(now)):
            return nothing, "fate-pool"
        return why

    def params(self, state: Match, now: Now) -> tuple[Param, ...]:
        dice, wins = now.own(now.attacker_acts) if now else (1, 0)
        failed = max(1, dice - wins)
        return (Param("dice", "Failed dice to reroll", "int", low=1, high=failed, default=failed),)

    def check_params(self, state: Match, now: Now, unit: Unit, action: Action) -> None:
        if now is not None:
            steps.reroll_dice(now, action.params)

    def odds(self, state: Match, now: Now, action: Action) -> Odds | None:
        self.checked(state, now, action)
        assert now is not None  # `checked` refuses every step with no challenge under way
        return steps.reroll_odds(state, now, action.params)

    def outcomes(self, state: Match, now: Now, action: Action) -> tuple[Branch, ...] | None:
        self.checked(state, now, action)
        assert now is not None
        return advice.reroll_branches(dice_rule(state, {}), steps.reroll_dice(now, action.params))

    def resolve(self, state: Match, now: Now, action: Action, rng: random.Random) -> Resolution:
        assert now is not None
        return steps.reroll(state, now, action.params, rng)


class Tactic(Step):
    """Playing a tactic card: the players enter what it does to each side's successes."""

    note = "Enter what the card does to the successes; tactic cards are not in the source."

    def params(self, state: Match, now: Now) -> tuple[Param, ...]:
        return (Param("own", "Change to your successes", "int", low=-10, high=10, default=0),
                Param("theirs", "Change to the other side's successes", "int", low=-10, high=10, default=0))

    def check_params(self, state: Match, now: Now, unit: Unit, action: Action) -> None:
        if now is not None:
            steps.tactic_changes(now, action.params)

    def resolve(self, state: Match, now: Now, action: Action, rng: random.Random) -> Resolution:
        assert now is not None
        return steps.tactic(state, now, action.params)


ACTIONS: tuple[ChallengeAction, ...] = (
    Aim("assassinate", "Assassinate a hero", "assassination", ASSASSINATE,
          "The assassin's army must share a hex with the target; stealth and detection are yours to settle. A Master "
          "Assassin picks the target; otherwise tick every hero seen: the target is drawn among them."),
    Aim("sabotage", "Sabotage a facility", "sabotage", SABOTAGE,
          "The saboteur's army must share a hex with the target facility. A Master Saboteur picks it; otherwise tick "
          "every facility seen: the target is drawn among them."),
    Threshold("threshold", "Threshold challenge (create a card)", "threshold-challenges", CREATE,
          "How many dice the hero rolls for its ability is not in the source. The threshold is a fixed number of "
          "dice, rolled against the hero's: the card is made when the hero's successes equal or beat the "
          "threshold's."),
    Accept("accept", "Accept the result", "accepting-results"),
    Reroll("reroll", "Reroll with Fate", "fate-pool", "rerolled dice"),
    Tactic("tactic", "Play a tactic card", "fate-pool"),
)
