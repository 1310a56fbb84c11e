"""A saved force as one link/QR code: it reads back, a damaged or foreign code is refused in one sentence, an
app from before force codes rejects it cleanly, and the code stays small."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.errors import CompanionError
from companion.session import Session
from companion.session.sharing.force_share import force_link_of, take_force_link
from companion.session.sharing.share import is_share_route
from companion.session.table.forces import add_force_text, save_force, saved_forces
from companion.share.errors import DamagedCode, NewerCode, NotOurCode
from companion.share.force_code import ForceCode, decode_force, encode_force, force_link, read_force_link
from companion.share.qr import version_of
from companion.share.text import PREFIX, read_text, split_link

FIVE = "\n".join(f"Spartan {n}, {40 + n}: 8 10 17 3 / 7 10 16 2 / 6 9 16 2 / 5 9 15 1" for n in range(5))
UNITS = ({"name": "Grunt", "points": 12, "dial": [{"stats": {"speed": 6, "attack": 8}, "markers": ["pinned"]},
                                                  {"stats": {}, "markers": ["ko"]}]},
         {"name": "Event dial", "points": 0, "dial": [{"stats": {"speed": 1}, "markers": []},
                                                      {"stats": {"speed": 2}, "markers": []}],
          "start": 1, "cyclic": True, "ref": "scarab-event"})


def test_a_force_reads_back_from_its_link() -> None:
    force = ForceCode("halo-actionclix", "Ann's Spartans", UNITS)
    assert read_force_link(force_link(force)) == force
    assert read_force_link("/" + force_link(force).removeprefix(PREFIX)) == force  # the deep link's route


def test_a_five_unit_force_is_a_small_qr_code_in_numeric_mode(tmp_path: Path) -> None:
    session = Session.open(tmp_path)
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    add_force_text(session, match.id, FIVE)
    force, _ = save_force(session, match.id, "p1", "Ann's Spartans")
    link = force_link_of(session, force.id)
    assert split_link(link) == ["ttcomp://m", "/F-", link.removeprefix("ttcomp://m/F-")]
    assert version_of(link) <= 10  # 5 units with 4-click dials: about 110 bytes


def test_taking_a_link_saves_the_force_and_the_same_again_is_already_saved(tmp_path: Path) -> None:
    link = force_link(ForceCode("halo-actionclix", "Ann's Spartans", UNITS))
    phone = Session.open(tmp_path)
    assert take_force_link(phone, link)[1] == "Saved force “Ann's Spartans” (2 units)"
    assert take_force_link(phone, link)[1] == "Force “Ann's Spartans” (2 units) is already saved on this phone"
    (kept,) = saved_forces(phone, "halo-actionclix")[0]
    assert kept.units == UNITS


def test_a_received_force_never_overwrites_a_saved_one_of_that_name(tmp_path: Path) -> None:
    """The phone's own "Ben's force" (5 Spartans) stays; Ben's received one, other units, is kept beside it."""
    phone = Session.open(tmp_path)
    match = phone.new_match("halo-actionclix", ["Ann", "Ben"])
    add_force_text(phone, match.id, FIVE, "p2")
    mine, _ = save_force(phone, match.id, "p2", "Ben's force")
    link = force_link(ForceCode("halo-actionclix", "Ben's  force", UNITS))  # spacing aside, the same name
    force, said = take_force_link(phone, link)
    assert said == ("Saved force “Ben's force (2)” (2 units): your “Ben's force” has other units, "
                    "so it stays as it was")
    assert take_force_link(phone, link) == (force, "Force “Ben's force (2)” (2 units) is already saved on this phone")
    kept = {f.name: f.units for f in saved_forces(phone, "halo-actionclix")[0]}
    assert kept["Ben's force"] == mine.units and kept["Ben's force (2)"] == UNITS


def test_a_force_of_a_game_this_app_lacks_is_refused(tmp_path: Path) -> None:
    link = force_link(ForceCode("warhammer", "Orks", UNITS))
    with pytest.raises(CompanionError, match="a force of a game this app doesn't have \\(warhammer\\)"):
        take_force_link(Session.open(tmp_path), link)
    assert saved_forces(Session.open(tmp_path))[0] == []


def test_damaged_and_newer_codes_are_refused_in_one_sentence() -> None:
    data = encode_force(ForceCode("halo-actionclix", "Ann's Spartans", UNITS))
    for broken in (data[:-1], data[:5] + bytes([data[5] ^ 1]) + data[6:], b"\x01" * 12):
        with pytest.raises(DamagedCode):
            decode_force(broken)
    newer = bytes([2]) + data[1:-4]
    import zlib

    with pytest.raises(NewerCode):
        decode_force(newer + zlib.crc32(newer).to_bytes(4, "big"))
    with pytest.raises(DamagedCode, match="^this force code's text is damaged"):
        read_force_link(PREFIX + "F-12x4")


def test_a_reader_of_match_codes_refuses_a_force_code_cleanly() -> None:
    link = force_link(ForceCode("halo-actionclix", "Ann's Spartans", UNITS))
    with pytest.raises(NotOurCode, match="this force code is not a Tabletop Companion match code"):
        read_text(link)
    # an app from before force codes reads its body with the same pattern, which no force code matches (the "-"):
    # it says the code is damaged, and nothing is stored
    from companion.share import text

    body = link[len(PREFIX):].upper()
    assert text._BODY.fullmatch(body) is None and not body.startswith(text.TIMER_MARK)
    assert is_share_route("/" + link.removeprefix(PREFIX))  # the camera app's deep link opens the scanner
    assert not is_share_route("/force/ann-s-spartans-0a1b2c")  # the share screen's own route is no code
    assert re.fullmatch(r"ttcomp://m/F-[0-9]+", link)
