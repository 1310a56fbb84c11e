"""The judge's screen as components over its feed (ui/judge/feed.py), through real Flet sessions: a write
redraws only the card of the table it changed, what the judge typed survives other tables' changes and the
clock's ticks, and a page that closes leaves the feed."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from companion.session.judging.judge import Tournament
from companion.session.judging.player_codes import EventCodes
from companion.session.judging.service import Judging
from companion.ui.judge.feed import JudgeFeed

import flet_harness as h
import judge_ui_kit
from judge_ui_kit import Clock, Room, settle

pytestmark = pytest.mark.asyncio
access, clock, hub = judge_ui_kit.access, judge_ui_kit.clock, judge_ui_kit.hub
room, store = judge_ui_kit.room, judge_ui_kit.store


async def test_a_write_redraws_only_the_card_it_changed(room: Room) -> None:
    judge, _ = await room.open()
    await h.click(judge, h.find(judge.page, "start-all"))
    await settle()  # every card drawn running
    for k in range(20):
        print("K", k, [t for t in h.texts(judge.page) if t.startswith("Table 1 ·")])
        await asyncio.sleep(0.01)
    assert "Table 1 · running" in h.texts(judge.page)
    before = {n: h.find(judge.page, f"table-{n}") for n in (1, 2, 3)}
    await h.click(judge, h.find(judge.page, "pause-2"))
    await settle()
    after = {n: h.find(judge.page, f"table-{n}") for n in (1, 2, 3)}
    assert after[1] is before[1] and after[3] is before[3]  # memoised on their unchanged tables: not drawn
    assert after[2] is not before[2] and "Table 2 · paused" in h.texts(judge.page)


async def test_typing_survives_other_tables_and_the_ticks(room: Room, clock: Clock) -> None:
    judge, _ = await room.open()
    await h.click(judge, h.find(judge.page, "start-all"))
    await h.click(judge, h.find(judge.page, "extend-1"))
    await h.type_into(judge, h.find(judge.page, "extend-reason-1"), "judge call at table 1")
    await h.click(judge, h.find(judge.page, "pause-3"))  # another table changes: the console is drawn again
    clock.now += 5
    await room.tick()
    assert h.find(judge.page, "extend-reason-1").value == "judge call at table 1"
    await h.click(judge, h.find(judge.page, "extend-add-1"))
    assert room.hub.state.table(1).extensions[0].reason == "judge call at table 1"


async def test_the_feed_tells_followers_of_changes_only(room: Room, clock: Clock) -> None:
    feed = JudgeFeed(room.hub.state, clock.now)
    kept: list[Tournament] = []
    gone: list[Tournament] = []
    feed.state.subscribe(kept.append)
    stop = feed.state.subscribe(gone.append)
    feed.show(room.hub.state)  # the same state again: nobody is told
    stop()
    stop()  # twice is harmless (an effect's cleanup may run after its page went)
    renamed = replace(room.hub.state, name="Saturday Skirmish")
    feed.show(renamed)
    assert kept == [renamed] and gone == []


async def test_the_judge_shows_and_hides_the_players_codes_never_beside_the_rooms_qr(
        room: Room, store: Judging) -> None:
    codes = EventCodes(store, "ev-1")
    assert codes.spend(codes.codes()["Cat"]) is not None  # Cat signed in on her phone
    judge, _ = await room.open()
    assert h.find(judge.page, "room-qr-row").visible
    await h.click(judge, h.find(judge.page, "show-codes"))
    shown = h.find(judge.page, "player-codes")
    assert shown.visible and [line.split(":")[0] for line in shown.value.splitlines()] == [
        "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
    assert [line for line in shown.value.splitlines() if "signed in on a phone" in line] == [
        f"Cat: {codes.codes()['Cat']} (signed in on a phone; this fresh code is for a second phone)"]
    assert not h.find(judge.page, "room-qr-row").visible  # a projected judge's screen shows no code with the QR
    assert h.find(judge.page, "codes-warning").visible
    await h.click(judge, h.find(judge.page, "show-codes"))
    assert not h.find(judge.page, "player-codes").visible and h.find(judge.page, "room-qr-row").visible
