"""The app's number fields refuse absurd input with a message on screen and change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session.judging.service import Judging
from companion.ui.judge.live import LiveHub

import flet_harness as h
from judge_ui_kit import Clock, Room, access, clock, hub, room, settle, store  # noqa: F401 - fixtures
from ui_flows_kit import new_halo_match, start

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("minutes", ["1e308", "inf", "nan", "-1", "9" * 400, "two"])
async def test_extend_field_refuses_absurd_minutes(hub: LiveHub, room: Room, minutes: str) -> None:  # noqa: F811
    judge, _ = await room.open()
    await h.click(judge, h.find(judge.page, "start-all"))
    await h.click(judge, h.find(judge.page, "extend-1"))
    await h.type_into(judge, h.find(judge.page, "extend-minutes-1"), minutes)
    await h.type_into(judge, h.find(judge.page, "extend-reason-1"), "judge call")
    await h.click(judge, h.find(judge.page, "extend-add-1"))
    await settle()
    assert "Minutes to add" in h.find(judge.page, "message").value
    assert hub.state.table(1).extensions == ()


@pytest.mark.parametrize("vp", ["9" * 5000, "-3", "1.5"])
async def test_vp_field_refuses_absurd_points(hub: LiveHub, room: Room, vp: str) -> None:  # noqa: F811
    judge, _ = await room.open()
    await h.click(judge, h.find(judge.page, "start-all"))
    await h.click(judge, h.find(judge.page, "result-1"))
    await h.type_into(judge, h.find(judge.page, "vp-1-0"), vp)
    await h.type_into(judge, h.find(judge.page, "vp-1-1"), "3")
    await h.click(judge, h.find(judge.page, "result-save-1"))
    await settle()
    assert "Ann's VP" in h.find(judge.page, "result-wrong-1").value  # said beside Save, where the judge looks
    assert hub.state.table(1).result is None


async def test_app_number_fields_refuse_odd_digits(tmp_path: Path) -> None:
    """"²" and "١٢" pass str.isdigit() but int() refuses them; 5,000 digits are past int()'s limit."""
    ui, session = await start(tmp_path)
    await ui.click("home-dice")
    await ui.type("dice-expr", "2d6")
    for odd in ("²", "9" * 5000):
        await ui.type("dice-target", odd)
        assert ui.text_of("dice-odds") == "2 to 12, average 7.00"
    ui, session = await start(tmp_path)
    match_id = await new_halo_match(ui)
    await ui.click("add-unit")
    await ui.type("unit-name", "Spartan")
    await ui.type("unit-points", "²")
    await ui.click("dial-typed")  # the typed-line form
    await ui.type("unit-dial", "8 10 17 3")
    await ui.click("save-unit")
    assert "whole number" in ui.text_of("toast") and session.state(match_id).units == ()
    ui, _ = await start(tmp_path)
    await ui.click("home-judge")
    await ui.type("event-name", "Friday")
    for odd in ("²", "9" * 5000, "0"):
        await ui.type("event-minutes", odd)
        await ui.click("event-create")
        assert "whole number of minutes" in ui.text_of("toast")
    assert Judging(tmp_path / "store").ids() == []
