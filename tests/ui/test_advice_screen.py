"""Best moves in a real Flet session (issue 28): the route opens the ranked list with its figures; the ranking key
switches; a struck target leaves the list for the turn; a row's working opens in words; "Take it" opens the
action screen with the unit and the target filled in and the odds shown, and Roll stores the step."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.advice import ScriptedDice
from companion.session import Session
from companion.session.play.helper import Action
from companion.store.matches import MatchStore
from companion.ui.app import main

from armageddon_challenges_kit import card
from builders import unit
from flet_harness import Harness, drawn


async def launch(session: Session, route: str) -> Harness:
    async def app(page):  # type: ignore[no-untyped-def]
        page.route = route
        await main(page, session)

    return await Harness.start(app)


def halo(session: Session) -> str:
    m = session.new_match("halo-actionclix", ["Ann", "Ben"])
    for u in (unit("a0", "p1"), unit("a1", "p1", clicks=2), unit("b0", "p2", clicks=1), unit("b1", "p2")):
        session.dispatch(m.id, "add_unit", {"unit": u})
    return m.id


@pytest.mark.asyncio
async def test_best_moves_ranks_switches_strikes_and_takes_a_move_to_its_roll(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    mid = halo(session)
    h = await launch(session, f"/match/{mid}/advice")
    assert h.top.route == f"/match/{mid}/advice"
    # b0 has one click left: knocking it out is worth a kill, so attacks on it come first by points
    assert h.text_of("advice-title-0") == "1. Unit a0: Attack Unit b0"
    assert h.text_of("advice-line-0").startswith("hit 72% · damage 0.72 · KO 72% · 0.72 kills")
    why = "\n".join(h.texts())
    assert "Expected kills = 25/36 x 1 + 5/18 x 0 + 1/36 x 1 = 13/18 (0.72)" in why

    await h.click("advice-by-damage")  # two clicks on b1 beat the one b0 has left
    assert h.text_of("advice-title-0") == "1. Unit a0: Attack Unit b1"
    assert h.text_of("advice-line-0").startswith("hit 72% · damage 1.44 · KO 0%")

    await h.click("advice-strike-0")  # no line of fire to b1 this turn
    assert "Unit b1" in h.text_of("advice-struck")
    assert all("Unit b1" not in t for t in h.texts() if t.startswith(("1.", "2.", "3.", "4.")))
    assert session.advise(mid, "damage", ["b1"]).moves[0].title == "Unit a0: Attack Unit b0"

    assert h.find("advice-take-0").icon is None  # it rolls nothing: no dice on it
    await h.click("advice-take-0")  # the action screen, filled in, odds before the roll
    assert h.text_of("action-title") == "Unit a0: Attack"
    assert h.text_of("action-odds").startswith("Chance: attack 10 vs defense 16: needs 6+ on 2d6, 13/18")
    await h.click("action-resolve")
    log = session.state(mid)
    assert [r.expr for r in log.rolls] == ["2d6"]
    assert log.unit("a0").tokens.action == 1  # the step stored is the attack the row advised


@pytest.mark.asyncio
async def test_a_new_turn_brings_struck_targets_back_and_a_finished_match_says_so(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    mid = halo(session)
    h = await launch(session, f"/match/{mid}/advice")
    await h.click("advice-strike-0")
    assert h.has("advice-struck")
    session.dispatch(mid, "end_turn")
    await h.click("advice-by-ko")
    assert not h.has("advice-struck")
    assert h.text_of("advice-title-0").startswith("1. Unit b")
    session.dispatch(mid, "end_match", {"winners": ["p1"]})
    await h.click("advice-by-points")
    assert h.text_of("advice-note") == "the match is over"


@pytest.mark.asyncio
async def test_what_is_struck_follows_undo_and_redo_within_the_turn(tmp_path: Path) -> None:
    """A target struck after an attack belongs to the match as it was then: an undo that takes the attack back
    (the same turn, the same player) brings the target back; a redo of the attack strikes it again. A target
    struck before the attack stays struck through the undo: what it was struck at is still in effect."""
    session = Session(MatchStore(tmp_path / "data"))
    mid = halo(session)
    h = await launch(session, f"/match/{mid}/advice")
    assert h.text_of("advice-title-0") == "1. Unit a0: Attack Unit b0"
    await h.click("advice-strike-0")  # no line of fire to b0, whatever happens this turn
    session.act(mid, Action("attack", "a0", {"target": "b1"}), rng=ScriptedDice((1, 1)))  # a miss
    await drawn()
    assert h.text_of("advice-title-0") == "1. Unit a1: Attack Unit b1"
    await h.click("advice-strike-0")  # b1 attacked already: struck out after the attack
    assert h.text_of("advice-struck") == "Left out this turn: Unit b0, Unit b1"
    session.undo(mid)  # the attack taken back, in the same turn: b1 is no longer struck out
    await drawn()
    assert (session.state(mid).turn, session.state(mid).active) == (1, 0)
    assert h.text_of("advice-struck") == "Left out this turn: Unit b0"
    assert h.text_of("advice-title-0") == "1. Unit a0: Attack Unit b1"
    session.redo(mid)  # the attack again: b1 struck out again, as it was
    await drawn()
    assert h.text_of("advice-struck") == "Left out this turn: Unit b0, Unit b1"
    session.undo(mid)
    session.dispatch(mid, "token", {"unit": "a1", "kind": "action", "delta": 1})  # a new step: no redo now
    await drawn()
    assert h.text_of("advice-struck") == "Left out this turn: Unit b0"


@pytest.mark.asyncio
async def test_the_defenders_prerogative_weighs_the_fate_reroll_against_accepting(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    mid = session.new_match("armageddon-empires", ["Ann", "Ben"]).id
    for c in (card("kade", "Kade", "p1", {"pool": 3, "fate": 1, "wound-points": 3}, "assassin"),
              card("vex", "Lord Vex", "p2", {"fate": 2, "wound-points": 3})):
        session.dispatch(mid, "add_unit", {"unit": c})
    # Kade's three dice all succeed, Lord Vex's two fail: 3 to 0, and Vex may accept now or reroll with Fate
    session.act(mid, Action("assassinate", "kade", {"target": "vex"}), rng=ScriptedDice((4, 4, 4, 1, 1)))
    h = await launch(session, f"/match/{mid}/advice")
    titles = {h.text_of(f"advice-title-{i}")[3:]: i for i in range(2)}
    assert set(titles) == {"Lord Vex: Reroll with Fate", "Lord Vex: Accept now (Defender's Prerogative)"}
    # accepting now costs all 3 wounds; a reroll of the two failed dice leaves less harm unless both fail again
    assert "beats accepting 0.75" in h.text_of(f"advice-line-{titles['Lord Vex: Reroll with Fate']}")
    assert h.text_of("advice-title-0") == "1. Lord Vex: Reroll with Fate"
    assert not h.has("advice-strike-0")  # nothing to strike out in a challenge


@pytest.mark.asyncio
async def test_a_change_from_another_phone_redraws_the_list_and_the_title_without_a_tap(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    mid = halo(session)
    h = await launch(session, f"/match/{mid}/advice")
    assert h.text_of("advice-title-0") == "1. Unit a0: Attack Unit b0"
    assert h.text_of("appbar-title") == "Ann: best moves"
    other = Session(MatchStore(tmp_path / "data"))  # another phone (or the CLI) on the same data folder
    other.dispatch(mid, "damage", {"unit": "b0", "amount": 1})  # b0's last click: knocked out
    session.feed.changed(None)  # what the app hears when anything looks again (a hosted table's tick)
    await drawn()
    titles = [t for t in h.texts() if t[:1].isdigit()]
    assert titles and all("Unit b0" not in t for t in titles)
    assert h.text_of("advice-title-0") == "1. Unit a0: Attack Unit b1"
    other.dispatch(mid, "end_turn")  # Ben to play: his units' moves, and the title says so
    session.feed.changed(None)
    await drawn()
    assert h.text_of("appbar-title") == "Ben: best moves"
    assert h.text_of("advice-title-0").startswith("1. Unit b")


@pytest.mark.asyncio
async def test_a_row_further_down_writes_its_working_when_its_why_opens(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    mid = halo(session)
    h = await launch(session, f"/match/{mid}/advice")
    assert h.has("advice-why-3") and h.find("advice-why-3").controls == []  # not written before it is asked for
    await h.event("advice-why-3", "change", True)
    move = session.advise(mid, "points", []).moves[3]
    assert h.find("advice-why-3").expanded
    assert [c.value for c in h.find("advice-why-3").controls] == move.working()
    await h.click("advice-by-ko")
    await h.click("advice-by-points")  # drawn again: the same move's row stays open and written
    assert h.find("advice-why-3").expanded and len(h.find("advice-why-3").controls) == len(move.working())


@pytest.mark.asyncio
async def test_the_double_six_advice_says_where_the_card_is_switched_on_and_that_place_holds_it(
        tmp_path: Path) -> None:
    """A newcomer reads in a row's working that two 6s count without the card's splash, and where to switch it
    on: following those words (Take it, then More options) reaches the switch the words name."""
    session = Session(MatchStore(tmp_path / "data"))
    mid = halo(session)
    h = await launch(session, f"/match/{mid}/advice")
    label = "Card: two 6s also deal 1 damage to every enemy next to the target"
    said = f"Assumed: {label}: no; to change it, tap Take it, then More options"
    assert said in h.texts()  # the first row's working, open at once
    await h.click("advice-take-0")
    assert not h.has("param-splash")  # folded away until asked for
    await h.click("more-options")
    assert h.find("param-splash").value is False
    assert label in h.texts()  # the switch's own words, as the advice quoted them


@pytest.mark.asyncio
async def test_an_empires_challenge_ranks_by_the_chance_to_kill_on_the_switch(tmp_path: Path) -> None:
    # issue 40: the keys read 0 for every challenge; now they count the card across it once both sides accept
    session = Session(MatchStore(tmp_path / "data"))
    mid = session.new_match("armageddon-empires", ["Ann", "Ben"]).id
    for c in (card("kade", "Kade", "p1", {"pool": 2, "fate": 1, "wound-points": 3}, "assassin", "master-assassin"),
              card("mira", "Mira", "p1", {"fate": 1, "wound-points": 2}, "saboteur:2", "master-saboteur"),
              card("vex", "Lord Vex", "p2", {"fate": 1, "wound-points": 1}),
              card("foundry", "Foundry", "p2", {"defense": 0, "structure": 9})):
        session.dispatch(mid, "add_unit", {"unit": c})
    h = await launch(session, f"/match/{mid}/advice")
    # by points, the Foundry's 1 damage on average beats Lord Vex's 5/8 of a wound
    assert h.text_of("advice-title-0") == "1. Mira: Sabotage a facility Foundry"
    await h.click("advice-by-ko")  # Lord Vex dies half the time; 9 structure never falls to 2 dice
    assert h.text_of("advice-title-0") == "1. Kade: Assassinate a hero Lord Vex"
    assert h.text_of("advice-line-0").startswith("damage 0.62 · KO 50%")
    assert "KO 0%" in h.text_of("advice-line-1")
