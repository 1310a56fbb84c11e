"""The Scarab (seed 000: the Halo ActionClix Scarab for HeroClix) as a rules helper.

Player p1 plays the Scarab: on its turn the helper walks the Scarab's sequence (scarab/turn_play.py); on the other
player's turn it offers the attacker's actions (scarab/attacker.py). Each action is an object (`ScarabAction`,
scarab/play.py) that knows its refusals, its form, its odds, its resolution and its advisor outcomes. What the
helper reads from the match (the four dials, marks such as "aerial", the "acted-turn" counter, house-rule switches)
is described in scarab/state.py. Once the Main Power Core shows its KO (all-black) click, or every attacking figure
is KO'd, the only action left is ending the match; a resolved action that brings this about ends it in the same
step.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from companion.core.errors import CompanionError, IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match, Unit
from companion.rules.action import Action, ActionOption, Odds, Refusal, Resolution, Verdict
from companion.rules.advice.dice import Branch
from companion.rules.advisor import Advisor
from companion.rules.base import System
from companion.rules.halo import tokens as halo_tokens
from companion.rules.scarab import advice as scarab_advice
from companion.rules.scarab.attacker import ATTACKERS
from companion.rules.scarab.play import END_MATCH, Play, ScarabAction, Side, count, table_refusal, win_text, won_refusal
from companion.rules.scarab.positions import POSITIONS, change_refusal
from companion.rules.scarab.state import NO_ACTIONS, OPTION_DEFAULTS, SCARAB_PLAYER, SYSTEM_ID, dial_id, dials, winners
from companion.rules.scarab.turn_play import SCARAB_TURN

GUIDE = "scarab-turn"  # the sequence of content/scarab/turn.toml


def side_playing(state: Match) -> Side:
    """The table of actions of the side whose turn it is: the Scarab's, or the attackers'."""
    return SCARAB_TURN if state.active_player.id == SCARAB_PLAYER else ATTACKERS


class ScarabAdvisor(Advisor):
    """The unit a shot harms is its action's `aimed_at` (a Scarab dial for a shot at the Scarab); the Shell's and the
    Chassis' clicks are figures of their own; only the core's clicks (for the attackers) or the attackers' (for the
    Scarab) win (scarab/advice.py)."""

    def target(self, state: Match, action: Action) -> str | None:
        kind = side_playing(state).actions.get(action.name)
        return action.params.get("target") if kind is None else kind.aimed_at(state, action)

    def figures(self, before: Match, after: Match, action: Action) -> dict[str, int]:
        return scarab_advice.figures(before, after, action)

    def points(self, before: Match, after: Match, action: Action) -> tuple[int, str]:
        return scarab_advice.points(before, after, action)


class ScarabOptionError(CompanionError):
    """A house-rule option the Scarab pack doesn't have."""


class Scarab(System[Play]):
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
        return None if won is None else (won, win_text(state, won))

    def __init__(self, options: Mapping[str, bool] | None = None) -> None:
        """`options`: house rules switched on for every match (a match can also switch one on with a match
        counter of the same name, see scarab/state.py)."""
        unknown = set(options or {}) - set(OPTION_DEFAULTS)
        if unknown:
            raise ScarabOptionError(f"the Scarab has no house-rule option {', '.join(sorted(unknown))}; it has "
                                    f"{', '.join(OPTION_DEFAULTS)}")
        self.options = {**OPTION_DEFAULTS, **(options or {})}

    # the game's actions, each an object, in one table per side's turn (both have a "move" and an "end-turn"): the
    # Scarab's sequence (scarab/turn_play.py) and the attacking player's (scarab/attacker.py). The door asks the
    # table of the side playing (`Play.side`); `actions` is the one a match opens on, the Scarab's turn
    actions = SCARAB_TURN.actions

    def _query(self, state: Match) -> Play:
        side = side_playing(state)
        return Play(side, winners(state), self.options, count(state, self.options) if side is ATTACKERS else None)

    def legal_actions(self, state: Match) -> list[ActionOption]:
        """The side playing's actions; once the fight is decided, only ending the match."""
        now = self._query(state)
        if state.status == "finished" or now.won is not None:
            return [END_MATCH.option(state, now)]
        return [kind.option(state, now) for kind in now.side.actions.values()]

    def _kind(self, state: Match, now: Play, action: Action) -> ScarabAction | Refusal:
        """The action of the side playing by its id, or why none is taken: the table's refusal first (a finished
        match, a unit that can't act), then a decided fight, then an id the side lacks."""
        kind = now.side.find(action.name)
        if kind is not None:
            return kind
        return table_refusal(state, action) or won_refusal(state, now) or now.side.unknown_refusal(action.name)

    def explain(self, state: Match, action: Action) -> Verdict:
        now = self._query(state)
        kind = self._kind(state, now, action)
        return Verdict(False, *kind) if isinstance(kind, tuple) else kind.explain(state, now, action)

    def odds(self, state: Match, action: Action) -> Odds | None:
        now = self._query(state)
        if state.status == "finished" or now.won is not None:
            return None
        kind = now.side.actions.get(action.name)
        return None if kind is None else kind.odds(state, now, action)

    def outcomes(self, state: Match, action: Action) -> tuple[Branch, ...] | None:
        """The advisor's split of the action's attack roll (scarab/advice.py), None for an action that makes none."""
        now = self._query(state)
        if state.status == "finished" or now.won is not None:
            return None
        kind = now.side.actions.get(action.name)
        return None if kind is None else kind.outcomes(state, now, action)

    advisor_type = ScarabAdvisor

    def resolve(self, state: Match, action: Action, rng: random.Random) -> Resolution:
        """The action's resolution; one that decides the fight ends the match in the same step."""
        now = self._query(state)
        kind = self._kind(state, now, action)
        if isinstance(kind, tuple):
            raise IllegalAction(*kind)
        resolution = kind.resolve(state, now, kind.checked(state, now, action), rng)
        after = replay(state, list(resolution.events))
        won = winners(after)
        if won is None or after.status == "finished":
            return resolution
        by = state.active_player.id
        return replace(resolution, events=(*resolution.events, Event("end_match", {"winners": list(won)}, by)),
                       rules=(*resolution.rules, "winning"), details=(*resolution.details, win_text(state, won)))
