"""The Killer of the Maze counts game turns as its seed does (issue 40): a game turn is the Imperial Action phase
and the Tyranid Action phase after it. The match's core ends a turn at the end of each side's phase, so the header,
the match list and the vent's "two game turns" read the game turn, not the match's count of phases."""

from __future__ import annotations

import random
from pathlib import Path

from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action
from companion.session import Session
from companion.session.table.words import turn_line

from builders import match
from maze_actions_kit import MAZE, act, activity, model


def team(session: Session) -> str:
    made = session.new_match("killer-of-the-maze", ["Ann", "Ben"])
    for data in (model("osk", "Trooper Osk"), model("vale", "Brother Vale", "space-marine")):
        session.dispatch(made.id, "add_unit", {"unit": data})
    return made.id


def end_game_turn(session: Session, match_id: str) -> None:
    for name in ("start-activity", "end-imperial-phase", "end-turn"):
        session.act(match_id, Action(name), rng=random.Random(1))


def test_the_second_game_turn_reads_turn_2_in_the_header_and_the_match_list(tmp_path: Path) -> None:
    session = Session.open(tmp_path)
    match_id = team(session)
    assert turn_line(session.state(match_id)) == "Turn 1 · Ann to play"
    session.act(match_id, Action("start-activity"), rng=random.Random(1))
    session.act(match_id, Action("end-imperial-phase"), rng=random.Random(1))
    assert turn_line(session.state(match_id)) == "Turn 1 · Ben to play"  # the Tyranid Action phase of turn 1
    res, _ = session.act(match_id, Action("end-turn"), rng=random.Random(1))
    assert res.summary.startswith("Turn 1 ends: turn 2 begins")
    assert turn_line(session.state(match_id)) == "Turn 2 · Ann to play"
    assert next(s for s in session.list_matches() if s.id == match_id).turn == 2
    end_game_turn(session, match_id)
    assert turn_line(session.state(match_id)) == "Turn 3 · Ann to play"


def test_a_vent_lit_in_turn_2_stays_lit_through_turn_3_as_the_header_counts(tmp_path: Path) -> None:
    session = Session.open(tmp_path)
    match_id = team(session)
    end_game_turn(session, match_id)
    session.act(match_id, Action("start-activity"), rng=random.Random(1))
    res, _ = session.act(match_id, Action("light-vent", "osk", {"weapon": "flamer"}), rng=random.Random(1))
    assert "Lit in turn 2" in res.details[-1] and "goes out when turn 3 ends" in res.details[-1]
    session.act(match_id, Action("end-imperial-phase"), rng=random.Random(1))
    end = session.act(match_id, Action("end-turn"), rng=random.Random(1))[0]
    assert "one lit in turn 2 stays lit through turn 3" in end.details[-1]
    end_game_turn(session, match_id)  # turn 3 over: turn 4 in the header, and the vent of turn 2 is out
    assert turn_line(session.state(match_id)) == "Turn 4 · Ann to play"


def test_a_stored_match_of_two_phases_a_turn_reads_the_same_game_turns() -> None:
    """The events are the ones a match stored before this change holds: only the words read them differently, and
    what a phase tracks (a model's Advance, the Beacon) still keys on the match's own turn."""
    state = act(act(activity(team_state()), "end-imperial-phase"), "end-turn")
    assert state.turn == 3 and MAZE.game_turn(state.turn) == 2
    assert [MAZE.game_turn(t) for t in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    moved = act(state, "advance", "osk")
    assert not MAZE.explain(moved, Action("move", "osk")).legal  # "this phase" is still this phase


def team_state() -> Match:
    return replay(match("killer-of-the-maze"), [Event("add_unit", {"unit": model("osk", "Trooper Osk")})])


def test_the_trip_mine_and_the_melta_charge_name_the_game_turn_they_go_off_in() -> None:
    """"From the beginning of the following turn" and "at the start of the next imperial Action phase": both the
    next game turn, said as the header says it."""
    state = replay(match("killer-of-the-maze"), [Event("add_unit", {"unit": model(
        "kira", "Scion Kira", "scions", counters={"trip-mine": 1, "melta-charge": 1})})])
    state = activity(act(act(activity(state), "end-imperial-phase"), "end-turn"))  # game turn 2
    mine = MAZE.resolve(state, Action("use-equipment", "kira", {"item": "trip-mine"}), random.Random(1))
    assert "The mine is armed from the beginning of turn 3." in mine.details
    melta = MAZE.resolve(state, Action("use-equipment", "kira", {"item": "melta-charge"}), random.Random(1))
    assert "It detonates when turn 3's Imperial Action phase begins." in melta.details
