"""Force checks from the packs, Skirmish starting squares and the snake draft."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import CompanionError
from companion.core.match.events import Event, replay
from companion.core.match.force_check import check_force, fallen_units, snake_order, starting_squares
from companion.core.packs.load import get_pack

from builders import match, unit


def with_units(m, spec: list[tuple[str, str, int]]):  # type: ignore[no-untyped-def]
    return replay(m, [Event("add_unit", {"unit": unit(uid, owner, points=pts)}) for uid, owner, pts in spec])


def test_skirmish_force_rules_give_reasons() -> None:
    m = with_units(match("heroclix-skirmish", players=3), [("a", "p1", 120), ("b", "p1", 50), ("c", "p2", 60),
                                                          ("d", "p2", 60), ("e", "p2", 60)])
    found = {f.rule: f for f in check_force(get_pack("heroclix-skirmish"), m, "p1")}
    assert found["build-total"].ok is True and "170 of 200" in found["build-total"].text
    assert found["min-characters"].ok is False and found["min-characters"].text == (
        "Ann has 2 characters in the starting force; the rules ask for at least 3.")
    assert found["max-share"].ok is False and "Unit a" in found["max-share"].text
    assert found["max-characters-multiplayer"].ok is True  # 3 players: the 5-character cap applies
    assert found["max-multibase-multiplayer"].ok is True  # nobody is marked multi-base
    ok = {f.rule: f.ok for f in check_force(get_pack("heroclix-skirmish"), m, "p2")}
    assert ok["min-characters"] and ok["max-share"] and ok["build-total"]


def test_halo_missing_numbers_are_marked_for_the_players() -> None:
    m = with_units(match(), [(f"u{i}", "p1", 30) for i in range(5)])
    found = {f.rule: f for f in check_force(get_pack("halo-actionclix"), m, "p1")}
    assert found["min-units"].ok is True
    assert found["max-total"].ok is None and "the rules leave out" in found["max-total"].text


def test_starting_squares_are_all_different_and_replay() -> None:
    m = with_units(match("heroclix-skirmish", players=4), [(f"u{i}", f"p{i % 4 + 1}", 5) for i in range(60)])
    rolls = starting_squares(m, lambda i: random.Random(i % 500), 0)  # a poor generator forces duplicates
    kept = [r.square for r in rolls if not r.duplicate]
    assert len(kept) == 60 == len(set(kept)) and all(0 <= s <= 99 for s in kept)
    assert all(r.square == 10 * r.dice[0] + r.dice[1] for r in rolls)
    assert any(r.duplicate for r in rolls)
    assert starting_squares(m, lambda i: random.Random(i % 500), 0) == rolls
    with pytest.raises(CompanionError, match="no free starting square"):
        starting_squares(m, lambda i: random.Random(i % 3), 0)


def test_snake_draft_order() -> None:
    m = with_units(match("heroclix-skirmish", players=3), [("a", "p1", 10), ("b", "p1", 10), ("c", "p2", 10),
                                                          ("d", "p2", 10), ("e", "p3", 10)])
    assert snake_order(m) == ["p1", "p2", "p3", "p2", "p1"]


def test_a_unit_eliminated_into_the_reserves_still_counts_in_its_force() -> None:
    start = with_units(match(), [(f"u{i}", "p1", 30) for i in range(5)] + [("r1", "p1", 30)])
    start = replay(start, [Event("set_location", {"unit": "r1", "location": "reserve"})])  # picked as a reserve
    events = [Event("damage", {"unit": "u0", "amount": 4}),  # KO ...
              Event("set_click", {"unit": "u0", "click": 0}),  # ... clicked back and sent to the reserves (Halo)
              Event("set_location", {"unit": "u0", "location": "reserve"})]
    fallen = fallen_units(start, events)
    after = replay(start, events)
    assert fallen == {"u0"}
    found = {f.rule: f for f in check_force(get_pack("halo-actionclix"), after, "p1", fallen)}
    # not the reserve r1
    assert found["min-units"].ok is True and "has 5 units in the starting force" in found["min-units"].text
    assert {f.rule: f.ok for f in check_force(get_pack("halo-actionclix"), after, "p1")}["min-units"] is False
