"""Halo ActionClix against its seed (001), a rules lawyer's second audit: the turn's three actions on every path,
the starting force as it was deployed, a reason for each reserve unit a swap or an upgrade passes over, and the
kill target as `match show` says it."""

from __future__ import annotations

import random

import pytest

from companion import rules
from companion.cli import main
from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.rules import Action
from companion.rules.halo.respawn import elimination_events
from companion.session import Session
from companion.session.table.full_log import force_findings
from companion.session.table.header import header, victory_rules

from builders import unit

HALO = "halo-actionclix"


def _halo(session: Session, *units: dict, **settings: int) -> str:
    match = session.new_match(HALO, ["Ann", "Ben"], settings={k.replace("_", "-"): v for k, v in settings.items()})
    session.dispatch_events(match.id, [Event("add_unit", {"unit": u}) for u in units], "set-up", by="p1")
    return match.id


def test_a_fourth_action_is_refused_on_every_path_and_the_header_counts_true() -> None:
    session = Session.open()
    match_id = _halo(session, *(unit(f"a{i}", "p1") for i in range(4)), unit("e0", "p2"))
    for i in range(3):  # `match event token` is Session.dispatch: no button in between
        session.dispatch(match_id, "token", {"unit": f"a{i}", "kind": "action", "delta": 1})
        assert header(session.state(match_id), []).actions == f"Actions {i + 1} of 3"
    with pytest.raises(IllegalAction, match="you have 3 actions to hand out: Ann has given out all 3 this turn, "
                                            "so a fourth is refused") as refused:
        session.dispatch(match_id, "token", {"unit": "a3", "kind": "action", "delta": 1})
    assert refused.value.rule == "actions"
    with pytest.raises(IllegalAction, match="a fourth is refused"):  # nor inside a step of several events
        session.dispatch_events(match_id, [Event("token", {"unit": "a3", "kind": "action", "delta": 1})], "by hand")
    assert session.state(match_id).unit("a3").tokens.action == 0
    session.dispatch(match_id, "end_turn", {})  # Ben's turn: his own three
    assert header(session.state(match_id), []).actions == "Actions 0 of 3"


def test_a_legal_upgrade_leaves_the_starting_force_within_its_limits() -> None:
    session = Session.open()
    match_id = _halo(session, unit("a0", "p1"), unit("a1", "p1"), unit("b0", "p1", points=55, location="reserve"),
                     unit("e0", "p2"), unit("e1", "p2"), max_force_points=60, max_unit_points=30)
    before = {f.rule: f for f in force_findings(session, match_id)["p1"]}
    session.dispatch(match_id, "token", {"unit": "a0", "kind": "upgrade", "delta": 1})
    result, _ = session.act(match_id, Action("upgrade", "a0", {"into": "b0", "spend": 1}), rng=random.Random(0))
    assert result.summary == "Unit b0 takes Unit a0's place"
    after = {f.rule: f for f in force_findings(session, match_id)["p1"]}
    for rule in ("max-total", "max-unit"):
        assert after[rule].ok is True and after[rule].text == before[rule].text
    assert "force is worth 60 of 60 points" in after["max-total"].text
    # a force too big at the start is still flagged: the limits measure what was deployed
    big = _halo(session, unit("a0", "p1", points=40), unit("a1", "p1"), unit("e0", "p2"), max_force_points=60)
    session.dispatch(big, "end_turn", {})
    assert "force is worth 70 of 60 points" in {f.rule: f for f in force_findings(session, big)["p1"]}["max-total"].text


def test_a_swap_and_an_upgrade_say_why_each_reserve_unit_of_the_right_points_cant_come_in() -> None:
    session = Session.open()
    match_id = _halo(session, unit("a0", "p1"), unit("a1", "p1"), unit("e0", "p2"), unit("e1", "p2"),
                     kill_points_to_win=5)
    session.dispatch(match_id, "token", {"unit": "a0", "kind": "upgrade", "delta": 1})
    session.dispatch(match_id, "end_turn", {})
    state = session.state(match_id)
    session.dispatch_events(match_id, [Event("damage", {"unit": "a1", "amount": 4}),
                                       *elimination_events(state.unit("e0"), state.unit("a1"))], "ko", by="p2")
    session.dispatch(match_id, "end_turn", {})
    options = {o.action: o for o in rules.get(HALO).legal_actions(session.state(match_id))}
    because = "Unit a1 (30 points) was eliminated and comes back by respawning"
    assert options["swap-weapons"].refused["a0"] == (
        f"no unit in your reserves that may come in is worth exactly 30 points like Unit a0: {because}")
    assert options["upgrade"].refused["a0"] == (
        "Unit a0 holds 1 Upgrade token, but no unit in your reserves that may come in is worth 55 points or less "
        f"(30 + 25 x 1): {because}")
    assert options["respawn"].enabled


def test_match_show_says_the_kill_target_and_that_it_is_reached(capsys: pytest.CaptureFixture[str]) -> None:
    session = Session.open()
    match_id = _halo(session, unit("a0", "p1"), unit("e0", "p2"), kill_points_to_win=2)
    for _ in range(2):
        assert main(["match", "event", match_id, "score", "--data", '{"player": "p1", "kind": "kills", "delta": 1}']
                    ) == 0
    out = capsys.readouterr().out
    assert "Ann (p1): 2 of 2 kills\n" in out and "Ben (p2): 0 of 2 kills\n" in out
    assert main(["match", "show", match_id]) == 0
    shown = capsys.readouterr().out
    said = header(session.state(match_id), victory_rules(session, HALO))
    assert said.over is not None and f"Match over? {said.over.reason}" in shown
    assert "Ann (p1): 2 of 2 kills\n" in shown and "Actions 0 of 3" in shown
    assert f"companion match event {match_id} end_match --data '{{\"winners\": [\"p1\"]}}'" in shown


def test_an_attack_may_use_a_special_ability_composing_the_one_attack() -> None:
    session = Session.open()
    match_id = _halo(session, unit("a0", "p1"), unit("e0", "p2"), unit("e1", "p2"), kill_points_to_win=3)
    halo, state = rules.get(HALO), session.state(match_id)
    for name in ("attack", "move-and-attack"):  # the shot's own kinds; a grenade is its own action
        kind = next(p for p in next(o for o in halo.legal_actions(state) if o.action == name).params
                    if p.name == "kind")
        assert kind.rare and kind.default == "shoot" and dict(kind.choices)["special"] == "Special ability (card text)"
    special = Action("attack", "a0", {"target": "e0", "kind": "special"})
    assert halo.odds(state, special) == halo.odds(state, Action("attack", "a0", {"target": "e0"}))  # the same roll
    splash = halo.explain(state, Action("attack", "a0", {"target": "e0", "kind": "special", "splash": True}))
    assert not splash.legal and "a special-ability attack doesn't offer it" in splash.reason
    assert "not 'melee'" in halo.explain(state, Action("attack", "a0", {"target": "e0", "kind": "melee"})).reason
    result, _ = session.act(match_id, special, rng=random.Random(1))
    assert result.summary.startswith("Unit a0 uses a special ability on Unit e0: 2d6")
    assert "special-ability-colours" in result.rules and any("card's text" in d for d in result.details)
    logged = session.log(match_id)[-1].data["events"]
    assert any(e["type"] == "roll" and e["data"]["purpose"] == "Unit a0 uses a special ability on Unit e0"
               for e in logged)


def test_a_plain_move_asks_its_squares_and_keeps_to_the_units_speed() -> None:
    session = Session.open()
    match_id = _halo(session, unit("a0", "p1"), unit("e0", "p2"))
    halo, state = rules.get(HALO), session.state(match_id)
    moved = next(p for p in next(o for o in halo.legal_actions(state) if o.action == "move").params
                 if p.name == "moved")
    assert moved.rare and moved.default == 0  # behind More options: a move is still two taps
    too_far = halo.explain(state, Action("move", "a0", {"moved": 99}))
    assert not too_far.legal and too_far.rule == "moving"
    assert too_far.reason == "Move: moved must be a whole number from 0 to 8, not 99 (Unit a0's speed is 8)"
    assert halo.explain(state, Action("move", "a0", {"moved": 8})).legal
    assert halo.explain(state, Action("move", "a0", {})).legal  # not given: the players measured it
    result, _ = session.act(match_id, Action("move", "a0", {"moved": 5}), rng=random.Random(0))
    assert result.summary == "Unit a0 moves 5 squares"


def test_a_respawn_naming_another_players_unit_is_refused_like_the_others() -> None:
    session = Session.open()
    match_id = _halo(session, unit("a0", "p1"), unit("a1", "p1"), unit("e0", "p2"), unit("e1", "p2"))
    session.dispatch(match_id, "end_turn", {})
    state = session.state(match_id)
    session.dispatch_events(match_id, [Event("damage", {"unit": "a1", "amount": 4}),
                                       *elimination_events(state.unit("e0"), state.unit("a1"))], "ko", by="p2")
    session.dispatch(match_id, "end_turn", {})
    verdict = rules.get(HALO).explain(session.state(match_id), Action("respawn", "a1", {"moved": 2, "for": "e0"}))
    assert not verdict.legal and verdict.rule == "respawning"
    assert verdict.reason == "Respawn: 'e0' is not one of your eliminated units waiting to respawn"
