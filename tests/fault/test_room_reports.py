"""*Report result* from players' phones against a real `judge serve` app over loopback, with a plain HTTP client
(a browser adds nothing to a refusal): agreeing reports make the result, differing ones flag the table, the judge
overrides, and every refusal (no sign-in, a spent code, a forged, foreign or superseded cookie, another table's
form, a cross-site post, a flood, a bad number, a result already in) says why in a sentence and stores nothing.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from companion.core.tournament.events import PLAYER
from companion.room.server import build as build_room
from companion.session.access import PLAYER_COOKIE, player_access
from companion.session.judging.player_codes import EventCodes
from companion.session.judging.room import RoomFeed
from companion.session.web import Background, Server, config
from companion.ui.judge.live import LiveHub

from browser import free_port
from room_fixtures import Clock, seeded_store


@pytest.fixture(params=[False, True], ids=["judge-serve", "phone-build"])
def room(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[str, RoomFeed]]:
    """The room as `judge serve` runs it, and as a phone build does (the players' pages alone, on asyncio and h11)."""
    phone = request.param
    feed = RoomFeed(seeded_store(tmp_path, Clock()), "ev-1")
    app, hub, _, _ = build_room(feed, None if phone else LiveHub.for_room, players_url="http://127.0.0.1/find",
                                announce=lambda c: None)
    port = free_port()
    server = Background(Server(config(app, "127.0.0.1", port, pure=phone), on_exit=hub.end_streams),
                        name="reports-test")
    assert server.start()
    try:
        yield f"http://127.0.0.1:{port}", feed
    finally:
        server.stop()


def codes(feed: RoomFeed) -> dict[str, str]:
    return EventCodes(feed.judging, feed.id).codes()


def phone(base: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"Origin": base}, follow_redirects=False, timeout=20)


def holding(base: str, cookie: str, origin: str | None = None) -> httpx.Client:
    """A phone that shows `cookie` as its player cookie (from `origin`: another site's form)."""
    client = httpx.Client(base_url=base, headers={"Origin": origin or base}, follow_redirects=False, timeout=20)
    client.cookies.set(PLAYER_COOKIE, cookie)
    return client


def sign_in(base: str, code: str) -> httpx.Client:
    client = phone(base)
    answer = client.post("/player/code", data={"code": code, "table": "1"})
    assert answer.status_code == 303, answer.text
    return client


def filled(client: httpx.Client, table: int, **fields: str) -> dict[str, str]:
    """The report form as the table's page hands it to this phone (its hidden round and seats), with `fields`."""
    page = client.get(f"/table/{table}").text
    hidden = dict(re.findall(r'<input type="hidden" name="([a-z0-9-]+)" value="([^"]*)">', page))
    return {**{k: html.unescape(v) for k, v in hidden.items() if k != "table"}, **fields}


def vp(*scores: str) -> dict[str, str]:
    return {f"vp-{i}": v for i, v in enumerate(scores)}


def stored(feed: RoomFeed) -> tuple[object, ...]:
    """The event's log and state: what a refusal must leave as it was."""
    return feed.judging.log(feed.id), feed.judging.state(feed.id)


def refusal(answer: httpx.Response, status: int, words: str) -> None:
    assert answer.status_code == status, answer.text
    text = html.unescape(re.sub(r"<[^>]+>", " ", answer.text.split("</style>")[-1]))
    assert words in text, text
    if status != 403 or "another site" not in words:
        assert "Nothing was stored" in text


def test_two_players_who_agree_make_the_result_with_who_and_when_logged(room: tuple[str, RoomFeed]) -> None:
    base, feed = room
    ann, ben = sign_in(base, codes(feed)["Ann"]), sign_in(base, codes(feed)["Ben"].lower().replace("-", " "))
    page = ann.get("/table/1").text
    assert "Signed in as <b>Ann</b>" in page and 'name="vp-0"' in page
    answer = ann.post("/table/1/report", data=filled(ann, 1, **vp("15", "9"), last=""))
    assert answer.status_code == 303 and answer.headers["location"] == "/table/1"
    assert "Reported by Ann · waiting for Ben" in ben.get("/table/1").text
    assert feed.judging.state(feed.id).table(1).result is None
    ben.post("/table/1/report", data=filled(ben, 1, **vp("15", "9")))
    table = feed.judging.state(feed.id).table(1)
    assert table.result is not None and table.result.vp == {"Ann": 15, "Ben": 9} and table.result.winners == ("Ann",)
    reports = [e for e in feed.judging.log(feed.id) if e.type == "report"]
    assert [e.by for e in reports] == [PLAYER + "Ann", PLAYER + "Ben"] and all(e.at > 0 for e in reports)
    assert "Reported by Ann, Ben" in phone(base).get("/table/1").text


def test_differing_reports_flag_the_table_until_the_judge_settles_it(room: tuple[str, RoomFeed]) -> None:
    base, feed = room
    cat, dan, eve = (sign_in(base, codes(feed)[p]) for p in ("Cat", "Dan", "Eve"))
    for who, scores in ((cat, ("9", "5", "2")), (dan, ("9", "5", "2")), (eve, ("9", "2", "5"))):
        assert who.post("/table/2/report", data=filled(who, 2, **vp(*scores))).status_code == 303
    table = feed.judging.state(feed.id).table(2)
    assert table.disputed and table.result is None
    assert "Scores differ: the judge will settle it" in phone(base).get("/table/2").text
    feed.judging.write(feed.id, "result", {"table": 2, "vp": {"Cat": 9, "Dan": 5, "Eve": 2}})  # the judge
    table = feed.judging.state(feed.id).table(2)
    assert not table.disputed and table.result is not None
    form = {"round": "1", **{f"seat-{i}": p for i, p in enumerate(("Cat", "Dan", "Eve"))}, **vp("9", "5", "2")}
    refusal(eve.post("/table/2/report", data=form), 409, "result is in already")


def test_every_refusal_says_why_and_stores_nothing(room: tuple[str, RoomFeed], tmp_path: Path) -> None:
    base, feed = room
    ann_code = codes(feed)["Ann"]
    ann = sign_in(base, ann_code)
    cat = sign_in(base, codes(feed)["Cat"])
    form = filled(ann, 1, **vp("15", "9"))
    before = stored(feed)

    refusal(phone(base).post("/table/1/report", data=form), 403, "Only a player signed in")  # a third person
    refusal(phone(base).post("/player/code", data={"code": ann_code, "table": "1"}), 403, "spent or wrong")
    refusal(cat.post("/table/1/report", data=form), 403, "Cat plays at table 2 this round")  # another table
    cookie = ann.cookies[PLAYER_COOKIE]
    forged = cookie[:-1] + ("A" if cookie[-1] != "A" else "B")
    for value in (forged, cookie + "x", "", "1:Ann"):
        refusal(holding(base, value).post("/table/1/report", data=form), 403, "signed in")
    # a cookie of another event (its own key and name) opens nothing here
    other = seeded_store(tmp_path / "other", Clock())
    foreign = player_access("ev-1", other.players_key("ev-1"), EventCodes(other, "ev-1"))
    stranger = foreign.redeem(EventCodes(other, "ev-1").codes()["Ann"])
    assert stranger is not None
    refusal(holding(base, stranger).post("/table/1/report", data=form), 403, "signed in")
    # a form on another site, posting with Ann's cookie: the Origin check refuses before anything is read
    refusal(holding(base, cookie, "http://evil.example").post("/table/1/report", data=form), 403,
            "came from another site")
    refusal(ann.post("/table/1/report", data={**form, "vp-1": "lots"}), 409, "Ben's VP: type a whole number")
    refusal(ann.post("/table/1/report", data={**form, "last": "7"}), 409, "One force left: choose a player")
    refusal(ann.post("/table/9/report", data=form), 403, "Ann plays at table 1")
    assert stored(feed) == before

    # Ann signs in on a second phone: the first one's sign-in no longer counts
    second = sign_in(base, codes(feed)["Ann"])
    refusal(ann.post("/table/1/report", data=form), 403, "an older sign-in")
    assert stored(feed) == before
    # a flood from one player: refused once the bucket is empty, and the refused posts store nothing
    answers = [second.post("/table/1/report", data={**form, "vp-0": "x"}).status_code for _ in range(8)]
    assert 429 in answers and set(answers) <= {409, 429}
    refusal(second.post("/table/1/report", data=form), 429, "too many reports")
    assert stored(feed) == before


def test_the_form_says_what_the_rules_take_and_back_after_a_refusal_keeps_what_was_typed(
        room: tuple[str, RoomFeed]) -> None:
    base, feed = room
    ann = sign_in(base, codes(feed)["Ann"])
    page = html.unescape(ann.get("/table/1").text)
    assert "VP from 0 to 999 (the game is won at 15" in page  # a two-player table (core.tournament.results)
    answer = ann.post("/table/1/report", data=filled(ann, 1, **vp("300", "150"), last=""))
    refusal(answer, 409, "Ann and Ben both have 15+ VP")
    back = re.search(r'<a class="back" href="([^"]+)">Back', answer.text)
    assert back is not None
    link = html.unescape(back.group(1))
    assert link.startswith("/table/1?") and "code" not in link and "round" not in link
    again = ann.get(link).text
    assert 'name="vp-0" value="300"' in again and 'name="vp-1" value="150"' in again
    assert 'name="vp-0" value=""' in ann.get("/table/1").text  # the plain page: nothing typed yet


def test_a_phone_guessing_codes_is_slowed_down(room: tuple[str, RoomFeed]) -> None:
    base, feed = room
    guesser = phone(base)
    answers = [guesser.post("/player/code", data={"code": f"AAAA-AAA{c}"}).status_code for c in "23456789ABCDEF"]
    assert answers.count(403) >= 5 and answers[-1] == 429
    refusal(guesser.post("/player/code", data={"code": codes(feed)["Ben"]}), 429, "too many codes")
    assert feed.judging.load(feed.id).spent == {}


def test_a_report_filled_in_for_an_earlier_round_or_other_seats_is_refused(room: tuple[str, RoomFeed]) -> None:
    """A flaky phone posts round 1's form again after round 2 was seated: refused, nothing stored, and round 2's
    table stays without a result (it used to be "done" before its clock started, credited by seat)."""
    base, feed = room
    ann, ben = sign_in(base, codes(feed)["Ann"]), sign_in(base, codes(feed)["Ben"])
    old_form = filled(ann, 1, **vp("15", "9"))
    assert old_form["round"] == "1" and old_form["seat-0"] == "Ann"
    for n, players in enumerate((("Ann", "Ben"), ("Cat", "Dan", "Eve"), ("Fay", "<b>Gus</b>")), 1):
        feed.judging.write(feed.id, "result", {"table": n, "vp": {p: 3 for p in players}})
    feed.judging.write(feed.id, "next_round", {})  # the same seats again
    before = stored(feed)
    refusal(ann.post("/table/1/report", data=old_form), 409, "filled in for round 1, and round 2 is being played")
    # this round's form, but other seats than the table has (read before a reseating): scores go by seat
    stale_seats = {**filled(ann, 1, **vp("15", "9")), "seat-0": "Ben", "seat-1": "Ann"}
    refusal(ann.post("/table/1/report", data=stale_seats), 409, "The seats at table 1 changed")
    assert stored(feed) == before and feed.judging.state(feed.id).table(1).result is None
    fresh = filled(ben, 1, **vp("9", "15"))
    assert fresh["round"] == "2" and fresh["seat-0"] == "Ann"
    assert ben.post("/table/1/report", data=fresh).status_code == 303


@pytest.mark.parametrize("look_alike", ["²", "①", "٣", "１５"])
def test_digits_other_than_0_to_9_get_the_one_sentence_refusal(room: tuple[str, RoomFeed], look_alike: str) -> None:
    """isdigit() takes them all; int() refuses "²" and "①" (a 500 with a traceback) and reads "٣" as 3."""
    base, feed = room
    ann = sign_in(base, codes(feed)["Ann"])
    form = filled(ann, 1, **vp("15", "9"))
    before = stored(feed)
    refusal(ann.post("/table/1/report", data={**form, "vp-0": look_alike}), 409, "Ann's VP: type a whole number")
    refusal(ann.post("/table/1/report", data={**form, "round": look_alike}), 409, "doesn't say which round")
    assert stored(feed) == before


def test_a_forwarded_for_header_buys_no_fresh_allowance_of_code_tries(room: tuple[str, RoomFeed]) -> None:
    """No proxy stands before the room: X-Forwarded-For is the phone's own claim, so each claimed address is still
    the one phone (uvicorn trusts the header from loopback unless told not to)."""
    base, feed = room
    guesser = phone(base)
    answers = [guesser.post("/player/code", data={"code": f"AAAA-AAA{c}"},
                            headers={"X-Forwarded-For": f"10.0.0.{i}"}).status_code
               for i, c in enumerate("23456789ABCDEF")]
    assert answers[-1] == 429
    assert feed.judging.load(feed.id).spent == {}
