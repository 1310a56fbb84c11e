"""Events on the pure match model: what each one does and what it refuses."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match, from_json, to_json

from builders import match, unit


def ev(type_: str, **data: object) -> Event:
    return Event(type_, dict(data), "p1", 1_000_100.0)


@pytest.fixture
def m() -> Match:
    return replay(match(), [ev("add_unit", unit=unit("u1", "p1")), ev("add_unit", unit=unit("u2", "p2"))])


def test_damage_moves_the_click_and_ko_eliminates(m: Match) -> None:
    m = apply(m, ev("damage", unit="u1", amount=2))
    assert m.unit("u1").click == 2
    assert m.unit("u1").current.stats["attack"] == 8
    assert not m.unit("u1").eliminated
    m = apply(m, ev("damage", unit="u1", amount=10))  # more damage than clicks left stops on KO
    assert m.unit("u1").click == 4 and m.unit("u1").eliminated


def test_ko_unit_refuses_damage_and_heal(m: Match) -> None:
    m = apply(m, ev("damage", unit="u1", amount=4))
    with pytest.raises(IllegalAction, match="already KO'd"):
        apply(m, ev("damage", unit="u1", amount=1))
    with pytest.raises(IllegalAction, match="can't be healed"):
        apply(m, ev("heal", unit="u1", amount=1))


def test_heal_stops_at_the_starting_click(m: Match) -> None:
    m = apply(m, ev("damage", unit="u1", amount=2))
    m = apply(m, ev("heal", unit="u1", amount=5))
    assert m.unit("u1").click == 0
    with pytest.raises(IllegalAction, match="full health"):
        apply(m, ev("heal", unit="u1", amount=1))


def test_clicking_past_the_last_click_is_refused(m: Match) -> None:
    with pytest.raises(IllegalAction, match="can't turn past its last click"):
        apply(m, ev("set_click", unit="u1", click=5))
    with pytest.raises(IllegalAction):
        apply(m, ev("set_click", unit="u1", click=-1))
    back = apply(apply(m, ev("set_click", unit="u1", click=4)), ev("set_click", unit="u1", click=0))
    assert not back.unit("u1").eliminated  # respawn at full health


def test_illegal_event_leaves_state_untouched(m: Match) -> None:
    before = to_json(m)
    for bad in (ev("damage", unit="nope", amount=1), ev("damage", unit="u1", amount=0),
                ev("damage", unit="u1", amount="2"), ev("token", unit="u1", kind="action", delta=2),
                ev("score", player="p1", kind="vp", delta=-1), ev("fly", unit="u1")):
        with pytest.raises(IllegalAction):
            apply(m, bad)
    assert to_json(m) == before


def test_halo_action_tokens_last_one_turn(m: Match) -> None:
    m = apply(m, ev("token", unit="u1", kind="action", delta=1))
    with pytest.raises(IllegalAction, match="can't hold more than 1 action"):  # Halo: one action per unit
        apply(m, ev("token", unit="u1", kind="action", delta=1))
    m = apply(m, ev("end_turn"))
    assert m.unit("u1").tokens == m.unit("u2").tokens  # nothing carries over in Halo
    assert m.active == 1 and m.turn == 2
    m = apply(apply(m, ev("end_turn")), ev("token", unit="u1", kind="action", delta=1))  # acts again
    assert m.unit("u1").tokens.action == 1


def test_heroclix_tokens_carry_until_a_turn_without_action() -> None:
    # a player-turn game whose tokens carry (HeroClix's rule; the Scarab pack itself no longer carries them)
    turns = match("scarab")
    carrying = replace(turns, rules=replace(turns.rules, action_tokens_carry=True))
    m = replay(carrying, [ev("add_unit", unit=unit("u1", "p1")), ev("token", unit="u1", kind="action", delta=1)])
    m = apply(m, ev("end_turn"))
    assert m.unit("u1").tokens.action == 0 and m.unit("u1").tokens.action_last == 1
    m = apply(m, ev("end_turn"))  # p2's turn ends: p1's units are not cleared on someone else's turn
    assert m.unit("u1").tokens.action_last == 1
    m = apply(m, ev("token", unit="u1", kind="action", delta=1))  # a second token: the limit of 2 is reached
    with pytest.raises(IllegalAction, match="more than 2"):
        apply(m, ev("token", unit="u1", kind="action", delta=1))
    m = apply(m, ev("end_turn"))
    assert m.unit("u1").tokens.action_last == 2
    m = apply(apply(m, ev("end_turn")), ev("end_turn"))  # a turn of p1's with no action: it clears
    assert m.unit("u1").tokens.action_last == 0


def test_shared_turn_rounds_and_clear_for_everyone() -> None:
    m = replay(match("heroclix-skirmish", players=3), [
        ev("add_unit", unit=unit("a", "p1")), ev("add_unit", unit=unit("b", "p2")),
        ev("token", unit="a", kind="action", delta=1)])
    m = apply(m, ev("end_round"))
    m = apply(m, ev("end_round"))
    assert (m.active, m.round) == (2, 1)
    m = apply(m, ev("end_round"))
    assert (m.active, m.round) == (0, 2)
    m = apply(m, ev("end_turn"))
    assert (m.turn, m.round, m.active) == (2, 1, 0)
    assert m.unit("a").tokens.action_last == 1
    with pytest.raises(IllegalAction, match="no rounds"):
        apply(match(), ev("end_round"))


def test_scores_counters_and_phases() -> None:
    m = match("killer-of-the-maze")
    m = apply(m, ev("add_unit", unit=unit("marine", "p1")))
    m = apply(m, ev("counter", scope="unit", target="marine", name="morale", delta=3))
    assert m.unit("marine").counters == {"morale": 3}
    with pytest.raises(IllegalAction, match="no unit counter called 'fuel'"):
        apply(m, ev("counter", scope="unit", target="marine", name="fuel", delta=1))
    with pytest.raises(IllegalAction, match="below zero"):
        apply(m, ev("counter", scope="unit", target="marine", name="morale", delta=-4))
    assert m.phase == "Imperial Action: Movement"
    m = apply(m, ev("set_phase", phase="Imperial Action: Activity"))
    with pytest.raises(IllegalAction, match="no phase"):
        apply(m, ev("set_phase", phase="Lunch"))
    m = apply(m, ev("score", player="p2", kind="kills", delta=2))
    assert m.player("p2").kills == 2


def test_cyclic_dial_rotates_and_never_ko() -> None:
    event_dial = {"id": "event", "name": "Event dial", "points": 0, "owner": "p1", "cyclic": True,
                  "dial": [{"stats": {}, "markers": [f"band-{i}"]} for i in range(6)]}
    m = apply(match("scarab"), ev("add_unit", unit=event_dial))
    m = apply(m, ev("rotate", unit="event", steps=5))
    m = apply(m, ev("rotate", unit="event", steps=2))
    assert m.unit("event").click == 1
    with pytest.raises(IllegalAction, match="doesn't take damage"):
        apply(m, ev("damage", unit="event", amount=1))


def test_add_unit_checks_its_dial() -> None:
    bad = unit("u9", "p1")
    bad["dial"] = bad["dial"][:-1]  # no KO click
    with pytest.raises(IllegalAction, match="KO click"):
        apply(match(), ev("add_unit", unit=bad))
    with pytest.raises(IllegalAction, match="owner"):
        apply(match(), ev("add_unit", unit=unit("u9", "p7")))


def test_timers_count_from_event_time() -> None:
    m = apply(match(), Event("timer_add", {"timer": "round", "seconds": 1800}, "judge", 100.0))
    m = apply(m, Event("timer_start", {"timer": "round"}, "judge", 100.0))
    m = apply(m, Event("timer_pause", {"timer": "round"}, "judge", 160.0))
    assert m.timer("round").remaining == 1740
    m = apply(m, Event("timer_extend", {"timer": "round", "seconds": 120}, "judge", 200.0))
    m = apply(m, Event("timer_resume", {"timer": "round"}, "judge", 300.0))
    assert m.timer("round").deadline == 300 + 1860


def test_rolls_are_logged_with_who_and_when(m: Match) -> None:
    m = apply(m, ev("roll", expr="2d6", dice=[6, 6], total=12, purpose="attack"))
    roll = m.rolls[-1]
    assert (roll.dice, roll.total, roll.by, roll.at) == ((6, 6), 12, "p1", 1_000_100.0)


def test_finished_match_refuses_play_until_reopened(m: Match) -> None:
    m = apply(m, ev("end_match", winners=["p1"]))
    with pytest.raises(IllegalAction, match="over"):
        apply(m, ev("damage", unit="u2", amount=1))
    m = apply(m, ev("reopen"))
    assert m.status == "active" and m.winners == ()


def test_json_round_trip_and_type_checks(m: Match) -> None:
    assert from_json(to_json(m)) == m
    data = to_json(m)
    data["units"][0]["click"] = True
    with pytest.raises(ValueError, match=r"units\[0\]\.click: expected int"):
        from_json(data)
    data = to_json(m)
    data["units"][0]["click"] = 99
    with pytest.raises(ValueError, match="out of range"):
        from_json(data)


def test_batch_applies_all_or_nothing(m: Match) -> None:
    items = [{"type": "token", "data": {"unit": "u1", "kind": "action", "delta": 1}},
             {"type": "damage", "data": {"unit": "u2", "amount": 2}},
             {"type": "score", "data": {"player": "p1", "kind": "kills", "delta": 1}}]
    after = apply(m, ev("batch", label="Spartan shoots", events=items))
    assert (after.unit("u1").tokens.action, after.unit("u2").click, after.player("p1").kills) == (1, 2, 1)
    assert after.seq == m.seq + 1  # one step in the log
    bad = [*items, {"type": "heal", "data": {"unit": "u1", "amount": 1}}]  # u1 is at full health
    with pytest.raises(IllegalAction, match="full health"):
        apply(m, ev("batch", label="x", events=bad))
    with pytest.raises(IllegalAction, match="can't be part of a batch"):
        apply(m, ev("batch", label="x", events=[{"type": "batch", "data": {}}]))


# --- renaming a player -------------------------------------------------------------------------------


def test_a_player_is_renamed_and_the_log_line_says_from_what(m: Match) -> None:
    from companion.core.match.describe import describe, undo_note

    event = ev("rename_player", player="p2", name="Benjamin", was="Ben")
    renamed = apply(m, event)
    assert [p.name for p in renamed.players] == ["Ann", "Benjamin"] and renamed.seq == m.seq + 1
    assert m.player("p2").name == "Ben"  # the old state untouched
    assert describe(renamed, event) == "renamed Ben to Benjamin"
    assert undo_note(m, Event("undo", {"step": 2}, "p1"), event) == "Undid: renamed Ben to Benjamin"
    assert from_json(to_json(renamed)) == renamed


@pytest.mark.parametrize(("name", "was", "why"), [
    ("", "Ben", "can't be blank"),
    ("   ", "Ben", "can't be blank"),
    (" Benjamin", "Ben", "no spaces at either end"),
    ("Ben\njamin", "Ben", "one line"),
    ("B" * 41, "Ben", "at most 40 characters"),
    ("ann", "Ben", "Ann already has that name"),
    ("Ben", "Ben", "Ben already has that name"),
    ("Benjamin", "Benny", "called Ben now, not Benny"),
    ("Benjamin", None, "was .* is missing"),
    (7, "Ben", "can't be blank"),
])
def test_a_rename_that_would_confuse_the_table_is_refused(m: Match, name: object, was: object, why: str) -> None:
    data = {"player": "p2", "name": name} | ({} if was is None else {"was": was})
    with pytest.raises(IllegalAction, match=why):
        apply(m, Event("rename_player", data, "p1"))


def test_renaming_someone_not_at_the_table_is_refused(m: Match) -> None:
    with pytest.raises(IllegalAction, match="no player 'p9'"):
        apply(m, ev("rename_player", player="p9", name="Cy", was="Cy"))
