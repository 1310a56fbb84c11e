"""The phones' screens of a hosted table and the app's "Host this table", driven through real Flet sessions."""

from __future__ import annotations

import asyncio
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.session import Session
from companion.ui.app import main as app_main
from companion.ui.live.host_screen import _hosted
from companion.ui.live.phone import PhoneApp
from companion.ui.shell import App

from flet_harness import Harness
from live_ui_kit import (
    hosted,
    one_server,  # noqa: F401 - autouse fixture: one pub/sub hub
    phone,
    settle,
)


def tappable(h: Harness) -> list[str]:
    return [str(getattr(c, "key", None) or type(c).__name__) for c in h.walk() if getattr(c, "on_click", None)]


@pytest.mark.asyncio
async def test_a_watching_phone_has_nothing_to_tap_and_follows_every_change(tmp_path: Path) -> None:
    table = hosted(tmp_path)
    app = PhoneApp(table)
    watcher = await phone(table, app)
    try:
        assert tappable(watcher) == []
        assert watcher.text_of("watch-turn") == "Turn 1 · Ann to play"
        assert watcher.text_of("watch-player-p1-score") == "0 kills"  # Halo scores kills: no VP
        ann = await phone(table, app, "p1")
        await ann.click("player-p1-kills-plus")
        await settle()
        assert watcher.text_of("watch-player-p1-score") == "1 kill"
        await ann.click("unit-u1-action-plus")
        await settle()
        assert watcher.text_of("watch-unit-u1-line").endswith(" · click 1 of 4 · 1 Action token")  # the card's words
        assert tappable(watcher) == []
        # a click forged for the watcher's page reaches a session that refuses it: nothing is stored
        policy = table.policy_for(watcher.page)
        forged = table.session_with(policy)
        assert policy.seat is None
        with pytest.raises(Exception, match="only watches"):
            forged.dispatch(table.match_id, "score", {"player": "p1", "kind": "kills", "delta": 5})
        assert Session.open(table.root).state(table.match_id).players[0].kills == 1
    finally:
        app.stop()


@pytest.mark.asyncio
async def test_seated_phones_play_as_themselves_and_see_each_other(tmp_path: Path) -> None:
    table = hosted(tmp_path)
    app = PhoneApp(table)
    try:
        ann, ben = await phone(table, app, "p1"), await phone(table, app, "p2")
        assert not ann.has("open-host")  # a phone's page never hosts
        await ben.click("player-p2-kills-plus")
        await settle()
        assert ann.text_of("player-p2-kills-value") == "Kills 1"
        await ann.click("unit-u1-damage")
        await ann.click("unit-u1-apply")
        await settle()
        assert "click 2 of" in " ".join(ben.texts())
        log = Session.open(table.root).log(table.match_id)
        assert [(e.type, e.by) for e in log[-2:]] == [("score", "p2"), ("damage", "p1")]
        table.access.rotate()  # the host signs every phone out: Ben's next tap is refused and says why
        await ben.click("player-p2-kills-plus")
        assert "only watches" in ben.text_of("toast")
        assert Session.open(table.root).state(table.match_id).players[1].kills == 1
    finally:
        app.stop()


@pytest.mark.asyncio
async def test_signed_out_phones_only_watch_at_once(tmp_path: Path) -> None:
    table = hosted(tmp_path)
    app = PhoneApp(table)
    try:
        ann = await phone(table, app, "p1")
        assert ann.has("player-p1-kills-plus")
        table.sign_everyone_out()  # as "Sign every phone out" on the host does
        await settle()
        assert ann.has("watch-note") and not ann.has("player-p1-kills-plus")
        assert tappable(ann) == []
        assert "signed every phone out" in ann.text_of("toast")
        table.access.new_code()  # and a change made elsewhere still reaches it, read-only
        Session.open(table.root).dispatch(table.match_id, "score", {"player": "p1", "kind": "kills", "delta": 1})
        table.changed()
        await settle()
        assert "1 kill" in ann.texts()
    finally:
        app.stop()


async def start_app(root: Path, platform: ft.PagePlatform | None) -> tuple[Harness, str]:
    table = hosted(root)

    async def main(page: ft.Page) -> None:
        page.platform = platform
        await app_main(page, Session.open(root))

    h = await Harness.start(main)
    await h.click(f"match-{table.match_id}")
    return h, table.match_id


@pytest.mark.asyncio
@pytest.mark.parametrize("platform", [ft.PagePlatform.ANDROID, ft.PagePlatform.IOS])
async def test_phones_offer_no_hosting(tmp_path: Path, platform: ft.PagePlatform) -> None:
    h, _ = await start_app(tmp_path, platform)
    assert h.has("turn-line") and not h.has("open-host")


def post(url: str, form: dict[str, str]) -> Any:
    request = urllib.request.Request(url, urllib.parse.urlencode(form).encode(), method="POST")

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any) -> None:
            return None

    try:
        return urllib.request.build_opener(NoRedirect).open(request, timeout=5)
    except urllib.error.HTTPError as response:
        return response


@pytest.mark.asyncio
async def test_the_host_shows_a_fresh_join_code_after_each_join_and_can_stop(tmp_path: Path) -> None:
    h, match_id = await start_app(tmp_path, ft.PagePlatform.LINUX)
    await h.click("open-host")
    await h.click("start-hosting")
    try:
        link = h.text_of("join-link")
        assert "/join?code=" in link and h.has("join-qr") and h.has("watch-qr")
        base, code = link.split("/join?code=")
        local = "http://127.0.0.1:" + base.rsplit(":", 1)[1]
        answer = await asyncio.to_thread(post, local + "/join", {"code": code, "player": "p2"})
        assert answer.status == 303 and answer.headers["set-cookie"].startswith("companion_table=")
        for _ in range(100):  # the server's thread hands the redraw to the page's loop
            await asyncio.sleep(0.02)
            if h.text_of("join-link") != link:
                break
        assert h.text_of("join-link") != link
        spent = await asyncio.to_thread(post, local + "/join", {"code": code, "player": "p1"})
        assert spent.status == 403
    finally:
        await h.click("stop-hosting")
    assert h.has("start-hosting")


async def until(check: Any) -> None:
    """Wait for the page's loop to draw what a server thread (or another session) handed it."""
    for _ in range(100):
        if check():
            return
        await asyncio.sleep(0.02)


@pytest.mark.asyncio
async def test_the_hosts_screens_follow_the_phones_without_a_refresh(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    refreshed: list[str] = []
    monkeypatch.setattr(App, "refresh", lambda self: refreshed.append(self.stack[-1].route))
    h, match_id = await start_app(tmp_path, ft.PagePlatform.LINUX)
    await h.click("open-host")
    await h.click("start-hosting")
    table = _hosted[match_id][0].table
    phones = PhoneApp(table)
    try:
        link = h.text_of("join-link")
        ann = await phone(table, phones, "p1")  # Ann spends the join code: the host screen shows the next one
        await until(lambda: h.text_of("join-link") != link)
        assert h.text_of("join-link") != link and table.access.code in h.text_of("join-link")
        await h.back()  # the host's own table, under the host screen
        assert h.text_of("player-p1-kills-value") == "Kills 0"
        drawn_by_refresh = list(refreshed)
        await ann.click("player-p1-kills-plus")  # a step on Ann's phone
        await until(lambda: h.text_of("player-p1-kills-value") == "Kills 1")
        assert h.text_of("player-p1-kills-value") == "Kills 1"
        await h.click("open-log")
        await ann.click("player-p1-kills-plus")  # the host's log takes the next step in, count and line
        await until(lambda: h.has("log-3"))
        assert h.text_of("appbar-title") == "Match log (3)" and "3. Ann: +1 kill" in h.texts()
        assert refreshed == drawn_by_refresh  # the feed drew every change: no refresh() since the host's back
    finally:
        phones.stop()
        hosting, stop_listening = _hosted.pop(match_id)  # as "Stop hosting" does (the test above taps it)
        stop_listening()
        hosting.stop()


@pytest.mark.asyncio
async def test_a_phones_log_follows_the_other_phones(tmp_path: Path) -> None:
    table = hosted(tmp_path)
    app = PhoneApp(table)
    try:
        ann, ben = await phone(table, app, "p1"), await phone(table, app, "p2")
        await ann.click("open-log")
        assert ann.text_of("appbar-title") == "Match log (1)"  # Spartan joins
        await ben.click("player-p2-kills-plus")
        await settle()
        assert ann.text_of("appbar-title") == "Match log (2)" and "2. Ben: +1 kill" in ann.texts()
    finally:
        app.stop()
