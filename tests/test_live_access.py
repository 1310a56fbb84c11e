"""Who may change a hosted table: one-time join codes, signed seat cookies, per-connection seats, rotation."""

from __future__ import annotations

import threading
from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from companion.session.live_table import TableAccess

PLAYERS = ("p1", "p2")


class Connection:
    """Stands for a Flet socket (weakly referenced by the access rules)."""


def page_on(connection: object | None) -> SimpleNamespace:
    return SimpleNamespace(session=SimpleNamespace(connection=connection))


def access() -> tuple[TableAccess, list[str]]:
    shown: list[str] = []
    rules = TableAccess("m1", lambda: PLAYERS, shown.append)
    rules.new_code()
    return rules, shown


def test_a_join_code_works_once_and_the_host_is_shown_a_fresh_one() -> None:
    rules, shown = access()
    code = shown[-1]
    cookie = rules.redeem(code, "p2")
    assert cookie is not None and rules.seat_of(cookie) == "p2"
    assert len(shown) == 2 and shown[-1] != code and rules.code == shown[-1]
    assert rules.redeem(code, "p1") is None  # spent
    assert rules.seat_of(rules.redeem(shown[-1], "p1")) == "p1"


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
    assert rules.seat_of(cookie) is None


@given(st.data())
def test_a_changed_cookie_seats_no_one(data: st.DataObject) -> None:
    rules, shown = access()
    cookie = rules.redeem(shown[-1], "p1")
    assert cookie is not None
    i = data.draw(st.integers(0, len(cookie) - 1))
    char = data.draw(st.characters(codec="ascii").filter(lambda c: c != cookie[i]))
    forged = cookie[:i] + char + cookie[i + 1:]
    assert rules.seat_of(forged) is None


def test_a_cookie_is_for_one_seat_of_one_match_under_one_key() -> None:
    rules, shown = access()
    cookie = rules.redeem(shown[-1], "p1")
    assert cookie is not None
    player, nonce, mac = cookie.split(".")
    assert rules.seat_of(f"p2.{nonce}.{mac}") is None  # another seat with this signature
    other = TableAccess("m2", lambda: PLAYERS)
    assert other.seat_of(cookie) is None  # another table (another key, another match)


def test_seats_belong_to_connections_and_rotation_signs_everyone_out() -> None:
    rules, shown = access()
    cookie = rules.redeem(shown[-1], "p1")
    ann, stranger = Connection(), Connection()
    rules.admit(ann, cookie)
    rules.admit(stranger, None)
    rules.admit(stranger, "p2.forged.0000")
    assert rules.seat(page_on(ann)) == "p1"
    assert rules.seat(page_on(stranger)) is None
    assert rules.seat(page_on(None)) is None
    assert rules.seat(SimpleNamespace()) is None  # a page whose session is gone
    before = rules.code
    rules.rotate()
    assert rules.seat(page_on(ann)) is None and rules.seat_of(cookie) is None
    assert rules.code != before and shown[-1] == rules.code
    late = Connection()
    rules.admit(late, cookie)  # the old cookie, brought again after the rotation
    assert rules.seat(page_on(late)) is None
