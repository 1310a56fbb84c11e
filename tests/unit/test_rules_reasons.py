"""Every refusal in its own words (issue 32): the units that could otherwise act are read first, the others stay
one tap away, and no fixed sentence stands in for reasons that differ."""

from __future__ import annotations

from companion.core.match.events import Event, apply, replay
from companion.core.model import Match
from companion.rules.action import Action
from companion.rules.refusals import UnitRefusal, refusal_summary

from builders import unit
from halo_actions_kit import HALO, halo_match, options


def _ann_after_the_sniper_attacked() -> Match:
    """Ann: Spartan Leader, Marines A and B, and the Sniper, who holds the one Upgrade token and has attacked
    (an action token, still elsewhere than an opponent's spawn point); her reserve is pricier than any upgrade."""
    state = halo_match(unit("leader", "p1", name="Spartan Leader"), unit("marine-a", "p1", name="Marine A"),
                       unit("marine-b", "p1", name="Marine B"),
                       unit("sniper", "p1", name="Sniper", points=40, tokens={"upgrade": 1}),
                       unit("hunter", "p1", points=200, location="reserve"), unit("grunt", "p2"))
    return apply(state, Event("token", {"unit": "sniper", "kind": "action", "delta": 1}))


def test_the_loot_roll_names_the_real_reason() -> None:
    loot = options(_ann_after_the_sniper_attacked())["loot-roll"]
    assert not loot.enabled and loot.rule == "loot-roll"
    assert loot.reason.startswith("Sniper is not on an opponent's spawn point")  # not "no unit was given an action"
    assert loot.shown == ("sniper",)
    assert list(loot.refused) == ["sniper", "leader", "marine-a", "marine-b"]  # the others one tap away
    assert "was not given an action" in loot.refused["leader"]


def test_the_upgrade_reason_shows_the_holder_of_the_token() -> None:
    upgrade = options(_ann_after_the_sniper_attacked())["upgrade"]
    assert not upgrade.enabled and upgrade.rule == "upgrading"
    assert upgrade.reason.startswith("Sniper holds 1 Upgrade token, but no unit in your reserves is worth 65")
    assert "..." not in upgrade.reason and upgrade.reason.endswith("(and 3 other units)")
    assert upgrade.refused["marine-b"] == "Marine B has no Upgrade tokens"


def test_units_refused_alike_speak_together_in_their_own_words() -> None:
    state = replay(_ann_after_the_sniper_attacked(), [
        Event("token", {"unit": u, "kind": "action", "delta": 1}) for u in ("leader", "marine-a")])
    move = options(state)["move"]
    assert not move.enabled and move.rule == "actions"
    # the fourth action is out: the turn's refusal, not any unit's
    assert move.reason == "all 3 actions of this turn are used"
    assert not HALO.explain(state, Action("move", "marine-b")).legal


def test_the_summary_orders_by_how_far_each_unit_got() -> None:
    reason, rule, ordered, shown = refusal_summary({
        "a": UnitRefusal("A has no token", "tokens", 1), "b": UnitRefusal("B is off the table", "where", 0),
        "c": UnitRefusal("C is too far", "range", 2), "d": UnitRefusal("D is too far", "range", 2)})
    assert (reason, rule, shown) == ("C is too far; D is too far (and 2 other units)", "range", ("c", "d"))
    assert list(ordered) == ["c", "d", "a", "b"]
