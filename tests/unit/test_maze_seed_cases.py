"""The Killer of the Maze against seed 002, one regression test per audited case (issue 33 cases 18-24 and issue
32's Trip Mine): shots counted per weapon, carry restrictions on every path that puts an item on a model or uses
it, one model's actions kept together, the Sacrificial Blade forced past three-quarters of morale lost, and the
Beacon's start-of-turn roll."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.maze.carry import change_refusal
from companion.session import Session
from companion.store.matches import MatchStore

from builders import match
from maze_actions_kit import act, activity, model

MAZE = rules.get("killer-of-the-maze")


def counter(uid: str, name: str, delta: int) -> Event:
    return Event("counter", {"scope": "unit", "target": uid, "name": name, "delta": delta})


@pytest.fixture
def squad() -> Match:
    """A Terminator with Bolter Ammo, a Space Marine, a Scion with 8 morale and a Fuel Tank."""
    state = match("killer-of-the-maze")
    return replay(state, [Event("add_unit", {"unit": u}) for u in (
        model("tarn", "Brother Tarn", "terminator", counters={"bolter-ammo": 1, "fuel-tank": 1}),
        model("vale", "Brother Vale", "space-marine"),
        model("kira", "Scion Kira", "scions", morale=8, counters={"bolter-ammo": 1}),
    )])


def test_case_18_shots_are_counted_per_weapon_not_per_model(squad: Match) -> None:
    state = activity(squad)
    state = act(state, "fire", "tarn", weapon="storm-bolter", shots=6, to_hit="4")
    assert state.unit("tarn").counters["shots-storm-bolter"] == 2
    # the never-fired Heavy Flamer is still full: 6 shots are open to it
    assert MAZE.explain(state, Action("fire", "tarn", {"weapon": "heavy-flamer", "shots": 6})).legal
    state = replay(state, [counter("tarn", "shots-storm-bolter", -2)])  # the bolter is empty now
    verdict = MAZE.explain(state, Action("light-vent", "tarn", {"weapon": "heavy-flamer"}))
    assert verdict.legal, verdict.reason
    after = act(state, "light-vent", "tarn", weapon="heavy-flamer")
    assert after.unit("tarn").counters["shots-storm-bolter"] == 0
    assert after.unit("tarn").counters["shots-heavy-flamer"] == 10 - after.rolls[-1].total


def test_case_19_reload_checks_carry_restrictions_like_firing(squad: Match) -> None:
    state = activity(squad)
    for name, params in (("reload", {"weapon": "storm-bolter"}),
                         ("fire", {"weapon": "storm-bolter", "shots": 2, "to_hit": "4"})):
        verdict = MAZE.explain(state, Action(name, "kira", params))
        assert not verdict.legal and verdict.rule == "carry-restrictions"
        assert "only a Terminator model may carry the Storm Bolter" in verdict.reason
    with pytest.raises(IllegalAction, match="only a Terminator"):
        act(state, "reload", "kira", weapon="storm-bolter")
    assert MAZE.explain(state, Action("reload", "kira", {"weapon": "boltgun"})).legal


def test_issue_32_a_space_marine_leaves_a_scavenged_trip_mine_on_the_tile(squad: Match) -> None:
    state = activity(squad)
    res = MAZE.resolve(state, Action("scavenge", "vale", {"keep": True}), random.Random(17))
    after = replay(state, list(res.events))
    assert after.rolls[-1].total == 54 and "Trip Mine" in res.summary
    assert after.unit("vale").counters.get("trip-mine", 0) == 0
    assert any(d.startswith("Left on the tile: only a Scions model may carry the Trip Mine") for d in res.details)
    # a Scion takes it straight into its inventory
    res = MAZE.resolve(state, Action("scavenge", "kira", {"keep": True}), random.Random(17))
    assert replay(state, list(res.events)).unit("kira").counters["trip-mine"] == 1
    # a found Storm Bolter (66) is left on the tile by a Scion, with the reason
    res = MAZE.resolve(state, Action("scavenge", "kira", {"keep": True}), random.Random(20))
    assert any("only a Terminator model may carry the Storm Bolter" in d for d in res.details)


def test_carry_restrictions_hold_for_any_change_of_the_match(squad: Match) -> None:
    """What a system check on every event reads: a change that puts an item on a model that may not carry it."""
    for uid, item, why in (("vale", "trip-mine", "only a Scions model may carry the Trip Mine"),
                           ("tarn", "crest-pendant", "only a Scions model may carry the Imperial Crest Pendant")):
        after = replay(squad, [counter(uid, item, 1)])
        assert why in (change_refusal(squad, after) or "")
    with_pendant = replay(squad, [counter("kira", "crest-pendant", 1)])
    assert change_refusal(squad, with_pendant) is None
    both = replay(with_pendant, [counter("kira", "sacrificial-blade", 1)])
    assert "carries the Imperial Crest Pendant, which can't be carried with the Sacrificial Blade" in (
        change_refusal(with_pendant, both) or "")
    assert change_refusal(both, replay(both, [counter("kira", "bolter-ammo", 1)])) is None  # nothing new on it


def test_case_22_the_blade_is_not_used_while_the_pendant_is_carried(squad: Match) -> None:
    state = replay(squad, [counter("kira", "sacrificial-blade", 1), counter("kira", "crest-pendant", 1),
                           counter("kira", "morale", 4)])  # half of 8 lost
    state = activity(state)
    verdict = MAZE.explain(state, Action("use-equipment", "kira", {"item": "sacrificial-blade"}))
    assert not verdict.legal and verdict.rule == "carry-restrictions"
    assert "can't be carried with the Sacrificial Blade" in verdict.reason


def test_case_23_a_space_marines_crest_pendant_saves_nothing(squad: Match) -> None:
    state = replay(squad, [counter("vale", "crest-pendant", 1)])
    assert MAZE.odds(state, Action("lost", None, {"party_vale": "2"})) is None
    res = MAZE.resolve(state, Action("lost", None, {"party_vale": "2"}), random.Random(3))
    after = replay(state, list(res.events))
    assert after.unit("vale").counters["morale"] == 3 and not after.rolls
    assert "Crest Pendant saves nothing" in res.summary
    # a Scion's does roll
    state = replay(squad, [counter("kira", "crest-pendant", 1)])
    res = MAZE.resolve(state, Action("lost", None, {"party_kira": "2"}), random.Random(3))
    assert replay(state, list(res.events)).rolls[-1].expr == "3d6>=3"


def test_case_20_one_models_actions_come_before_the_next_models(squad: Match) -> None:
    state = act(act(squad, "move", "tarn"), "move", "vale")
    verdict = MAZE.explain(state, Action("move", "tarn"))
    assert not verdict.legal and verdict.rule == "imperial-action-phase"
    assert "Brother Tarn's actions in this sub-phase are over" in verdict.reason
    assert "tarn" not in MAZE.legal_actions(state)[1].units
    with pytest.raises(IllegalAction, match="another model has acted since"):
        act(state, "move", "tarn")
    state = act(state, "move", "vale")  # the model acting now goes on
    state = activity(state)  # a new sub-phase: every model may act again, one at a time
    state = act(state, "scavenge", "tarn")
    state = act(state, "reload", "kira", weapon="boltgun")
    with pytest.raises(IllegalAction, match="Brother Tarn's actions in this sub-phase are over"):
        act(state, "pick-up-transfer", "tarn")
    state = act(state, "lost", party_tarn="2")  # being Lost is not an action: not refused, and no model's turn


@pytest.fixture
def forced(squad: Match) -> Match:
    """Kira holds the Blade with 2 of her 8 morale points left: three-quarters lost."""
    return replay(squad, [counter("kira", "sacrificial-blade", 1), counter("kira", "morale", 2)])


def test_case_21_the_blade_is_used_automatically_at_three_quarters_morale_lost(forced: Match) -> None:
    state = activity(forced)
    end = MAZE.explain(state, Action("end-imperial-phase"))
    assert not end.legal and end.rule == "sacrificial-blade" and "Scion Kira has lost three-quarters" in end.reason
    option = next(o for o in MAZE.legal_actions(state) if o.action == "sacrificial-blade")
    assert option.enabled and option.units == ("kira",) and option.cost == 0
    state = replay(state, [Event("token", {"unit": "kira", "kind": "action", "delta": 2})])  # both actions used
    after = act(state, "sacrificial-blade", "kira", seed=4, boon="armour")
    kira = after.unit("kira")
    assert kira.counters["morale"] == 1 and kira.counters["blade-turn"] == after.turn and kira.tokens.action == 2
    assert MAZE.explain(after, Action("end-imperial-phase")).legal
    assert not MAZE.explain(after, Action("sacrificial-blade", "kira")).legal  # once each Action phase
    # and it can't be dropped
    dropped = replay(after, [counter("kira", "sacrificial-blade", -1)])
    assert "can't drop the Sacrificial Blade" in (change_refusal(after, dropped) or "")


def test_case_21_the_blade_is_not_forced_before_three_quarters(squad: Match) -> None:
    state = activity(replay(squad, [counter("kira", "sacrificial-blade", 1), counter("kira", "morale", 3)]))
    assert MAZE.explain(state, Action("end-imperial-phase")).legal  # 5 of 8 lost: less than three-quarters
    verdict = MAZE.explain(state, Action("sacrificial-blade", "kira"))
    assert not verdict.legal and "isn't bound to use the Sacrificial Blade" in verdict.reason


def test_case_24_the_beacons_roll_is_asked_for_at_the_beginning_of_each_turn(squad: Match) -> None:
    state = replay(squad, [counter("kira", "beacon", 1)])
    opts = {o.action: o for o in MAZE.legal_actions(state)}
    assert opts["beacon-roll"].units == ("kira",) and opts["beacon-roll"].dice == "1d6"
    for name in ("move", "advance", "start-activity"):
        assert not opts[name].enabled and opts[name].rule == "beacon", name
    missed = act(state, "beacon-roll", "kira", seed=1)  # a 2: nobody gains
    assert missed.rolls[-1].total == 2 and missed.unit("tarn").counters.get("morale") is None
    made = act(state, "beacon-roll", "kira", seed=0)  # a 4: every model of the party gains a point
    assert made.rolls[-1].total == 4
    assert [made.unit(u).counters["morale"] for u in ("tarn", "vale", "kira")] == [7, 7, 9]
    alone = act(state, "beacon-roll", "kira", seed=0, party_tarn="2", party_vale="2")
    assert alone.unit("kira").counters["morale"] == 9 and "morale" not in alone.unit("tarn").counters
    # issue 40: the team split 2 and 1, the bearer with Tarn: the two of them gain, Vale (elsewhere) doesn't
    pair = act(state, "beacon-roll", "kira", seed=0, party_vale="2")
    assert [pair.unit(u).counters.get("morale") for u in ("tarn", "vale", "kira")] == [7, None, 9]
    refused = MAZE.explain(state, Action("beacon-roll", "kira", {"party_vale": "9"}))
    assert not refused.legal and refused.rule == "beacon" and "Brother Vale's party is one of 1 to 3" in refused.reason
    assert not MAZE.explain(made, Action("beacon-roll", "kira")).legal  # once a turn
    assert MAZE.explain(made, Action("move", "tarn")).legal
    # the next turn asks again
    state = act(act(activity(made), "end-imperial-phase"), "end-turn")
    assert not MAZE.explain(state, Action("move", "tarn")).legal
    assert MAZE.explain(state, Action("beacon-roll", "kira")).legal


def test_issue_32_every_new_event_keeps_the_carry_restrictions(tmp_path: Path) -> None:
    """A counter set by hand (the unit card, `companion match event`) is checked like the helper's actions;
    nothing is stored when it is refused."""
    session = Session(MatchStore(tmp_path / "store"))
    match_id = session.new_match("killer-of-the-maze", ["Ann", "Ben"]).id
    for data in (model("vale", "Brother Vale", "space-marine"), model("kira", "Scion Kira", "scions")):
        session.dispatch(match_id, "add_unit", {"unit": data})
    with pytest.raises(IllegalAction, match="only a Scions model may carry the Trip Mine") as info:
        session.dispatch(match_id, "counter", {"scope": "unit", "target": "vale", "name": "trip-mine", "delta": 1})
    assert info.value.rule == "carry-restrictions"
    with pytest.raises(IllegalAction, match="only a Scions model"):
        session.dispatch_events(match_id, [counter("vale", "crest-pendant", 1)], "pendant by hand")
    with pytest.raises(IllegalAction, match="only a Scions model"):
        session.dispatch(match_id, "add_unit", {"unit": model("tor", "Brother Tor", "terminator",
                                                              counters={"trip-mine": 1})})
    assert "trip-mine" not in Session(MatchStore(tmp_path / "store")).state(match_id).unit("vale").counters
    state = session.dispatch(match_id, "counter", {"scope": "unit", "target": "kira", "name": "trip-mine",
                                                   "delta": 1})
    assert state.unit("kira").counters["trip-mine"] == 1


# --- audit 3 (issue 40, point 7) --------------------------------------------------------------------------------


def test_audit_3_the_new_match_screen_says_which_player_is_the_imperial_team() -> None:
    """The helper gives the Movement sub-phase to the first player: the players must know to seat the imperial
    team as player 1 (the Scarab's screen says the same for its sides)."""
    assert MAZE.seats.startswith("Player 1 plays the imperial team")
    assert "player 2 the Tyranid player" in MAZE.seats
    state = match("killer-of-the-maze")
    assert state.phase == "Imperial Action: Movement" and state.active_player.name == "Ann"  # player 1


def test_audit_3_the_blades_recovered_shots_never_fill_a_weapon_past_its_full_load(squad: Match) -> None:
    """"Recovers D3 shots": a Boltgun with 7 of its 8 shots gets 1 back (a Reload, too, keeps no more than the full
    load); a full one gets none, whether its counter is set or not."""
    state = activity(replay(squad, [counter("kira", "sacrificial-blade", 1), counter("kira", "morale", 6)]))
    state = act(state, "fire", "kira", weapon="boltgun", shots=1, to_hit="4")
    assert state.unit("kira").counters["shots-boltgun"] == 7
    res = MAZE.resolve(state, Action("use-equipment", "kira", {"item": "sacrificial-blade", "boon": "shots",
                                                              "weapon": "boltgun"}), random.Random(1))
    after = replay(state, list(res.events))
    assert after.rolls[-1].expr == "1d3" and after.rolls[-1].total == 3
    assert after.unit("kira").counters["shots-boltgun"] == 8
    assert any("3: 1 shot back in the Boltgun (8 of 8;" in d for d in res.details), res.details
    full = replay(state, [counter("kira", "shots-boltgun", 1)])  # set to 8 by hand: full all the same
    res = MAZE.resolve(full, Action("use-equipment", "kira", {"item": "sacrificial-blade", "boon": "shots",
                                                             "weapon": "boltgun"}), random.Random(1))
    assert replay(full, list(res.events)).unit("kira").counters["shots-boltgun"] == 8
    assert any("the Boltgun is full: no shot to recover" in d for d in res.details), res.details


def test_audit_3_there_is_one_beacon(squad: Match) -> None:
    """The seed's Beacon is the one the team came for: a second bearer, or a count of 2, is refused; handing it
    over (off one model, onto another in one step) is not."""
    held = replay(squad, [counter("kira", "beacon", 1)])
    second = replay(held, [counter("tarn", "beacon", 1)])
    assert "there is one Beacon, and Scion Kira carries it" in (change_refusal(held, second) or "")
    assert "there is one Beacon" in (change_refusal(held, replay(held, [counter("kira", "beacon", 1)])) or "")
    handed = replay(held, [counter("kira", "beacon", -1), counter("tarn", "beacon", 1)])
    assert change_refusal(held, handed) is None


def test_audit_3_jagged_metal_rolls_the_armour_save_and_takes_the_wound(squad: Match) -> None:
    """Jagged Metal (11-13 on the D66) is part of the Scavenge: its armour save is rolled and logged with it, and a
    failed save takes the wound, not left to dice off the log and a wound set by hand."""
    state = activity(squad)  # every model: Armour 3 on its card
    seen = set()
    for seed in range(400):
        res = MAZE.resolve(state, Action("scavenge", "vale"), random.Random(seed))
        after = replay(state, list(res.events))
        if not 11 <= after.rolls[0].total <= 13:
            continue
        save = after.rolls[-1]
        assert save.expr == "1d6>=3" and len(after.rolls) == 2
        assert after.unit("vale").click == (0 if save.total else 1)
        assert ("saved" if save.total else "takes 1 wound") in res.summary
        seen.add(bool(save.total))
        # the Sacrificial Blade's armour boon: 2 better, so a 1 or more saves
        boon = MAZE.resolve(state, Action("scavenge", "vale", {"armour_boon": True}), random.Random(seed))
        assert replay(state, list(boon.events)).rolls[-1].expr == "1d6>=1"
        if seen == {True, False}:
            break
    assert seen == {True, False}
    odds = MAZE.odds(state, Action("scavenge", "vale"))
    assert odds is not None and "Jagged Metal and a failed 3+ armour save (1 wound) 1/36" in odds.text


def test_audit_3_the_storm_bolters_double_damage_needs_its_own_maximum_not_the_shots_left(squad: Match) -> None:
    state = activity(replay(squad, [counter("tarn", "shots-storm-bolter", 4)]))  # 4 of 8 left
    four = MAZE.odds(state, Action("fire", "tarn", {"weapon": "storm-bolter", "shots": 4, "to_hit": "4"}))
    full = MAZE.odds(activity(squad), Action("fire", "tarn", {"weapon": "storm-bolter", "shots": 6, "to_hit": "4"}))
    assert four is not None and full is not None
    assert "average damage 1.00 " in four.text  # 4 x 1/2 x 1/2 x 1: no 2-damage sixes
    assert "average damage 2.00 " in full.text  # 6 x 1/2 x (2/6 x 1 + 1/6 x 2)


def test_audit_3_a_spent_servo_skull_no_longer_sharpens_the_heavy_stubber(squad: Match) -> None:
    state = activity(replay(squad, [counter("vale", "servo-skull", 1)]))
    fire = Action("fire", "vale", {"weapon": "heavy-stubber", "shots": 3, "to_hit": "4"})
    before = MAZE.odds(state, fire)
    assert before is not None and "(AP -1)" in before.text
    spent = act(state, "use-equipment", "vale", item="servo-skull")  # its last use
    assert spent.unit("vale").counters["servo-skull"] == 0
    after = MAZE.odds(spent, fire)
    assert after is not None and "(AP 0)" in after.text


def test_audit_3_a_vent_lit_with_few_shots_left_says_the_shots_really_spent(squad: Match) -> None:
    state = activity(replay(squad, [counter("tarn", "shots-heavy-flamer", 1)]))  # 1 shot left
    res = MAZE.resolve(state, Action("light-vent", "tarn", {"weapon": "heavy-flamer"}), random.Random(0))
    after = replay(state, list(res.events))
    assert after.rolls[-1].total > 1 and after.unit("tarn").counters["shots-heavy-flamer"] == 0
    assert res.summary.endswith(f"= {after.rolls[-1].total}, 1 shot spent, 0 left"), res.summary


def test_audit_3_algorithmic_area_analysis_rolls_its_extra_die_and_the_player_picks_the_reading(
        squad: Match) -> None:
    """The Servo Skull's extra die was rolled by hand, off the log. Now the bearer's next Scavenge rolls it with the
    D66; the player then reads the dice as rolled or with the extra die for either one (not an action), and the
    phase can't end before."""
    state = activity(replay(squad, [counter("vale", "servo-skull", 3)]))
    state = act(state, "use-equipment", "vale", item="servo-skull", skull="analysis")
    assert state.unit("vale").counters["skull-analysis"] == 1
    odds = MAZE.odds(state, Action("scavenge", "vale"))
    assert odds is not None and "Servo Skull's extra die" in odds.text
    res = MAZE.resolve(state, Action("scavenge", "vale"), random.Random(5))
    rolled = replay(state, list(res.events))
    d66, extra = rolled.rolls[-2], rolled.rolls[-1]
    tens, units = d66.dice
    assert d66.expr == "d66" and extra.expr == "1d6" and "Algorithmic Area Analysis" in extra.purpose
    vale = rolled.unit("vale")
    assert vale.counters["skull-analysis"] == 0 and vale.tokens.action == 2
    assert vale.counters["scavenge-dice"] == 100 * tens + 10 * units + extra.total
    options = {o.action: o for o in MAZE.legal_actions(rolled)}
    assert options["scavenge-read"].units == ("vale",) and options["scavenge-read"].cost == 0
    offered = [c for c, _ in next(p for p in options["scavenge-read"].params if p.name == "reading").choices]
    assert offered == list(dict.fromkeys(str(v) for v in (10 * tens + units, 10 * extra.total + units,
                                                          10 * tens + extra.total)))
    end = MAZE.explain(rolled, Action("end-imperial-phase"))
    assert not end.legal and end.rule == "servo-skull" and "read Brother Vale's Scavenge" in end.reason
    # one model's actions before the next model's: the Scavenge is resolved once read
    other = MAZE.explain(rolled, Action("reload", "kira", {"weapon": "boltgun"}))
    assert not other.legal and "read Brother Vale's Scavenge" in other.reason
    bolter = next((v for v in offered if 34 <= int(v) <= 36), None)
    pick = bolter or offered[-1]
    read = act(rolled, "scavenge-read", "vale", reading=pick)
    assert "scavenge-dice" not in read.unit("vale").counters or read.unit("vale").counters["scavenge-dice"] == 0
    assert read.unit("vale").tokens.action == 2  # reading is not an action
    if bolter:
        assert read.unit("vale").counters["bolter-ammo"] == 1
    assert MAZE.explain(read, Action("end-imperial-phase")).legal
    refused = MAZE.explain(read, Action("scavenge-read", "vale", {"reading": pick}))
    assert not refused.legal and "no Scavenge roll to read" in refused.reason


def test_audit_3_every_action_that_rolls_shows_its_odds(squad: Match, forced: Match) -> None:
    """The Beacon's start-of-turn roll and the forced Sacrificial Blade roll a D6 like the rest: their odds are
    shown before the roll, as Use Equipment's Blade already showed them."""
    beacon = MAZE.odds(replay(squad, [counter("kira", "beacon", 1)]), Action("beacon-roll", "kira"))
    assert beacon is not None and beacon.chance == Fraction(1, 2) and "4+" in beacon.text
    blade = MAZE.odds(activity(forced), Action("sacrificial-blade", "kira", {"boon": "armour"}))
    assert blade is not None and blade.chance == Fraction(2, 3) and "3+" in blade.text
    rolling = {o.action for o in MAZE.legal_actions(squad) if o.dice}
    assert rolling == {"beacon-roll", "fire", "light-vent", "scavenge", "sacrificial-blade"}


def test_audit_3_the_fire_option_says_when_the_heavy_stubbers_rerolls_are_earned(squad: Match) -> None:
    """The reroll box is folded away under More options: once a Heavy Stubber has made 4 hits this phase, Fire's
    reminder says the 1s may be rerolled, so a player doesn't lose them by forgetting."""
    state = activity(squad)
    note = next(o for o in MAZE.legal_actions(state) if o.action == "fire").note or ""
    assert "rerolled" not in note
    earned = replay(state, [counter("vale", "stubber-turn", state.turn), counter("vale", "stubber-hits", 4)])
    note = next(o for o in MAZE.legal_actions(earned) if o.action == "fire").note or ""
    assert "Hit rolls of 1 may be rerolled this phase: a Heavy Stubber has made 4 hits" in note
