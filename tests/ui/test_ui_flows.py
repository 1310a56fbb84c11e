"""The player app driven through real Flet sessions (no Flutter client): what a player taps, what they see,
and that the stored match agrees."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main

from flet_harness import Harness
from ui_flows_kit import add_unit, new_halo_match, start


@pytest.mark.asyncio
async def test_new_match_take_actions_undo_end_turn(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    assert h.has("no-matches")
    match_id = await new_halo_match(h)
    await add_unit(h, "Spartan", "8 10 17 3\n8 9 16 3\n7 9 15 2")
    await add_unit(h, "Elite", "7 11 17 3\n7 10 16 2", owner_index=1)
    match = session.state(match_id)
    spartan = next(u for u in match.units if u.name == "Spartan")
    # damage with a preview before it commits
    await h.click(f"unit-{spartan.id}-damage")
    await h.click(f"unit-{spartan.id}-preview-plus")
    assert h.text_of(f"unit-{spartan.id}-preview-text") == "Lands on click 3: SPD 7 · ATT 9 · DEF 15 · DMG 2"
    assert session.state(match_id).unit(spartan.id).click == 0  # nothing applied yet
    await h.click(f"unit-{spartan.id}-apply")
    assert session.state(match_id).unit(spartan.id).click == 2
    assert "click 3 of 3" in h.text_of(f"unit-{spartan.id}-status")
    # the card's action: the game's attack, one tap away (its screen: target, odds, roll); once the Spartan has
    # acted, its card gives no second action (Halo: one action per unit per turn)
    assert h.find(f"unit-{spartan.id}-act").tooltip == "Attack: Spartan"
    await h.click(f"unit-{spartan.id}-act")
    await h.click("action-resolve")
    await h.click("roll-done")
    assert session.state(match_id).unit(spartan.id).tokens.action == 1
    assert not h.has(f"unit-{spartan.id}-act") and h.find(f"unit-{spartan.id}-action-plus").disabled
    kills = session.state(match_id).player("p1").kills  # 1 when the attack's roll KO'd the Elite
    await h.click("player-p1-kills-plus")
    assert h.text_of("player-p1-kills-value") == f"Kills {kills + 1}"
    # undo the kill, then end the turn (with confirmation)
    await h.click("undo")
    assert session.state(match_id).player("p1").kills == kills
    assert h.text_of("player-p1-kills-value") == f"Kills {kills}"
    await h.click("end-turn")
    await h.click("confirm-yes")
    assert h.text_of("turn-line").startswith("Turn 2 · Ben to play")
    # the stored match (a fresh session over the same files) agrees with the screen
    stored = Session(MatchStore(tmp_path / "store")).state(match_id)
    assert stored == session.state(match_id)
    assert (stored.turn, stored.active_player.name) == (2, "Ben")
    assert stored.unit(spartan.id).tokens.action == 0  # Halo: every unit may act again next turn


@pytest.mark.asyncio
async def test_refusals_show_why_and_change_nothing(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    await h.click("new-match")
    await h.type("player-0", "Ann")
    await h.click("create-match")  # second name missing
    assert "every player needs a name" in h.text_of("toast")
    assert session.list_matches() == []
    await h.type("player-1", "Ben")
    await h.click("create-match")
    match_id = h.top.route.removeprefix("/match/")
    await h.click("add-unit")
    await h.click("dial-typed")  # the typed-line form
    await h.type("unit-dial", "8 10 17")
    assert "line 1: expected 4 numbers" in h.text_of("dial-preview")
    await h.type("unit-name", "Grunt")
    await h.type("unit-points", "10")
    await h.click("save-unit")
    assert "expected 4 numbers" in h.text_of("toast")
    assert session.state(match_id).units == ()


@pytest.mark.asyncio
async def test_resume_from_home_and_log(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_halo_match(h)
    await add_unit(h, "Spartan", "8 10 17 3\n8 9 16 3")
    await h.click("player-p2-kills-plus")
    h.top.route  # noqa: B018 - still on the table
    await h.click("open-log")
    assert any("Ben: +1 kill" in t for t in h.texts())
    assert any("Spartan joins (50 points)" in t for t in h.texts())
    # a fresh app on the same store lists the match and resumes it
    h2 = await Harness.start(lambda page: main(page, Session(MatchStore(tmp_path / "store"))))
    await h2.click(f"match-{match_id}")
    assert h2.text_of("player-p2-kills-value") == "Kills 1"


@pytest.mark.asyncio
async def test_end_of_match_result_and_points_over_turns(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_halo_match(h)
    await h.click("player-p2-kills-plus")
    await h.click("end-turn")
    await h.click("confirm-yes")
    await h.click("player-p2-kills-plus")
    await h.click("end-match")
    assert h.find("winner").value == "p2"  # the leader on kills is suggested
    await h.click("end-match-confirm")
    assert h.text_of("result-line") == "Winner: Ben"
    chart = h.find("points-chart")  # one line per player, a point per turn: turn 1 ended, turn 2 now
    assert [[(pt.x, pt.y) for pt in line.points] for line in chart.data_series] == [[(1, 0), (2, 0)], [(1, 1), (2, 2)]]
    assert chart.left_axis.title.value == "Kills" and chart.bottom_axis.title.value == "Turn"
    assert session.state(match_id).status == "finished"
    await h.click("reopen")
    assert session.state(match_id).status == "active" and h.has("end-turn")


@pytest.mark.asyncio
async def test_theme_choice_is_remembered_on_the_device(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    assert h.page.theme_mode == ft.ThemeMode.DARK  # game stores are dim: dark by default
    await h.click("toggle-theme")
    assert h.page.theme_mode == ft.ThemeMode.LIGHT and h.conn.prefs == {"companion.theme": "light"}
    again = await Harness.start(lambda page: main(page, session), prefs=h.conn.prefs)
    assert again.page.theme_mode == ft.ThemeMode.LIGHT


@pytest.mark.asyncio
async def test_the_systems_own_counters_are_tappable(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_halo_match(h)
    # said for the player, in one sentence (the pack's words), the count in proper singular and plural
    assert h.text_of("player-p1-counter-captured-spawn-points-value") == "Ann: 0 spawn points captured"
    await h.click("player-p1-counter-captured-spawn-points-plus")
    assert h.text_of("player-p1-counter-captured-spawn-points-value") == "Ann: 1 spawn point captured"
    await h.click("player-p1-counter-captured-spawn-points-plus")
    assert session.state(match_id).player("p1").counters == {"captured-spawn-points": 2}
    # the rules helper knows: with both spawn points captured, a unit in reserve can't respawn
    await add_unit(h, "Spartan", "8 10 17 3\n8 9 16 3")
    await h.click("unit-u1-open")
    await h.click("unit-location")  # to the reserve
    h = await Harness.start(lambda page: main(page, session))  # reopen the match from home
    await h.click(f"match-{match_id}")
    await h.click("open-helper")
    assert "captured" in h.text_of("why-respawn")
