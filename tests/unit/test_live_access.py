"""The one door of both servers (session.access): one-time codes, signed cookies, per-connection rights,
rotation, for a hosted table's seats and the judge alike; and the Origin check."""

from __future__ import annotations

import threading
from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from companion.session.access import JUDGE, Access, judge_access, origin_refusal, table_access

PLAYERS = ("p1", "p2")


class Connection:
    """Stands for a Flet socket (weakly referenced by the access rules)."""


def page_on(connection: object | None) -> SimpleNamespace:
    return SimpleNamespace(session=SimpleNamespace(connection=connection))


def access() -> tuple[Access, list[str]]:
    shown: list[str] = []
    rules = table_access("m1", lambda: PLAYERS, shown.append)
    rules.new_code()
    return rules, shown


def test_a_join_code_works_once_and_the_host_is_shown_a_fresh_one() -> None:
    rules, shown = access()
    code = shown[-1]
    cookie = rules.redeem(code, "p2")
    assert cookie is not None and rules.holder(cookie) == "p2"
    assert len(shown) == 2 and shown[-1] != code and rules.code == shown[-1]
    assert rules.redeem(code, "p1") is None  # spent
    assert rules.holder(rules.redeem(shown[-1], "p1")) == "p1"


def test_a_wrong_code_or_a_player_not_at_the_table_spends_nothing() -> None:
    rules, shown = access()
    assert rules.redeem("guess", "p1") is None
    assert rules.redeem(shown[-1], "p9") is None
    assert rules.redeem(shown[-1], "") is None
    assert len(shown) == 1 and rules.redeem(shown[-1], "p1") is not None


def test_two_phones_redeeming_one_code_at_once_seat_only_one() -> None:
    rules, shown = access()
    code, got = shown[-1], []
    barrier = threading.Barrier(8)

    def phone(player: str) -> None:
        barrier.wait()
        got.append(rules.redeem(code, player))

    threads = [threading.Thread(target=phone, args=(PLAYERS[i % 2],)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(c is not None for c in got) == 1


@given(st.text(max_size=120))
def test_made_up_cookies_seat_no_one(cookie: str) -> None:
    rules, _ = access()
    assert rules.holder(cookie) is None


@given(st.data())
def test_a_changed_cookie_seats_no_one(data: st.DataObject) -> None:
    rules, shown = access()
    cookie = rules.redeem(shown[-1], "p1")
    assert cookie is not None
    i = data.draw(st.integers(0, len(cookie) - 1))
    char = data.draw(st.characters(codec="ascii").filter(lambda c: c != cookie[i]))
    forged = cookie[:i] + char + cookie[i + 1:]
    assert rules.holder(forged) is None


def test_a_cookie_is_for_one_seat_of_one_match_under_one_key() -> None:
    rules, shown = access()
    cookie = rules.redeem(shown[-1], "p1")
    assert cookie is not None
    ben = rules.redeem(rules.code, "p2")
    assert ben is not None
    assert rules.holder(ben.rpartition(".")[0] + "." + cookie.rpartition(".")[2]) is None  # Ben's seat, Ann's mark
    other = table_access("m2", lambda: PLAYERS)
    assert other.holder(cookie) is None  # another table (another key, another match)


def test_seats_belong_to_connections_and_rotation_signs_everyone_out() -> None:
    rules, shown = access()
    cookie = rules.redeem(shown[-1], "p1")
    ann, stranger = Connection(), Connection()
    rules.admit(ann, cookie)
    rules.admit(stranger, None)
    rules.admit(stranger, "p2.forged.0000")
    assert rules.holder_of(page_on(ann)) == "p1"
    assert rules.holder_of(page_on(stranger)) is None
    assert rules.holder_of(page_on(None)) is None
    assert rules.holder_of(SimpleNamespace()) is None  # a page whose session is gone
    before = rules.code
    rules.rotate()
    assert rules.holder_of(page_on(ann)) is None and rules.holder(cookie) is None
    assert rules.code != before and shown[-1] == rules.code
    late = Connection()
    rules.admit(late, cookie)  # the old cookie, brought again after the rotation
    assert rules.holder_of(page_on(late)) is None


def test_a_cookie_opens_only_what_it_was_signed_for() -> None:
    """The same key, another purpose: a judge's cookie seats no one at a table, and a seat is no judge."""
    judge = judge_access("one-key", lambda: "next-key", lambda code: None)
    table = Access("companion_table", "companion-table:m1", "one-key", rotate_key=lambda: "k2",
                   holders=lambda: (JUDGE, *PLAYERS))
    judge_cookie = judge.redeem(judge.new_code())
    table.new_code()
    seat_cookie = table.redeem(table.code, "p1")
    assert judge.holder(judge_cookie) == JUDGE and table.holder(seat_cookie) == "p1"
    assert table.holder(judge_cookie) is None and judge.holder(seat_cookie) is None


def test_rotation_keeps_only_the_page_that_asked() -> None:
    keys = iter(["k2", "k3"])
    judge = judge_access("k1", lambda: next(keys), lambda code: None)
    cookie = judge.redeem(judge.new_code())
    mine, other = Connection(), Connection()
    judge.admit(mine, cookie)
    judge.admit(other, cookie)
    judge.rotate(keep=page_on(mine))
    assert judge.admits(page_on(mine)) and not judge.admits(page_on(other))
    assert judge.holder(cookie) is None


def scope(kind: str, origin: str | None, *, method: str = "POST", host: str = "192.168.1.5:8552") -> dict:
    headers = [(b"host", host.encode())] + ([(b"origin", origin.encode())] if origin is not None else [])
    return {"type": kind, "method": method, "scheme": "http" if kind == "http" else "ws", "headers": headers}


PRINTED = ("http://192.168.1.5:8552",)


def test_the_origin_check_lets_the_server_s_own_pages_in_and_refuses_other_sites() -> None:
    for kind in ("http", "websocket"):
        assert origin_refusal(scope(kind, "http://192.168.1.5:8552"), PRINTED) is None  # same origin
        assert origin_refusal(scope(kind, "http://192.168.1.5:8552", host="127.0.0.1:8552"), PRINTED) is None
        assert origin_refusal(scope(kind, None), PRINTED) is None  # not a browser: it could claim any origin
        for foreign in ("http://evil.example", "null", "http://192.168.1.5:9999", "https://192.168.1.5:8552"):
            reason = origin_refusal(scope(kind, foreign), PRINTED)
            assert reason is not None and "another site" in reason and "nothing was changed" in reason
    assert origin_refusal(scope("http", "http://evil.example", method="GET"), PRINTED) is None  # reads are fine


def test_a_cross_site_referer_without_an_origin_is_refused_like_a_cross_site_origin() -> None:
    def with_referer(referer: str, method: str = "POST") -> dict:
        found = scope("http", None, method=method)
        return {**found, "headers": [*found["headers"], (b"referer", referer.encode())]}

    for foreign in ("http://evil.example/form.html", "http://192.168.1.5:9999/", "https://192.168.1.5:8552/x"):
        reason = origin_refusal(with_referer(foreign), PRINTED)
        assert reason is not None and "another site" in reason
    assert origin_refusal(with_referer("http://192.168.1.5:8552/table/1"), PRINTED) is None  # its own page
    assert origin_refusal(with_referer("http://evil.example/", method="GET"), PRINTED) is None  # reads are fine


@given(st.text(max_size=60))
def test_no_made_up_origin_passes_unless_it_is_the_server_s_own(origin: str) -> None:
    allowed = origin.rstrip("/") in ("http://192.168.1.5:8552",)
    try:
        refused = origin_refusal(scope("websocket", origin), PRINTED) is not None
    except UnicodeEncodeError:  # not a header a client can send
        return
    assert refused != allowed
