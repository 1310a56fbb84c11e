"""explain == resolve, for every game system: in random reachable match states, an action `explain` calls legal
resolves without an error, one it refuses `resolve` refuses with the same rule, and `legal_actions` lists exactly
the legal ones (its enabled units are legal, its refused units and disabled options are not). Skirmish's attacks
are also resolved on its critical rolls (two 1s, two 6s), which the seeded dice rarely give."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.advice import ScriptedDice
from companion.rules.skirmish.combat import pushed

from rules_explain_resolve_kit import STARTS, defaults, walk


def agree(system: rules.System, state: Match, action: Action) -> bool:
    """explain and resolve agree on `action`; True when it is legal."""
    verdict = system.explain(state, action)
    try:
        resolution = system.resolve(state, action, random.Random(3))
    except IllegalAction as refused:
        assert not verdict.legal, f"explain called {action} legal, resolve refused it: {refused}"
        assert refused.rule == verdict.rule, (action, verdict, refused.rule, str(refused))
        return False
    assert verdict.legal, f"explain refused {action} ({verdict.reason}), resolve allowed it"
    replay(state, list(resolution.events))  # and its events apply
    return True


def check_state(system: rules.System, state: Match, rng: random.Random) -> list[Action]:
    """Every option with every unit it names agrees; the legal actions found."""
    legal = []
    for option in system.legal_actions(state):
        params = defaults(option, rng)
        if not option.enabled:
            assert not system.explain(state, Action(option.action, None, params)).legal, option
        plain = {p.name: p.default for p in option.params if p.default not in (None, "")}
        typed = {**plain, **{p.name: 1 for p in option.params if p.kind == "int" and p.default == 0 and p.high}}
        asks = any(p.default in (None, "") for p in option.params)  # the form needs the player's answer
        for uid in option.units:  # legal as the form starts, or once the player types a number it asks for
            verdicts = [system.explain(state, Action(option.action, uid, params)) for params in (plain, typed)]
            assert any(v.legal for v in verdicts) or asks, (option.action, uid, verdicts[0].reason)
        for uid in option.refused:
            assert not system.explain(state, Action(option.action, uid, params)).legal, (option.action, uid)
        # a complete action: with a unit when the option is given to units
        for uid in (*option.units, *option.refused) or (None,):
            action = Action(option.action, uid, params)
            if agree(system, state, action):
                legal.append(action)
    return legal


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(STARTS)), st.integers(0, 2**32 - 1), st.integers(1, 10))
def test_explain_agrees_with_resolve_in_every_system(system_id: str, seed: int, steps: int) -> None:
    walk(system_id, seed, steps, check_state,
         lambda system, state, action, rng: replay(state, list(system.resolve(state, action, rng).events)))


CRITICALS = {(1, 1): False, (6, 6): True}  # HeroClix's two 1s always miss, two 6s always hit (Skirmish plays by it)


def check_criticals(system: rules.System, state: Match, rng: random.Random) -> list[Action]:
    """Every legal Skirmish attack, resolved on two 1s and on two 6s, agrees with explain, applies through the
    reducer and hits or misses as the critical says; its odds are the advisor's classes added up."""
    legal = check_state(system, state, rng)
    for action in (a for a in legal if a.name == "attack"):
        for dice, hits in CRITICALS.items():
            resolution = system.resolve(state, action, ScriptedDice(dice))
            after = replay(state, list(resolution.events))
            assert resolution.success is hits and "criticals" in resolution.rules, (action, dice)
            attacker = state.unit(action.unit or "")
            pushing = pushed(attacker, action.params)  # HeroClix's pushing: 1 more damage, unless card text says no
            hurt = sum(e.data["amount"] for e in resolution.events
                       if e.type == "damage" and e.data["unit"] == attacker.id)
            assert hurt == (0 if hits else 1) + (1 if pushing else 0) or after.unit(attacker.id).eliminated, \
                (action, dice)  # the critical miss's 1 unavoidable damage, after the attack
        odds = system.odds(state, action)
        branches = system.outcomes(state, action) or ()
        assert odds is not None and odds.chance == sum((b.chance for b in branches if "hit" in b.label), Fraction(0))
    return legal


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(1, 10))
def test_skirmish_criticals_agree_in_explain_resolve_and_the_reducer(seed: int, steps: int) -> None:
    walk("heroclix-skirmish", seed, steps, check_criticals,
         lambda system, state, action, rng: replay(state, list(system.resolve(state, action, rng).events)))
