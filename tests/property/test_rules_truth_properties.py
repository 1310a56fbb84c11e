"""One truth per rule (issue 32), over random reachable positions of every game system: what an option shows
comes from the system and the one reducer. For every listed option: enabled <=> `explain` legal <=> `resolve`
succeeds; the events trial-applied for a preview are what committing stores; and every refused unit's reason is
the reason `explain` gives for that unit (a check that really fails for it), not a sentence shared by others."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.frozen import replace
from companion.core.match.describe import changes, trial
from companion.core.match.events import Event, apply
from companion.core.model import Match
from companion.rules import Action, ActionOption

from rules_explain_resolve_kit import STARTS, defaults, walk


def committed(state: Match, resolution_events: tuple[Event, ...], by: str) -> Match:
    """What the session stores: the resolution's events as one batch."""
    return apply(state, Event("batch", {"label": "step", "events": [{"type": e.type, "data": e.data}
                                                                    for e in resolution_events]}, by))


def check_option(system: rules.System, state: Match, option: ActionOption, rng: random.Random) -> list[Action]:
    params = defaults(option, rng)
    legal: list[Action] = []
    for uid in (*option.units, *option.refused) or (None,):
        action = Action(option.action, uid, params)
        verdict = system.explain(state, action)
        try:
            resolution = system.resolve(state, action, random.Random(5))
        except IllegalAction:
            assert not verdict.legal, f"explain called {action} legal, resolve refused it"
            continue
        assert verdict.legal, f"resolve took {action} that explain refuses: {verdict.reason}"
        assert option.enabled, f"{action} resolves, but its option is disabled: {option.reason}"
        by = state.active_player.id
        steps = trial(state, [replace(e, by=by) for e in resolution.events])  # the preview's states
        stored = committed(state, resolution.events, by)
        assert replace(steps[-1], seq=0) == replace(stored, seq=0), f"{action}: preview and commit differ"
        changes(state, resolution.events)  # the result card's lines come from the same trial, without error
        legal.append(action)
    for uid, why in option.refused.items():  # each refused unit's own reason is explain's for it
        verdict = system.explain(state, Action(option.action, uid, params))
        assert not verdict.legal and why in verdict.reason, (option.action, uid, why, verdict.reason)
    if not option.enabled:
        assert option.reason, f"{option.action} is disabled without a reason"
        for uid in option.shown:
            assert option.refused[uid] in option.reason
    return legal


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(STARTS)), st.integers(0, 2**32 - 1), st.integers(1, 8))
def test_options_previews_and_reasons_come_from_one_truth(system_id: str, seed: int, steps: int) -> None:
    walk(system_id, seed, steps,
         lambda system, state, rng: [a for option in system.legal_actions(state)
                                     for a in check_option(system, state, option, rng)],
         lambda system, state, action, rng: committed(state, system.resolve(state, action, rng).events,
                                                      state.active_player.id))
