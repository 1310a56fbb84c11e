"""Halo ActionClix legal actions, scenario by scenario from seed 001, and applying a resolved attack."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.halo.attack import AttackSetup, resolve_attack
from companion.rules.halo.turn import CAPTURED_COUNTER

from builders import SEED, rng_for, unit
from halo_actions_kit import HALO, halo_match, options


def give(state: Match, *unit_ids: str) -> Match:
    return replay(state, [Event("token", {"unit": u, "kind": "action", "delta": 1}) for u in unit_ids])


@pytest.fixture
def table() -> Match:
    """Ann (p1): Spartan with a grenade, Marine, ODST with 1 upgrade token; reserves: Brute (30 pts) and
    Hunter (80 pts). Ben (p2): Elite on the table."""
    return halo_match(
        unit("spartan", "p1", tokens={"grenade": 1}),
        unit("marine", "p1"),
        unit("odst", "p1", points=40, tokens={"upgrade": 1}),
        unit("rookie", "p1", points=20),
        unit("brute", "p1", location="reserve"),
        unit("hunter", "p1", points=80, location="reserve"),
        unit("elite", "p2"),
    )


def test_a_fresh_turn_opens_every_basic_action(table: Match) -> None:
    opts = options(table)
    assert [o.action for o in HALO.legal_actions(table)] == [
        "move", "attack", "move-and-attack", "throw-grenade", "respawn", "swap-weapons", "upgrade", "loot-roll",
        "end-turn"]
    for name in ("move", "attack", "move-and-attack"):
        assert opts[name].enabled and opts[name].units == ("spartan", "marine", "odst", "rookie")
        assert opts[name].cost == 1
    assert opts["throw-grenade"].units == ("spartan",)
    assert opts["throw-grenade"].refused["marine"] == "Unit marine has no Grenade token"
    # nothing was eliminated: the table holds the whole starting force, so no reserve unit can respawn (issue 33.6)
    assert not opts["respawn"].enabled and "waiting to respawn" in (opts["respawn"].reason or "")
    assert "aren't tracked" not in (opts["respawn"].note or "")  # the pack declares the captured counter
    # swapping needs a reserve unit of exactly the same points (30: the Brute)
    assert opts["swap-weapons"].units == ("spartan", "marine") and opts["swap-weapons"].cost == 0
    assert "exactly 40 points" in opts["swap-weapons"].refused["odst"]
    # ODST: 40 + 25 = 65 points, enough for the Brute (30)
    assert opts["upgrade"].units == ("odst",)
    assert not opts["loot-roll"].enabled and opts["loot-roll"].rule == "loot-roll"
    assert opts["end-turn"].enabled and opts["end-turn"].note == "3 unused actions will be lost."


def test_one_action_per_unit(table: Match) -> None:
    state = give(table, "spartan")
    opts = options(state)
    assert opts["move"].units == ("marine", "odst", "rookie")
    assert opts["move"].refused["spartan"] == "Unit spartan already had its action this turn (one action per unit)"
    verdict = HALO.explain(state, Action("attack", "spartan"))
    assert not verdict.legal and verdict.rule == "actions" and "already had its action" in verdict.reason
    # the grenade carrier has acted: nobody else has a grenade
    assert not opts["throw-grenade"].enabled and opts["throw-grenade"].rule in ("actions", "grenades")
    # swapping weapons is only for a unit not given an action this turn
    swap = HALO.explain(state, Action("swap-weapons", "spartan"))
    assert not swap.legal and swap.rule == "swap-weapons"
    assert HALO.explain(state, Action("swap-weapons", "marine", {"into": "brute"})).legal
    # a unit given an action may make a loot roll if it stands on an opponent's spawn point
    assert opts["loot-roll"].refused["spartan"] == "Unit spartan is not on an opponent's spawn point"
    there = replay(state, [Event("set_position", {"unit": "spartan", "position": "enemy-spawn"})])
    assert options(there)["loot-roll"].units == ("spartan",)


def test_three_actions_per_turn(table: Match) -> None:
    state = give(table, "spartan", "marine", "odst")
    opts = options(state)
    for name in ("move", "attack", "move-and-attack", "throw-grenade", "respawn"):
        assert not opts[name].enabled
        assert opts[name].reason == "all 3 actions of this turn are used" and opts[name].rule == "actions"
    verdict = HALO.explain(state, Action("move", "rookie"))
    assert not verdict.legal and "all 3 actions" in verdict.reason
    # swapping costs no action: the rookie has none and ... no 20-point reserve unit
    assert not opts["swap-weapons"].enabled
    assert opts["swap-weapons"].refused == {
        "spartan": "Unit spartan was given an action this turn; only a unit without one can swap weapons",
        "marine": "Unit marine was given an action this turn; only a unit without one can swap weapons",
        "odst": "Unit odst was given an action this turn; only a unit without one can swap weapons",
        "rookie": "no unit in your reserves is worth exactly 20 points like Unit rookie"}
    assert opts["end-turn"].note is None


def eliminated(state: Match, unit_id: str) -> Match:
    """The unit in the reserves as an eliminated one (its respawn open)."""
    return apply(state, Event("set_location", {"unit": unit_id, "location": "reserve", "reason": "eliminated"}))


def test_respawn_is_lost_when_every_spawn_point_is_captured(table: Match) -> None:
    table = eliminated(table, "brute")
    tracked = replace(table, rules=replace(table.rules, counters={"player": (CAPTURED_COUNTER,)}))
    assert options(tracked)["respawn"].enabled
    assert "aren't tracked" not in (options(tracked)["respawn"].note or "")
    one = apply(tracked, Event("counter", {"scope": "player", "name": CAPTURED_COUNTER, "target": "p1", "delta": 1}))
    assert options(one)["respawn"].enabled
    both = apply(one, Event("counter", {"scope": "player", "name": CAPTURED_COUNTER, "target": "p1", "delta": 1}))
    respawn = options(both)["respawn"]
    assert not respawn.enabled and respawn.rule == "respawning"
    assert "all your spawn points are captured" in (respawn.reason or "")
    assert not HALO.explain(both, Action("respawn", "brute")).legal


def test_respawn_needs_reserves_and_uses_an_action(table: Match) -> None:
    table = eliminated(table, "brute")
    no_reserves = replay(table, [Event("remove_unit", {"unit": u}) for u in ("brute", "hunter")])
    assert options(no_reserves)["respawn"].reason == "you have no units in your reserves"
    verdict = HALO.explain(table, Action("respawn", "spartan"))
    assert not verdict.legal and "not in your reserves" in verdict.reason
    ok = HALO.explain(table, Action("respawn", "brute"))
    assert ok.legal and ok.rule == "respawning" and "2 of 3 actions left" in ok.reason


def test_upgrade_is_limited_by_tokens_and_points() -> None:
    state = halo_match(unit("odst", "p1", points=40, tokens={"upgrade": 1}), unit("hunter", "p1", points=80,
                       location="reserve"), unit("elite", "p2"))
    upgrade = options(state)["upgrade"]
    assert not upgrade.enabled and upgrade.rule == "upgrading"
    assert upgrade.refused["odst"] == ("Unit odst holds 1 Upgrade token, but no unit in your reserves is worth 65 "
                                       "points or less (40 + 25 x 1)")
    richer = apply(state, Event("token", {"unit": "odst", "kind": "upgrade", "delta": 1}))
    assert options(richer)["upgrade"].units == ("odst",)  # 40 + 50 = 90 >= 80


def test_attacks_need_an_opposing_unit_on_the_table() -> None:
    state = halo_match(unit("spartan", "p1"), unit("elite", "p2", location="reserve"))
    opts = options(state)
    assert opts["move"].enabled
    for name in ("attack", "move-and-attack", "throw-grenade"):
        assert not opts[name].enabled and opts[name].rule == "attacking"


def test_only_the_active_players_units(table: Match) -> None:
    verdict = HALO.explain(table, Action("move", "elite"))
    assert not verdict.legal and "not Ann's unit" in verdict.reason
    ben = apply(table, Event("end_turn"))
    assert options(ben)["move"].units == ("elite",)


def test_a_finished_match_has_no_actions(table: Match) -> None:
    over = apply(table, Event("end_match", {"winners": ["p1"]}))
    assert not any(o.enabled for o in HALO.legal_actions(over))
    assert HALO.explain(over, Action("end-turn")).reason == "End turn: the match is over"


def test_unknown_action_and_unit(table: Match) -> None:
    verdict = HALO.explain(table, Action("teleport", "spartan"))
    assert not verdict.legal and "no action 'teleport'" in verdict.reason
    assert not HALO.explain(table, Action("move", "ghost")).legal
    assert HALO.explain(table, Action("throw-grenade")).reason == "Throw a grenade is open to Unit spartan"


def test_resolved_attack_with_a_fixed_seed_updates_the_match(table: Match) -> None:
    """Seed 7, first roll: 6+1. Marine (attack 10) shoots the Elite (defense 16): 17, a hit for 3 damage."""
    setup = AttackSetup(attack=10, defense=16)
    result = resolve_attack(setup, rng_for(SEED, len(table.rolls)))
    assert (result.roll.dice, result.total, result.hit) == ((6, 1), 17, True)
    state = replay(table, HALO.actions["attack"].attack_events(table, "marine", "elite", result, damage=3))
    assert state.unit("marine").tokens.action == 1
    assert state.unit("elite").click == 3 and not state.unit("elite").eliminated
    assert state.rolls[-1].dice == (6, 1)
    assert options(state)["attack"].refused["marine"].endswith("(one action per unit)")


def test_an_elimination_scores_a_kill_and_an_upgrade_token(table: Match) -> None:
    state = apply(table, Event("damage", {"unit": "elite", "amount": 3}))  # one click from KO
    result = resolve_attack(AttackSetup(attack=10, defense=16), random.Random(0))
    forced = replace(result, hit=True)  # the outcome under test is the elimination, not the dice
    state = replay(state, HALO.actions["throw-grenade"].attack_events(state, "spartan", "elite", forced, damage=2))
    elite, spartan = state.unit("elite"), state.unit("spartan")
    assert state.player("p1").kills == 1
    assert spartan.tokens["upgrade"] == 1 and spartan.tokens["grenade"] == 0
    assert elite.location == "reserve" and elite.click == elite.start and not elite.eliminated


def test_illegal_attacks_are_refused_before_any_event(table: Match) -> None:
    result = resolve_attack(AttackSetup(attack=10, defense=16), random.Random(0))
    with pytest.raises(IllegalAction, match="no Grenade token") as info:
        HALO.actions["throw-grenade"].attack_events(table, "marine", "elite", result, damage=2)
    assert info.value.rule == "grenades"
    with pytest.raises(IllegalAction, match="not an opposing unit"):
        HALO.actions["attack"].attack_events(table, "marine", "spartan", result, damage=2)


def test_legal_actions_on_a_crowded_table() -> None:
    players = 4
    units = [unit(f"u{p}{i}", f"p{p}", points=25 + 5 * i, tokens={"grenade": i % 2, "upgrade": i % 3},
                  location="reserve" if i == 4 else "table") for p in range(1, players + 1) for i in range(5)]
    state = halo_match(*units, players=players)
    opts = options(state)
    assert opts["move"].units == ("u10", "u11", "u12", "u13")
    assert not opts["respawn"].enabled  # u14 was never deployed, and nothing was eliminated
    assert opts["throw-grenade"].units == ("u11", "u13")
