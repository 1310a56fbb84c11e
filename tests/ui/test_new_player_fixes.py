"""What a new player tripped on at 360x640 (a fresh-eyes run): Start match out of reach under the house rules,
the saved-force pick, the empty table's hint, the dial's fields, the plural of the end-match offer, Rename."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from ui_flows_kit import start


@pytest.mark.asyncio
async def test_start_match_is_pinned_below_the_scrolling_form(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)
    await h.click("new-match")
    await h.choose("system", "halo-actionclix")  # house rules and agreed numbers: the longest form
    assert h.page.views[-1].scroll is None  # the view stays put: only the form scrolls
    assert h.find("new-match-body-form").scroll == ft.ScrollMode.AUTO
    bar = h.find("new-match-body-bar")
    assert [c.key for c in bar.content.controls] == ["create-match"]
    assert h.find("create-match").height >= 48
