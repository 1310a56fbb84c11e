"""Where the match stands, in the table's one vocabulary (session.table.words.turn_line): the header, the watching
page, `match show` and a share's comparison read it. A Skirmish turn is shared, made of rounds where one player
is active (seed 003): its line says the turn once and whose round it is once, never "Round 1" beside "round 1"."""

from __future__ import annotations

import pytest

from companion.core.match.events import Event, apply
from companion.session.table.header import header
from companion.session.table.words import turn_line, turn_used

from builders import match, unit
from skirmish_rules_kit import play, skirmish


def test_a_skirmish_line_says_the_turn_and_whose_round_once() -> None:
    state = skirmish(unit("cap", "p1"), unit("hulk", "p2"), unit("agent", "p3"), players=3)
    assert turn_line(state) == "Turn 1 · Ann's round 1 of 2" and turn_used(state) == ""
    state, _ = play(state, "end-round")
    assert turn_line(state) == "Turn 1 · Ben's round 1 of 2"
    state, _ = play(state, "action-total", extra=1)  # Ben's action total is one above the default
    assert turn_line(state) == "Turn 1 · Ben's round 1 of 3"
    for _ in range(4):  # Ben's, Cat's first rounds; Ann's, Ben's second
        state, _ = play(state, "end-round")
    assert turn_line(state) == "Turn 1 · Cat's round 2 of 2"
    state, _ = play(state, "end-round")  # Ann has no bonus round: passed by
    assert turn_line(state) == "Turn 1 · Ben's round 3 of 3 (bonus)"
    state, _ = play(state, "end-round")
    assert turn_line(state) == "Turn 1 · every round played: end of turn"
    state, _ = play(state, "end-turn")
    assert turn_line(state) == "Turn 2 · Ann's round 1 of 2"
    for line in (turn_line(state), header(state, []).when):
        assert line.count("ound") == 1, line


@pytest.mark.parametrize("system", ["halo-actionclix", "scarab", "killer-of-the-maze", "armageddon-empires"])
def test_a_game_of_turns_says_whose_turn_as_before(system: str) -> None:
    state = match(system)
    assert turn_line(state) == header(state, []).when == "Turn 1 · Ann to play"
    state = apply(state, Event("end_turn", {}))
    # the Maze's game turn holds both sides' phases: Ben's Tyranid Action phase is still turn 1 (issue 40)
    assert turn_line(state) == ("Turn 1 · Ben to play" if system == "killer-of-the-maze" else "Turn 2 · Ben to play")
    if system == "killer-of-the-maze":
        assert turn_line(apply(state, Event("end_turn", {}))) == "Turn 2 · Ann to play"


def test_halo_counts_the_actions_apart_and_a_finished_match_says_who_won() -> None:
    state = apply(match(), Event("add_unit", {"unit": unit("u1", "p1")}))
    state = apply(state, Event("token", {"unit": "u1", "kind": "action", "delta": 1}))
    assert (turn_line(state), turn_used(state)) == ("Turn 1 · Ann to play", "Actions 1 of 3")
    assert turn_line(apply(state, Event("end_match", {"winners": ["p2"]}))) == "Match over · won by Ben"
    assert turn_line(apply(state, Event("end_match", {"winners": []}))) == "Match over · won by no one (a draw)"
