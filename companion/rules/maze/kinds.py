"""What a Killer of the Maze action is (seed 002): the kinds every action of rules/maze/actions.py is one of.

`MazeAction` belongs to a sub-phase (its turn refusal), shows its reminder and its form, and tries its params as
resolve would; by default the player takes it (no model). `ModelAction` is taken by a model of the imperial team on
the board; `Costed` is one of the model's two actions this phase, given in the one-model-at-a-time order (seed
002: "resolve all actions for one model before moving to the next"), and `Unadvanced` one a model that advanced
can't take. `now` is the team as one query sees it (`Team`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import IllegalAction
from companion.core.match.events import replay
from companion.core.model import Match, Player, Unit
from companion.rules.action import Action, ActionKind, ActionOption, Odds, Refusal, Resolution, Verdict
from companion.rules.maze import scavenge
from companion.rules.maze import turn as duties
from companion.rules.maze.carry import RULE as CARRY_RULE
from companion.rules.maze.carry import change_refusal
from companion.rules.maze.items import ADVANCED, this_phase
from companion.rules.maze.turn import ACTIONS_PER_MODEL, SUBPHASE
from companion.rules.refusals import UnitRefusal, refusal_summary

PHASE_RULE = "imperial-action-phase"
IMPERIAL = "imperial"  # an action of either sub-phase of the Imperial Action phase


@dataclass(frozen=True)
class Team:
    """What one query needs, worked out once: the active player, their models on the board and the sub-phase."""

    player: Player
    models: tuple[Unit, ...]
    sub: str  # movement, activity, tyranid, or "" (a phase this game doesn't know)


def query(state: Match) -> Team:
    player = state.active_player
    models = tuple(u for u in state.units if u.owner == player.id and u.location == "table" and not u.eliminated)
    return Team(player, models, SUBPHASE.get(state.phase, ""))


class MazeAction(ActionKind[Team]):
    """What every Maze action shares: the sub-phase it belongs to (its turn refusal), its note, its option and its
    params' refusal (resolve's own checks, tried without rolling). The player's by default: no model takes it, and
    it is none of a model's two actions."""

    cost = 0
    on_unit = False
    noun = "model"
    pick = "say which model takes it"
    phase = IMPERIAL  # "movement", "activity", IMPERIAL (either sub-phase) or "tyranid"

    def __init__(self, id: str, title: str, rule: str, text: str | None = None, dice: str | None = None) -> None:
        super().__init__(id, title, rule, dice)
        self.text = text  # its reminder: what the match can't check (tiles, doors, sight lines)

    def turn_refusal(self, state: Match, now: Team) -> Refusal | None:
        if state.status == "finished":
            return "the match is over", PHASE_RULE
        if self.phase == now.sub or (self.phase == IMPERIAL and now.sub in ("movement", "activity")):
            return self.ready_refusal(state, now)
        if now.sub == "tyranid":
            return "it is the Tyranid Action phase; the imperial team acts in its own phase", PHASE_RULE
        if self.phase == "tyranid":
            return "the Tyranid Action phase comes after the Imperial Action phase", PHASE_RULE
        if self.phase == "movement" and now.sub == "activity":
            return "the Movement sub-phase is over: the Activity sub-phase comes after it", PHASE_RULE
        if self.phase == "activity" and now.sub == "movement":
            return ("this belongs to the Activity sub-phase: go on to it once every model that wished to move has "
                    "moved", PHASE_RULE)
        return f"the match is in a phase this game doesn't have ({state.phase!r})", PHASE_RULE

    def ready_refusal(self, state: Match, now: Team) -> Refusal | None:
        """Why not yet in its own sub-phase: what the turn owes first (None: nothing)."""
        return None

    def note(self, state: Match, now: Team) -> str | None:
        return self.text

    def option(self, state: Match, now: Team) -> ActionOption:
        common: dict[str, Any] = {"cost": self.cost, "note": self.note(state, now), "dice": self.dice,
                                  "params": self.params(state, now)}
        refusal = self.turn_refusal(state, now)
        if refusal:
            return ActionOption(self.id, self.title, False, reason=refusal[0], rule=refusal[1], **common)
        return self.open_option(state, now, common)

    def open_option(self, state: Match, now: Team, common: dict[str, Any]) -> ActionOption:
        """The option once the turn allows it."""
        return ActionOption(self.id, self.title, True, rule=self.rule, **common)

    def param_refusal(self, state: Match, now: Team, action: Action, unit: Unit | None) -> Refusal | None:
        try:  # the params as given (defaults for those left out): what resolve will use
            self.try_params(state, unit, action.params)
        except IllegalAction as exc:
            return f"{self.title}: {exc}", exc.rule
        return None

    def try_params(self, state: Match, unit: Unit | None, params: Mapping[str, Any]) -> None:
        """Raise what resolve would raise for the params (`unit`: the model that takes it, if one does)."""

    def odds(self, state: Match, now: Team, action: Action) -> Odds | None:
        self.checked(state, now, action)  # refused as resolve would be, though it rolls nothing
        return None


# --- what a model takes ------------------------------------------------------------------------------------------


class ModelAction(MazeAction):
    """An action a model of the active player takes: one or two of its actions (`Costed`), or a duty of the turn
    that is none of them (`cost` 0)."""

    on_unit = True

    def unit_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        if unit.owner != now.player.id:
            return f"{unit.name} is not {now.player.name}'s model", PHASE_RULE
        if unit.location != "table" or unit.eliminated:
            return f"{unit.name} is not on the board", PHASE_RULE
        return self.model_refusal(state, now, unit)

    def model_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        """Why this model of the team, on the board, can't take it now."""
        return None

    def open_option(self, state: Match, now: Team, common: dict[str, Any]) -> ActionOption:
        refused = {u.id: why for u in now.models if (why := self.unit_refusal(state, now, u))}
        allowed = tuple(u.id for u in now.models if u.id not in refused)
        reasons = {uid: r for uid, (r, _) in refused.items()}
        if allowed:
            return ActionOption(self.id, self.title, True, allowed, rule=self.rule, refused=reasons, **common)
        if not now.models:
            return ActionOption(self.id, self.title, False, reason="you have no models on the board", rule=self.rule,
                                **common)
        # every model's own reason (the same words once), none cut off: the maze's checks have no order of closeness
        reason, rule, reasons, shown = refusal_summary({uid: UnitRefusal(*why) for uid, why in refused.items()})
        rules = {rule for _, rule in refused.values()}
        return ActionOption(self.id, self.title, False, reason=reason, rule=rule if len(rules) == 1 else self.rule,
                            refused=reasons, shown=shown, **common)

    def legal_verdict(self, state: Match, now: Team, unit: Unit) -> Verdict:
        left = ACTIONS_PER_MODEL - unit.tokens.action - self.cost
        tail = f"; {left} of its {ACTIONS_PER_MODEL} actions left after it" if self.cost else " (not an action)"
        return Verdict(True, f"{unit.name} can {self.title.lower()}{tail}", self.rule)

    def try_params(self, state: Match, unit: Unit | None, params: Mapping[str, Any]) -> None:
        if unit is not None:
            self.check_params(state, unit, params)

    def check_params(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> None:
        """Raise what resolve would raise for the params `unit` is given."""

    def model(self, state: Match, now: Team, action: Action) -> Unit:
        """The acting model, after every check (IllegalAction when refused)."""
        unit_id = self.checked(state, now, action).unit
        assert unit_id is not None  # `checked` refuses an action of a model that names none
        return state.unit(unit_id)

    def odds(self, state: Match, now: Team, action: Action) -> Odds | None:
        return self.chance(state, self.model(state, now, action), action.params)

    def chance(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> Odds | None:
        """The exact chance before rolling, for an action that rolls (None for the others)."""
        return None

    def resolve(self, state: Match, now: Team, action: Action, rng: random.Random) -> Resolution:
        assert action.unit is not None  # the door hands over the action `checked` gave
        unit = state.unit(action.unit)
        return tracked(state, self.ordered(state, now, unit, self.effect(state, unit, action.params, rng)))

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        """What the model's action does: the events and the summary."""
        raise NotImplementedError

    def ordered(self, state: Match, now: Team, unit: Unit, resolution: Resolution) -> Resolution:
        """The resolution with what it does to the order the models act in (a duty does nothing to it)."""
        return resolution


class Costed(ModelAction):
    """One of the model's two actions this phase (Break Down Door takes both), given in the one-model-at-a-time
    order once the Beacon is rolled for and any Scavenge roll read."""

    cost = 1

    def model_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        # a Scavenge isn't resolved until its dice are read: that comes before any model's next action
        why = scavenge.unread_refusal(state, unit.owner) or duties.beacon_refusal(
            state, unit.owner, now.sub == "movement") or duties.order_refusal(state, unit, now.sub == "activity")
        if why:
            return why
        used = unit.tokens.action
        if used + self.cost > ACTIONS_PER_MODEL:
            if used >= ACTIONS_PER_MODEL:
                return f"{unit.name} has used both its actions this phase (two per model)", PHASE_RULE
            # room for one action, not two: only an action that counts as both gets here (Break Down Door)
            return f"{self.title} counts as two actions and {unit.name} has already used {used}", self.rule
        return self.own_refusal(state, now, unit)

    def own_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        """What this action asks of the model beyond an action left (its gear, its keywords)."""
        return None

    def ordered(self, state: Match, now: Team, unit: Unit, resolution: Resolution) -> Resolution:
        """It is this model's turn to act now: the models before it are done for this sub-phase."""
        order = duties.order_events(state, unit, now.sub == "activity")
        return Resolution((*resolution.events, *order), resolution.summary, resolution.rules, resolution.details)


class Unadvanced(Costed):
    """An action a model that advanced this phase can't take (Move, Fire, Light Vent)."""

    def own_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        if this_phase(unit, ADVANCED, state.turn):
            return f"{unit.name} advanced this phase: no Move, Fire or Light Vent after an Advance", "advance"
        return None


# --- shared by the resolutions -------------------------------------------------------------------------------------


def reminder_lines(text: str | None) -> tuple[str, ...]:
    """An action's reminder as a resolution's lines (none when it has none)."""
    return (text,) if text else ()


def tracked(state: Match, resolution: Resolution) -> Resolution:
    """Drop counter events this match doesn't declare (made before the pack tracked them), saying so."""
    declared = set(state.rules.counters.get("unit", ()))
    kept = tuple(e for e in resolution.events if e.type != "counter" or e.data["name"] in declared)
    refusal = change_refusal(state, replay(state, list(kept)))
    if refusal:  # the last word on carrying, whichever action put the item there
        raise IllegalAction(refusal, CARRY_RULE)
    if len(kept) == len(resolution.events):
        return resolution
    names = sorted({e.data["name"] for e in resolution.events if e.type == "counter"} - declared)
    note = f"This match doesn't track {', '.join(names)}: keep it by hand."
    return Resolution(kept, resolution.summary, resolution.rules, (*resolution.details, note))
