"""One attack everywhere in Halo ActionClix (issue 40): every action that ends in an attack -- a move and attack,
a grenade thrown after a move, a respawn's shot or grenade -- composes the system's one attack. For each, its
attack part's form, `odds()`, `resolve()` and advisor classes equal the plain attack's (a shot, or a grenade
thrown without moving) from the position after the move, the move's -3 penalty (more than 4 squares) counted as
a modifier of the plain attack."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import rules
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.advice.rank import weigh

from builders import match, unit

HALO = rules.get("halo-actionclix")
ENEMIES = ("e0", "e1", "e2")


def table(attack: int, defense: int, damage: int, clicks: int) -> Match:
    """Ann: a0 (a Grenade token), a1, a2, a3; x and y eliminated (x has the grenade icon). Ben: e0-e2."""
    def dial(n: int, att: int, dfn: int) -> list[dict[str, Any]]:
        return [*({"stats": {"speed": 8, "attack": att, "defense": dfn, "damage": damage}} for _ in range(n)),
                {"stats": {}, "markers": ["ko"]}]

    cast = [unit("a0", "p1", tokens={"grenade": 1}, dial=dial(3, attack, 15)),
            *(unit(f"a{i}", "p1", dial=dial(3, attack, 15)) for i in (1, 2, 3)),
            unit("x", "p1", points=50, location="reserve", reserve_reason="eliminated", ref="halo:x:grenade-icon",
                 dial=dial(3, attack, 15)),
            unit("y", "p1", points=100, location="reserve", reserve_reason="eliminated", dial=dial(3, attack, 15)),
            *(unit(e, "p2", dial=dial(clicks, 9, defense)) for e in ENEMIES)]
    return replay(match(), [Event("add_unit", {"unit": u}) for u in cast])


@st.composite
def cases(draw: st.DrawFn) -> tuple[Match, Action, Action, Match]:
    """(state, an action ending in an attack, the plain attack it should equal, the match after its move)."""
    state = table(draw(st.integers(4, 12)), draw(st.integers(10, 22)), draw(st.integers(1, 4)),
                  draw(st.integers(1, 3)))
    kind = draw(st.sampled_from(("move-and-attack", "throw-grenade", "respawn-shot", "respawn-grenade")))
    target = draw(st.sampled_from(ENEMIES))
    modifier = draw(st.integers(-10, 10))
    marks = {f"adjacent_{e}": draw(st.booleans()) for e in ENEMIES if e != target}
    shot = kind in ("move-and-attack", "respawn-shot")
    splash = shot and draw(st.booleans())
    ends = draw(st.sampled_from(("", "enemy-spawn")))
    extra: dict[str, Any] = {"splash": True, **marks} if splash else {}
    if kind.startswith("respawn"):
        who = draw(st.sampled_from(("x", "y")))
        moved = draw(st.integers(1, 8))
        params = {"target": target, "moved": moved, "modifier": modifier, "ends": ends, **extra,
                  **({} if shot else {"with": "throw-grenade"})}
        action = Action("respawn", who if shot else "x", params)
        placed = replay(state, [Event("set_location", {"unit": action.unit, "location": "table"}),
                                *([] if shot else [Event("token", {"unit": "x", "kind": "grenade", "delta": 1})])])
    else:
        moved = draw(st.integers(0, 8))
        ends = ends if moved else ""  # no move, no new square
        action = Action(kind, "a0", {"target": target, "moved": moved, "modifier": modifier, "ends": ends, **extra})
        placed = state
    after = apply(placed, Event("set_position", {"unit": action.unit, "position": ends})) if ends else placed
    plain_params = {"target": target, "modifier": modifier - (3 if moved > 4 else 0), **extra}
    plain = Action("attack", action.unit, plain_params) if shot else Action(
        "throw-grenade", action.unit, {**plain_params, "moved": 0})
    return state, action, plain, after


def _fields(state: Match, name: str) -> dict[str, Any]:
    option = next(o for o in HALO.legal_actions(state) if o.action == name)
    return {p.name: p for p in option.params}


@settings(max_examples=120, deadline=None)
@given(cases(), st.integers(0, 10_000))
def test_an_action_ending_in_an_attack_composes_the_plain_attack(case: tuple[Match, Action, Action, Match],
                                                                  seed: int) -> None:
    state, action, plain, after = case
    assert HALO.explain(state, action).legal == HALO.explain(after, plain).legal
    if not HALO.explain(after, plain).legal:
        return
    # the form: the plain attack's fields, the target (with "No attack" first for a respawn) and the rest alike
    own, base = _fields(state, action.name), _fields(after, plain.name)
    for name, field in base.items():
        if name in ("moved", "ends"):
            continue
        mine = own[name]
        if name == "target":
            assert tuple(c for c in mine.choices if c[0]) == field.choices
        else:
            assert (mine.kind, mine.label, mine.low, mine.high, mine.default) == (
                field.kind, field.label, field.low, field.high, field.default)
    # the odds: the same chance; the same words too when the move takes no penalty
    odds, plain_odds = HALO.odds(state, action), HALO.odds(after, plain)
    assert odds is not None and plain_odds is not None and odds.chance == plain_odds.chance
    if action.params["moved"] <= 4:
        assert odds.text == plain_odds.text
    # the resolution: the same dice give the plain attack's events, after the action's own (placement, the move)
    res, plain_res = (HALO.resolve(state, action, random.Random(seed)),
                      HALO.resolve(after, plain, random.Random(seed)))
    events, ends = list(res.events), action.params["ends"]
    if ends:  # where the move ended: the plain attack was made from there
        events.remove(Event("set_position", {"unit": action.unit, "position": ends}, "p1"))
    placement = len(events) - len(plain_res.events)
    assert events[placement:] == list(plain_res.events)
    assert placement == 0 or action.name == "respawn"
    assert res.success == plain_res.success
    assert [e.data for e in res.events if e.type == "roll"] == [e.data for e in plain_res.events if e.type == "roll"]
    # the advisor: the same classes, each with the same effect on the match
    row = weigh(HALO, state, next(o for o in HALO.legal_actions(state) if o.action == action.name), action)
    plain_row = weigh(HALO, after, next(o for o in HALO.legal_actions(after) if o.action == plain.name), plain)
    assert row is not None and plain_row is not None
    assert [(o.branch.chance, o.effect) for o in row.outcomes] == [(o.branch.chance, o.effect)
                                                                   for o in plain_row.outcomes]
