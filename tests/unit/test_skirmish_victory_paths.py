"""HeroClix Skirmish's immediate wins (seed 003 ¶23-24) on every path into a match. The helper's own actions (an
attack, Record damage, the bystander/object button) end the match in the same step. An event entered by hand
(`match event`, Session.dispatch, an import) is a record of what happened at the table: it ends nothing by itself,
and the table's header asks "Match over?" naming the winner the pack's victory rules give (the players accept
it, or play on), as for Halo's Kill points entered by hand."""

from __future__ import annotations

from pathlib import Path

from companion.rules import Action
from companion.session import Session
from companion.session.table.header import header, victory_rules

from builders import unit

SKIRMISH = "heroclix-skirmish"


def _table(tmp_path: Path) -> tuple[Session, str, list[str]]:
    session = Session.open(tmp_path)
    made = session.new_match(SKIRMISH, ["Ann", "Ben"], build_total=200)
    seats = [p.id for p in made.players]
    for data in (unit("a1", seats[0], 3), unit("b1", seats[1], 1), unit("b2", seats[1], 1)):
        session.dispatch(made.id, "add_unit", {"unit": data})
    return session, made.id, seats


def test_raw_damage_that_kos_the_last_opponent_leaves_the_match_open_and_the_header_asks(tmp_path: Path) -> None:
    session, match_id, seats = _table(tmp_path)
    session.dispatch(match_id, "damage", {"unit": "b1", "amount": 1})
    state = session.dispatch(match_id, "damage", {"unit": "b2", "amount": 1})
    assert state.status == "active"
    over = header(state, victory_rules(session, SKIRMISH)).over
    assert over is not None and over.winners == (seats[0],)
    assert over.reason == "Ann is the only player with a character left."


def test_a_raw_score_to_15_leaves_the_match_open_and_the_header_asks(tmp_path: Path) -> None:
    session, match_id, seats = _table(tmp_path)
    state = session.dispatch(match_id, "score", {"player": seats[0], "kind": "vp", "delta": 15})
    assert state.status == "active"
    over = header(state, victory_rules(session, SKIRMISH)).over
    assert over is not None and over.winners == (seats[0],) and "Ann reached 15 VP (of 15)" in over.reason


def test_the_same_ko_through_the_helper_ends_the_match_in_its_step(tmp_path: Path) -> None:
    session, match_id, seats = _table(tmp_path)
    session.act(match_id, Action("deal-damage", None, {"target": "b1", "clicks": 1}))
    result, _ = session.act(match_id, Action("deal-damage", None, {"target": "b2", "clicks": 1}))
    state = session.state(match_id)
    assert state.status == "finished" and state.winners == (seats[0],)
    assert "Ann is the only player with a character left and wins." in result.details
    assert header(state, victory_rules(session, SKIRMISH)).over is None  # nothing left to ask
