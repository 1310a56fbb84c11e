"""The Scarab against its seed (000), third rules-lawyer audit: each hole reproduced as it was found on main, now
refused or answered by the system (its checks, its pack), on every path."""

from __future__ import annotations

from companion import rules
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action, ActionOption

from builders import SEED, rng_for
from scarab_setup_kit import scarab_match, strike_team

SCARAB = rules.get("scarab")


def options(state: Match) -> dict[str, ActionOption]:
    return {o.action: o for o in SCARAB.legal_actions(state)}


def do(state: Match, name: str, unit: str | None = None, n: int = 0, **params: object) -> Match:
    return replay(state, list(SCARAB.resolve(state, Action(name, unit, dict(params)), rng_for(SEED, n)).events))


def attackers_turn(state: Match) -> Match:
    return replay(state, [Event("end_turn", {})])


# --- 1. a figure takes one action every turn, turn after turn (seed 001 ¶8; seed 000 ¶26, 91) ---------------------

def test_audit3_a_figure_may_take_its_one_action_every_turn_running() -> None:
    # neither seed caps how many turns running a figure acts (no HeroClix two-token rest): one action a turn
    state = attackers_turn(scarab_match(*strike_team()))
    for n in range(4):
        assert SCARAB.explain(state, Action("shoot-scarab", "batman", {})).legal, f"turn {state.turn}"
        state = do(state, "shoot-scarab", "batman", n)
        again = SCARAB.explain(state, Action("shoot-scarab", "batman", {}))
        assert not again.legal and "already had its action this turn" in again.reason
        state = replay(state, [Event("end_turn", {}), Event("end_turn", {})])  # the Scarab's turn between
