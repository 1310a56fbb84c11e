"""House rules per match (issue 32): chosen when the match is made, switched by an undoable event, kept in the
match (so export and share codes carry them) and read by the rules helper."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import rules
from companion.cli import main
from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.session import Session
from companion.session.play.house_rules import house_rules, pack_house_rules, set_house_rule
from companion.share import SharedMatch, decode, encode
from companion.store.matches import MatchStore
from companion.ui.app import main as app_main

from flet_harness import Harness, drawn
from scarab_setup_kit import scarab_dials, strike_team
from share_strategies_kit import LIBRARY

FLYERS = "flyer-limit-2"


def _on(session: Session, match_id: str) -> dict[str, bool]:
    return {r.id: r.on for r in house_rules(session, session.state(match_id))}


def test_every_option_the_packs_mark_can_be_switched_on() -> None:
    session = Session.open()
    for system_id in rules.available():
        options = [r.id for r in pack_house_rules(session, system_id)]
        match = session.new_match(system_id, ["Ann", "Ben"], house_rules=options)
        assert all(_on(session, match.id)[o] for o in options), system_id
    assert {"flyer-limit-2", "heroclix-attacker-actions", "knockback-blocked-damage"} <= {
        r.id for s in rules.available() for r in pack_house_rules(session, s)}


def test_the_scarab_two_flyers_option_from_the_command_line_to_the_helper(capsys: pytest.CaptureFixture[str]
                                                                           ) -> None:
    assert main(["match", "new", "--system", "scarab", "--player", "Sam", "--player", "Ann",
                 "--house-rule", FLYERS, "--json"]) == 0
    match_id = json.loads(capsys.readouterr().out)["id"]
    session = Session.open()
    session.dispatch_events(match_id, [Event("add_unit", {"unit": u}) for u in scarab_dials() + strike_team()],
                            "set-up", by="p1")
    session.dispatch(match_id, "end_turn")  # Ann's turn: the attacker's moves read the house rule
    move = next(o for o in rules.get("scarab").legal_actions(session.state(match_id)) if o.action == "move")
    assert "House rule: at most two flying figures" in (move.note or "")
    assert main(["match", "house-rules", match_id, FLYERS, "off"]) == 0
    assert not _on(session, match_id)[FLYERS]
    session.undo(match_id)  # switching is one undoable event
    assert _on(session, match_id)[FLYERS]


def test_an_unknown_house_rule_is_refused_on_every_path() -> None:
    session = Session.open()
    with pytest.raises(IllegalAction, match="no house rule 'double-dice'"):
        session.new_match("scarab", ["Sam", "Ann"], house_rules=["double-dice"])
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    with pytest.raises(IllegalAction, match="no house rule"):
        set_house_rule(session, match.id, FLYERS, True)  # the Scarab's, not Halo's
    with pytest.raises(IllegalAction, match="on must be true or false"):
        session.dispatch(match.id, "house_rule", {"option": "knockback-blocked-damage", "on": "yes"})


def test_a_house_rule_travels_in_export_and_share_code() -> None:
    session = Session.open()
    match = session.new_match("scarab", ["Sam", "Ann"], house_rules=[FLYERS])
    set_house_rule(session, match.id, "flyers-board-from-adjacent", True)
    shared = SharedMatch.from_export(session.export(match.id))
    back = decode(encode(shared, LIBRARY), LIBRARY)
    assert back == shared
    system = rules.get("scarab")
    assert system.house_rules(back.initial)[FLYERS] and not system.house_rules(back.initial)[
        "flyers-board-from-adjacent"]
    on = system.house_rules(back.state)
    assert on[FLYERS] and on["flyers-board-from-adjacent"] and not on["heroclix-attacker-actions"]
    exported = session.export(match.id)
    session.delete(match.id)
    assert _on(session, session.import_match(exported).id)[FLYERS]


@pytest.mark.asyncio
async def test_the_set_up_screen_follows_a_switch_made_elsewhere_without_a_tap(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    match_id = session.new_match("scarab", ["Sam", "Ann"]).id

    h = await Harness.at(session, f"/match/{match_id}/setup")
    assert h.find(f"house-{FLYERS}").value is False
    other = Session(MatchStore(tmp_path / "data"))  # another phone (or the CLI) on the same data folder
    set_house_rule(other, match_id, FLYERS, True)
    session.feed.changed(None)  # what the app hears when anything looks again (a hosted table's tick)
    await drawn()
    assert h.find(f"house-{FLYERS}").value is True
    other.undo(match_id)
    session.feed.changed(None)
    await drawn()
    assert h.find(f"house-{FLYERS}").value is False
    await h.choose(f"house-{FLYERS}", True)  # and the screen's own switch still works after
    assert _on(session, match_id)[FLYERS] and h.find(f"house-{FLYERS}").value is True


@pytest.mark.asyncio
async def test_a_refused_switch_on_the_set_up_screen_goes_back_and_says_why(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    match_id = session.new_match("scarab", ["Sam", "Ann"]).id

    h = await Harness.at(session, f"/match/{match_id}/setup")

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise IllegalAction("this phone only watches")  # as a watching phone of a hosted table is told

    monkeypatch.setattr("companion.ui.match.setup_screen.set_house_rule", refuse)
    await h.choose(f"house-{FLYERS}", True)
    await drawn()
    assert h.text_of("toast") == "this phone only watches"
    assert h.find(f"house-{FLYERS}").value is False and not _on(session, match_id)[FLYERS]


@pytest.mark.asyncio
async def test_house_rules_are_switched_on_the_new_match_and_set_up_screens(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "store"))
    h = await Harness.start(lambda page: app_main(page, session))
    await h.click("new-match")
    await h.choose("system", "scarab")
    await h.choose(f"house-{FLYERS}", True)
    for i, name in enumerate(("Sam", "Ann")):
        await h.type(f"player-{i}", name)
    await h.click("create-match")
    match_id = h.top.route.removeprefix("/match/")
    assert _on(session, match_id)[FLYERS] and not _on(session, match_id)["flyers-board-from-adjacent"]
    await h.click("open-setup")
    assert h.find(f"house-{FLYERS}").value is True
    await h.choose(f"house-{FLYERS}", False)
    assert not _on(session, match_id)[FLYERS]
    assert session.log(match_id)[-1].type == "house_rule"
