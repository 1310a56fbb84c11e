"""Halo ActionClix through the generic protocol: the params each option asks for, exact odds, and `resolve`
turning an action into the events the app applies as one step (seed 001)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import rules
from companion.core.errors import CompanionError, IllegalAction
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match, Tokens
from companion.rules import Action, ActionOption
from companion.rules.action import Resolution
from companion.rules.halo.attack import AttackSetup, resolve_attack

from builders import SEED, match, rng_for, unit

HALO = rules.get("halo-actionclix")


def halo(*units: dict[str, Any], players: int = 2) -> Match:
    return replay(match(players=players), [Event("add_unit", {"unit": data}) for data in units])


def options(state: Match) -> dict[str, ActionOption]:
    return {o.action: o for o in HALO.legal_actions(state)}


def play(state: Match, name: str, unit_id: str | None = None, **params: Any) -> tuple[Match, Resolution]:
    res = HALO.resolve(state, Action(name, unit_id, params), rng_for(SEED, len(state.rolls)))
    batch = Event("batch", {"label": res.summary, "events": [{"type": e.type, "data": e.data} for e in res.events]},
                  by=state.active_player.id)
    return apply(state, batch), res


@pytest.fixture
def table() -> Match:
    """Ann: Spartan (grenade, 2 upgrade tokens), Marine; reserves Brute (30) and Hunter (80). Ben: Elite, Grunt."""
    return halo(unit("spartan", "p1", tokens={"grenade": 1, "upgrade": 2}), unit("marine", "p1"),
                unit("brute", "p1", location="reserve"), unit("hunter", "p1", points=80, location="reserve"),
                unit("elite", "p2"), unit("grunt", "p2", points=10))


def test_the_splash_marks_are_asked_with_the_splash_on_and_never_for_the_target(table: Match) -> None:
    """A form asks a unit's mark only when the card's splash is on (a shot's ability) and the unit is not the
    target: the mark the rules would refuse, or one that does nothing, is not asked and goes as its default."""
    attack = options(table)["attack"]
    start = {p.name: p.initial for p in attack.params}
    assert [p.name for p in attack.asked(start)[0]] == ["target", "modifier", "kind", "splash"]
    shown, values = attack.asked({**start, "splash": True, "adjacent_elite": True, "adjacent_grunt": True})
    assert [p.name for p in shown] == ["target", "modifier", "kind", "splash", "adjacent_grunt"]  # elite: the target
    assert values["adjacent_elite"] is False and values["adjacent_grunt"] is True
    HALO.resolve(table, Action("attack", "spartan", values), rng_for(SEED, 0))  # not refused: no mark on the target
    with pytest.raises(IllegalAction, match="the target itself"):  # what the form keeps from being sent
        HALO.resolve(table, Action("attack", "spartan", {**values, "adjacent_elite": True}), rng_for(SEED, 0))
    shown, values = attack.asked({**start, "kind": "special", "splash": True, "adjacent_grunt": True})
    assert [p.name for p in shown] == ["target", "modifier", "kind"]  # a special ability has no splash
    assert values["splash"] is False and values["adjacent_grunt"] is False


def test_options_declare_their_params_and_dice(table: Match) -> None:
    opts = options(table)
    names = {a: [p.name for p in o.params] for a, o in opts.items()}
    marks = ["adjacent_elite", "adjacent_grunt"]  # which enemies stand next to the target, for the splash
    assert names["attack"] == ["target", "modifier", "kind", "splash", *marks]  # kind: a shot or a special ability
    assert names["move-and-attack"] == ["target", "moved", "modifier", "kind", "splash", *marks, "ends"]
    assert names["throw-grenade"] == ["target", "moved", "modifier", "ends"]  # the two-6s ability speaks of shots
    assert names["swap-weapons"] == ["into"] and names["upgrade"] == ["into", "spend"]
    assert names["move"] == ["moved", "ends"] and names["end-turn"] == []  # moved: behind More options
    assert names["respawn"] == []  # closed: nothing was eliminated
    respawn = options(apply(table, Event("set_location", {
        "unit": "brute", "location": "reserve", "reason": "eliminated"})))["respawn"]
    back = {p.name: p for p in respawn.params}
    assert respawn.dice == "2d6"  # it rolls the attack roll when it attacks after its move
    # the respawn's own fields, then the one attack's (issue 40: the splash fields were missing)
    assert list(back) == ["for", "moved", "target", "modifier", "kind", "splash", *marks, "ends"]
    assert back["moved"].low == 1
    target = opts["attack"].params[0]
    assert target.kind == "unit" and target.choices == (("elite", "Unit elite"), ("grunt", "Unit grunt"))
    assert target.default == "elite"
    assert opts["upgrade"].params[1].high == 2
    assert {a: o.dice for a, o in opts.items() if o.dice} == {"attack": "2d6", "move-and-attack": "2d6",
                                                              "throw-grenade": "2d6"}
    on_spawn = replay(give(table, "spartan"), [Event("set_position", {"unit": "spartan", "position": "enemy-spawn"})])
    assert options(on_spawn)["loot-roll"].dice == "2d6"


def give(state: Match, *unit_ids: str) -> Match:
    return replay(state, [Event("token", {"unit": u, "kind": "action", "delta": 1}) for u in unit_ids])


def test_odds_use_the_exact_hit_chance(table: Match) -> None:
    odds = HALO.odds(table, Action("move-and-attack", "marine", {"target": "elite", "moved": 5}))
    assert odds is not None and odds.chance == Fraction(5, 18)
    assert odds.text == ("attack 10 -3 for moving 5 squares (more than 4) = 7 vs defense 16: needs 9+ on 2d6, "
                         "5/18 (27.78%)")
    assert HALO.odds(table, Action("attack", "marine", {"target": "elite", "moved": 9})).chance == Fraction(13, 18)
    assert HALO.odds(table, Action("move", "marine")) is None
    loot = HALO.odds(table, Action("loot-roll", "marine"))
    assert loot is not None and loot.chance is None and "cut off" in loot.text
    with pytest.raises(CompanionError, match="modifier must be"):
        HALO.odds(table, Action("attack", "marine", {"target": "elite", "modifier": 99}))


def test_a_resolved_attack_gives_what_attack_events_gives(table: Match) -> None:
    """Seed 7, first roll 6+1: the Marine (attack 10) hits the Elite (defense 16) for 2 damage."""
    state, res = play(table, "attack", "marine", target="elite")
    expected = HALO.actions["attack"].attack_events(table, "marine", "elite",
                                                  resolve_attack(AttackSetup(10, 16), rng_for(7, 0)), 2)
    assert list(res.events) == expected
    assert res.summary == "Unit marine attacks Unit elite: 2d6: [6, 1] = 7, hit, 2 damage"
    assert res.rules == ("shooting",) and res.details[0].endswith("total 17 >= defense 16: hit")
    assert state.unit("elite").click == 2 and state.unit("marine").tokens.action == 1 and state.rolls[-1].dice == (6, 1)


def test_a_grenade_that_eliminates(table: Match) -> None:
    state = apply(table, Event("damage", {"unit": "grunt", "amount": 3}))  # one click from KO
    state, res = play(state, "throw-grenade", "spartan", target="grunt", modifier=2)
    assert res.summary.startswith("Unit spartan throws a grenade at Unit grunt") and "elimination" in res.rules
    assert state.player("p1").kills == 1 and state.unit("spartan").tokens == Tokens(action=1, upgrade=3, grenade=0)
    assert state.unit("grunt").location == "reserve" and state.unit("grunt").click == 0


def test_move_respawn_loot_roll_and_end_turn(table: Match) -> None:
    state, res = play(table, "move", "marine", ends="enemy-spawn")
    assert state.unit("marine").position == "enemy-spawn"
    assert state.unit("marine").tokens.action == 1 and res.rules == ("moving",) and "8 squares" in res.details[0]
    state = apply(state, Event("set_location", {"unit": "brute", "location": "reserve", "reason": "eliminated"}))
    state, res = play(state, "respawn", "brute")
    assert state.unit("brute").location == "table" and state.unit("brute").tokens.action == 1
    state, res = play(state, "loot-roll", "marine")
    assert res.summary == "Loot roll for Unit marine: 2d6: [6, 1] = 7" and state.rolls[-1].purpose.startswith("loot")
    assert "spawn point counter" in res.details[0]
    state, res = play(state, "end-turn")
    assert state.active_player.name == "Ben" and res.details == ("1 unused action lost.",)
    assert res.summary == "Ann ends the turn; Ben is next"


def test_swap_weapons_and_upgrade_move_the_right_tokens(table: Match) -> None:
    hurt = apply(table, Event("damage", {"unit": "marine", "amount": 1}))
    state, res = play(hurt, "swap-weapons", "marine", into="brute")
    assert state.unit("marine").location == "reserve" and state.unit("brute").location == "table"
    assert state.unit("brute").click == 1  # the same damage taken
    with pytest.raises(IllegalAction, match="worth 80 points, not 30") as info:
        HALO.resolve(table, Action("swap-weapons", "spartan", {"into": "hunter"}), rng_for(0, 0))
    assert info.value.rule == "swap-weapons"
    spartan, res = play(table, "swap-weapons", "spartan", into="brute")
    assert spartan.unit("brute").tokens["grenade"] == 0 and spartan.unit("brute").tokens["upgrade"] == 2  # grenade lost
    # upgrading: 30 + 25 x 2 = 80 reaches the Hunter; the spare tokens and the grenade move across
    with pytest.raises(IllegalAction, match="1 token reaches 55"):
        HALO.resolve(table, Action("upgrade", "spartan", {"into": "hunter", "spend": 1}), rng_for(0, 0))
    state, res = play(give(table, "spartan"), "upgrade", "spartan", into="hunter", spend=2)
    hunter = state.unit("hunter")
    assert (hunter.location, hunter.tokens["upgrade"], hunter.tokens["grenade"], hunter.tokens.action) == \
        ("table", 0, 1, 1)
    assert state.unit("spartan").tokens["upgrade"] == 0 and res.rules == ("upgrading",)


def test_resolve_refuses_what_explain_refuses(table: Match) -> None:
    used = give(table, "spartan")
    with pytest.raises(IllegalAction, match="already had its action") as info:
        HALO.resolve(used, Action("move", "spartan"), rng_for(0, 0))
    assert info.value.rule == "actions"
    with pytest.raises(IllegalAction, match="choose the unit"):
        HALO.resolve(table, Action("move"), rng_for(0, 0))
    with pytest.raises(IllegalAction, match="not an opposing unit"):
        HALO.resolve(table, Action("attack", "marine", {"target": "spartan"}), rng_for(0, 0))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["attack", "move-and-attack", "throw-grenade"]), st.integers(0, 8),
       st.integers(-3, 3))
def test_seeded_resolutions_replay_and_match_the_odds(seed: int, name: str, moved: int, modifier: int) -> None:
    state = halo(unit("spartan", "p1", tokens={"grenade": 1}), unit("elite", "p2"))
    action = Action(name, "spartan", {"target": "elite", "moved": moved, "modifier": modifier})
    first = HALO.resolve(state, action, rng_for(seed, 3))
    assert first == HALO.resolve(state, action, rng_for(seed, 3))
    dice = next(e.data["dice"] for e in first.events if e.type == "roll")
    effective = 10 + modifier - (3 if name != "attack" and moved > 4 else 0)  # a grenade may be thrown after moving
    hit = sum(dice) + effective >= 16 or dice == [6, 6]
    assert any(e.type == "damage" for e in first.events) == hit
    assert (first.summary.endswith("miss")) != hit
