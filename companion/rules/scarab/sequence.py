"""The Scarab player's turn (seed 000) as a sequence: `TurnAction`, what every action of the Scarab's turn shares
(it costs none of the turn's actions), `Step`, one step of the Scarab's fixed sequence, `Sequence`, the steps in
order as the match's phase reads them, and ending the turn.

`match.phase` is the current step's id (an empty or unknown phase is the first step), as the app's Scarab guide
records it. Steps of a "fixed" group open one after the other; the two gun attacks form an "any" group, open in
either order until each has fired once this turn (the "acted-turn" counter on its dial). Resolving a step
records it and moves the phase on, so every step is taken at most once a turn.
"""

from __future__ import annotations

import random

from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.rules.action import Action, ActionOption, Refusal, Resolution
from companion.rules.scarab.play import Play, ScarabAction
from companion.rules.scarab.state import (
    SCARAB_PLAYER,
    acted,
    dials,
    disabled,
    tracks_acted,
)


class TurnAction(ScarabAction):
    """An action of the Scarab player's turn: it costs none of the turn's actions (the Scarab takes none)."""

    on_unit = False
    pick = "choose which reinforcement acts"
    sequence: Sequence  # the turn's steps in order, set when the turn's table is built (Sequence)

    def __init__(self, id: str, title: str, rule: str, text: str | None = None, dice: str | None = None) -> None:
        super().__init__(id, title, rule, dice)
        self.text = text  # the note: how to play it at the table


class Step(TurnAction):
    """A step of the Scarab's sequence: open in its turn (`order_refusal`); resolving it moves the phase on."""

    def __init__(self, id: str, title: str, group: str, order: str, rule: str, dial: str | None = None,
                 text: str | None = None, dice: str | None = None) -> None:
        super().__init__(id, title, rule, text, dice)
        self.group, self.order, self.dial = group, order, dial  # "fixed": one after the other; "any": any order

    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        return self.sequence.order_refusal(state, self)

    def note(self, state: Match) -> str | None:
        return self.text

    def option(self, state: Match, now: Play) -> ActionOption:
        note = self.note(state)
        why = self.turn_refusal(state, now)
        if why:
            return disabled(self.id, self.title, why, cost=0, note=note, dice=self.dice)
        return ActionOption(self.id, self.title, True, rule=self.rule, cost=0, note=note,
                            params=self.params(state, now), dice=self.dice)

    def advance(self, state: Match) -> list[Event]:
        return [Event("set_phase", {"phase": self.sequence.next_phase(state, self)}, SCARAB_PLAYER)]

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        """A step the players play from the dial: what the dial shows, and the phase moves on."""
        shown = dials(state).get(self.dial or "")
        details = (f"{shown.name} shows: {', '.join(shown.current.markers) or 'no markers'}",) if shown else ()
        return Resolution(tuple(self.advance(state)), self.done(state, shown), (self.rule,),
                          details + ((self.text,) if self.text else ()))

    def done(self, state: Match, shown: Unit | None) -> str:
        return f"{self.title}: done"


class EndScarabTurn(TurnAction):
    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        if self.sequence.at_last(state):
            return None
        return (f"finish the sequence first: {self.sequence.now_text(state)}, the last is "
                f"'{self.sequence.steps[-1].title}'", self.rule)

    def option(self, state: Match, now: Play) -> ActionOption:
        why = self.turn_refusal(state, now)
        return disabled(self.id, self.title, why, cost=0) if why else \
            ActionOption(self.id, self.title, True, rule=self.rule, cost=0)

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        return Resolution((Event("end_turn", {}, SCARAB_PLAYER),), "The Scarab's turn ends", (self.rule,))


class Sequence:
    """The Scarab's steps in their order, and what the match's phase makes of them: the step now, the steps open
    now (the guns' "any" group opens together), the phase a resolved step moves on to and why a step isn't open.
    Built once with the turn's table of actions (scarab/turn_play.py); every action of the turn gets it as its
    `sequence`."""

    def __init__(self, steps: tuple[Step, ...], others: tuple[TurnAction, ...]) -> None:
        self.steps = steps
        for action in (*steps, *others):
            action.sequence = self

    def position(self, state: Match) -> int:
        return next((i for i, s in enumerate(self.steps) if s.id == state.phase), 0)

    def at_last(self, state: Match) -> bool:
        """Whether the turn is at its last step (the reinforcements', where the interior defenders act too)."""
        return self.position(state) == len(self.steps) - 1

    def now_text(self, state: Match) -> str:
        return f"the step now is '{self.steps[self.position(state)].title}'"

    def open_steps(self, state: Match) -> tuple[str, ...]:
        """The steps that may be taken now."""
        current = self.steps[self.position(state)]
        if current.order != "any" or not tracks_acted(state):
            return (current.id,)
        present = dials(state)
        return tuple(s.id for s in self.steps if s.group == current.group
                     and not (s.dial in present and acted(state, present[s.dial])))

    def next_phase(self, state: Match, done: Step) -> str:
        if done.order == "any" and tracks_acted(state):
            rest = [s for s in self.open_steps(state) if s != done.id]
            if rest:
                return rest[0]
            after = max(i for i, s in enumerate(self.steps) if s.group == done.group) + 1
        else:
            after = self.steps.index(done) + 1
        return self.steps[min(after, len(self.steps) - 1)].id

    def order_refusal(self, state: Match, step: Step) -> Refusal | None:
        if step.id in self.open_steps(state):
            return None
        present = dials(state)
        if step.order == "any" and step.dial in present and acted(state, present[step.dial]):
            return f"{step.title}: already done this turn (each gun makes one attack a turn)", "general"
        when = "done for this turn" if self.steps.index(step) < self.position(state) else "not yet"
        return f"{when}: the Scarab's turn runs in order, and {self.now_text(state)}", "turn-sequence"
