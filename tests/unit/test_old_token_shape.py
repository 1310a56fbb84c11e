"""Matches stored before a game's words moved to its pack (issue 41 §1) still open, read and play the same.

tests/fixtures/halo_stored_before_pack_words.json is a match file as main's code (0f5adf3) wrote it, and
halo_export_before_pack_words.json its export, both made by tests/fixtures/make_halo_before_pack_words.py: a Halo
match whose units hold the four token fields of that time (action, action_last, upgrade, grenade), a unit in the
reserves as "swapped", turn marks, and a Grenade token its card's icon gave when it was added.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.core.errors import IllegalAction
from companion.core.model import Tokens, from_json, to_json
from companion.session import Session
from companion.session.table.full_log import log_lines
from companion.share import decode, encode, read_any
from companion.share.library import Library
from companion.share.payload import SharedMatch
from companion.share.text import read_text

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
STORED = FIXTURES / "halo_stored_before_pack_words.json"
EXPORT = json.loads((FIXTURES / "halo_export_before_pack_words.json").read_text(encoding="utf-8"))
MATCH_ID = EXPORT["state"]["id"]
# That match as main's code wrote it in a whole code, and the turn code of its last three steps (the Grenade
# and Upgrade tokens travelled as fixed places then; a mark and a reason as their places in fixed lists)
OLD_CODE = (
    "ttcomp://m/19423972825504001064571773332221164226853464474675367959796507414067065357458730998121116"
    "5421253398536272807483092811141487590937671679924177238800978731153840759287355280564351530219999414"
    "4232326966990772310868304134671950840359651193777620754705433668905042038503095407831622372366406533"
    "3803356717865587924495462148363746237128974313366556436657094675912326088945948278584"
)
OLD_TURN_CODE = (
    "ttcomp://m/19986922778925129720359551505151872253042459085928611885331373265523349488160646821293927"
    "568810087119969718330413167332325705163544308390773392514755"
)


def _old_store(tmp_path: Path) -> Session:
    matches = tmp_path / "data" / "matches"
    matches.mkdir(parents=True)
    shutil.copy(STORED, matches / f"{MATCH_ID}.json")
    return Session.open(tmp_path / "data")


def test_a_match_stored_before_opens_with_its_tokens_marks_and_reasons(tmp_path: Path) -> None:
    session = _old_store(tmp_path)
    state = session.state(MATCH_ID)
    odst, marine, marine_b = (state.unit(u) for u in ("odst", "marine", "marine-b"))
    assert odst.tokens == Tokens(action=1, upgrade=2, grenade=1) and odst.turn_marks == ("looted",)
    assert (marine.location, marine.reserve_reason, marine.turn_marks) == ("reserve", "swapped", ("swapped",))
    assert marine_b.turn_marks == ("swapped",)
    # written back exactly as it was read: the four fields of that time, zeros too
    assert to_json(state) == EXPORT["state"]
    assert to_json(state)["units"][3]["tokens"] == {"action": 0, "action_last": 0, "upgrade": 0, "grenade": 0}


def test_a_match_stored_before_reads_and_plays_on(tmp_path: Path) -> None:
    session = _old_store(tmp_path)
    lines = [line.text for line in log_lines(session, MATCH_ID)]
    assert "ODST Trooper: +2 Upgrade tokens" in lines  # the words are the pack's now
    # the swap's rule is Halo's now (rules/halo), and still refuses an action to a unit that swapped this turn
    with pytest.raises(IllegalAction, match="Marine B swapped weapons this turn"):
        session.dispatch(MATCH_ID, "token", {"unit": "marine-b", "kind": "action", "delta": 1}, by="p1")
    undone = session.undo(MATCH_ID, by="p1")  # the old events replay through today's reducer
    assert undone.unit("odst").turn_marks == () and undone.unit("odst").tokens["grenade"] == 1
    again = session.dispatch(MATCH_ID, "token", {"unit": "odst", "kind": "grenade", "delta": -1}, by="p1")
    assert again.unit("odst").tokens == Tokens(action=1, upgrade=2)


def test_an_export_made_before_imports_to_the_same_state(tmp_path: Path) -> None:
    """Its events replay through today's reducer, Halo's grenade-icon rule now in rules/halo, to the state the
    old code stored (the card's icon still gives the ODST its Grenade token when it is added)."""
    session = Session.open(tmp_path / "fresh")
    state = session.import_match(EXPORT)
    assert to_json(state) == EXPORT["state"]
    assert from_json(EXPORT["initial"]).units == ()


def test_a_match_stored_before_travels_in_a_code_and_back() -> None:
    shared = SharedMatch.from_export(EXPORT)
    back = decode(encode(shared, Library.load()), Library.load())
    assert back == shared and to_json(back.state) == EXPORT["state"]


def test_codes_made_before_read_to_the_same_match() -> None:
    """A whole code and a turn code main's code made of it: the turn code's check of the base both sides hold
    (the JSON of its start, the four token fields of that time included) still matches."""
    shared, library = SharedMatch.from_export(EXPORT), Library.load()
    assert decode(read_text(OLD_CODE).data, library) == shared
    base = SharedMatch.of(shared.initial, shared.events[:-3])
    assert read_any(read_text(OLD_TURN_CODE).data, library, {shared.id: base}.get) == shared
