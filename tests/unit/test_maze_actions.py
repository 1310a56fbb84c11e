"""The Killer of the Maze helper, scenario by scenario from seed 002's Imperial Action phase."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.core.packs.load import get_pack
from companion.rules import Action, ActionOption
from companion.rules.maze import turn as maze_turn
from companion.rules.maze.fire import stubber_hits

from builders import match
from maze_actions_kit import MAZE, act, activity, model

ACTIVITY = ("fire", "break-down-door", "light-vent", "use-equipment", "reload", "scavenge", "scavenge-read",
            "pick-up-transfer")


@pytest.fixture
def team() -> Match:
    """The seed's cast: a Terminator, a Space Marine whose Boltgun has 3 shots left and one magazine (the Reload
    example), a Scion carrying the Beacon and a Ration Pack, and a trooper with a Flamer and a Medkit."""
    state = match("killer-of-the-maze")
    return replay(state, [Event("add_unit", {"unit": u}) for u in (
        model("tarn", "Brother Tarn", "terminator"),
        model("vale", "Brother Vale", "space-marine", counters={"shots-boltgun": 3, "bolter-ammo": 1}),
        model("kira", "Scion Kira", "scions",  # its Beacon roll for turn 1 made
              counters={"beacon": 1, "ration-pack": 2, "morale": 4, "beacon-turn": 1}),
        model("osk", "Trooper Osk", counters={"medkit": 1, "fuel-tank": 0}),
    )])


def options(state: Match) -> dict[str, ActionOption]:
    return {o.action: o for o in MAZE.legal_actions(state)}


def test_movement_subphase_offers_move_and_advance_only(team: Match) -> None:
    opts = options(team)
    assert list(opts) == ["beacon-roll", "move", "advance", "start-activity", *ACTIVITY, "lost", "sacrificial-blade",
                          "end-imperial-phase", "end-turn"]
    assert opts["move"].units == ("tarn", "vale", "kira", "osk")
    # the Beacon's bearer can't Advance
    assert opts["advance"].units == ("tarn", "vale", "osk")
    assert opts["advance"].refused["kira"] == "Scion Kira carries the Beacon, whose bearer can't Advance"
    for name in ACTIVITY:
        assert not opts[name].enabled and opts[name].rule == "imperial-action-phase"
        assert "Activity sub-phase" in (opts[name].reason or "")
    assert opts["start-activity"].enabled and "every model that wished to move" in (opts["start-activity"].note or "")
    assert not opts["end-turn"].enabled


def test_advance_must_be_the_first_action_and_stops_move_fire_and_vent(team: Match) -> None:
    state = act(team, "move", "vale")
    verdict = MAZE.explain(state, Action("advance", "vale"))
    assert not verdict.legal and verdict.rule == "advance"
    assert "first action" in verdict.reason
    state = act(state, "advance", "osk")
    opts = options(state)
    assert opts["move"].refused["osk"] == ("Trooper Osk advanced this phase: no Move, Fire or Light Vent after an "
                                           "Advance")
    assert "osk" not in opts["advance"].units
    state = activity(state)
    opts = options(state)
    assert "osk" not in opts["fire"].units and "osk" not in opts["light-vent"].units
    assert "osk" in opts["scavenge"].units  # other activities stay open
    assert not opts["move"].enabled and "Movement sub-phase is over" in (opts["move"].reason or "")


def test_two_actions_per_model_and_break_down_door_counts_two(team: Match) -> None:
    state = activity(act(team, "move", "tarn"))
    verdict = MAZE.explain(state, Action("break-down-door", "tarn"))
    assert not verdict.legal and "counts as two actions" in verdict.reason and verdict.rule == "break-down-door"
    verdict = MAZE.explain(state, Action("break-down-door", "vale"))
    assert not verdict.legal and "only a Terminator" in verdict.reason
    state = activity(team)
    state = act(state, "break-down-door", "tarn")
    assert state.unit("tarn").tokens.action == 2
    opts = options(state)
    assert opts["scavenge"].refused["tarn"] == "Brother Tarn has used both its actions this phase (two per model)"
    with pytest.raises(IllegalAction, match="both its actions"):
        act(state, "pick-up-transfer", "tarn")


def test_fire_checks_weapon_shots_range_and_the_missing_hit_number(team: Match) -> None:
    state = activity(team)

    def why(**params: Any) -> str:
        verdict = MAZE.explain(state, Action("fire", "vale", params))
        assert not verdict.legal
        return verdict.reason

    assert "only a Terminator model may carry the Storm Bolter" in why(weapon="storm-bolter", shots=2, to_hit="4")
    assert "fires 1 to 4 shots, not 5" in why(weapon="boltgun", shots=5, to_hit="4")
    assert "only 3 shots left" in why(weapon="boltgun", shots=4, to_hit="4")
    assert "reaches 3 tiles" in why(weapon="boltgun", shots=1, to_hit="4", distance=4)
    assert "not in this part of the source" in why(weapon="boltgun", shots=1)
    assert "carries no Frag Grenade" in why(weapon="frag-grenade")
    # Flamers need no hit number: they hit automatically
    assert MAZE.explain(state, Action("fire", "osk", {"weapon": "flamer", "shots": 6})).legal
    with pytest.raises(IllegalAction, match="not in this part of the source"):
        MAZE.odds(state, Action("fire", "vale", {"weapon": "boltgun", "shots": 3}))


def test_fire_resolves_with_a_fixed_seed_and_updates_the_match(team: Match) -> None:
    state = activity(team)
    action = Action("fire", "vale", {"weapon": "boltgun", "shots": 3, "to_hit": "4", "distance": 2})
    resolution = MAZE.resolve(state, action, random.Random(20))
    after = replay(state, list(resolution.events))
    hit_roll, *rest = after.rolls
    assert hit_roll.expr == "3d6>=4" and len(hit_roll.dice) == 3
    hits = sum(1 for f in hit_roll.dice if f >= 4)
    assert hit_roll.total == hits
    wounds = rest[0].total if rest else 0
    assert (not rest and hits == 0) or rest[0].expr == f"{hits}d6>=4"
    said = (f"{hits} hit{'' if hits == 1 else 's'}, {wounds} wound{'' if wounds == 1 else 's'}")  # "1 hit, 2 wounds"
    assert resolution.summary == f"Brother Vale fires the Boltgun: {said}, {wounds} damage before saves"
    assert after.unit("vale").counters["shots-boltgun"] == 0 and after.unit("vale").tokens.action == 1
    assert any("AP -1" in line for line in resolution.details)
    # the same seed gives the same dice
    again = MAZE.resolve(state, action, random.Random(20))
    assert again.events == resolution.events
    # the Boltgun is empty now (its own counter): firing it waits for a reload
    verdict = MAZE.explain(after, Action("fire", "vale", {"weapon": "boltgun", "shots": 1, "to_hit": "4"}))
    assert not verdict.legal and "only 0 shots left" in verdict.reason


def test_unmodified_six_always_hits_even_when_the_number_is_out_of_reach(team: Match) -> None:
    state = activity(team)
    action = Action("fire", "vale", {"weapon": "boltgun", "shots": 3, "to_hit": "6"})
    odds = MAZE.odds(replay(state, [Event("counter", {"scope": "unit", "target": "vale", "name": "cogitator-scanner",
                                                      "delta": 2})]), action)
    # -1 from the switched-on scanner: 6s still hit, so 1 - (5/6)^3 to hit at least once
    assert odds is not None and "with -1" in odds.text and "at least one hit 91/216" in odds.text


def test_reload_refills_to_the_recharge_and_the_old_shots_are_lost(team: Match) -> None:
    state = activity(team)
    refused = MAZE.explain(state, Action("reload", "osk", {"weapon": "flamer"}))
    assert not refused.legal and "no ammunition" in refused.reason
    resolution = MAZE.resolve(state, Action("reload", "vale", {"weapon": "boltgun"}), random.Random(0))
    after = replay(state, list(resolution.events))
    assert after.unit("vale").counters["shots-boltgun"] == 8 and after.unit("vale").counters["bolter-ammo"] == 0
    assert "the 3 shots left before are lost" in resolution.details[0]
    assert "no ammunition" in options(after)["reload"].refused["vale"]


def test_light_vent_spends_d6_shots_from_a_flamer(team: Match) -> None:
    state = activity(team)
    action = Action("light-vent", "osk", {"weapon": "flamer"})
    odds = MAZE.odds(state, action)
    assert odds is not None and odds.chance == 1  # a full Flamer holds 10 shots
    refused = MAZE.explain(state, Action("light-vent", "osk", {"weapon": "heavy-flamer"}))
    assert not refused.legal and "Terminator" in refused.reason
    resolution = MAZE.resolve(state, action, random.Random(3))
    after = replay(state, list(resolution.events))
    spent = after.rolls[-1].total
    assert after.rolls[-1].expr == "1d6" and after.unit("osk").counters["shots-flamer"] == 10 - spent


def test_scavenge_reads_the_d66_table_and_a_tile_holds_two_searches(team: Match) -> None:
    state = activity(team)
    refused = MAZE.explain(state, Action("scavenge", "osk", {"times": 2}))
    assert not refused.legal and "at most twice" in refused.reason and refused.rule == "scavenge"
    odds = MAZE.odds(state, Action("scavenge", "osk", {"times": 1}))
    assert odds is not None and odds.chance == Fraction(24, 36) and "a hazard 1/6" in odds.text
    for seed in range(40):  # find a seed that turns up a magazine: it goes into the inventory
        resolution = MAZE.resolve(state, Action("scavenge", "osk", {"times": 0}), random.Random(seed))
        after = replay(state, list(resolution.events))
        value = after.rolls[-1].total
        if 44 <= value <= 46:
            assert after.unit("osk").counters["fuel-tank"] == 1 and "Fuel tank" in resolution.summary
            break
    else:
        pytest.fail("no fuel tank in 40 seeded searches")


def test_equipment_uses_run_out(team: Match) -> None:
    state = activity(team)
    medkit = Action("use-equipment", "osk", {"item": "medkit", "target": "vale"})
    hurt = replay(state, [Event("damage", {"unit": "vale", "amount": 1})])
    after = replay(hurt, list(MAZE.resolve(hurt, medkit, random.Random(0)).events))
    assert after.unit("vale").click == 0 and after.unit("osk").counters["medkit"] == 0
    assert "carries no equipment" in options(after)["use-equipment"].refused["osk"]
    ration = Action("use-equipment", "kira", {"item": "ration-pack"})
    odds = MAZE.odds(state, ration)
    assert odds is not None and odds.chance == Fraction(1, 3)
    after = replay(state, list(MAZE.resolve(state, ration, random.Random(5)).events))
    assert after.unit("kira").counters["morale"] == 5 and after.unit("kira").counters["ration-pack"] == 1
    refused = MAZE.explain(state, Action("use-equipment", "kira", {"item": "trip-mine"}))
    assert not refused.legal and "carries no Trip Mine" in refused.reason
    mined = replay(state, [Event("counter", {"scope": "unit", "target": "vale", "name": "trip-mine", "delta": 1})])
    refused = MAZE.explain(mined, Action("use-equipment", "vale", {"item": "trip-mine"}))
    assert not refused.legal and "only a Scions model" in refused.reason and refused.rule == "carry-restrictions"


def test_lost_costs_one_morale_or_three_alone(team: Match) -> None:
    """Parties of 2 and 2 tie for fewest: all four are Lost, 1 point each. Then Vale walks off alone: only he is."""
    state = act(team, "lost", party_kira="2", party_osk="2")
    assert [state.unit(u).counters["morale"] for u in ("tarn", "vale", "kira", "osk")] == [5, 5, 3, 5]
    state = act(state, "lost", party_vale="2")
    assert state.unit("vale").counters["morale"] == 2 and state.unit("tarn").counters["morale"] == 5
    assert state.unit("vale").tokens.action == 0  # being Lost is not an action
    with_pendant = replay(team, [Event("counter", {"scope": "unit", "target": "kira", "name": "crest-pendant",
                                                   "delta": 1})])
    odds = MAZE.odds(with_pendant, Action("lost", None, {"party_kira": "3"}))
    assert odds is not None and odds.chance == Fraction(8, 27)
    after = act(with_pendant, "lost", seed=9, party_kira="3")
    kept = after.rolls[-1].total
    assert after.rolls[-1].expr == "3d6>=3" and after.unit("kira").counters["morale"] == 4 - (3 - kept)


def test_the_turn_runs_movement_activity_then_the_tyranid_phase(team: Match) -> None:
    state = act(act(team, "advance", "tarn"), "move", "vale")
    state = activity(state)
    assert state.phase == "Imperial Action: Activity"
    state = act(state, "end-imperial-phase")
    assert (state.phase, state.active_player.id) == ("Tyranid Action", "p2")
    opts = options(state)
    assert opts["end-turn"].enabled and not opts["move"].enabled and "Tyranid Action phase" in opts["move"].reason
    state = act(state, "end-turn")
    assert (state.phase, state.active_player.id) == ("Imperial Action: Movement", "p1")
    # a new turn: the Beacon's roll comes first
    opts = options(state)
    assert opts["beacon-roll"].units == ("kira",) and not opts["move"].enabled and opts["move"].rule == "beacon"
    state = act(state, "beacon-roll", "kira")
    # a new phase: two fresh actions each, and last phase's Advance no longer counts
    opts = options(state)
    assert opts["move"].units == ("tarn", "vale", "kira", "osk")
    assert "tarn" in opts["advance"].units and state.unit("tarn").tokens.action == 0


def test_helper_matches_its_rule_pack() -> None:
    pack = get_pack("killer-of-the-maze")
    assert pack.rules.phases == (maze_turn.MOVEMENT, maze_turn.ACTIVITY, maze_turn.TYRANID)
    assert pack.rules.token_limits["action"] == maze_turn.ACTIONS_PER_MODEL and not pack.rules.action_tokens_carry
    pack_actions = {a["id"]: a for a in pack.entries("turn", "action")}
    assert set(pack_actions) <= set(MAZE.actions)
    for action_id, entry in pack_actions.items():
        assert MAZE.actions[action_id].cost == entry["cost"]
    sections = {s.id for s in pack.sections}
    cited = {a.rule for a in MAZE.actions.values()} | {"advance", "beacon", "reload", "carry-restrictions", "lost"}
    assert cited <= sections
    declared = set(pack.rules.counters["unit"])
    assert {"advanced-turn", "moved-turn", "shots-storm-bolter", "morale"} <= declared
    assert {a["id"] for a in pack.entries("items", "ammo")} <= declared


def test_a_refused_option_names_every_model_and_cuts_none_off() -> None:
    """Issue 32: four models refused for their own reasons are all named (it was the first three, then '...')."""
    state = replay(match("killer-of-the-maze"), [Event("add_unit", {"unit": u}) for u in (
        model("vale", "Brother Vale", "space-marine"), model("osk", "Trooper Osk"), model("rusk", "Trooper Rusk"),
        model("kira", "Scion Kira", "scions", counters={"beacon-turn": 1}))])
    door = options(activity(state))["break-down-door"]
    assert not door.enabled and "..." not in door.reason
    for name in ("Brother Vale", "Scion Kira", "Trooper Osk", "Trooper Rusk"):
        assert f"only a Terminator can Break Down Door, and {name} is not one" in door.reason
    assert set(door.refused) == {"vale", "kira", "osk", "rusk"}


def test_a_beacon_picked_up_after_the_turn_began_waits_for_the_next_turn() -> None:
    """Found by the random-turns property: a Beacon put on a model during the Activity sub-phase asked for the
    roll 'at the beginning of the turn', which was past, and refused every option (the turn could not go on)."""
    state = replay(match("killer-of-the-maze"), [Event("add_unit", {"unit": model("osk", "Trooper Osk")})])
    state = activity(state)
    state = replay(state, [Event("counter", {"scope": "unit", "target": "osk", "name": "beacon", "delta": 1})])
    now = options(state)
    assert now["end-imperial-phase"].enabled and not now["beacon-roll"].enabled
    assert "first roll for the Beacon" not in (now["fire"].reason or "")


def test_hit_rolls_of_1_are_rerolled_only_after_a_heavy_stubber_made_4_hits_this_phase(team: Match) -> None:
    """The Heavy Stubber's rule (seed 002 ¶15): friendly models may reroll hit rolls of 1 for the rest of the
    imperial Action phase once it has made at least 4 hits in it. Its hits are counted per model and phase (the
    fire's own roll events); before that a reroll is refused by explain, odds and resolve alike."""
    state = activity(replay(team, [Event("add_unit", {"unit": model("wex", "Expert Wex", "weapons-expert")})]))
    boltgun = Action("fire", "vale", {"weapon": "boltgun", "shots": 3, "to_hit": "4", "reroll_ones": True})
    verdict = MAZE.explain(state, boltgun)
    assert not verdict.legal and verdict.rule == "heavy-stubber"
    assert "only once a Heavy Stubber has made 4 hits this phase; the most so far is 0" in verdict.reason
    with pytest.raises(IllegalAction, match="the most so far is 0"):
        MAZE.odds(state, boltgun)
    with pytest.raises(IllegalAction, match="the most so far is 0"):
        MAZE.resolve(state, boltgun, random.Random(1))
    stubber = Action("fire", "wex", {"weapon": "heavy-stubber", "shots": 6, "to_hit": "2", "distance": 1})
    resolution = MAZE.resolve(state, stubber, random.Random(3))
    fired = replay(state, list(resolution.events))
    hits = fired.rolls[0].total
    assert hits >= 4 and fired.unit("wex").counters["stubber-hits"] == hits
    assert fired.unit("wex").counters["stubber-turn"] == state.turn
    assert stubber_hits(fired, "p1") == hits
    # now any friendly model may reroll its 1s, and the odds count the rerolls
    assert MAZE.explain(fired, boltgun).legal
    plain = MAZE.odds(fired, Action("fire", "vale", {"weapon": "boltgun", "shots": 3, "to_hit": "4"}))
    rerolled = MAZE.odds(fired, boltgun)
    assert plain is not None and rerolled is not None and rerolled.chance > plain.chance
    assert "rerolling 1s" in rerolled.text and "rerolling 1s" not in plain.text
    # the count is the phase's: two turns on (the next imperial Action phase) it starts again
    later = replace(fired, turn=fired.turn + 2)
    assert stubber_hits(later, "p1") == 0 and not MAZE.explain(later, boltgun).legal
    # a match made before the pack counted the hits leaves the reroll to the players
    old = replace(state, rules=replace(state.rules, counters={
        "unit": tuple(c for c in state.rules.counters["unit"] if c not in ("stubber-hits", "stubber-turn"))}))
    assert MAZE.explain(old, boltgun).legal
