"""Halo ActionClix (seed 001) spawn points and grenade icons, HeroClix Skirmish (seed 003) element scoring and
force limits: one test per rule the helper or the force check now enforces."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.match.force_check import check_force, listed
from companion.core.model import Match
from companion.core.packs.load import get_pack
from companion.rules import Action
from companion.rules.skirmish.combat import damage_events

from builders import match, unit

HALO = rules.get("halo-actionclix")
SKIRMISH = rules.get("heroclix-skirmish")


def with_units(state: Match, *units: dict[str, Any]) -> Match:
    return replay(state, [Event("add_unit", {"unit": u}) for u in units])


def resolve(system: rules.System, state: Match, name: str, unit_id: str | None = None, **params: Any) -> Match:
    return replay(state, list(system.resolve(state, Action(name, unit_id, params), random.Random(0)).events))


# --- Halo ActionClix ------------------------------------------------------------------------------------------


@pytest.fixture
def halo() -> Match:
    return with_units(match(), unit("marine", "p1"), unit("odst", "p1", ref="halo:odst:grenade-icon"),
                      unit("spartan", "p1", ref="halo:spartan:grenade-icon", location="reserve",
                           reserve_reason="eliminated"),
                      unit("elite", "p2"))


def test_a_unit_whose_card_has_the_grenade_icon_is_deployed_with_its_grenade_token(halo: Match) -> None:
    assert halo.unit("odst").tokens["grenade"] == 1 and halo.unit("marine").tokens["grenade"] == 0
    assert halo.unit("spartan").tokens["grenade"] == 0  # in the reserves: not deployed yet


def test_a_unit_whose_card_has_the_grenade_icon_gets_its_token_back_on_respawning(halo: Match) -> None:
    back = resolve(HALO, halo, "respawn", "spartan")
    assert back.unit("spartan").location == "table" and back.unit("spartan").tokens["grenade"] == 1


def test_a_move_cannot_end_on_your_own_spawn_point(halo: Match) -> None:
    verdict = HALO.explain(halo, Action("move", "marine", {"ends": "own-spawn"}))
    assert not verdict.legal and verdict.rule == "moving"
    with pytest.raises(IllegalAction) as info:
        HALO.resolve(halo, Action("move", "marine", {"ends": "own-spawn"}), random.Random(0))
    assert info.value.rule == "moving"


def test_a_move_may_end_on_an_opponents_spawn_point_and_then_earn_a_loot_roll(halo: Match) -> None:
    moved = resolve(HALO, halo, "move", "marine", ends="enemy-spawn")
    assert moved.unit("marine").position == "enemy-spawn"
    assert HALO.explain(moved, Action("loot-roll", "marine")).legal


def test_a_loot_roll_needs_an_action_and_an_opponents_spawn_point(halo: Match) -> None:
    moved = resolve(HALO, halo, "move", "marine")
    assert HALO.explain(moved, Action("loot-roll", "marine")).rule == "loot-roll"
    idle = replay(halo, [Event("set_position", {"unit": "marine", "position": "enemy-spawn"})])
    assert not HALO.explain(idle, Action("loot-roll", "marine")).legal


def test_an_attack_on_a_unit_in_the_reserves_is_refused_before_rolling(halo: Match) -> None:
    state = with_units(halo, unit("grunt", "p2", location="reserve"))
    verdict = HALO.explain(state, Action("attack", "marine", {"target": "grunt"}))
    assert not verdict.legal and verdict.rule == "attacking"
    with pytest.raises(IllegalAction):
        HALO.resolve(state, Action("attack", "marine", {"target": "grunt"}), random.Random(0))


# --- HeroClix Skirmish ---------------------------------------------------------------------------------------


@pytest.fixture
def skirmish() -> Match:
    return with_units(match("heroclix-skirmish"), unit("hero", "p1"), unit("villain", "p2"),
                      unit("crate", "p2", ref="object", points=5, clicks=1),
                      unit("rubble", "p2", ref="object", points=0, clicks=1))


def test_an_opposing_object_worth_points_scores_1_when_removed(skirmish: Match) -> None:
    after = resolve(SKIRMISH, skirmish, "score-element", what="object", element="crate")
    assert after.player("p1").vp == 1 and after.unit("crate").location == "reserve"


def test_an_opposing_game_element_outside_the_match_scores_by_its_point_value(skirmish: Match) -> None:
    assert resolve(SKIRMISH, skirmish, "score-element", what="object", points=3).player("p1").vp == 1
    verdict = SKIRMISH.explain(skirmish, Action("score-element", None, {"what": "object", "points": 0}))
    assert not verdict.legal and verdict.rule == "victory-points"


def test_a_zero_point_object_scores_nothing_when_removed(skirmish: Match) -> None:
    verdict = SKIRMISH.explain(skirmish, Action("score-element", None, {"what": "object", "element": "rubble"}))
    assert not verdict.legal and "worth 0 points" in verdict.reason


def test_an_opposing_object_worth_points_scores_1_when_knocked_out(skirmish: Match) -> None:
    after = resolve(SKIRMISH, skirmish, "deal-damage", target="villain", clicks=1)
    assert after.player("p1").vp == 1  # a click of damage to a character
    events, _ = damage_events(skirmish, skirmish.unit("crate"), 1, False, "p1")
    assert replay(skirmish, events).player("p1").vp == 1
    events, _ = damage_events(skirmish, skirmish.unit("rubble"), 1, False, "p1")
    assert replay(skirmish, events).player("p1").vp == 0


def force(players: int, *units: dict[str, Any]) -> dict[str, Any]:
    state = with_units(match("heroclix-skirmish", players=players), *units)
    return {f.rule: f for f in check_force(get_pack("heroclix-skirmish"), state, "p1")}


def test_three_or_four_players_allow_only_one_multi_base_character() -> None:
    two = [unit(f"m{i}", "p1", ref="hc:multi-base", points=20) for i in range(2)]
    assert force(3, *two)["max-multibase-multiplayer"].ok is False
    assert force(3, two[0])["max-multibase-multiplayer"].ok is True
    assert "max-multibase-multiplayer" not in force(2, *two)  # two players: no cap


def test_three_or_four_players_allow_at_most_five_characters() -> None:
    six = [unit(f"c{i}", "p1", points=10) for i in range(6)]
    assert force(4, *six)["max-characters-multiplayer"].ok is False


def test_a_banned_figure_is_never_allowed() -> None:
    banned = unit("bwl", "p1", name="The Batman Who Laughs", ref="DC Comics HeroClix: Rebirth 067")
    assert force(2, banned)["banned"].ok is False
    assert force(2, unit("bat", "p1", ref="DC Comics HeroClix: Rebirth 068"))["banned"].ok is True


def test_a_restricted_figure_is_allowed_once_per_force() -> None:
    wolverine = {"ref": "Wolverine vs. Cyclops: X-Men Regeneration 001.01"}
    assert force(2, unit("w1", "p1", **wolverine))["restricted"].ok is True
    assert force(2, unit("w1", "p1", **wolverine), unit("w2", "p1", **wolverine))["restricted"].ok is False


def test_figures_are_matched_by_set_and_collectors_number_as_the_seed_writes_them() -> None:
    entry = {"set": "Marvel HeroClix Promo", "number": "MP18-005", "name": "Lockjaw"}
    assert listed(entry, replay(match(), [Event("add_unit", {"unit": unit(
        "l", "p1", ref="marvel heroclix promo:mp18-005")})]).unit("l"))
    assert not listed(entry, replay(match(), [Event("add_unit", {"unit": unit(
        "l", "p1", ref="Marvel HeroClix Promo MP18-006")})]).unit("l"))
