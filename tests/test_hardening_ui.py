"""The judge screen's fields refuse absurd input with a message on screen and change nothing."""

from __future__ import annotations

import pytest
from test_judge_ui import Clock, Room, clock, hub, settle  # noqa: F401 - fixtures

from companion.ui.judge import headless as h
from companion.ui.judge.live import LiveHub

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("minutes", ["1e308", "inf", "nan", "-1", "9" * 400, "two"])
async def test_extend_field_refuses_absurd_minutes(hub: LiveHub, minutes: str) -> None:  # noqa: F811
    room = Room(hub)
    judge, _ = await room.open(hub.judge_path())
    await h.click(judge, h.find(judge.page, "start-all"))
    await h.click(judge, h.find(judge.page, "extend-1"))
    await h.type_into(judge, h.find(judge.page, "extend-minutes-1"), minutes)
    await h.type_into(judge, h.find(judge.page, "extend-reason-1"), "judge call")
    await h.click(judge, h.find(judge.page, "extend-add-1"))
    await settle()
    assert "Minutes to add" in h.find(judge.page, "message").value
    assert hub.state.table(1).extensions == ()


@pytest.mark.parametrize("vp", ["9" * 5000, "-3", "1.5"])
async def test_vp_field_refuses_absurd_points(hub: LiveHub, vp: str) -> None:  # noqa: F811
    room = Room(hub)
    judge, _ = await room.open(hub.judge_path())
    await h.click(judge, h.find(judge.page, "start-all"))
    await h.click(judge, h.find(judge.page, "result-1"))
    await h.type_into(judge, h.find(judge.page, "vp-1-0"), vp)
    await h.type_into(judge, h.find(judge.page, "vp-1-1"), "3")
    await h.click(judge, h.find(judge.page, "result-save-1"))
    await settle()
    assert "Ann's VP" in h.find(judge.page, "message").value
    assert hub.state.table(1).result is None
