"""Match settings (issue 40): the numbers a pack leaves to the players -- Halo's Kill points to win and its force's
points limits, cut off in the seed -- set when the match is made (Session, CLI), kept in the match (undo, share
codes, backups), shown against the score in the header and ending the match like any other target."""

from __future__ import annotations

import json
import random

import pytest

from companion.cli import main
from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.packs.load import get_pack
from companion.rules import Action
from companion.session import Session
from companion.session.play.advice import advise
from companion.session.play.match_settings import match_settings, pack_settings, settings_line
from companion.session.table.full_log import force_findings
from companion.session.table.header import header, victory_rules
from companion.share import SharedMatch, decode, encode

from builders import unit
from share_strategies_kit import LIBRARY

HALO = "halo-actionclix"


def _halo(session: Session, **settings: int) -> str:
    match = session.new_match(HALO, ["Ann", "Ben"], settings={k.replace("_", "-"): v for k, v in settings.items()})
    session.dispatch_events(match.id, [Event("add_unit", {"unit": u}) for u in (
        unit("a0", "p1"), unit("a1", "p1"), unit("e0", "p2", clicks=1), unit("e1", "p2", clicks=1),
        unit("e2", "p2"))], "set-up", by="p1")
    return match.id


def test_only_packs_that_declare_settings_offer_them() -> None:
    session = Session.open()
    assert [s.id for s in pack_settings(session, HALO)] == ["kill-points-to-win", "max-force-points",
                                                            "max-unit-points"]
    assert pack_settings(session, "heroclix-skirmish") == [] and pack_settings(session, "scarab") == []
    assert all(s.missing for s in pack_settings(session, HALO))  # each is cut off in the seed


def test_the_kill_target_is_shown_against_the_score_and_an_attack_that_reaches_it_wins() -> None:
    session = Session.open()
    match_id = _halo(session, kill_points_to_win=2)
    victory = victory_rules(session, HALO)
    assert [s.words for s in header(session.state(match_id), victory).scores] == ["0 of 2 kills", "0 of 2 kills"]
    first, _ = session.act(match_id, Action("attack", "a0", {"target": "e0"}), rng=random.Random(5))
    assert session.state(match_id).player("p1").kills == 1 and session.state(match_id).status == "active"
    assert [s.words for s in header(session.state(match_id), victory).scores][0] == "1 of 2 kills"
    # the advisor sees the win: the next KO ends the match
    best = advise(session.state(match_id)).moves[0]
    assert best.data["win"] != "0"
    won, _ = session.act(match_id, Action("attack", "a1", {"target": "e1"}), rng=random.Random(5))
    state = session.state(match_id)
    assert state.status == "finished" and state.winners == ("p1",)
    assert "Ann reaches 2 Kill points (of 2 agreed to win) and wins." in won.details
    session.undo(match_id)  # the win is part of the attack's step
    assert session.state(match_id).status == "active"


def test_kills_entered_by_hand_reach_the_target_and_the_header_asks() -> None:
    session = Session.open()
    match_id = _halo(session, kill_points_to_win=3)
    session.dispatch(match_id, "score", {"player": "p2", "kind": "kills", "delta": 3})
    over = header(session.state(match_id), victory_rules(session, HALO)).over
    assert over is not None and over.winners == ("p2",) and "Ben reached 3 kills (of 3)" in over.reason
    # no target agreed: no prompt, the score alone ("3 kills")
    plain = _halo(session)
    session.dispatch(plain, "score", {"player": "p2", "kind": "kills", "delta": 3})
    facts = header(session.state(plain), victory_rules(session, HALO))
    assert facts.over is None and facts.scores[1].words == "3 kills"


def test_the_force_check_measures_against_the_agreed_limits() -> None:
    session = Session.open()
    match_id = _halo(session, max_force_points=50, max_unit_points=25)
    found = {f.rule: f for f in force_findings(session, match_id)["p1"]}
    assert found["max-total"].ok is False and "force is worth 60 of 50 points" in found["max-total"].text
    assert found["max-unit"].ok is False and "Unit a0 (30 points)" in found["max-unit"].text
    ok = {f.rule: f for f in force_findings(session, _halo(session, max_force_points=60))["p1"]}
    assert ok["max-total"].ok is True
    assert ok["max-unit"].ok is None  # not agreed
    assert "the rules leave out the most one unit may cost" in ok["max-unit"].text


def test_settings_travel_in_undo_and_share_codes_and_old_codes_still_read() -> None:
    session = Session.open()
    match_id = _halo(session, kill_points_to_win=10, max_force_points=300)
    session.dispatch(match_id, "score", {"player": "p1", "kind": "kills", "delta": 1})
    session.undo(match_id)
    assert settings_line(session, session.state(match_id)) == "Kill points to win 10 · Starting force points limit 300"
    shared = SharedMatch.from_export(session.export(match_id))
    back = decode(encode(shared, LIBRARY), LIBRARY)
    assert back == shared and back.state.counters["kill-points-to-win"] == 10
    old = SharedMatch.from_export(session.export(_halo(session)))  # a match made before settings: none agreed
    again = decode(encode(old, LIBRARY), LIBRARY).state
    assert all(value is None for _, value in match_settings(session, again))
    assert header(again, victory_rules(session, HALO)).scores[0].target is None


def test_bad_settings_get_one_sentence_and_make_no_match() -> None:
    session = Session.open()
    with pytest.raises(IllegalAction, match="Halo ActionClix has no setting 'kills'; its settings: kill-points-to-win"):
        session.new_match(HALO, ["Ann", "Ben"], settings={"kills": 10})
    with pytest.raises(IllegalAction, match="Kill points to win must be a whole number of 1 or more, not 0"):
        session.new_match(HALO, ["Ann", "Ben"], settings={"kill-points-to-win": 0})
    with pytest.raises(IllegalAction, match="must be a whole number"):
        session.new_match(HALO, ["Ann", "Ben"], settings={"kill-points-to-win": "ten"})  # type: ignore[dict-item]
    # settings that can't be played together: the system says why (the Empires' success face on a d6)
    with pytest.raises(IllegalAction, match="from 1 to 6 on a d6, not 8"):
        session.new_match("armageddon-empires", ["Ann", "Ben"], settings={"die-sides": 6, "success-on": 8})
    assert session.list_matches() == []


def test_settings_leave_the_packs_rules_as_they_were() -> None:
    """A code leaves out the rules of a match that equal its pack's, and the reader takes its own copy's: so the
    settings live in the match's counters, not in the pack's rules (old codes decode to the same match)."""
    session = Session.open()
    agreed, plain = _halo(session, kill_points_to_win=5), _halo(session)
    assert session.state(agreed).rules == session.state(plain).rules == get_pack(HALO).rules
    assert "match" not in get_pack(HALO).rules.counters


def test_the_command_line_sets_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "new", "--system", HALO, "--player", "Ann", "--player", "Ben",
                 "--setting", "kill-points-to-win=10", "--setting", "max-force-points=300"]) == 0
    out = capsys.readouterr().out
    assert "settings: Kill points to win 10 · Starting force points limit 300" in out
    match_id = out.split()[1]
    assert main(["match", "show", match_id]) == 0
    assert "settings: Kill points to win 10" in capsys.readouterr().out
    assert main(["match", "new", "--system", HALO, "--player", "Ann", "--player", "Ben", "--json",
                 "--setting", "kill-points-to-win=7"]) == 0
    assert json.loads(capsys.readouterr().out)["counters"] == {"kill-points-to-win": 7}
    assert main(["match", "new", "--system", HALO, "--player", "Ann", "--player", "Ben",
                 "--setting", "kill-points-to-win"]) == 1
    assert "--setting takes ID=N" in capsys.readouterr().err
    assert main(["match", "new", "--system", HALO, "--player", "Ann", "--player", "Ben",
                 "--setting", "kills=3"]) == 1
    assert "no setting 'kills'" in capsys.readouterr().err
