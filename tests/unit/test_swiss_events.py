"""Swiss events in the pure core: registration, drops, seat swaps, checked pairings, byes in the standings."""

from __future__ import annotations

import csv
import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.tournament.events import apply, replay
from companion.core.tournament.pairing import next_pairing
from companion.core.tournament.printout import pairings_csv, standings_csv
from companion.core.tournament.results import BYE_VP, results_csv, standings
from companion.core.tournament.state import InvalidTournament, Tournament, from_json, new_tournament, to_json
from companion.session.judging.printout import pairings_html

T0 = 1_800_000_000.0


def ev(kind: str, **data: object) -> Event:
    return Event(kind, dict(data), "judge", T0)


def five() -> Tournament:
    t = new_tournament("ev-1", "Swiss", now=T0)
    t = replay(t, [ev("register", player=p) for p in ("Ann", "Ben", "Cat", "Dan", "Eve")])
    return apply(t, ev("pair", tables=[["Ann", "Ben"], ["cat", "Dan"]], byes=["Eve"]))


def test_registration_redraws_round_one_until_it_starts_then_is_a_late_entry() -> None:
    t = five()
    assert t.swiss and t.players == ("Ann", "Ben", "Cat", "Dan", "Eve") and t.table(2).players == ("Cat", "Dan")
    with pytest.raises(IllegalAction, match="already registered"):
        apply(t, ev("register", player="ann"))
    added = apply(t, ev("register", player="Fay"))
    assert added.tables == () and added.players[-1] == "Fay"  # the draw is cleared: the caller draws again
    assert apply(t, ev("unregister", player="eve")).players == ("Ann", "Ben", "Cat", "Dan")
    t = apply(t, ev("start", tables=[1]))
    late = apply(t, ev("register", player="Fay"))  # round 1 has started: Fay plays from round 2
    assert late.joined == {"Fay": 2} and late.tables == t.tables
    with pytest.raises(IllegalAction, match="only before round 1 starts"):
        apply(t, ev("unregister", player="Ann"))


def test_a_pairing_must_seat_every_active_player_once() -> None:
    t = five()
    for tables, byes, message in [
        ([["Ann", "Ben"], ["Cat", "Dan"]], [], "Eve has no seat"),
        ([["Ann", "Ben"], ["Cat", "Ann"]], ["Eve", "Dan"], "seated twice"),
        ([["Ann", "Zed"], ["Cat", "Dan"]], ["Eve", "Ben"], "Zed is not registered"),
        ([["Ann", "Ben", "Cat", "Dan", "Eve"]], [], "seats 2 to 4"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            apply(t, ev("pair", tables=tables, byes=byes))
    played = replay(t, [ev("result", table=1, vp={"Ann": 1, "Ben": 0}), ev("result", table=2, vp={"Cat": 1, "Dan": 0})])
    with pytest.raises(IllegalAction, match="needs its pairings"):
        apply(played, ev("next_round"))


def test_drop_keeps_results_and_leaves_the_next_pairing() -> None:
    t = replay(five(), [ev("start"), ev("result", table=1, vp={"Ann": 9, "Ben": 4}),
                        ev("result", table=2, vp={"Cat": 2, "Dan": 7}), ev("drop", player="ben")])
    assert t.dropped == ("Ben",) and t.active == ("Ann", "Cat", "Dan", "Eve")
    with pytest.raises(IllegalAction, match="already dropped"):
        apply(t, ev("drop", player="Ben"))
    with pytest.raises(IllegalAction, match="Ben has dropped"):
        apply(t, ev("next_round", tables=[["Ann", "Ben"], ["Cat", "Dan"]], byes=["Eve"]))
    p = next_pairing(t, random.Random(1))
    assert p.byes == () and sorted(q for tb in p.tables for q in tb) == ["Ann", "Cat", "Dan", "Eve"]
    # Eve's bye is a win worth BYE_VP; Dan and Cat met already, so Cat (the one loser) meets a winner
    assert frozenset({"Cat", "Dan"}) not in {frozenset(tb) for tb in p.tables}
    rows = {r.player: r for r in standings(t)}
    assert (rows["Eve"].wins, rows["Eve"].vp, rows["Eve"].byes) == (1, BYE_VP, 1)
    assert rows["Ben"].dropped and rows["Ben"].losses == 1
    # opponents' strength: Ann met Ben (0 points: floored at 0.33); Dan met Cat (0 points) likewise
    assert rows["Ann"].opp_strength == rows["Dan"].opp_strength == 0.33 and rows["Eve"].opp_strength == 0


def test_swap_two_seats_or_a_seat_and_a_bye_before_the_clocks() -> None:
    t = apply(five(), ev("swap", players=["ann", "Dan"]))
    assert t.table(1).players == ("Dan", "Ben") and t.table(2).players == ("Cat", "Ann")
    t = apply(t, ev("swap", players=["Eve", "Ben"]))
    assert t.table(1).players == ("Dan", "Eve") and t.current.byes == ("Ben",)
    with pytest.raises(IllegalAction, match="same table"):
        apply(t, ev("swap", players=["Dan", "Eve"]))
    t = apply(t, ev("start", tables=[2]))
    with pytest.raises(IllegalAction, match="table 2's clock has started"):
        apply(t, ev("swap", players=["Dan", "Cat"]))
    with pytest.raises(IllegalAction, match="no seat and no bye"):
        apply(t, ev("swap", players=["Dan", "Zed"]))


def test_json_round_trip_and_exports() -> None:
    t = replay(five(), [ev("start"), ev("result", table=1, vp={"Ann": 9, "Ben": 4}),
                        ev("result", table=2, vp={"Cat": 7, "Dan": 7}), ev("drop", player="Dan")])
    t = apply(t, ev("next_round", tables=[["Ann", "Eve"]], byes=["Cat", "Ben"]))
    assert from_json(to_json(t)) == t and to_json(t)["version"] == 5  # 5: the event's game
    with pytest.raises(InvalidTournament, match="only registered"):
        from_json({**to_json(t), "dropped": ["Zed"]})
    bad = to_json(t)
    bad["rounds"][1]["byes"] = ["Ann"]
    with pytest.raises(InvalidTournament, match="seated and given a bye"):
        from_json(bad)
    rows = list(csv.DictReader(io.StringIO(pairings_csv(t))))
    assert [(r["table"], r["player"], r["record"]) for r in rows] == [
        ("1", "Ann", "1-0-0"), ("1", "Eve", "1-0-0"), ("bye", "Cat", "0-0-1"), ("bye", "Ben", "0-1-0")]
    table = list(csv.DictReader(io.StringIO(standings_csv(t))))
    assert table[0]["player"] == "Eve" and table[0]["opp_strength"] == "0.0000"
    assert [r["dropped"] for r in table if r["player"] == "Dan"] == ["yes"]
    assert "1,bye,Eve,10,win,bye" in results_csv(t)
    page = pairings_html(t, game="HeroClix Skirmish 300")
    assert "<td>Ann</td><td class=n>1</td>" in page and "Find your table" in page
    assert "<p>HeroClix Skirmish 300 · 30-minute rounds" in page


def test_names_are_escaped_on_the_printed_page() -> None:
    t = new_tournament("ev-2", "Q&A <night>", now=T0)
    t = replay(t, [ev("register", player="<b>Al</b>"), ev("register", player="Bo")])
    t = apply(t, ev("pair", tables=[["<b>Al</b>", "Bo"]], byes=[]))
    page = pairings_html(t, game="A <pack>")
    assert "A &lt;pack&gt;" in page and "&lt;b&gt;Al&lt;/b&gt;" in page and "<b>Al" not in page
    assert "Q&amp;A &lt;night&gt;" in page


NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
steps = st.lists(st.one_of(
    st.builds(lambda p: ("register", {"player": p}), st.sampled_from(NAMES)),
    st.builds(lambda p: ("unregister", {"player": p}), st.sampled_from(NAMES)),
    st.builds(lambda p: ("drop", {"player": p}), st.sampled_from(NAMES)),
    st.builds(lambda a, b: ("swap", {"players": [a, b]}), st.sampled_from(NAMES), st.sampled_from(NAMES)),
    st.just(("pair", {})), st.just(("next_round", {})), st.just(("start", {})), st.just(("results", {})),
), max_size=25)


@settings(max_examples=120, deadline=None)
@given(steps, st.sampled_from([2, 3, 4]), st.integers(0, 1000))
def test_any_swiss_sequence_keeps_a_valid_state_that_round_trips(script: list, size: int, seed: int) -> None:
    rng = random.Random(seed)
    t = new_tournament("ev-1", "Prop", table_size=size, now=T0)
    for kind, data in script:
        if kind in ("pair", "next_round"):
            p = next_pairing(t, rng)
            data = {"tables": [list(x) for x in p.tables], "byes": list(p.byes)}
        events = [ev("result", table=tb.number, vp={q: rng.randint(0, 14) for q in tb.players})
                  for tb in t.tables if tb.result is None] if kind == "results" else [ev(kind, **data)]
        for event in events:
            try:
                t = apply(t, event)
            except IllegalAction:
                continue
    assert from_json(to_json(t)) == t
    for rnd in t.rounds:
        assert len(set(rnd.seated) | set(rnd.byes)) == len(rnd.seated) + len(rnd.byes)


def test_exports_never_hand_a_spreadsheet_a_formula() -> None:
    """A player named like a formula shows as text in a spreadsheet (a ' first), in every CSV the judge writes."""
    names = ["=HYPERLINK(\"http://x\",\"win\")", "+1 Team", "-Bob", "@SUM(A1)", "Ann"]
    t = replay(new_tournament("ev-2", "Swiss", now=T0), [ev("register", player=p) for p in names])
    t = replay(t, [ev("pair", tables=[names[:2], names[2:4]], byes=[names[4]]), ev("start"),
                   ev("result", table=1, vp={names[0]: 9, names[1]: 4})])
    for text in (pairings_csv(t), standings_csv(t), results_csv(t)):
        cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
        assert not any(cell.startswith(("=", "+", "-", "@")) for cell in cells)
        assert "'=HYPERLINK(\"http://x\",\"win\")" in cells and "'-Bob" in cells
    assert "9" in [row["vp"] for row in csv.DictReader(io.StringIO(results_csv(t)))]  # numbers stay numbers
