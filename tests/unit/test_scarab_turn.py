"""The Scarab's turn, scenario by scenario from seed 000: the sequence in order, each step once, its effects."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action, ActionOption

from builders import SEED, rng_for
from scarab_setup_kit import figure, scarab_match, strike_team
from scarab_turn_kit import at

SCARAB = rules.get("scarab")
SEQUENCE = ["roll-event", "move", "displaced", "event-specials", "turn-event", "shell-specials", "main-gun", "turret",
            "reinforcements"]


def options(state: Match) -> dict[str, ActionOption]:
    return {o.action: o for o in SCARAB.legal_actions(state)}


def do(state: Match, name: str, unit: str | None = None, seed: int = 0, **params: object) -> Match:
    resolution = SCARAB.resolve(state, Action(name, unit, dict(params)), rng_for(SEED, seed))
    return replay(state, list(resolution.events))


@pytest.fixture
def table() -> Match:
    return scarab_match(*strike_team())


def test_a_scarab_turn_opens_with_the_event_roll_only(table: Match) -> None:
    opts = SCARAB.legal_actions(table)
    assert [o.action for o in opts] == [*SEQUENCE, "hold-fire", "interior-action", "end-turn"]
    assert [o.action for o in opts if o.enabled] == ["roll-event"]
    assert all(o.cost == 0 for o in opts if o.action in SEQUENCE)  # the Scarab's steps are no actions
    assert opts[0].dice == "d6" and opts[0].rule == "move-scarab"
    later = options(table)["main-gun"]
    assert later.rule == "turn-sequence" and later.reason.startswith("not yet")
    end = SCARAB.explain(table, Action("end-turn"))
    assert not end.legal and end.rule == "turn-sequence" and "Roll a d6" in end.reason


def test_the_scarab_itself_never_takes_actions_or_tokens(table: Match) -> None:
    last = at(table, "reinforcements")
    for action in (Action("interior-action", "scarab-chassis", {"inside": 5}),
                   Action("reinforcements", "scarab-shell")):
        verdict = SCARAB.explain(last, action)
        assert not verdict.legal and verdict.rule == "general"
        assert verdict.reason.endswith("the Scarab itself never receives actions or action tokens")
    with pytest.raises(IllegalAction, match="never receives actions") as info:
        SCARAB.resolve(last, Action("interior-action", "scarab-main-power-core"), random.Random(1))
    assert info.value.rule == "general"
    attacker = replay(table, [Event("end_turn", {})])
    assert "scarab-shell" not in options(attacker)["move"].units
    assert not SCARAB.explain(attacker, Action("move", "scarab-event")).legal


def test_the_event_roll_reads_a_band_and_moves_on(table: Match) -> None:
    odds = SCARAB.odds(table, Action("roll-event"))
    assert odds is not None and odds.chance is None and "1-2: 2/6" in odds.text and "6: 1/6" in odds.text
    resolution = SCARAB.resolve(table, Action("roll-event"), rng_for(SEED, 0))
    rolled = rng_for(SEED, 0).randint(1, 6)
    band = {1: "1-2", 2: "1-2", 3: "3-4", 4: "3-4", 5: "5", 6: "6"}[rolled]
    assert resolution.summary.startswith(f"Rolled {rolled} on d6: band {band}.")
    assert "read from your Event dial" in resolution.summary
    assert resolution.details == ("Event dial shows: shift",)
    state = replay(table, list(resolution.events))
    assert state.phase == "move" and [(r.expr, r.dice) for r in state.rolls] == [("1d6", (rolled,))]
    assert not options(state)["roll-event"].enabled and options(state)["roll-event"].reason.startswith("done")
    with pytest.raises(IllegalAction, match="done for this turn"):
        SCARAB.resolve(state, Action("roll-event"), random.Random(2))


def test_displaced_units_take_one_damage_each(table: Match) -> None:
    state = at(table, "displaced")
    displaced = options(state)["displaced"]
    assert displaced.enabled and "displaced-batman" in {p.name for p in displaced.params}
    assert "displaced-scarab-shell" not in {p.name for p in displaced.params}
    after = do(state, "displaced", units=["batman"], **{"displaced-grunt-1": True})
    assert (after.unit("batman").click, after.unit("grunt-1").click, after.unit("robin").click) == (1, 1, 0)
    assert after.phase == "event-specials"
    assert not SCARAB.explain(state, Action("displaced", params={"units": ["scarab-shell"]})).legal


def test_the_event_dial_turns_clockwise_once(table: Match) -> None:
    state = at(table, "turn-event")
    assert not options(state)["shell-specials"].enabled
    after = do(state, "turn-event")
    assert after.unit("scarab-event").click == 1 and after.phase == "shell-specials"
    assert not options(after)["turn-event"].enabled
    wrapped = do(replace(state, units=tuple(replace(u, click=2) if u.id == "scarab-event" else u
                                            for u in state.units)), "turn-event")
    assert wrapped.unit("scarab-event").click == 0  # the Event dial turns round


def test_specials_show_what_the_dial_shows(table: Match) -> None:
    state = replay(at(table, "event-specials"), [Event("rotate", {"unit": "scarab-event", "steps": 1})])
    resolution = SCARAB.resolve(state, Action("event-specials"), random.Random(0))
    assert resolution.details[0] == "Event dial shows: rotate, special:plasma"
    assert replay(state, list(resolution.events)).phase == "turn-event"


def test_the_guns_fire_once_each_in_any_order(table: Match) -> None:
    state = at(table, "main-gun")
    opts = options(state)
    assert opts["main-gun"].enabled and opts["turret"].enabled and opts["hold-fire"].enabled
    assert not opts["reinforcements"].enabled and not opts["end-turn"].enabled
    after_turret = do(state, "turret", target="banshee")
    assert after_turret.phase == "main-gun"
    turret = options(after_turret)["turret"]
    assert not turret.enabled and turret.rule == "general" and "already done this turn" in turret.reason
    assert options(after_turret)["main-gun"].enabled
    after_both = do(after_turret, "main-gun", target="batman", seed=1)
    assert after_both.phase == "reinforcements"
    assert not options(after_both)["main-gun"].enabled and options(after_both)["end-turn"].enabled
    # the other order ends in the same place
    assert do(do(state, "main-gun", target="robin"), "turret", target="hornet").phase == "reinforcements"


def test_a_main_gun_hit_deals_the_core_dials_damage(table: Match) -> None:
    state = at(table, "main-gun")
    odds = SCARAB.odds(state, Action("main-gun", params={"target": "batman"}))
    assert odds is not None and odds.chance is not None
    assert odds.text.startswith("Main gun at Batman: attack 10 vs defense 16: needs 6+ on 2d6, 13/18")
    seed = next(n for n in range(50) if sum(rng_for(SEED, n).randint(1, 6) for _ in range(2)) >= 6)
    resolution = SCARAB.resolve(state, Action("main-gun", params={"target": "batman"}), rng_for(SEED, seed))
    assert "hit: 3 damage to Batman" in resolution.summary
    after = replay(state, list(resolution.events))
    assert after.unit("batman").eliminated  # 3 damage on a 3-click dial: KO
    assert after.unit("scarab-main-power-core").counters == {"acted-turn": 1}
    assert after.rolls[-1].purpose == "Main gun at Batman"


def test_the_turret_only_shoots_aerial_and_colossal_figures(table: Match) -> None:
    state = at(table, "turret")
    turret = options(state)["turret"]
    targets = [value for value, _ in turret.params[0].choices]
    assert targets == ["superman", "banshee", "hornet", "colossus"]
    refused = SCARAB.explain(state, Action("turret", params={"target": "batman"}))
    assert not refused.legal and "Batman is neither an aerial vehicle nor a colossal figure" in refused.reason
    # nobody marked aerial: the turret has no target and holds fire, saying so (audit 2, item 1)
    plain = at(scarab_match(figure("batman", "p2"), figure("robin", "p2")), "turret")
    held = options(plain)["turret"]
    assert not held.enabled and "no figure on the table is marked aerial" in (held.reason or "")
    assert "mark them, or the turret holds fire" in (held.note or "")


def test_hold_fire_when_a_gun_has_nothing_to_shoot() -> None:
    state = at(scarab_match(figure("batman", "p2")), "turret")
    assert not options(state)["turret"].enabled  # nothing is marked aerial: no target
    grounded = at(scarab_match(figure("batman", "p2"), figure("banshee", "p2", marks=("aerial",),
                                                                location="reserve")), "main-gun")
    assert not options(grounded)["turret"].enabled and "hold fire" in options(grounded)["turret"].reason
    after = do(grounded, "hold-fire", gun="turret")
    assert after.phase == "main-gun" and not options(after)["turret"].enabled


def test_reinforcements_attack_once_and_the_turn_ends(table: Match) -> None:
    state = at(table, "reinforcements")
    opt = options(state)["reinforcements"]
    assert opt.enabled and opt.units == ("grunt-1", "grunt-2") and "doesn't say how many" in (opt.note or "")
    after = do(state, "reinforcements", "grunt-1", target="robin")
    assert options(after)["reinforcements"].units == ("grunt-2",)
    assert options(after)["reinforcements"].refused["grunt-1"] == "Grunt 1 already acted this turn"
    ended = do(after, "end-turn")
    assert (ended.active, ended.phase, ended.turn) == (1, "", 2)


def inside(state: Match, *units: str, position: str = "interior") -> Match:
    return replay(state, [Event("set_position", {"unit": u, "position": position}) for u in units])


def test_interior_defenders_need_five_inside_or_swarm(table: Match) -> None:
    state = inside(at(table, "reinforcements"), "grunt-1")
    refused = SCARAB.explain(state, Action("interior-action", "grunt-1"))
    assert not refused.legal and refused.rule == "interior-defence" and "five are needed" in refused.reason
    swarm = inside(at(scarab_match(*strike_team(), core_markers={0: ["special:swarm"]}), "reinforcements"), "grunt-1")
    assert SCARAB.explain(swarm, Action("interior-action", "grunt-1")).legal
    heroclix = {"level": "heroclix"}
    assert SCARAB.explain(inside(state, "batman"), Action("interior-action", "grunt-1", heroclix)).reason.startswith(
        "the HeroClix count gives the interior defenders 0 actions")  # 40 points: 0 - 1 actions, none
    after = do(inside(swarm, "batman"), "interior-action", "grunt-1", target="batman")
    assert after.unit("grunt-1").tokens.action == 1 and after.rolls[-1].purpose == "Grunt 1 attacks Batman"


def test_interior_defenders_get_three_actions_at_normal_four_at_heroic() -> None:
    grunts = [figure(f"g{i}", "p1", attack=8, defense=15, damage=1, points=20) for i in range(6)]
    state = inside(at(scarab_match(figure("batman", "p2"), *grunts), "reinforcements"), *[f"g{i}" for i in range(6)])
    normal, heroic = state, state
    for i in range(3):
        normal = do(normal, "interior-action", f"g{i}")
        heroic = do(heroic, "interior-action", f"g{i}", level="heroic")
    fourth = SCARAB.explain(normal, Action("interior-action", "g3"))
    assert not fourth.legal and fourth.reason.startswith("all 3 interior actions of this turn are used")
    assert SCARAB.explain(heroic, Action("interior-action", "g3", {"level": "heroic"})).legal
    heroic = do(heroic, "interior-action", "g3", level="heroic")
    assert not options(heroic)["interior-action"].enabled


def test_a_match_without_the_counter_walks_the_guns_in_order(table: Match) -> None:
    old = replace(table, rules=replace(table.rules, counters={}))
    state = at(old, "main-gun")
    assert options(state)["main-gun"].enabled and not options(state)["turret"].enabled
    assert do(state, "main-gun", target="batman").phase == "turret"


def test_a_seeded_step_replays_identically(table: Match) -> None:
    state = at(table, "main-gun")
    first = SCARAB.resolve(state, Action("main-gun", params={"target": "robin"}), rng_for(7, 3))
    again = SCARAB.resolve(state, Action("main-gun", params={"target": "robin"}), rng_for(7, 3))
    assert first == again


def test_explain_agrees_with_the_listed_options(table: Match) -> None:
    attacker = replay(table, [Event("end_turn", {})])
    for state in [at(table, step) for step in SEQUENCE] + [attacker]:
        for option in SCARAB.legal_actions(state):
            for unit in option.units or (None,):
                verdict = SCARAB.explain(state, Action(option.action, unit))
                assert verdict.legal == option.enabled, (state.phase, option.action, unit, verdict.reason)
                if not option.enabled:
                    assert (verdict.reason, verdict.rule) == (option.reason, option.rule)
            for unit, reason in option.refused.items():
                assert SCARAB.explain(state, Action(option.action, unit)).reason == reason


def test_odds_say_why_when_there_is_no_chance_to_show() -> None:
    no_core = replay(scarab_match(figure("batman", "p2", marks=("aerial",))),
                     [Event("remove_unit", {"unit": "scarab-main-power-core"}),
                      Event("set_phase", {"phase": "main-gun"})])
    odds = SCARAB.odds(no_core, Action("main-gun", params={"target": "batman"}))
    assert odds is not None and odds.chance is None and "enter the Scarab's Main Power Core dial" in odds.text
    assert not options(no_core)["main-gun"].enabled and options(no_core)["turret"].enabled
    assert SCARAB.odds(no_core, Action("move")) is None
