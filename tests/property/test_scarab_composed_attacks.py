"""One attack everywhere in the Scarab game (issue 40): every action that ends in an attack (a move, Enter, Exit,
Move off, Jump off) makes the plain attack (Shoot the Scarab, Attack the Main Power Core, Attack a reinforcement)
from the position the move leaves the figure in: the same form fields, the same verdict and reason, the same odds,
the same dice and the same effects. "After the move" is built here from the seed, not from the helper: the figure
on its new square (the Ramp after entering, on top after exiting, on the map after getting off), 1 damage after
jumping off without Jump/Climb or flight, and the long-move -3 after more than 4 squares."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import rules
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action, ActionOption

from scarab_setup_kit import figure, scarab_match

SCARAB = rules.get("scarab")
PLACES = ("ground", "beneath", "top", "ramp", "interior")
STARTS = {"enter": ("top",), "exit": ("ramp", "interior"), "move-off": ("top",), "jump-off": ("top",), "move": PLACES}
LANDS = {"enter": "ramp", "exit": "top", "move-off": "ground", "jump-off": "ground"}
GOES_ON = {"enter": ("ramp", "interior"), "move-off": ("ground", "beneath"), "jump-off": ("ground", "beneath")}
ATTACK_OF = {"scarab": "shoot-scarab", "core": "attack-core"}
FLAGS = ("grenade", "under_base", "close_combat", "next_to_base", "adjacent")


def position(data: st.DataObject, name: str) -> tuple[Match, str]:
    """The attacker's turn: the hero where `name` starts, three reinforcements anywhere; the hero's start."""
    start = data.draw(st.sampled_from(STARTS[name]))
    marks = data.draw(st.sampled_from([(), ("flying",), ("jump-climb",), ("colossal",)]))
    hero = figure("hero", "p2", attack=data.draw(st.integers(5, 12)), clicks=data.draw(st.integers(1, 3)),
                  marks=marks, tokens={"grenade": data.draw(st.integers(0, 1))})
    grunts = [figure(f"g{i}", "p1", attack=8, defense=data.draw(st.integers(12, 19)), damage=1, points=20)
              for i in range(3)]
    state = replay(scarab_match(hero, *grunts, core_clicks=data.draw(st.integers(1, 3))), [
        Event("end_turn", {}), Event("set_position", {"unit": "hero", "position": start}),
        *(Event("set_position", {"unit": f"g{i}", "position": data.draw(st.sampled_from(PLACES))})
          for i in range(3))])
    return state, start


def after_the_move(state: Match, name: str, params: dict[str, Any]) -> Match:
    """The match as the seed says the move leaves the hero (no action token yet: the attack is part of it)."""
    hero = state.unit("hero")
    lands = params.get("to") or LANDS.get(name) or hero.position  # placed, then it may go on on that map
    events = [Event("set_position", {"unit": "hero", "position": lands})]
    if lands == "top" and hero.position in ("ground", "beneath"):
        events.append(Event("counter", {"scope": "unit", "name": "boarded-turn", "target": "hero",
                                        "delta": state.turn}))
    if name == "jump-off" and not (params.get("jump_climb") or hero.tags & {"flying", "jump-climb"}):
        events.append(Event("damage", {"unit": "hero", "amount": 1}))
    return replay(state, events)


def option(state: Match, name: str) -> ActionOption:
    return next(o for o in SCARAB.legal_actions(state) if o.action == name)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(sorted(STARTS)), st.integers(0, 2**32 - 1))
def test_every_attack_after_a_move_is_the_plain_attack_from_where_the_move_leaves_the_figure(
        data: st.DataObject, name: str, seed: int) -> None:
    state, start = position(data, name)
    moving = option(state, name)
    fields = {p.name: p for p in moving.params}
    target = data.draw(st.sampled_from([c for c, _ in fields["target"].choices if c]))
    plain_name = ATTACK_OF.get(target, "attack")
    params: dict[str, Any] = {"target": target, "moved": data.draw(st.integers(1, 4)),
                              "modifier": data.draw(st.integers(-3, 3))}
    params |= {f: data.draw(st.sampled_from((False, False, True))) for f in FLAGS if f in fields}
    if name == "move":
        params["to"] = data.draw(st.sampled_from(("", *PLACES)))
    if name in GOES_ON:
        params["to"] = data.draw(st.sampled_from(GOES_ON[name]))
    if name == "jump-off":
        params["jump_climb"] = data.draw(st.booleans())
    if name == "exit":
        params["via_ramp"] = data.draw(st.booleans())
    action = Action(name, "hero", params)
    mid = after_the_move(state, name, params)
    alone = SCARAB.explain(state, Action(name, "hero", {k: v for k, v in params.items() if k != "target"}))
    verdict = SCARAB.explain(state, action)
    if not alone.legal:  # the move itself is refused (where a plain move may end): no attack to compare
        assert not verdict.legal and verdict.reason == alone.reason
        return
    if mid.unit("hero").eliminated:  # the jump's damage KO'd it: it can't go on to attack
        assert not verdict.legal and "KO'd by the 1 damage of jumping off" in verdict.reason
        return
    plain = Action(plain_name, "hero", {k: v for k, v in params.items() if k in {
        p.name for p in option(mid, plain_name).params}})

    # the form: the plain attack's own fields, the same; its targets among the move's
    for p in option(mid, plain_name).params:
        if p.name == "target":
            assert set(p.choices) <= set(fields["target"].choices)
        else:
            assert fields[p.name] == p, (name, p.name)

    alike = SCARAB.explain(mid, plain)
    assert verdict.legal == alike.legal, (verdict, alike)
    if not verdict.legal:
        assert verdict.reason == alike.reason
        assert SCARAB.odds(state, action).chance is None  # type: ignore[union-attr]
        return

    # the odds: the same chance and the same words
    assert SCARAB.odds(state, action) == SCARAB.odds(mid, plain)

    # the dice and what they do: the same roll, the same match after it
    done = SCARAB.resolve(state, action, random.Random(seed))
    same = SCARAB.resolve(mid, plain, random.Random(seed))
    assert done.success == same.success
    assert done.summary.endswith(same.summary)
    assert [e.data for e in done.events if e.type == "roll"] == [e.data for e in same.events if e.type == "roll"]
    ours, theirs = replay(state, list(done.events)), replay(mid, list(same.events))
    assert ours.units == theirs.units and ours.status == theirs.status and ours.winners == theirs.winners


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(sorted(STARTS)), st.integers(5, 8))
def test_a_move_of_more_than_4_squares_is_the_plain_attack_at_3_less(data: st.DataObject, name: str,
                                                                    moved: int) -> None:
    state, _ = position(data, name)
    target = data.draw(st.sampled_from([c for p in option(state, name).params if p.name == "target"
                                        for c, _ in p.choices if c]))
    modifier = data.draw(st.integers(-7, 10))
    action = Action(name, "hero", {"target": target, "moved": moved, "modifier": modifier})
    mid = after_the_move(state, name, action.params)
    if mid.unit("hero").eliminated:
        return
    plain = Action(ATTACK_OF.get(target, "attack"), "hero", {"modifier": modifier - 3} | (
        {"target": target} if target not in ATTACK_OF else {}))
    ours, theirs = SCARAB.odds(state, action), SCARAB.odds(mid, plain)
    if SCARAB.explain(state, action).legal:
        assert ours is not None and theirs is not None and ours.chance == theirs.chance is not None
        assert f"moved {moved} squares (more than 4)" in ours.text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 2**32 - 1))
def test_an_interior_defender_exiting_shoots_as_a_reinforcement_on_top_does(data: st.DataObject, seed: int) -> None:
    """The Scarab's side: a defender that exits onto the top "can still shoot", the plain reinforcement attack."""
    grunts = [figure(f"g{i}", "p1", attack=data.draw(st.integers(5, 12)), defense=15, damage=data.draw(
        st.integers(1, 3)), points=20) for i in range(6)]
    hero = figure("hero", "p2", defense=data.draw(st.integers(12, 20)))
    state = replay(scarab_match(hero, *grunts), [
        *(Event("set_position", {"unit": f"g{i}", "position": "interior"}) for i in range(5)),
        Event("set_position", {"unit": "g5", "position": "ramp"}),
        Event("set_position", {"unit": "hero", "position": data.draw(st.sampled_from(("ground", "top")))}),
        Event("set_phase", {"phase": "reinforcements"})])
    modifier = data.draw(st.integers(-3, 3))
    action = Action("interior-action", "g5", {"to": "top", "target": "hero", "modifier": modifier})
    mid = replay(state, [Event("set_position", {"unit": "g5", "position": "top"})])
    plain = Action("reinforcements", "g5", {"target": "hero", "modifier": modifier})
    assert SCARAB.explain(state, action).legal and SCARAB.explain(mid, plain).legal
    ours, theirs = SCARAB.odds(state, action), SCARAB.odds(mid, plain)
    assert ours is not None and theirs is not None and (ours.chance, ours.text) == (theirs.chance, theirs.text)
    done = SCARAB.resolve(state, action, random.Random(seed))
    same = SCARAB.resolve(mid, plain, random.Random(seed))
    assert done.success == same.success
    assert [e.data for e in done.events if e.type in ("roll", "damage")] == [
        e.data for e in same.events if e.type in ("roll", "damage")]
