"""Hypothesis strategies for shared matches: valid starting states and event logs built by applying random events.

The share tests import them from share_strategies_kit; the test here checks that they make what they promise.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from companion.core.model import validate
from companion.share import SharedMatch

from share_strategies_kit import shared_matches


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(shared_matches())
def test_strategy_makes_valid_matches_with_logs_that_replay(shared: SharedMatch) -> None:
    validate(shared.initial)
    validate(shared.state)
    assert SharedMatch.of(shared.initial, shared.events).state == shared.state
