"""The judge's screen in `judge serve` through real Flet sessions without a browser (companion.ui.judge.headless).

The clock is injected; the shared tick is driven by hand (`hub.step()`), so every assertion is exact. Who may
write is the server's judge access (session.access): a connection that brought a valid judge cookie.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import flet as ft
import pytest

from companion.core.match.events import Event
from companion.session.access import Access
from companion.session.judging.service import Judging
from companion.ui.judge.live import NOT_JUDGE, LiveHub, NotJudge

import flet_harness as h
import judge_ui_kit
from judge_ui_kit import Clock, Room, settle

pytestmark = pytest.mark.asyncio
# the shared fixtures (judge_ui_kit), bound here so pytest finds them for this module
access, clock, hub = judge_ui_kit.access, judge_ui_kit.clock, judge_ui_kit.hub
room, store = judge_ui_kit.room, judge_ui_kit.store


async def test_judge_starts_all_and_every_judge_screen_follows(room: Room, clock: Clock) -> None:
    judge, _ = await room.open()
    second, _ = await room.open()  # a second judge device
    await h.click(judge, h.find(judge.page, "start-all"))
    await settle()
    assert "Table 2 · running" in h.texts(second.page)
    clock.now += 61.5
    await room.tick()
    assert [h.find(second.page, f"clock-{n}").value for n in (1, 2, 3)] == ["28:59"] * 3


async def test_only_changed_clocks_are_sent(room: Room, clock: Clock) -> None:
    judge, conn = await room.open()
    await h.click(judge, h.find(judge.page, "start-all"))
    await h.click(judge, h.find(judge.page, "pause-2"))
    await settle()
    clock.now += 1
    sent = len(conn.messages)
    await room.tick()
    patches = conn.patches()[-(len(conn.messages) - sent):]
    assert len(patches) == 2  # tables 1 and 3 ran; table 2 is paused and its text did not change
    # each is one clock's component redrawn, and the one value it sends is the new second
    assert all([op[2:] for op in p["patch"][1:]] == [["value", "29:59"]] for p in patches)
    clock.now += 0.3
    sent = len(conn.messages)
    await room.tick()
    assert len(conn.messages) == sent  # the same second: nothing sent


async def test_extend_and_result_from_the_judge_screen(room: Room, hub: LiveHub, clock: Clock) -> None:
    judge, _ = await room.open()
    await h.click(judge, h.find(judge.page, "start-all"))
    await h.click(judge, h.find(judge.page, "extend-1"))
    await h.type_into(judge, h.find(judge.page, "extend-minutes-1"), "3")
    await h.click(judge, h.find(judge.page, "extend-add-1"))  # no reason yet: refused, said on screen
    assert "say why" in h.find(judge.page, "message").value
    await h.type_into(judge, h.find(judge.page, "extend-reason-1"), "judge call")
    await h.click(judge, h.find(judge.page, "extend-add-1"))
    await settle()
    assert h.find(judge.page, "message").value == ""
    assert h.find(judge.page, "clock-1").value == "33:00"
    assert hub.state.table(1).extensions[0].reason == "judge call"
    clock.now += 1900
    await h.click(judge, h.find(judge.page, "result-1"))
    for wrong in ("²", "٣", "1000"):  # refused beside Save and under the field, with the player's page's range
        await h.type_into(judge, h.find(judge.page, "vp-1-0"), wrong)
        await h.click(judge, h.find(judge.page, "result-save-1"))
        await settle()
        assert h.find(judge.page, "result-wrong-1").value == (
            "Ann's VP: type a whole number from 0 to 999 in the digits 0-9.")
        assert h.find(judge.page, "vp-1-0").error == "0 to 999"
        assert h.find(judge.page, "message").value == "" and not h.find(judge.page, "saved-1").visible
    assert hub.state.table(1).result is None
    await h.type_into(judge, h.find(judge.page, "vp-1-0"), "12")
    await h.type_into(judge, h.find(judge.page, "vp-1-1"), "12")
    await h.click(judge, h.find(judge.page, "result-save-1"))
    await settle()
    assert not h.find(judge.page, "result-wrong-1").visible and h.find(judge.page, "vp-1-0").error is None
    # 31:40 played of a 33-minute clock: the players stopped early, so the VP decided it, not "time called"
    assert h.find(judge.page, "outcome-1").value == "Tie: Ann and Ben (most VP) · Ann 12, Ben 12 · set by the judge"
    # saved: the editor closes and says so; opened again it shows the result as it stands
    assert h.find(judge.page, "saved-1").visible and not h.find(judge.page, "result-panel-1").visible
    await h.click(judge, h.find(judge.page, "result-1"))
    assert h.find(judge.page, "result-panel-1").visible and not h.find(judge.page, "saved-1").visible
    assert [h.find(judge.page, f"vp-1-{i}").value for i in (0, 1)] == ["12", "12"]


async def test_the_result_editor_opens_on_the_players_report(room: Room, tmp_path: Path, clock: Clock) -> None:
    judge, _ = await room.open()
    await h.click(judge, h.find(judge.page, "result-1"))  # opened before anyone reported: empty
    assert h.find(judge.page, "vp-1-0").value == ""
    await h.click(judge, h.find(judge.page, "result-1"))
    Judging(tmp_path).report("ev-1", "Ann", {"table": 1, "vp": {"Ann": 15, "Ben": 9}})  # Ann's phone
    await room.tick()
    await h.click(judge, h.find(judge.page, "result-1"))  # Ben has not reported: Ann's scores to confirm
    assert [h.find(judge.page, f"vp-1-{i}").value for i in (0, 1)] == ["15", "9"]


async def test_warnings_fire_once_on_the_judge_screen(room: Room, clock: Clock) -> None:
    judge, conn = await room.open()
    await h.click(judge, h.find(judge.page, "start-all"))
    await h.click(judge, h.find(judge.page, "pause-2"))
    await h.click(judge, h.find(judge.page, "pause-3"))
    await room.tick()
    clock.now += 1200
    await room.tick()
    assert "Table 1: 10 minutes left" in h.find(judge.page, "alert").value
    await settle()
    assert conn.called() == ["play", "vibrate"]  # beep + buzz
    clock.now += 1000  # the server was busy across two marks: only the latest, once
    await room.tick()
    await settle()
    assert "Table 1: Time!" in h.find(judge.page, "alert").value
    assert conn.called() == ["play", "vibrate", "play", "vibrate"]


async def test_changes_made_with_the_cli_reach_the_judge_screen(room: Room, tmp_path: Path, clock: Clock) -> None:
    judge, _ = await room.open()
    Judging(tmp_path).apply("ev-1", Event("start", {"tables": [2]}, "judge", clock.now))  # another process
    await room.tick()
    assert "Table 2 · running" in h.texts(judge.page)


async def test_without_the_judge_cookie_nothing_can_write(room: Room, hub: LiveHub, store: Judging) -> None:
    visitor, _ = await room.open(judge=False)
    assert h.texts(visitor.page) == [NOT_JUDGE]
    with pytest.raises(NotJudge):
        hub.write(visitor.page, "start", {})
    assert not any(t.started for t in store.load("ev-1").state.tables)


async def test_a_reattached_session_does_not_inherit_the_judges_rights(room: Room, hub: LiveHub) -> None:
    judge, _ = await room.open()
    # Flet hands a session to whichever socket presents its id: here, one that brought no judge cookie
    stranger = h.FakeConnection(asyncio.get_running_loop(), room.pubsub)
    room.access.admit(stranger, None)
    await judge.connect(stranger)
    with pytest.raises(NotJudge):
        hub.write(judge.page, "start", {})
    await h.click(judge, h.find(judge.page, "start-all"))  # the button says no, and changes nothing
    assert not any(t.started for t in hub.state.tables)


async def test_rotating_the_key_signs_other_judges_out(room: Room, hub: LiveHub, access: Access) -> None:
    keeper, _ = await room.open()
    other, _ = await room.open()
    old_cookie = access.redeem(access.new_code())
    await h.click(keeper, h.find(keeper.page, "rotate-key"))
    assert access.holder(old_cookie) is None
    assert access.admits(keeper.page) and not access.admits(other.page)
    with pytest.raises(NotJudge):
        hub.write(other.page, "start", {})
    hub.write(keeper.page, "start", {"tables": [1]})
    assert hub.state.table(1).started


async def test_judge_links_work_once(access: Access) -> None:
    code = access.new_code()
    cookie = access.redeem(code)
    assert cookie and access.holder(cookie) == "judge"
    assert access.redeem(code) is None  # spent
    assert access.redeem("") is None and access.holder("x.y") is None and access.holder(None) is None


async def test_the_judge_picks_the_tiebreak_order_and_the_standings_follow(room: Room, hub: LiveHub) -> None:
    judge, _ = await room.open()
    assert h.find(judge.page, "standings-order").value.startswith("Order: Wins, then VP")
    picker = h.find(judge.page, "tiebreaks")
    await h.type_into(judge, picker, "magic")
    await judge.dispatch_event(picker._i, "select", "magic")
    await settle()
    assert hub.state.tiebreaks == "magic"
    assert h.find(judge.page, "standings-order").value.startswith("Order: Magic (match points): match points")
    table = next(c for c in h.walk(h.find(judge.page, "standings-box")) if isinstance(c, ft.DataTable))
    assert [c.label.value for c in table.columns] == ["#", "Player", "Games", "Pts", "W", "L", "T", "OMW%", "VP"]
