"""Players' own reports, walked at random: whatever order players report (and change their reports) in, a table's
result stands exactly when every player's latest report agrees, and it is the result the judge would have entered
for the same scores; while two latest reports differ the table is flagged; once the result stands no report is
taken; the state survives its JSON."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.tournament.events import PLAYER, apply, replay
from companion.core.tournament.state import from_json, new_tournament, to_json

NAMES = ("Ann", "Ben", "Cat", "Dan")
SCORES = ({"a": 9, "b": 3}, {"a": 3, "b": 9}, {"a": 5, "b": 5})  # few choices, so agreement happens


@st.composite
def walks(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    seats = draw(st.integers(2, 4))
    steps = draw(st.lists(st.tuples(st.integers(0, seats - 1), st.integers(0, len(SCORES) - 1)), max_size=12))
    return seats, steps


def vp(players: tuple[str, ...], choice: int) -> dict[str, int]:
    a, b = SCORES[choice]["a"], SCORES[choice]["b"]
    return {p: a if i == 0 else b if i == 1 else 1 for i, p in enumerate(players)}


@settings(max_examples=150, deadline=None)
@given(walks())
def test_a_result_stands_exactly_when_every_latest_report_agrees(walk: tuple[int, list[tuple[int, int]]]) -> None:
    seats, steps = walk
    players = NAMES[:seats]
    t = replay(new_tournament("ev", "Ev", now=0), [Event("seat", {"table": 1, "players": list(players)}, "judge", 0),
                                                    Event("start", {}, "judge", 0)])
    latest: dict[str, int] = {}
    for at, (seat, choice) in enumerate(steps, 1):
        event = Event("report", {"table": 1, "vp": vp(players, choice)}, PLAYER + players[seat], float(at))
        done = t.table(1).result is not None
        try:
            t = apply(t, event)
        except IllegalAction as exc:
            assert done and "result is in already" in str(exc)
            continue
        assert not done
        latest[players[seat]] = choice
        table = t.table(1)
        agreed = len(latest) == seats and len(set(latest.values())) == 1
        assert (table.result is not None) == agreed
        assert table.disputed == (len(set(latest.values())) > 1)
        assert [r.player for r in table.reports] == [p for p in players if p in latest]
        if agreed:
            judged = apply(replace(t, rounds=(replace(t.current, tables=(replace(table, result=None, reports=()),)),)),
                           Event("result", {"table": 1, "vp": vp(players, choice)}, "judge", float(at)))
            assert judged.table(1).result == table.result
        assert from_json(to_json(t)) == t
