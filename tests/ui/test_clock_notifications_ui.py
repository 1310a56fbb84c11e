"""The table clock on a phone build: its warnings go to the system as scheduled notifications (flet-notifications'
own service, the device's side answered by the harness), follow pause and undo, and About says which way the
device warns; a browser gets the beep."""

from __future__ import annotations

import asyncio
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main
from companion.ui.notices import SystemNotifier

from flet_harness import Harness
from ui_flows_kit import new_match_of

fn = pytest.importorskip("flet_notifications")


async def launch(tmp_path: Path, platform: ft.PagePlatform) -> tuple[Harness, Session]:
    session = Session(MatchStore(tmp_path / "data"))

    async def app(page: ft.Page) -> None:
        page.platform = platform
        await main(page, session)

    h = await Harness.start(app)
    h.conn.answers["request_permissions"] = True  # the player allows notifications
    h.conn.answers["can_schedule_exact_notifications"] = True  # and exact alarms (Android 14 asks)
    return h, session


def calls(h: Harness, name: str) -> list[dict[str, Any]]:
    return [args for called, args in h.conn.invoked if called == name]


async def until(check: Any, seconds: float = 10.0) -> None:
    """Let the app's once-a-second follower run until `check()` holds (bounded: a hang fails, not a slow run)."""
    for _ in range(int(seconds * 20)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the app never got there")


@pytest.mark.asyncio
async def test_a_phone_schedules_each_warning_and_pause_and_undo_follow(tmp_path: Path) -> None:
    h, session = await launch(tmp_path, ft.PagePlatform.ANDROID)
    match_id = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    await h.click("open-clock")
    await h.type("clock-round", "20")
    await h.type("clock-chess", "0")
    await h.click("clock-create")
    await h.click("clock-start")
    await until(lambda: len(calls(h, "schedule")) == 4)
    assert calls(h, "request_permissions") and calls(h, "create_notification_channel")
    scheduled = calls(h, "schedule")
    deadline = session.state(match_id).timers[0].deadline
    assert [s["body"] for s in scheduled] == ["Round: 10:00 left", "Round: 5:00 left", "Round: 1:00 left",
                                              "Round: TIME!"]
    at = [datetime.fromisoformat(s["when"]["iso"]).timestamp() for s in scheduled]
    assert at == [deadline - 600, deadline - 300, deadline - 60, deadline]  # type: ignore[operator]
    assert all(s["when"]["utc_offset_seconds"] == 0 for s in scheduled)  # an instant, not a wall-clock time
    assert {s["schedule_mode"] for s in scheduled} == {"exactAllowWhileIdle"}  # fires on time in doze
    await h.click("clock-pause")
    await until(lambda: len(calls(h, "cancel")) == 4)
    assert {c["id"] for c in calls(h, "cancel")} == {s["id"] for s in scheduled}
    session.undo(match_id)  # the pause taken back (at the table, or from another phone)
    await until(lambda: len(calls(h, "schedule")) == 8)
    assert [s["body"] for s in calls(h, "schedule")[4:]] == [s["body"] for s in scheduled]


@pytest.mark.asyncio
async def test_about_says_how_the_device_warns(tmp_path: Path) -> None:
    phone, _ = await launch(tmp_path / "phone", ft.PagePlatform.ANDROID)
    await phone.click("open-about")
    assert "system notifications" in phone.text_of("about-warnings")
    assert "late" not in phone.text_of("about-warnings")  # nothing asked yet: no notifier, no caveat
    browser, _ = await launch(tmp_path / "browser", ft.PagePlatform.LINUX)
    await browser.click("open-about")
    assert "beep and vibration while the app is open" in browser.text_of("about-warnings")


@pytest.mark.asyncio
async def test_a_refused_permission_falls_back_to_the_beep(tmp_path: Path) -> None:
    h, _ = await launch(tmp_path, ft.PagePlatform.IOS)
    h.conn.answers["request_permissions"] = False
    await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    await h.click("open-clock")
    await h.click("clock-create")
    await h.click("clock-start")
    await until(lambda: bool(calls(h, "request_permissions")))
    await asyncio.sleep(0.1)
    assert calls(h, "schedule") == []
    assert h.has("clock-warning")  # the screen's own warning line and beep stay


def test_the_adapter_calls_flet_notifications_as_it_is() -> None:
    """SystemNotifier's calls bind to the installed LocalNotifications' signatures (a renamed argument fails)."""
    import inspect

    from companion.session.table.clock_notices import Notice

    class Service:
        def __init__(self) -> None:
            self.seen: list[tuple[str, inspect.BoundArguments]] = []

        async def schedule(self, **kwargs: Any) -> None:
            self.seen.append(("schedule", inspect.signature(fn.LocalNotifications.schedule).bind(None, **kwargs)))

        async def cancel(self, *args: Any) -> None:
            self.seen.append(("cancel", inspect.signature(fn.LocalNotifications.cancel).bind(None, *args)))

    service = Service()
    notifier = SystemNotifier(service)
    asyncio.run(notifier.schedule(Notice(7, 1_800_000_000.0, "Table clock", "Ann: TIME!")))
    asyncio.run(notifier.cancel(7))
    (_, schedule), (_, cancel) = service.seen
    assert schedule.arguments["when"].timestamp() == 1_800_000_000.0 and schedule.arguments["id"] == 7
    assert cancel.arguments["id"] == 7


@pytest.mark.asyncio
async def test_a_judges_clock_read_from_a_code_schedules_its_warnings_on_a_phone(tmp_path: Path) -> None:
    """The Skirmish player whose phone locks in a pocket: the table clock read from the judge's code is scheduled
    with the system too, each warning at the code's deadline less its mark."""
    from companion.core.match.events import Event
    from companion.core.tournament.clock import table_timer_payload
    from companion.core.tournament.events import replay
    from companion.core.tournament.state import new_tournament
    from companion.share.timer_code import timer_link

    h, _ = await launch(tmp_path, ft.PagePlatform.ANDROID)
    started = time.time() - 60  # a 50-minute round, one minute gone
    event = replay(new_tournament("friday", "Friday", now=started), [
        Event("seat", {"table": 1, "players": ["Ann", "Ben"]}, "judge", started),
        Event("start", {}, "judge", started)])
    await h.click("home-scan")
    await h.type("scan-text", timer_link(table_timer_payload(event, event.tables[0])))
    await h.click("scan-add")
    await until(lambda: len(calls(h, "schedule")) == 4)
    deadline = event.tables[0].timer.deadline
    at = [datetime.fromisoformat(s["when"]["iso"]).timestamp() for s in calls(h, "schedule")]
    assert at == pytest.approx([deadline - 600, deadline - 300, deadline - 60, deadline], abs=1)
    assert [s["body"].rsplit(": ", 1)[1] for s in calls(h, "schedule")] == ["10:00 left", "5:00 left", "1:00 left",
                                                                            "TIME!"]
