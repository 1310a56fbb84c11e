"""The page's route follows the screen: reload and the browser's back button keep the player where they were;
links opened while the app runs (deep links) land in one scan screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.session.sharing.keeping import library_for
from companion.share import SharedMatch, encode
from companion.share.text import to_parts
from companion.store.matches import MatchStore
from companion.ui.app import main

from flet_harness import Harness, browser_goes_to, pushed, routes


async def launch(session: Session, route: str = "/") -> Harness:
    async def app(page):  # type: ignore[no-untyped-def]
        page.session.connection.page_url = "http://127.0.0.1:8550"  # what a browser's connection tells
        page.route = route
        await main(page, session)

    return await Harness.start(app)


@pytest.fixture
def session(tmp_path: Path) -> Session:
    return Session(MatchStore(tmp_path / "data"))


@pytest.mark.asyncio
async def test_the_address_follows_the_screens(session: Session) -> None:
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    h = await launch(session)
    await h.click(f"match-{match.id}")
    await h.click("open-log")
    assert pushed(h) == [f"/match/{match.id}", f"/match/{match.id}/log"]
    await browser_goes_to(h, f"/match/{match.id}")  # our own push coming back changes nothing
    assert routes(h) == ["/", f"/match/{match.id}", f"/match/{match.id}/log"]
    await browser_goes_to(h, f"/match/{match.id}/log")
    await browser_goes_to(h, "/")  # the browser's back button, twice
    assert routes(h) == ["/"]


@pytest.mark.asyncio
async def test_a_reload_rebuilds_the_screens_below(session: Session) -> None:
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    h = await launch(session, f"/match/{match.id}/log")
    assert routes(h) == ["/", f"/match/{match.id}", f"/match/{match.id}/log"]
    assert pushed(h) == []  # already there
    for gone in ("/match/0000deadbeef", "/match/NOT AN ID/log", "/no-such-screen"):
        h = await launch(session, gone)
        assert routes(h) == ["/"] and pushed(h) == ["/"]
    h = await launch(session, "/rules/halo-actionclix/actions")
    assert routes(h) == ["/", "/rules", "/rules/halo-actionclix/actions"]


@pytest.mark.asyncio
async def test_deep_links_while_running_fill_one_scan_screen(session: Session, tmp_path: Path) -> None:
    sender = Session(MatchStore(tmp_path / "sender"))
    match = sender.new_match("halo-actionclix", ["Ann", "Ben"])
    parts = to_parts(encode(SharedMatch.from_export(sender.export(match.id)), library_for(sender)), 3)
    h = await launch(session, "/scan")  # the scanner already open (here after a reload)
    for link in parts[:2]:
        await browser_goes_to(h, "/" + link.split("/", 3)[3])
    assert routes(h) == ["/", "/scan"]
    assert "2 of 3 received" in h.text_of("scan-status")
    await browser_goes_to(h, "/" + parts[2].split("/", 3)[3])
    assert routes(h) == ["/", f"/match/{match.id}"]
    assert session.state(match.id) == sender.state(match.id)


@pytest.mark.asyncio
async def test_home_shows_a_code_still_missing_parts(session: Session, tmp_path: Path) -> None:
    sender = Session(MatchStore(tmp_path / "sender"))
    match = sender.new_match("halo-actionclix", ["Ann", "Ben"])
    parts = to_parts(encode(SharedMatch.from_export(sender.export(match.id)), library_for(sender)), 3)
    await launch(session, "/" + parts[1].split("/", 3)[3])
    h = await launch(session)  # the next day, opened from the home screen
    (tile,) = [k for k in h.key_list() if k.startswith("home-waiting-")]
    assert "1 of 3 received" in " ".join(h.texts())
    await h.click(tile)
    assert "1 of 3" in h.text_of("scan-status")
