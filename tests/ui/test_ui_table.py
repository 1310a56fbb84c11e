"""The table in a Flet session: the header's facts and its match-over prompt, tokens only where the system has
them, risky controls confirmed, rules lookup from a match, rebuilt screens keeping their controls."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.match.events import Event, apply
from companion.core.packs.load import get_pack
from companion.session.table.header import header

from builders import match, unit
from ui_flows_kit import add_unit, new_match_of, start

SKIRMISH = "heroclix-skirmish"


def victory(system: str) -> list[dict[str, object]]:
    return get_pack(system).entries("victory", "victory")


def with_units(state, *units):  # type: ignore[no-untyped-def]
    for u in units:
        state = apply(state, Event("add_unit", {"unit": u}))
    return state


@pytest.mark.parametrize(("players", "target"), [(2, 15), (3, 20), (4, 20)])
def test_skirmish_vp_target_follows_the_player_count(players: int, target: int) -> None:
    state = match(SKIRMISH, players=players)
    facts = header(state, victory(SKIRMISH))
    assert [s.target for s in facts.scores] == [target] * players and facts.over is None
    state = apply(state, Event("score", {"player": "p2", "kind": "vp", "delta": target - 1}))
    assert header(state, victory(SKIRMISH)).over is None
    state = apply(state, Event("score", {"player": "p2", "kind": "vp", "delta": 1}))
    over = header(state, victory(SKIRMISH)).over
    assert over is not None and over.winners == ("p2",) and f"(of {target})" in over.reason


def test_skirmish_last_force_standing_is_over_and_a_finished_match_asks_nothing() -> None:
    state = with_units(match(SKIRMISH), unit("u1", "p1", clicks=1), unit("u2", "p2", clicks=1))
    assert header(state, victory(SKIRMISH)).over is None
    state = apply(state, Event("damage", {"unit": "u2", "amount": 1}))
    over = header(state, victory(SKIRMISH)).over
    assert over is not None and over.winners == ("p1",) and "only player" in over.reason
    finished = apply(state, Event("end_match", {"winners": ["p1"]}))
    assert header(finished, victory(SKIRMISH)).over is None


def test_halo_header_counts_actions_and_kills_without_a_target() -> None:
    state = with_units(match(), unit("u1", "p1"), unit("u2", "p1"))
    state = apply(state, Event("token", {"unit": "u1", "kind": "action", "delta": 1}))
    facts = header(state, victory("halo-actionclix"))
    assert (facts.kind, facts.actions, facts.when) == ("kills", "Actions 1 of 3", "Turn 1 · Ann to play")
    assert all(s.target is None for s in facts.scores) and facts.over is None


@pytest.mark.asyncio
async def test_win_prompt_accept_shows_the_result_and_keep_playing_hides_it(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_match_of(h, SKIRMISH, "Ann", "Ben")
    session.dispatch(match_id, "score", {"player": "p1", "kind": "vp", "delta": 14})
    await h.click("player-p1-vp-plus")
    assert "Ann reached 15 VP (of 15)" in h.text_of("over-reason")
    assert "Ann 15 of 15 VP" in h.text_of("scores")
    await h.click("over-keep")
    assert not h.has("over-prompt") and session.state(match_id).status == "active"
    await h.click("player-p1-vp-plus")  # a new verdict (16 VP) asks again
    await h.click("over-accept")
    state = session.state(match_id)
    assert (state.status, state.winners) == ("finished", ("p1",))
    assert h.text_of("result-line") == "Winner: Ann"


@pytest.mark.asyncio
async def test_the_header_says_the_turn_and_whose_round_once(tmp_path: Path) -> None:
    """Skirmish: "Turn 1 · Ann's round 1 of 2" on its own (no "Round 1" beside it, no detail repeating it); End
    round passes the round on. Halo keeps "Turn 1 · Ann to play" with its actions counted beneath."""
    h, session = await start(tmp_path)
    await new_match_of(h, SKIRMISH, "Ann", "Ben")
    assert h.text_of("turn-line") == "Turn 1 · Ann's round 1 of 2" and not h.has("turn-detail")
    await h.click("end-round")
    await h.click("confirm-yes")
    assert h.text_of("turn-line") == "Turn 1 · Ben's round 1 of 2"
    h2, _ = await start(tmp_path / "halo")
    await new_match_of(h2, "halo-actionclix", "Ann", "Ben")
    assert (h2.text_of("turn-line"), h2.text_of("turn-detail")) == ("Turn 1 · Ann to play", "Actions 0 of 3")


@pytest.mark.asyncio
async def test_end_turn_and_removing_a_unit_ask_first(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    await add_unit(h, "Spartan", "8 10 17 3\n8 9 16 3")
    await h.click("end-turn")
    await h.click("confirm-no")
    assert session.state(match_id).turn == 1
    await h.click("unit-u1-open")
    await h.click("unit-remove")
    assert session.state(match_id).units  # not before the confirm
    await h.click("confirm-yes")
    assert not session.state(match_id).units


@pytest.mark.asyncio
async def test_cards_show_tokens_only_where_the_system_has_them(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    await add_unit(h, "Spartan", "8 10 17 3\n8 9 16 3")
    await h.click("unit-u1-action-plus")
    assert "1 Action token" in h.text_of("unit-u1-status")
    assert h.find("unit-u1-action-plus").disabled  # Halo: one action per unit per turn
    await h.click("unit-u1-open")
    assert {"unit-u1-action-value", "unit-u1-upgrade-value", "unit-u1-grenade-value"} <= set(h.key_list())
    h2, session2 = await start(tmp_path / "maze")
    await new_match_of(h2, "killer-of-the-maze", "Ann", "Ben")
    await add_unit(h2, "Marine", "3 2 4 8\n2 2 4 7")
    await h2.click("unit-u1-open")
    keys = set(h2.key_list())
    assert "unit-u1-action-value" in keys and "unit-u1-upgrade-value" not in keys  # Maze has no Halo tokens


@pytest.mark.asyncio
async def test_rules_lookup_from_a_match_puts_its_system_first(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)
    await new_match_of(h, "scarab", "Ann", "Ben")
    await h.click("open-rules")
    await h.type("rules-query", "line of fire")
    hits = [k for k in h.key_list() if k.startswith("hit-")]
    assert hits[0] == "hit-scarab-line-of-fire" and "hit-halo-actionclix-line-of-fire" in hits
    await h.type("rules-query", "KB")
    assert [k for k in h.key_list() if k.startswith("hit-")][0] == "hit-halo-actionclix-knockback"


@pytest.mark.asyncio
async def test_a_rebuilt_screen_keeps_the_shown_controls(tmp_path: Path) -> None:
    """Typing refreshes the dice screen; the field must stay the same control on the phone (same id), or it
    loses its focus and the next keys (the cause of the lost keystrokes)."""
    h, _ = await start(tmp_path)
    await h.click("home-dice")
    field = h.find("dice-expr")._i
    for text in ("7", "7d", "7d6", "7d6>=5"):
        await h.type("dice-expr", text)
        assert h.find("dice-expr")._i == field
    assert "at least" not in h.text_of("dice-odds") and h.text_of("dice-odds").startswith("0 to 7")


@pytest.mark.asyncio
async def test_the_rules_search_keeps_its_field_and_follows_every_key(tmp_path: Path) -> None:
    """The rules lookup is a component with a controlled field: each key redraws the results, never the field."""
    h, _ = await start(tmp_path)
    await h.click("home-rules")
    field = h.find("rules-query")._i
    assert h.has("rules-hint")
    for text in ("g", "gr", "gra", "granade"):
        await h.type("rules-query", text)
        assert h.find("rules-query")._i == field and h.find("rules-query").value == text
    assert "hit-halo-actionclix-grenades" in h.key_list()
    await h.type("rules-query", "zzzzqqq")
    assert h.has("rules-none")
