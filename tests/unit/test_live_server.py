"""The hosted table's HTTP side: the join page, spending a code for a seat cookie, and what it refuses."""

from __future__ import annotations

import warnings
from pathlib import Path

from companion.session import Session
from companion.session.live_table import COOKIE, LiveTable
from companion.ui.live.server import build, join_url, reach

with warnings.catch_warnings():  # starlette would rather have httpx2, which is not installed here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def client(root: Path) -> tuple[TestClient, LiveTable]:
    match = Session.open(root).new_match("halo-actionclix", ["Ann", "<b>Ben</b>"])
    table = LiveTable(match.id, root)
    table.access.new_code()
    app, _ = build(table)
    return TestClient(app, follow_redirects=False), table


def test_a_join_code_gives_one_phone_a_seat_cookie_once(tmp_path: Path) -> None:
    web, table = client(tmp_path)
    code = table.access.code
    form = web.get(f"/join?code={code}")
    assert form.status_code == 200 and "I am Ann" in form.text
    assert "&lt;b&gt;Ben&lt;/b&gt;" in form.text and "<b>Ben</b>" not in form.text  # names are escaped
    assert form.headers["cache-control"] == "no-store"
    joined = web.post("/join", data={"code": code, "player": "p2"})
    assert joined.status_code == 303 and joined.headers["location"] == "/"
    cookie = joined.cookies[COOKIE]
    assert table.access.holder(cookie) == "p2"
    assert "httponly" in joined.headers["set-cookie"].lower()
    assert "samesite=strict" in joined.headers["set-cookie"].lower()
    again = web.post("/join", data={"code": code, "player": "p1"})
    assert again.status_code == 403 and "spent or wrong" in again.text
    assert web.get(f"/join?code={code}").status_code == 403
    assert web.get(join_url("", table.access.code)).status_code == 200  # the fresh one works


def test_the_join_form_refuses_what_it_cannot_use(tmp_path: Path) -> None:
    web, table = client(tmp_path)
    assert web.post("/join", data={"code": "guess", "player": "p1"}).status_code == 403
    assert web.post("/join", data={"code": table.access.code, "player": "p7"}).status_code == 403
    assert web.post("/join", content=b"code=" + b"x" * 5000).status_code == 413
    assert web.get("/join").status_code == 403
    assert web.get("/docs").headers["content-type"].startswith("text/html")  # the Flet client, not FastAPI's docs
    assert "swagger" not in web.get("/docs").text.lower()
    assert web.post("/join", data={"code": table.access.code, "player": "p1"}).status_code == 303


def test_the_host_is_told_who_can_reach_the_table() -> None:
    assert "Only this device" in reach("127.0.0.1")
    assert "Anyone on this network" in reach("0.0.0.0")
    assert "Anyone who can reach 10.0.0.5" in reach("10.0.0.5")
