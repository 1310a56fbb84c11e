"""Judge mode opens the room from the app itself (no terminal): the players' pages answer on the network, the
room's QR and the players' codes are on screens of their own, the judge gets a one-time link for another device,
and closing the room stops its server. A real Flet session over the app's own routes; the room over loopback."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import flet as ft
import httpx
import pytest

from companion.session import Session, serving
from companion.session.judging.player_codes import EventCodes
from companion.ui.judge import room_screen

from flet_harness import Harness, drawn

pytestmark = pytest.mark.asyncio


async def test_the_judge_opens_the_room_hands_out_codes_and_closes_it(tmp_path: Path) -> None:
    session = Session.open(tmp_path)
    event = session.judging.new_event("Friday", [["Ann", "Ben"], ["Cat", "Dan"], ["Eve", "Fay"]])
    h = await Harness.at(session, f"/judge-mode/{event.id}")
    await h.click("event-room")
    await drawn()
    assert h.has("open-room") and not h.has("room-qr")
    await h.click("open-room")
    await drawn()
    room = room_screen._open[event.id]
    try:
        assert h.has("room-qr") and h.text_of("room-link") == room.players_url
        assert not h.has("player-codes") and not any("Ann:" in t for t in h.texts())  # no code beside the QR
        with httpx.Client(base_url=room.local, timeout=20) as phone:
            found = phone.get("/find", params={"name": "ann"})
            assert found.status_code == 200 and "Table 1" in found.text and "Ben" in found.text

        assert not h.has("room-judge-link") and not h.has("judge-link")  # the judge's link is private too

        await h.click("room-codes")
        await drawn()
        codes = EventCodes(session.judging, event.id).codes()
        assert codes["Ann"] in h.texts() and not h.has("room-qr")  # the codes alone, with the warning
        assert "Don't show this screen to the room" in h.text_of("codes-warning")
        await h.click("room-judge-link")
        await drawn()
        link = h.text_of("judge-link").split(": ", 1)[1]
        assert "/judge/login?code=" in link
        with httpx.Client(timeout=20, follow_redirects=False) as laptop:
            signed = laptop.get(room.local + link.split(room.base, 1)[1])
            assert signed.status_code in (302, 303, 307) and signed.cookies  # the judge's cookie for that device
        await h.back()
        await drawn()
        await h.click("close-room")
        await h.click("confirm-yes")
        await drawn()
        assert event.id not in room_screen._open and h.has("open-room")
        with pytest.raises(httpx.TransportError), httpx.Client(base_url=room.local, timeout=3) as phone:
            phone.get("/find")
    finally:
        room_screen.close_room(event.id)


async def test_a_reload_lands_on_the_room_and_on_the_codes(tmp_path: Path) -> None:
    session = Session.open(tmp_path)
    event = session.judging.new_event("Friday", [["Ann", "Ben"]])
    h = await Harness.at(session, f"/judge-mode/{event.id}/codes")
    assert h.has("codes-warning") and EventCodes(session.judging, event.id).codes()["Ben"] in h.texts()
    assert not h.has("signed-Ann") and not h.has("signed-Ben")
    ann_first = EventCodes(session.judging, event.id).codes()["Ann"]
    assert EventCodes(session.judging, event.id).spend(ann_first) is not None  # Ann signs in on her phone
    h = await Harness.at(session, f"/judge-mode/{event.id}/codes")
    assert "Signed in on a phone" in h.text_of("signed-Ann") and not h.has("signed-Ben")
    assert ann_first not in h.texts() and EventCodes(session.judging, event.id).codes()["Ann"] in h.texts()
    await h.back()
    await drawn()
    assert h.has("open-room")  # the room's screen lies under the codes, as tapping Player codes leaves it
    gone = await Harness.at(session, "/judge-mode/no-such-event/room")
    assert gone.has("home-judge")  # an event that isn't here opens home


async def on_a_phone(session: Session, route: str) -> Harness:
    """The app as a phone build runs it: Android, not in a browser."""
    from companion.ui.app import main

    async def app(page: ft.Page) -> None:
        page.route = route
        page.platform = ft.PagePlatform.ANDROID
        page.web = False
        await main(page, session)

    return await Harness.start(app)


async def test_a_phone_build_opens_the_room_without_flet_web(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """No flet-web (a phone build): the room serves the players' pages alone, on uvicorn's pure-Python paths; the
    judge judges from the app (no link for another device), and the screen stays on while it runs."""
    monkeypatch.setattr(room_screen, "judge_screen_served", lambda: False)
    session = Session.open(tmp_path)
    event = session.judging.new_event("Friday", [["Ann", "Ben"], ["Cat", "Dan"]])
    h = await on_a_phone(session, f"/judge-mode/{event.id}/room")
    assert h.has("open-room") and not h.has("room-problem")
    awake = h.conn.called().count("enable")
    await h.click("open-room")
    await drawn()
    room = room_screen._open[event.id]
    try:
        assert h.conn.called().count("enable") == awake + 1  # the wakelock: a sleeping phone serves no room
        assert not room.remote_judge and h.has("room-qr") and h.text_of("room-link") == room.players_url
        assert not h.has("room-judge-link") and "You judge from this app" in h.text_of("room-judge-here")
        assert "Keep this app open on screen" in h.text_of("room-stay")
        settings = room._server.server.config
        assert settings.loop == "asyncio" and settings.ws == "none"
        assert settings.http.__name__ == "GuardedH11Protocol"
        with httpx.Client(base_url=room.local, timeout=20) as phone:
            found = phone.get("/find", params={"name": "dan"})
            assert found.status_code == 200 and "Table 2" in found.text and "Cat" in found.text
            gone = phone.get("/judge/login", params={"code": "x"})  # no judge's screen here: the room's own 404
            assert gone.status_code == 404 and "There is no such page here." in gone.text and "<html" in gone.text
    finally:
        room_screen.close_room(event.id)


async def test_where_the_server_cant_run_the_screen_says_why_instead_of_offering_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = serving.importlib.util.find_spec
    monkeypatch.setattr(serving, "importlib", SimpleNamespace(util=SimpleNamespace(
        find_spec=lambda name: None if name == "uvicorn" else real(name))))
    session = Session.open(tmp_path)
    event = session.judging.new_event("Friday", [["Ann", "Ben"]])
    h = await on_a_phone(session, f"/judge-mode/{event.id}/room")
    assert not h.has("open-room") and event.id not in room_screen._open
    problem = h.text_of("room-problem")
    assert problem.startswith("This copy of the app can't serve the room (it lacks uvicorn)")
    assert problem.count(". ") == 0 and problem.endswith(".")  # one sentence


async def test_send_hands_one_player_their_own_code_through_the_share_sheet(tmp_path: Path) -> None:
    """From a phone: one tap per player puts that player's code alone (and the room's address) in a message."""
    session = Session.open(tmp_path)
    event = session.judging.new_event("Friday", [["Ann", "Ben"]])
    h = await on_a_phone(session, f"/judge-mode/{event.id}/room")
    await h.click("open-room")
    await drawn()
    room = room_screen._open[event.id]
    try:
        await h.click("room-codes")
        await drawn()
        await h.click("send-Ben")
        await drawn()
        sent = [args for name, args in h.conn.invoked if name == "share_text"]
        assert len(sent) == 1
        codes = EventCodes(session.judging, event.id).codes()
        text = sent[0]["text"]
        assert text.startswith("Ben, your code for reporting results at Friday: ") and codes["Ben"] in text
        assert codes["Ann"] not in text and room.players_url in text
    finally:
        room_screen.close_room(event.id)


async def test_send_in_a_browser_without_a_share_sheet_copies_that_players_code(tmp_path: Path) -> None:
    """Flet's Share fails in a browser without navigator.canShare: that player's message goes to the clipboard,
    with one sentence saying where to paste it."""
    session = Session.open(tmp_path)
    event = session.judging.new_event("Friday", [["Ann", "Ben"]])
    h = await Harness.at(session, f"/judge-mode/{event.id}/codes")
    h.conn.failures["share_text"] = "TypeError: x0.canShare is not a function"
    await h.click("send-Ann")
    await drawn()
    await drawn()
    codes = EventCodes(session.judging, event.id).codes()
    copied = [args["data"] for name, args in h.conn.invoked if name == "set" and "data" in (args or {})]
    assert len(copied) == 1 and codes["Ann"] in copied[0] and codes["Ben"] not in copied[0]
    assert h.text_of("toast") == "Copied Ann's code: paste it in a message to Ann only."


async def test_the_codes_screen_follows_a_players_sign_in_while_open(tmp_path: Path) -> None:
    session = Session.open(tmp_path)
    event = session.judging.new_event("Friday", [["Ann", "Ben"]])
    h = await Harness.at(session, f"/judge-mode/{event.id}/codes")
    ann_first = EventCodes(session.judging, event.id).codes()["Ann"]
    assert ann_first in h.texts() and not h.has("signed-Ann")
    assert EventCodes(session.judging, event.id).spend(ann_first) is not None  # Ann signs in on her phone
    for _ in range(30):
        await asyncio.sleep(0.1)
        if h.has("signed-Ann"):
            break
    await drawn()
    assert "Signed in on a phone" in h.text_of("signed-Ann") and not h.has("signed-Ben")
    assert ann_first not in h.texts() and EventCodes(session.judging, event.id).codes()["Ann"] in h.texts()
