"""The table in three taps: attack from a unit card (card → target → Roll, the odds before, the result big, Done
back at the table), the unit's other actions one tap away, the active player's units first after End turn and
the other side folding away, and the action screen opened filled in (how the advisor's best move opens it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main

from builders import dial
from flet_harness import Harness


def halo_with_two_sides(root: Path) -> tuple[Session, str]:
    session = Session(MatchStore(root))
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    for n, (name, owner) in enumerate([("Sniper", "p1"), ("Spartan", "p1"), ("Grunt A", "p2"), ("Grunt B", "p2")]):
        session.dispatch(match.id, "add_unit", {"unit": {"id": f"u{n + 1}", "name": name, "points": 40,
                                                         "owner": owner, "dial": dial((8, 10, 17, 3), (8, 9, 16, 3))}})
    return session, match.id


def card_order(h: Harness) -> list[str]:
    return [k for k in h.key_list() if re.fullmatch(r"unit-u\d+", k)]


@pytest.mark.asyncio
async def test_attack_from_the_card_is_three_taps_and_done_returns_to_the_table(tmp_path: Path) -> None:
    session, match_id = halo_with_two_sides(tmp_path)
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{match_id}")
    assert h.find("unit-u1-act").tooltip == "Attack: Sniper"
    await h.click("unit-u1-act")  # tap 1
    assert h.has("param-target-u3") and h.find("param-target").value == "u3"  # the first target is chosen
    await h.choose("param-target", "u4")  # tap 2
    assert "Chance: " in h.text_of("action-odds") and "/" in h.text_of("action-odds")  # odds before the roll
    assert session.state(match_id).rolls == ()
    await h.click("action-resolve")  # tap 3: the result
    assert h.text_of("roll-word") in ("HIT", "MISS")
    state = session.state(match_id)
    assert state.rolls and state.unit("u1").tokens.action == 1
    await h.click("roll-done")
    assert h.top.route == f"/match/{match_id}"  # back at the table
    assert not h.has("unit-u1-act")  # the Sniper has acted: its card has no second action


@pytest.mark.asyncio
async def test_the_units_other_actions_are_one_tap_away(tmp_path: Path) -> None:
    session, match_id = halo_with_two_sides(tmp_path)
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{match_id}")
    await h.click("unit-u2-act")
    assert h.has("switch-attack") and h.has("switch-move-and-attack")  # as the game lists them for the Spartan
    await h.click("switch-move-and-attack")
    assert h.text_of("action-title") == "Spartan: Move and attack"
    await h.choose("param-target", "u4")
    await h.click("action-resolve")
    assert session.log(match_id)[-1].data["label"].startswith("Spartan")


@pytest.mark.asyncio
async def test_after_end_turn_the_active_players_units_come_first_and_the_others_fold(tmp_path: Path) -> None:
    session, match_id = halo_with_two_sides(tmp_path)
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{match_id}")
    assert card_order(h) == ["unit-u1", "unit-u2", "unit-u3", "unit-u4"]
    await h.click("end-turn")
    await h.click("confirm-yes")
    assert "Ben to play" in h.text_of("turn-line")
    assert card_order(h) == ["unit-u3", "unit-u4", "unit-u1", "unit-u2"]  # Ben's first
    assert h.find("fold-p1").content == "Ann's 2 units" and not h.has("fold-p2")
    await h.click("fold-p1")
    assert card_order(h) == ["unit-u3", "unit-u4"] and h.find("fold-p1").content == "Ann's 2 units (folded)"
    await h.click("fold-p1")
    assert card_order(h) == ["unit-u3", "unit-u4", "unit-u1", "unit-u2"]


@pytest.mark.asyncio
async def test_the_action_screen_opens_filled_in_from_a_route(tmp_path: Path) -> None:
    session, match_id = halo_with_two_sides(tmp_path)
    h = await Harness.start(lambda page: main(page, session))
    h.page.on_route_change(type("E", (), {"route": f"/match/{match_id}/action/attack/u2?target=u4&modifier=1"})())
    await h._settle()
    assert h.text_of("action-title") == "Spartan: Attack"
    assert h.find("param-target").value == "u4" and h.find("param-modifier").value == "1"
    h.page.on_route_change(type("E", (), {"route": f"/match/{match_id}/action/attack/u2?target=nobody"})())
    await h._settle()
    assert h.find("param-target").value == "u3"  # not one of its targets: the usual first one
    await h.click("action-resolve")
    await h.click("roll-done")
    assert h.top.route == f"/match/{match_id}"


@pytest.mark.asyncio
async def test_a_tap_redraws_only_the_parts_of_the_card_it_changed(tmp_path: Path) -> None:
    """A card's parts are kept while what they show holds (ui/match/unit_card.py): the damage applied changes its
    click and its stats, not its Details button or another card; a preview closed and opened again is whole."""
    session, match_id = halo_with_two_sides(tmp_path)
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{match_id}")
    details, other = h.find("unit-u2-open"), h.find("unit-u1-status")
    await h.click("unit-u2-damage")
    await h.click("unit-u2-cancel")
    assert not h.has("unit-u2-preview")
    await h.click("unit-u2-damage")  # the same preview again: drawn anew, its buttons working
    assert h.text_of("unit-u2-preview-amount") == "Damage 1"
    await h.click("unit-u2-apply")
    assert session.state(match_id).unit("u2").click == 1
    assert "click 2 of 2" in h.text_of("unit-u2-status") and h.text_of("unit-u2-stats").endswith("DEF 16 · DMG 3")
    assert not h.has("unit-u2-preview") and not h.find("unit-u2-heal").disabled
    assert h.find("unit-u2-open") is details and h.find("unit-u1-status") is other  # not drawn again
    await h.click("undo")
    assert "click 1 of 2" in h.text_of("unit-u2-status") and h.find("unit-u2-heal").disabled
