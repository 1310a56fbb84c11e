"""The Scarab (seed 000: the Halo ActionClix Scarab for HeroClix) as a rules helper.

Player p1 plays the Scarab: on its turn the helper walks the Scarab's sequence (scarab_turn, scarab_turn_play);
on the other player's turn it offers the attacker's actions (scarab_attacker). What the helper reads from the
match (the four dials, marks such as "aerial", the "acted-turn" counter, house-rule switches) is described in
scarab_state. Once the Main Power Core shows its KO (all-black) click, or every attacking figure is KO'd, the
only action left is ending the match; a resolved action that brings this about ends it in the same step.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from companion.core.errors import CompanionError, IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match, Unit
from companion.rules.action import Action, ActionOption, Odds, Resolution, Verdict
from companion.rules.advice.dice import Branch
from companion.rules.base import System
from companion.rules.halo import tokens as halo_tokens
from companion.rules.scarab import advice as scarab_advice
from companion.rules.scarab import attacker as scarab_attacker
from companion.rules.scarab import turn as scarab_turn
from companion.rules.scarab import turn_play as scarab_turn_play
from companion.rules.scarab.positions import POSITIONS, change_refusal
from companion.rules.scarab.state import (
    NO_ACTIONS,
    OPTION_DEFAULTS,
    SCARAB_PLAYER,
    SYSTEM_ID,
    Refusal,
    dial_id,
    dials,
    winners,
)

GUIDE = "scarab-turn"  # the sequence of content/scarab/turn.toml


class ScarabOptionError(CompanionError):
    """A house-rule option the Scarab pack doesn't have."""


def _win_text(state: Match, won: tuple[str, ...]) -> str:
    names = " and ".join(state.player(p).name for p in won)
    if won == (SCARAB_PLAYER,):
        return f"every attacking figure is KO'd: {names} wins"
    return f"the Main Power Core shows its all-black click, the Scarab is destroyed: {names} wins"


class Scarab(System):
    id = SYSTEM_ID
    name = "The Scarab"
    keeps_score = False  # won on the dials, not on points (the pack's victory.toml)
    places = POSITIONS
    seats = "Player 1 plays the Scarab; player 2 attacks it."
    pieces = "the Scarab's dials"

    def guide(self, state: Match) -> tuple[str, str] | None:
        """The Scarab player's turn follows the pack's sequence, until the fight is decided."""
        live = state.status == "active" and winners(state) is None and len(dials(state)) == 4
        return (GUIDE, "Scarab turn guide") if live and state.active_player.id == SCARAB_PLAYER else None

    def positions(self, unit: Unit | None = None) -> dict[str, str]:
        return {} if unit is not None and dial_id(unit) is not None else dict(POSITIONS)  # a dial is the Scarab

    def force(self, state: Match, player_id: str, fallen: frozenset[str],
              started: Mapping[str, Unit] | None = None) -> list[Unit]:
        # the Scarab isn't one of the force's figures
        return [u for u in super().force(state, player_id, fallen, started) if dial_id(u) is None]

    def entering(self, state: Match, unit: Unit) -> Unit:
        """Halo figures fight the Scarab: one deployed holds the Grenade token its card's icon gives (seed 001)."""
        return halo_tokens.entering(state, unit)

    def token_kinds(self, state: Match, unit: Unit) -> tuple[str, ...]:
        return () if dial_id(unit) is not None else super().token_kinds(state, unit)

    def token_refusal(self, state: Match, unit: Unit, kind: str) -> str:
        return f"{unit.name}: {NO_ACTIONS}" if dial_id(unit) is not None else super().token_refusal(state, unit, kind)

    def check_change(self, before: Match, after: Match) -> Refusal | None:
        """What the game forbids in any change of the match, on every path (see rules.refuse_change): positions
        the seed rules out (scarab positions `change_refusal`)."""
        return change_refusal(before, after)

    def decided(self, state: Match) -> tuple[tuple[str, ...], str] | None:
        won = winners(state)
        return None if won is None else (won, _win_text(state, won))

    def __init__(self, options: Mapping[str, bool] | None = None) -> None:
        """`options`: house rules switched on for every match (a match can also switch one on with a match
        counter of the same name, see scarab_state)."""
        unknown = set(options or {}) - set(OPTION_DEFAULTS)
        if unknown:
            raise ScarabOptionError(f"the Scarab has no house-rule option {', '.join(sorted(unknown))}; it has "
                                    f"{', '.join(OPTION_DEFAULTS)}")
        self.options = {**OPTION_DEFAULTS, **(options or {})}

    def legal_actions(self, state: Match) -> list[ActionOption]:
        if state.status == "finished":
            return [ActionOption("end-match", "End the match", False, reason="the match is over", rule="winning",
                                 cost=0)]
        won = winners(state)
        if won is not None:
            text = _win_text(state, won)
            return [ActionOption("end-match", "End the match", True, rule="winning", cost=0,
                                 note=f"{text[:1].upper()}{text[1:]}.")]
        if state.active_player.id == SCARAB_PLAYER:
            return scarab_turn.options(state)
        return scarab_attacker.options(state, self.options)

    def _refusal(self, state: Match, action: Action, require: bool) -> Refusal | None:
        if state.status == "finished":
            return "the match is over", "winning"
        if action.unit is not None:
            try:
                unit = state.unit(action.unit)
            except KeyError:
                return f"there is no unit {action.unit!r} in this match", "overview"
            if dial_id(unit) is not None:
                return f"{unit.name}: {NO_ACTIONS}", "general"
        won = winners(state)
        if action.name == "end-match":
            return None if won else ("the game goes on until the Main Power Core shows its all-black click or one "
                                     "side is wiped out", "winning")
        if won is not None:
            return f"{_win_text(state, won)}; only ending the match is left", "winning"
        if state.active_player.id == SCARAB_PLAYER:
            return scarab_turn_play.check(state, action, require)
        return scarab_attacker.check(state, action, self.options, require)

    # Not the base's template: the Scarab has no table of specs with per-unit checks. Who plays (the Scarab's
    # dials or the attackers) picks a whole turn module, a met win condition leaves only ending the match, and
    # the game's own dials never act; its refusals come from `_refusal`, shared with resolve.
    def explain(self, state: Match, action: Action) -> Verdict:
        why = self._refusal(state, action, False)
        if why:
            return Verdict(False, why[0], why[1])
        option = next((o for o in self.legal_actions(state) if o.action == action.name), None)
        if option is None:  # a legal action is always listed; kept for type narrowing
            return Verdict(True, f"{action.name} is open")
        if action.unit is None and not option.enabled:  # no figure can take it now
            return Verdict(False, option.reason or "", option.rule)
        if action.unit is not None:
            return Verdict(True, f"{state.unit(action.unit).name} can take '{option.title}'", option.rule)
        names = ", ".join(state.unit(u).name for u in option.units)
        return Verdict(True, f"'{option.title}' is open" + (f" to {names}" if names else ""), option.rule)

    def odds(self, state: Match, action: Action) -> Odds | None:
        if state.status == "finished" or winners(state) is not None:
            return None
        if state.active_player.id == SCARAB_PLAYER:
            return scarab_turn_play.odds(state, action)
        return scarab_attacker.odds(state, action, self.options)

    def outcomes(self, state: Match, action: Action) -> tuple[Branch, ...] | None:  # the advisor: scarab/advice.py
        return scarab_advice.outcomes(self, state, action)

    advisor_type = scarab_advice.ScarabAdvisor

    def resolve(self, state: Match, action: Action, rng: random.Random) -> Resolution:
        why = self._refusal(state, action, True)
        if why:
            raise IllegalAction(why[0], why[1])
        by = state.active_player.id
        won = winners(state)
        if action.name == "end-match" and won is not None:
            return Resolution((Event("end_match", {"winners": list(won)}, by),), _win_text(state, won), ("winning",))
        if by == SCARAB_PLAYER:
            resolution = scarab_turn_play.resolve(state, action, rng)
        else:
            resolution = scarab_attacker.resolve(state, action, rng, self.options)
        won = winners(replay(state, list(resolution.events)))
        if won is None:
            return resolution
        return replace(resolution, events=(*resolution.events, Event("end_match", {"winners": list(won)}, by)),
                       rules=(*resolution.rules, "winning"), details=(*resolution.details, _win_text(state, won)))
