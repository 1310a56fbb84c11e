"""The Scarab against its seed (000), second rules-lawyer audit: each problem reproduced as it was found on main,
now refused or answered at the mechanism (the system's checks, on every path)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action, ActionOption
from companion.session import Session
from companion.session.play.advice import advise
from companion.store.matches import MatchStore

from builders import SEED, rng_for
from scarab_setup_kit import figure, scarab_dials, scarab_match, strike_team
from scarab_turn_kit import at

SCARAB = rules.get("scarab")


def options(state: Match) -> dict[str, ActionOption]:
    return {o.action: o for o in SCARAB.legal_actions(state)}


def do(state: Match, name: str, unit: str | None = None, **params: object) -> Match:
    return replay(state, list(SCARAB.resolve(state, Action(name, unit, dict(params)), rng_for(SEED, 0)).events))


def placed(state: Match, where: str, *ids: str) -> Match:
    return replay(state, [Event("set_position", {"unit": u, "position": where}) for u in ids])


def attackers_turn(state: Match) -> Match:
    return replay(state, [Event("end_turn", {})])


# --- 1. the turret's targets are the figure's marks, and with none it holds fire (¶24, 89) ---------------------

def test_audit2_the_turret_holds_fire_once_the_last_aerial_figure_is_ko() -> None:
    state = scarab_match(figure("banshee", "p2", marks=("aerial",)), figure("batman", "p2"))
    state = at(replay(state, [Event("damage", {"unit": "banshee", "amount": 3})]), "turret")  # its KO click
    assert state.unit("banshee").eliminated
    turret = options(state)["turret"]
    assert not turret.enabled and turret.reason.startswith("no aerial vehicle or colossal figure")
    assert turret.params == () and "hold fire" in turret.reason
    aimed = Action("turret", None, {"target": "batman"})
    verdict = SCARAB.explain(state, aimed)
    assert not verdict.legal and "Batman is neither an aerial vehicle nor a colossal figure" in verdict.reason
    odds = SCARAB.odds(state, aimed)
    assert odds is not None and odds.chance is None
    with pytest.raises(IllegalAction, match="neither an aerial vehicle"):
        SCARAB.resolve(state, aimed, rng_for(SEED, 0))
    ko = SCARAB.explain(state, Action("turret", None, {"target": "banshee"}))
    assert not ko.legal and ko.reason == "Banshee is KO'd: it is no target any more"
    advised = [m.action.name for m in advise(state).moves]
    assert "main-gun" in advised and "turret" not in advised  # the advisor weighs the gun that has a target


def test_audit2_nobody_marked_aerial_means_no_turret_target() -> None:
    state = at(scarab_match(figure("batman", "p2"), figure("robin", "p2")), "turret")
    turret = options(state)["turret"]
    assert not turret.enabled and "no figure on the table is marked aerial, flying or colossal" in turret.reason
    assert set(turret.refused) == {"batman", "robin"}  # each with its own reason
    assert not SCARAB.explain(state, Action("turret", None, {"target": "robin"})).legal


def test_audit2_aerial_belongs_to_the_figure_not_the_click_it_stands_on() -> None:
    hurt = figure("banshee", "p2")
    hurt["dial"][0]["markers"] = ["aerial"]  # marked on its first click only
    state = at(replay(scarab_match(hurt, figure("batman", "p2")),
                      [Event("damage", {"unit": "banshee", "amount": 1})]), "turret")
    assert state.unit("banshee").current.markers == ()
    turret = options(state)["turret"]
    assert turret.enabled and [v for v, _ in turret.params[0].choices] == ["banshee"]


# --- 2. every figure a gun refuses carries its own reason (¶12, 63-66) ------------------------------------

def test_audit2_a_fourth_figures_reason_is_in_the_option() -> None:
    state = placed(scarab_match(*strike_team()), "top", "superman", "colossus")
    state = placed(placed(state, "beneath", "batman", "banshee", "hornet"), "ramp", "robin", "flash")
    gun = options(at(state, "main-gun"))["main-gun"]
    assert not gun.enabled and "and 4 more, each with its own reason" in gun.reason and "..." not in gun.reason
    assert set(gun.refused) == {"superman", "batman", "robin", "banshee", "hornet", "colossus", "flash"}
    assert gun.refused["colossus"].startswith("Colossus is on top of the Scarab")
    assert len(gun.shown) == 3 and all(gun.refused[u] in gun.reason for u in gun.shown)


# --- 3. positions set by hand are checked like the actions (¶47, 54) ---------------------------------------

def _grunt(i: int) -> dict[str, Any]:
    return figure(f"g{i}", "p1", f"Grunt {i}", points=20)


@pytest.fixture
def session_match(tmp_path: Path) -> tuple[Session, str]:
    session = Session(MatchStore(tmp_path / "store"))
    match_id = session.new_match("scarab", ["Sam", "Ann"]).id
    for data in (*scarab_dials(), *(_grunt(i) for i in range(6)), figure("colossus", "p2", marks=("no-inside",)),
                 figure("titan", "p2", marks=("no-top",))):
        session.dispatch(match_id, "add_unit", {"unit": data})
    return session, match_id


def test_audit2_five_reinforcements_stay_inside_whatever_moves_them(session_match: tuple[Session, str]) -> None:
    session, match_id = session_match
    for i in range(5):
        session.dispatch(match_id, "set_position", {"unit": f"g{i}", "position": "interior"})
    with pytest.raises(IllegalAction, match="at least 5 reinforcements must stay inside, and 4 would be left") as info:
        session.dispatch(match_id, "set_position", {"unit": "g0", "position": "top"})
    assert info.value.rule == "interior-defence"
    assert session.state(match_id).unit("g0").position == "interior"  # nothing stored
    session.dispatch(match_id, "set_position", {"unit": "g0", "position": "ramp"})  # still inside
    session.dispatch(match_id, "set_position", {"unit": "g5", "position": "ramp"})  # six inside: one may leave
    assert session.dispatch(match_id, "set_position", {"unit": "g0", "position": "top"}).unit("g0").position == "top"


def test_audit2_card_symbols_and_the_dials_are_checked_on_every_event(session_match: tuple[Session, str]) -> None:
    session, match_id = session_match
    session.dispatch(match_id, "set_position", {"unit": "colossus", "position": "top"})
    with pytest.raises(IllegalAction, match="Colossus's card shows a symbol that can't move into the Scarab"):
        session.dispatch(match_id, "set_position", {"unit": "colossus", "position": "interior"})
    with pytest.raises(IllegalAction, match="Titan's card shows a symbol that can't move on top of the Scarab"):
        session.dispatch(match_id, "set_position", {"unit": "titan", "position": "top"})
    with pytest.raises(IllegalAction, match="Shell dial is part of the Scarab itself: it has no position"):
        session.dispatch(match_id, "set_position", {"unit": "scarab-shell", "position": "top"})
    state = session.state(match_id)
    assert (state.unit("colossus").position, state.unit("titan").position, state.unit("scarab-shell").position) == (
        "top", "", "")


# --- 4. a displaced unit ends where the player says: on the map or beneath (¶18, 83) -----------------------

def test_audit2_a_displaced_unit_may_end_beneath_and_the_guns_then_skip_it() -> None:
    state = at(scarab_match(figure("batman", "p2"), figure("robin", "p2")), "displaced")
    form = options(state)["displaced"]
    ends = next(p for p in form.params if p.name == "displaced_to")
    assert ends.default == "ground" and {v for v, _ in ends.choices} == {"ground", "beneath"}
    after = do(state, "displaced", units=["batman"], displaced_to="beneath")
    assert after.unit("batman").position == "beneath" and after.unit("batman").click == 1
    gun = options(at(after, "main-gun"))["main-gun"]
    assert [v for v, _ in gun.params[0].choices] == ["robin"]
    bad = SCARAB.explain(state, Action("displaced", None, {"units": ["batman"], "displaced_to": "top"}))
    assert not bad.legal and "displaced_to must be ground or beneath" in bad.reason


# --- 5. the HeroClix count of 0 says why (¶45) --------------------------------------------------------------

def test_audit2_a_heroclix_count_of_0_says_the_count_is_0_and_why() -> None:
    state = placed(at(scarab_match(figure("batman", "p2"), _grunt(0)), "reinforcements"), "interior", "g0",
                   "batman")
    verdict = SCARAB.explain(state, Action("interior-action", "g0", {"level": "heroclix"}))
    assert not verdict.legal and verdict.rule == "interior-defence"
    assert verdict.reason == ("the HeroClix count gives the interior defenders 0 actions this turn: the standard "
                              "count is 0 (one per 100 points of the Scarab player's 20-point force), minus 1")
    assert "are used" not in verdict.reason


# --- 6. a figure on top asked to move inside is pointed to 'Enter the Scarab' (¶40) ---------------------------

def test_audit2_moving_inside_from_on_top_names_the_enter_action() -> None:
    state = placed(attackers_turn(scarab_match(figure("batman", "p2"), _grunt(0))), "top", "batman")
    verdict = SCARAB.explain(state, Action("move", "batman", {"to": "interior"}))
    assert not verdict.legal and "use 'Enter the Scarab'" in verdict.reason
    assert SCARAB.explain(state, Action("enter", "batman", {"to": "interior"})).legal
    ground = attackers_turn(scarab_match(figure("robin", "p2"), _grunt(0)))
    refused = SCARAB.explain(ground, Action("move", "robin", {"to": "ramp"}))
    assert "first get on top of the Scarab (a move), then use 'Enter the Scarab'" in refused.reason


# --- 7. the Shell dial on its KO click: no shot at the Scarab, said so (decision) ---------------------------

def test_audit2_shots_at_the_scarab_stop_when_the_shell_dial_shows_its_ko_click() -> None:
    state = attackers_turn(replay(scarab_match(figure("batman", "p2")),
                                  [Event("damage", {"unit": "scarab-shell", "amount": 10})]))
    assert state.unit("scarab-shell").eliminated
    verdict = SCARAB.explain(state, Action("shoot-scarab", "batman", {}))
    assert not verdict.legal and "the source doesn't say what shots at the Scarab do then" in verdict.reason


# --- 8. an interior defender's move then attack counts the squares moved (composed as the attacker's) --------

def test_audit2_an_interior_defender_exiting_after_a_long_move_attacks_at_3_less() -> None:
    grunts = [_grunt(i) for i in range(6)]
    state = placed(at(scarab_match(figure("batman", "p2"), *grunts), "reinforcements"), "interior",
                   *[f"g{i}" for i in range(5)])
    state = placed(placed(state, "ramp", "g5"), "top", "batman")
    form = {p.name: p for p in options(state)["interior-action"].params}
    assert form["moved"].label.startswith("Squares moved")
    short = SCARAB.odds(state, Action("interior-action", "g5", {"to": "top", "target": "batman", "moved": 4}))
    long = SCARAB.odds(state, Action("interior-action", "g5", {"to": "top", "target": "batman", "moved": 5}))
    assert short is not None and long is not None and short.chance is not None and long.chance is not None
    assert long.chance < short.chance and "-3" in long.text
    fast = SCARAB.explain(state, Action("interior-action", "g5", {"to": "top", "target": "batman", "moved": 9}))
    assert not fast.legal and "moved must be a whole number from 1 to 8" in fast.reason
    res = SCARAB.resolve(state, Action("interior-action", "g5", {"to": "top", "target": "batman", "moved": 6}),
                         rng_for(SEED, 0))
    assert "-3 moved 6 squares (more than 4)" in " ".join(res.details)
    assert replay(state, list(res.events)).unit("g5").position == "top"
