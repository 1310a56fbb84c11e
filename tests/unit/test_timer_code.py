"""A table timer travels as a QR code: two phones given the same code show the same deadline."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.match import timers
from companion.core.match.events import Event
from companion.core.tournament.clock import table_timer_payload
from companion.core.tournament.events import replay
from companion.core.tournament.state import new_tournament
from companion.share import DamagedCode, png, read_text
from companion.share.errors import NotOurCode
from companion.share.timer_code import is_timer_link, read_timer_link, timer_link


def running_event():  # type: ignore[no-untyped-def]
    t = new_tournament("friday", "Friday Skirmish", now=1000.0)
    return replay(t, [Event("seat", {"table": 1, "players": ["Ann", "Ben"]}, "judge", 1000.0),
                      Event("start", {}, "judge", 1000.0)])


def test_a_running_timer_travels_as_its_deadline() -> None:
    t = running_event()
    link = timer_link(table_timer_payload(t, t.tables[0]))
    assert is_timer_link(link) and is_timer_link("/" + link.split("/", 3)[3])
    phone_a, marks = read_timer_link(link)
    phone_b, _ = read_timer_link(link.lower())  # a camera app may change the case
    assert phone_a == phone_b and phone_a.deadline == t.tables[0].timer.deadline
    assert timers.remaining(phone_a, 1000.0 + 600) == 30 * 60 - 600
    assert marks == t.marks
    with pytest.raises(NotOurCode):
        read_text(link)  # never mistaken for a match code


def test_the_qr_png_reads_back() -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    t = running_event()
    link = timer_link(table_timer_payload(t, t.tables[0]))
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png(link))))
    assert found and read_timer_link(found[0].text)[0] == read_timer_link(link)[0]


@given(st.integers(0, 200), st.integers(0, 255))
def test_altered_codes_are_refused(position: int, value: int) -> None:
    t = running_event()
    link = timer_link(table_timer_payload(t, t.tables[0]))
    body = link.split("T-", 1)[1]
    i = position % len(body)
    altered = body[:i] + "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[value % 32] + body[i + 1:]
    if altered == body:
        return
    with pytest.raises(DamagedCode):
        read_timer_link("ttcomp://m/T-" + altered)
