"""One source of outcomes (issue 32): what an action did is read from its events applied by the one reducer, so
the result, the card's lines and the log line give one number."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import IllegalAction
from companion.core.match.describe import changes, describe, trial
from companion.core.match.events import Event, apply
from companion.rules.action import Action

from builders import dial, unit
from halo_actions_kit import HALO, halo_match


def test_a_ko_after_two_clicks_reads_the_same_everywhere() -> None:
    """Grunt A has two clicks left; the Sniper deals 3 damage."""
    state = halo_match(unit("sniper", "p1", name="Sniper", dial=dial((8, 30, 16, 3), (8, 30, 16, 3))),
                       unit("grunt", "p2", name="Grunt A", clicks=2, dial=dial((8, 5, 2, 1), (8, 5, 2, 1))))
    for seed in range(50):  # an attack of 30 against defense 2 hits unless the roll fumbles
        resolution = HALO.resolve(state, Action("attack", "sniper", {"target": "grunt"}), random.Random(seed))
        if resolution.success:
            break
    assert resolution.success
    damage = [e for e in resolution.events if e.type == "damage"]
    assert [e.data["amount"] for e in damage] == [2]
    assert resolution.summary.endswith("hit, 2 damage, KO")
    lines = changes(state, resolution.events)
    assert "Grunt A takes 2 damage" in lines and "Grunt A is KO'd" in lines
    assert describe(state, damage[0]) == "Grunt A takes 2 damage"
    after = trial(state, resolution.events)[-1]
    assert after.unit("grunt").location == "reserve" and after.player("p1").kills == 1


def test_changes_apply_through_the_reducer_not_around_it() -> None:
    """A step the reducer refuses can't be described as if it had happened."""
    state = halo_match(unit("a", "p1"), unit("b", "p2"))
    finished = apply(state, Event("end_match", {"winners": ["p1"]}))
    with pytest.raises(IllegalAction, match="the match is over"):
        changes(finished, [Event("damage", {"unit": "b", "amount": 1})])
