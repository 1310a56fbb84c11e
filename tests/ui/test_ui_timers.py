"""A scanned table clock on a player's phone: it counts down and warns once at each mark, with sound and
vibration where the device has them."""

from __future__ import annotations

import asyncio
import time
import wave
from io import BytesIO
from pathlib import Path

import pytest

from companion.core.match.events import Event
from companion.core.tournament.clock import table_timer_payload
from companion.core.tournament.events import replay
from companion.core.tournament.state import new_tournament
from companion.share.timer_code import timer_link
from companion.ui.alerts import beep
from companion.ui.judge.timer_screens import clock_text

from ui_flows_kit import start


def test_clock_text_shows_time_only_at_zero() -> None:
    assert (clock_text(600), clock_text(59.2), clock_text(0.2), clock_text(0)) == ("10:00", "1:00", "0:01", "TIME")


def test_the_beep_is_a_playable_wav() -> None:
    with wave.open(BytesIO(beep())) as w:
        assert w.getnchannels() == 1 and 0.3 < w.getnframes() / w.getframerate() < 1


@pytest.mark.asyncio
async def test_a_mark_warns_once_with_sound_and_vibration(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)
    await h.click("home-scan")
    # made once the app is up (its start can take a second on a busy machine): the mark must still lie ahead
    started = time.time() - (30 * 60 - 600.6)  # a 30-minute round with 10:00.6 left
    event = replay(new_tournament("friday", "Friday", now=started), [
        Event("seat", {"table": 1, "players": ["Ann", "Ben"]}, "judge", started),
        Event("start", {}, "judge", started)])
    link = timer_link(table_timer_payload(event, event.tables[0]))
    await h.type("scan-text", link)
    await h.click("scan-add")
    for _ in range(40):
        await asyncio.sleep(0.05)
        if h.find("timer-warning").value:
            break
    assert h.find("timer-warning").value == "10:00 left"
    await asyncio.sleep(0.1)
    names = [name for name, _ in h.conn.invoked]
    assert names.count("play") == 1 and names.count("vibrate") == 1
