"""Undo at a live table, through real Flet sessions: Ann's phone takes back Ben's step, Ben's phone (and a watcher)
says who undid what, and the match log keeps it after the app starts again."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from companion.session import Session
from companion.ui.app import main as app_main
from companion.ui.live.phone import PhoneApp

from flet_harness import Harness
from live_ui_kit import hosted, one_server, phone, settle  # noqa: F401 - one_server: one pub/sub hub


@pytest.mark.asyncio
async def test_ann_undoes_bens_step_and_every_phone_says_so(tmp_path: Path) -> None:
    table = hosted(tmp_path)
    app = PhoneApp(table)
    try:
        ann, ben, watcher = await phone(table, app, "p1"), await phone(table, app, "p2"), await phone(table, app)
        await ben.click("player-p2-kills-plus")
        await settle()
        assert ann.text_of("player-p2-kills-value") == "Kills 1"
        # the bar's tools say their word (a tooltip never shows on a phone)
        assert [ann.text_of(k) for k in ("open-dice", "undo", "redo")] == ["Dice", "Undo", "Redo"]
        await ann.click("undo")  # Ann's phone takes back Ben's kill
        await settle()
        assert ann.text_of("toast") == "Undid: Ben: +1 kill"
        assert ben.text_of("player-p2-kills-value") == "Kills 0"
        assert ben.text_of("toast") == "Ann undid Ben's “Ben: +1 kill”"  # Ben's phone says who undid what
        assert watcher.text_of("toast") == "Ann undid Ben's “Ben: +1 kill”"
        await ben.click("redo")  # and Ben brings it back: Ann's phone hears of it too
        await settle()
        assert ann.text_of("toast") == "Ben redid “Ben: +1 kill”" and ann.text_of("player-p2-kills-value") == "Kills 1"
        log = Session.open(table.root).log(table.match_id)
        assert [(e.type, e.by) for e in log[-3:]] == [("score", "p2"), ("undo", "p1"), ("redo", "p2")]
    finally:
        app.stop()

    async def main(page: ft.Page) -> None:  # the app started again over the same folder
        page.platform = ft.PagePlatform.ANDROID
        await app_main(page, Session.open(tmp_path))

    h = await Harness.start(main)
    await h.click(f"match-{table.match_id}")
    await h.click("open-log")
    lines = h.texts()
    assert "3. Ann undid Ben's “Ben: +1 kill”" in lines and "4. Ben redid “Ben: +1 kill”" in lines
    assert "2. Ben: +1 kill" in lines
