"""*Report result* from the players' phones: the routes and what a table page shows for it (room.report_pages).

    POST /player/code          a player's code (form: code, table) -> the player's signed cookie (session.access)
    POST /table/N/report       the signed-in player's report for table N (form: vp-0.. or place-0.., last)

Every refusal is a page with one sentence and nothing stored: no valid cookie (none, forged, changed, from another
event, or an older sign-in of the same player), another table than the player's own this round, too many posts
(per phone address for codes, per player for reports), a bad number, or what the event refuses (a result already
in). A post from another site never gets here: the server's Origin check refuses it (session.access.OriginGuard).
The report goes through the judging service as every change does (`Judging.report`), off the event loop; then the
room's tick and the judge's screens are told at once (`on_write`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from companion.core.errors import CompanionError
from companion.room import report_pages
from companion.room.limits import Limiter
from companion.session import inputs
from companion.session.access import Access
from companion.session.judging.player_codes import player_of
from companion.session.judging.reports import MAX_VP
from companion.session.judging.room import RoomFeed
from companion.session.web import BODY_DEADLINE, small_body  # BODY_DEADLINE read at each call: tests shorten it

MAX_FORM = 4096  # bytes of a posted form: a report of four players is well under 200
CODE_TRIES = (10, 5)  # per phone address: 10 code tries at once, then 10 a minute
REPORTS = (12, 4)  # per player: 4 reports at once, then 12 a minute
NO_STORE = {"Cache-Control": "no-store"}


class Reports:
    def __init__(self, feed: RoomFeed, players: Access, on_write: Callable[[], None] = lambda: None) -> None:
        self.feed = feed
        self.players = players
        self.on_write = on_write
        self.code_tries = Limiter(*CODE_TRIES)
        self.reports = Limiter(*REPORTS)

    def who(self, request: Request) -> tuple[str, str] | None:
        """(seat key, player) the request's cookie names, when it is exactly a cookie issued and still current."""
        seat = self.players.holder(request.cookies.get(self.players.cookie))
        return None if seat is None else (seat, player_of(seat))

    def block(self, request: Request, number: int) -> str:
        """What the table page shows above the clock for *Report result* (see room.report_pages)."""
        signed = self.who(request)
        if signed is None:
            return report_pages.sign_in(number)
        player = signed[1]
        own = self.feed.seat_of(player)
        if own != number:
            return report_pages.elsewhere(player, own)
        table = self.feed.state.table(number)
        state = self.feed.state
        return report_pages.report_form(table, player, bool(state.placement), state.current.number,
                                        _typed(dict(request.query_params)))

    # --- posts ------------------------------------------------------------------------------------

    async def sign_in(self, request: Request) -> Response:
        client = request.client.host if request.client else ""
        if not self.code_tries.allow(client):
            return _refused(429, "Too many tries", f"This phone tried too many codes: wait "
                            f"{self.code_tries.wait(client)} seconds and type the code on your slip again.")
        form = await _form(request)
        if form is None:
            return _refused(413, "Not taken", "That form was too long or too slow to be a player's code: send it "
                            "again.")
        cookie = await run_in_threadpool(self.players.redeem, form.get("code", "")[:40])
        if cookie is None:
            return _refused(403, "Code not accepted", "This code is spent or wrong: each code signs in one phone "
                            "once. Check the slip, or ask the judge for a fresh code.", _back(form))
        player = player_of(self.players.holder(cookie) or "")
        own = self.feed.seat_of(player)
        response = RedirectResponse(f"/table/{own}" if own is not None else "/find", 303, headers=NO_STORE)
        response.set_cookie(self.players.cookie, cookie, httponly=True, samesite="strict", path="/")
        return response

    async def report(self, request: Request) -> Response:
        raw = request.path_params["n"]
        back = f"/table/{raw}" if _digits(raw, 4) else "/find"
        signed = self.who(request)
        if signed is None:
            return _refused(403, "Not signed in", "Only a player signed in on this phone can report: type the code "
                            "on your slip on your table's page first (a sign-in from another phone, another event "
                            "or an older sign-in does not count).", back)
        seat, player = signed
        if not self.reports.allow(seat):
            return _refused(429, "Too many reports", f"{player} sent too many reports: wait "
                            f"{self.reports.wait(seat)} seconds, then send the scores once.", back)
        self.feed.refresh()
        own = self.feed.seat_of(player)
        if back == "/find" or own != int(raw):
            where = f"table {own}" if own is not None else "no table"
            return _refused(403, "Not your table", f"{player} plays at {where} this round: a player can report "
                            "only their own table's result.", f"/table/{own}" if own is not None else "/find")
        form = await _form(request)
        if form is None:
            return _refused(413, "Not taken", "That form was too long or too slow to be a table's result: send it "
                            "again.", back)
        try:
            data = _scores(self.feed, own, form)
            await run_in_threadpool(self.feed.judging.report, self.feed.id, player, data)
        except CompanionError as exc:
            typed = _typed(form)
            return _refused(409, "Report not taken", f"{_sentence(str(exc))} Your report was not taken.",
                            f"{back}?{urlencode(typed)}" if typed else back)
        self.feed.refresh()
        self.on_write()
        return RedirectResponse(back, 303, headers=NO_STORE)

    def routes(self) -> list[BaseRoute]:
        return [Route("/player/code", self.sign_in, methods=["POST"]),
                Route("/table/{n}/report", self.report, methods=["POST"])]


class BadNumber(CompanionError):
    pass


def _scores(feed: RoomFeed, number: int, form: dict[str, str]) -> dict[str, Any]:
    """The report's data from the form's fields (by seat: vp-0, vp-1 ... or place-0 ...; last: a seat or "")."""
    table = feed.state.table(number)
    placed = bool(feed.state.placement)
    field, kind, label = ("place", "places", "place") if placed else ("vp", "vp", "VP")
    low, top = (1, len(table.players)) if placed else (0, MAX_VP)
    values = {}
    for i, p in enumerate(table.players):
        try:  # the same check as the judge's result form: "²", "①", "٣" refused, never guessed
            values[p] = inputs.whole_between(form.get(f"{field}-{i}", ""), f"{p}'s {label}", low, top)
        except inputs.BadInput as exc:
            raise BadNumber(str(exc)) from None
    # what the form was filled in for: the reducer refuses a report made for another round or other seats
    made_for = inputs.whole(form.get("round", ""), digits=6)
    seats = [form.get(f"seat-{i}", "") for i in range(len(table.players))]
    if made_for is None:
        raise BadNumber("This form doesn't say which round it was filled in for: open your table's page again.")
    data: dict[str, Any] = {"table": number, kind: values, "for_round": made_for, "seats": seats}
    last = form.get("last", "")
    if last and not placed:
        seat = inputs.whole(last, digits=2)
        if seat is None or not 0 <= seat < len(table.players):
            raise BadNumber("One force left: choose a player at this table, or No.")
        data["last_standing"] = table.players[seat]
    return data


def _digits(text: str, most: int = 6) -> bool:
    """A table number or a seat in a path or a field name: plain digits 0-9 only (the values a player types go
    through session.inputs.whole, which refuses "²", "①" and "٣" alike)."""
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


async def _form(request: Request) -> dict[str, str] | None:
    """A url-encoded form's fields (the first value of each), or None when it is longer than MAX_FORM or does not
    arrive within BODY_DEADLINE seconds."""
    body = await small_body(request, MAX_FORM, BODY_DEADLINE)
    if body is None:
        return None
    fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
    return {k: v[0] for k, v in fields.items()}


def _typed(form: dict[str, str]) -> dict[str, str]:
    """The report form's own fields as a player typed them (short ones only), to fill the form again after a
    refusal: nothing else of a request is echoed."""
    return {k: v for k, v in form.items() if len(v) <= 6 and (k == "last" or k.partition("-")[0] in ("vp", "place")
                                                              and _digits(k.partition("-")[2], 1))}


def _back(form: dict[str, str]) -> str:
    table = form.get("table", "")
    return f"/table/{table}" if _digits(table, 4) else "/find"


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def _refused(status: int, title: str, sentence: str, back: str = "/find") -> Response:
    headers = {**NO_STORE, **({"Retry-After": "60"} if status == 429 else {})}
    return HTMLResponse(report_pages.refused(title, sentence, back), status, headers=headers)
