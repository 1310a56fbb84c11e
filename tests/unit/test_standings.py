"""Leaders and points over turns."""

from __future__ import annotations

from companion.core.match.events import Event, replay
from companion.core.match.standings import points_by_turn
from companion.session.play.match_tools import leaders

from builders import match


def ev(type_: str, **data: object) -> Event:
    return Event(type_, dict(data), None, 0.0)


def test_points_are_noted_as_each_turn_ends() -> None:
    start = match("heroclix-skirmish", players=3)
    events = [ev("score", player="p1", kind="vp", delta=3), ev("end_turn"),
              ev("score", player="p2", kind="vp", delta=5), ev("end_turn"), ev("score", player="p3", kind="vp",
                                                                               delta=5)]
    turns = points_by_turn(start, events)
    assert [t.turn for t in turns] == [1, 2, 3]
    assert [t.points["p2"][0] for t in turns] == [0, 5, 5]
    assert leaders(replay(start, events)) == ("p2", "p3")  # a tie shows as a tie


def test_halo_is_decided_on_kills() -> None:
    state = replay(match(), [ev("score", player="p1", kind="vp", delta=9), ev("score", player="p2", kind="kills",
                                                                             delta=1)])
    assert leaders(state) == ("p2",)
