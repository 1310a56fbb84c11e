"""Judge mode's New event picks the game (issue 42 §2), on a real Flet session: every game the app knows, a build
total asked only where the game's pack has them (Skirmish 200 / 300, none for Halo), the table sizes the pack
plays at, and Battle Royale placement offered for pods."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session.judging.service import Judging

from flet_harness import Harness
from ui_flows_kit import start


async def segment(h: Harness, key: str, value: str) -> None:
    """Tap one segment of a SegmentedButton as the client does: the selection patched, then its change."""
    h.session.apply_patch(h.find(key)._i, {"selected": [value]})
    await h.event(key, "change", [value])


@pytest.mark.asyncio
async def test_a_halo_event_asks_no_build_and_a_skirmish_one_200_or_300(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)
    await h.click("home-judge")
    for game in ("halo-actionclix", "heroclix-skirmish", "killer-of-the-maze", "scarab", "armageddon-empires"):
        assert h.has(f"event-game-{game}")  # every game the app knows, by its pack's name
    assert "Halo ActionClix" in h.texts() and "HeroClix Skirmish" in h.texts()
    # Skirmish first, as every event was: its two build totals, 300 unless the judge picks 200
    assert h.find("event-game").value == "heroclix-skirmish"
    assert [s.value for s in h.find("event-build").segments] == ["200", "300"]
    assert h.find("event-build").selected == ["300"]
    await segment(h, "event-build", "200")
    await h.type("event-name", "Friday Skirmish")
    await h.click("event-create")
    assert h.text_of("event-title") == "Friday Skirmish · HeroClix Skirmish 200 · round 1"

    await h.back()  # the console took New event's place: back is home
    await h.click("home-judge")
    assert "HeroClix Skirmish 200 · 0 tables · 30 min rounds" in h.texts()  # the list names the game too
    await h.choose("event-game", "halo-actionclix")
    assert not h.has("event-build")  # Halo has no build total to pick
    assert [s.value for s in h.find("event-table-size").segments] == ["2", "3", "4"]
    assert not h.has("event-battle-royale")  # pairs: no placement
    await segment(h, "event-table-size", "4")
    assert h.has("event-battle-royale")  # pods: Battle Royale placement offered
    await h.choose("event-battle-royale", True)
    await h.type("event-name", "Halo pods")
    await h.type("event-players", "Ann\nBen\nCat\nDan")
    await h.click("event-create")
    assert h.text_of("event-title").startswith("Halo pods · Halo ActionClix · ")

    judging = Judging(tmp_path / "store")
    made = {t.name: t for t in (judging.state(i) for i in judging.ids())}
    skirmish, halo = made["Friday Skirmish"], made["Halo pods"]
    assert (skirmish.game, skirmish.build) == ("heroclix-skirmish", 200)
    assert (halo.game, halo.build, halo.table_size, halo.placement) == ("halo-actionclix", None, 4, (6, 4, 2, 1))
    assert [len(tb.players) for tb in halo.tables] == [4]


@pytest.mark.asyncio
async def test_a_two_player_game_offers_no_pods(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)
    await h.click("home-judge")
    await segment(h, "event-table-size", "3")  # Skirmish pods of 3 chosen, then a game played by 2 only
    await h.choose("event-game", "killer-of-the-maze")
    assert not h.has("event-table-size") and not h.has("event-battle-royale") and not h.has("event-build")
    await h.type("event-name", "Maze night")
    await h.type("event-players", "Ann\nBen\nCat")
    await h.click("event-create")
    judging = Judging(tmp_path / "store")
    t = judging.state(judging.ids()[0])
    assert (t.game, t.table_size, t.build) == ("killer-of-the-maze", 2, None) and len(t.current.byes) == 1
