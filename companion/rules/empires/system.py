"""Armageddon Empires dice challenges (seed 004): legal actions, exact odds and resolution.

A challenge is a sequence of actions: start it (assassinate, sabotage or a threshold challenge) which rolls both
pools; then the defender may accept at once (the Defender's Prerogative: it ends there) or change the dice with
a Fate reroll or a tactic card, which gives the prerogative up and lets the attacker respond; the sides go on in
turn until both accept one after the other. Then damage assessment: the difference of successes is dealt as
wounds (heroes) or damage (facilities), killing or destroying at the card's points. Each action is an object
(empires/actions.py); cards, abilities and the challenge's state: empires/flow.py; the dice setting (not in the
source): empires/dice.py. The map isn't known: the players check that both cards share a hex.
"""

from __future__ import annotations

from companion.core.errors import IllegalAction
from companion.core.model import Match
from companion.rules.action import Action, ActionOption, Refusal
from companion.rules.base import System
from companion.rules.empires import flow
from companion.rules.empires.actions import ACTIONS, open_challenge
from companion.rules.empires.advisor import EmpiresAdvisor
from companion.rules.empires.dice import dice_rule

SYSTEM_ID = "armageddon-empires"


class ArmageddonEmpires(System[flow.Challenge | None]):
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

    # the game's actions, each an object (empires/actions.py): the base's door asks them, handing each the
    # challenge under way
    actions = {action.id: action for action in ACTIONS}

    def _query(self, state: Match) -> flow.Challenge | None:
        return flow.current(state)

    advisor_type = EmpiresAdvisor  # harm once both sides accept (empires/advisor.py)

    def ending(self, state: Match, name: str) -> ActionOption:
        """No turn or round ends while a challenge is open: it runs until the Prerogative is taken or both sides
        accept (seed 004 ¶10, ¶17), so neither side can end the turn to walk away from it."""
        challenge = flow.current(state)
        if challenge is not None and state.status != "finished":
            return ActionOption(name, name.replace("-", " ").capitalize(), False, reason=open_challenge(challenge),
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
            why = open_challenge(challenge)  # an end_turn event by hand too
        return (why, "challenges") if why else None
