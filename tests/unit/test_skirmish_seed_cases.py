"""HeroClix Skirmish against seed 003, one regression test per audited case (issue 33 cases 15-17 and issue 32's
first-round reduction text): the build total is 200 or 300 points with one round per 100, objects and bystanders
are counted apart from characters in the force rules, the win check reads every path that KOs a piece, and a
result says what its events do."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from companion.core.errors import IllegalAction
from companion.core.match.creation import new_match
from companion.core.match.events import Event, replay
from companion.core.match.force_check import check_force, snake_order, starting_squares
from companion.core.packs.load import get_pack
from companion.rules.advice import ScriptedDice
from companion.session import Session
from companion.store.matches import MatchStore

from builders import match, unit
from skirmish_rules_kit import play, skirmish
from ui_flows_kit import start

PACK = get_pack("heroclix-skirmish")


def findings(state, player: str) -> dict[str, object]:  # type: ignore[no-untyped-def]
    return {f.rule: f for f in check_force(PACK, state, player)}


@pytest.mark.parametrize("rounds", [1, 4, 10])
def test_case_15_no_match_plays_rounds_no_build_total_gives(rounds: int) -> None:
    with pytest.raises(IllegalAction, match=f"200 or 300-point build: 2 or 3 rounds per turn, not {rounds}"):
        match("heroclix-skirmish", rounds_per_turn=rounds)
    with pytest.raises(IllegalAction, match=f"200 or 300 points, not {rounds * 100}"):
        new_match(PACK, ["Ann", "Ben"], match_id="m", now=0.0, build_total=rounds * 100)


def test_case_15_the_build_total_sets_the_rounds() -> None:
    for total in (200, 300):
        state = new_match(PACK, ["Ann", "Ben"], match_id="m", now=0.0, build_total=total)
        assert state.rules.rounds_per_turn == total // 100
    with pytest.raises(IllegalAction, match="300-point build plays 3 rounds per turn, not 2"):
        new_match(PACK, ["Ann", "Ben"], match_id="m", now=0.0, build_total=300, rounds_per_turn=2)
    with pytest.raises(IllegalAction, match="has no build total"):
        new_match(get_pack("halo-actionclix"), ["Ann", "Ben"], match_id="m", now=0.0, build_total=200)


def test_case_15_a_400_point_force_fails_the_force_check_of_a_400_point_match() -> None:
    state = skirmish(*(unit(f"c{i}", "p1", points=100) for i in range(4)))
    bad = replace(state, rules=replace(state.rules, rounds_per_turn=4))  # stored before the check, or hand-made
    found = findings(bad, "p1")["build-total"]
    assert found.ok is False and "plays a 400-point build, not 200 or 300" in found.text


def test_case_15_match_new_from_the_command_line_takes_a_build_total(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "store"))
    assert session.new_match("heroclix-skirmish", ["Ann", "Ben"], build_total=300).rules.rounds_per_turn == 3
    with pytest.raises(IllegalAction):
        session.new_match("heroclix-skirmish", ["Ann", "Ben"], rounds_per_turn=4)
    assert session.list_matches()[0].players == ("Ann", "Ben") and len(session.list_matches()) == 1


@pytest.mark.asyncio
async def test_case_15_the_new_match_screen_offers_the_packs_build_totals(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    await h.click("new-match")
    await h.choose("system", "heroclix-skirmish")
    assert [s.value for s in h.find("build-total").segments] == ["200", "300"]
    build = h.find("build-total")
    build.selected = ["300"]
    await h.event("build-total", "change", ["300"])
    assert "3 rounds per turn" in " ".join(h.texts())
    await h.type("player-0", "Ann")
    await h.type("player-1", "Ben")
    await h.click("create-match")
    match_id = h.top.route.removeprefix("/match/")
    assert session.state(match_id).rules.rounds_per_turn == 3


def test_case_16_objects_and_bystanders_are_not_characters_in_the_force_rules() -> None:
    two_and_an_object = skirmish(unit("a", "p1"), unit("b", "p1"), unit("o", "p1", points=10, ref="object:crate"))
    found = findings(two_and_an_object, "p1")["min-characters"]
    assert found.ok is False and "has 2 characters (not counting 1 object)" in found.text
    four_and_two = skirmish(*(unit(f"c{i}", "p1", points=10) for i in range(4)),
                            unit("o1", "p1", points=5, ref="object"), unit("o2", "p1", points=5, ref="object:bin"),
                            players=3)
    found = findings(four_and_two, "p1")["max-characters-multiplayer"]
    assert found.ok is True and "has 4 characters (not counting 2 objects)" in found.text
    with_bystander = skirmish(unit("a", "p1"), unit("b", "p1"), unit("y", "p1", points=0, ref="bystander"))
    assert findings(with_bystander, "p1")["min-characters"].ok is False


@pytest.fixture
def last_piece():  # type: ignore[no-untyped-def]
    """Ann: Cap; Ben: only a 10-point bystander left (Hulk KO'd earlier)."""
    state = skirmish(unit("cap", "p1"), unit("hulk", "p2", clicks=1),
                     unit("agent", "p2", clicks=1, points=10, ref="bystander"))
    return replay(state, [Event("damage", {"unit": "hulk", "amount": 1})])


def test_case_17_a_last_bystander_kod_with_the_button_wins_the_match(last_piece) -> None:  # type: ignore[no-untyped-def]
    state, res = play(last_piece, "score-element", what="bystander", element="agent")
    assert state.status == "finished" and state.winners == ("p1",) and state.player("p1").vp == 1
    assert "Ann is the only player with a character left and wins." in res.details


def test_case_17_the_same_bystander_kod_by_damage_wins_the_same_way(last_piece) -> None:  # type: ignore[no-untyped-def]
    state, res = play(last_piece, "deal-damage", target="agent", clicks=1)
    assert state.status == "finished" and state.winners == ("p1",)


def test_issue_32_the_reduced_damage_text_says_what_the_events_do() -> None:
    table = skirmish(unit("cap", "p1"), unit("c0", "p2", name="C0"))
    state, res = play(table, "deal-damage", target="c0", clicks=3, reduce=True)
    damage = next(e for e in res.events if e.type == "damage")
    assert damage.data["amount"] == 1 and state.unit("c0").click == 1
    assert res.summary == "C0 takes 1 click of damage"
    assert "C0 takes 1 click of damage." in res.details and state.player("p1").vp == 1
    state, res = play(table, "deal-damage", target="c0", clicks=2, reduce=True)
    assert res.summary == "C0 takes no damage" and "damage" not in [e.type for e in res.events]


def test_issue_40_objects_get_no_starting_square_and_no_turn_in_the_snake_draft() -> None:
    """"Each player rolls 2d10 ... for each character on their force"; objects are put down before, on squares
    without a marker. A bystander is a character: it gets its square."""
    state = skirmish(unit("cap", "p1"), unit("crate", "p1", ref="object", points=5), unit("kid", "p1", ref="bystander"),
                     unit("hulk", "p2"))
    rolls = starting_squares(state, lambda i: ScriptedDice((i % 10, (3 * i) % 10)), 0)
    assert [r.unit for r in rolls] == ["cap", "kid", "hulk"]
    assert snake_order(state) == ["p1", "p2", "p1"]
