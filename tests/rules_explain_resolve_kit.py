"""Helpers shared by test_rules_explain_resolve.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence
from typing import Any

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match
from companion.rules import Action, ActionOption

from armageddon_challenges_kit import card
from builders import match, unit
from maze_actions_kit import model
from scarab_setup_kit import figure, scarab_match, strike_team

POSITIONS = ("", "ground", "beneath", "top", "ramp", "interior", "own-spawn", "enemy-spawn")


def halo() -> Match:
    cast = [unit(f"a{i}", "p1", points=30 + 10 * (i % 2)) for i in range(4)]
    cast += [unit(f"b{i}", "p2", points=30 + 10 * (i % 2)) for i in range(4)]
    cast += [unit("ar", "p1", location="reserve", points=40), unit("br", "p2", location="reserve", points=30)]
    cast.append(unit("gren", "p1", ref="halo:marine:grenade-icon"))
    return replay(match(), [Event("add_unit", {"unit": u}) for u in cast])


def skirmish(players: int) -> Match:
    cast = [unit(f"u{p}{i}", f"p{p}", clicks=3) for p in range(1, players + 1) for i in range(3)]
    cast.append(unit("obj", "p2", clicks=1, points=5, ref="object"))
    return replay(match("heroclix-skirmish", players=players), [Event("add_unit", {"unit": u}) for u in cast])


def maze() -> Match:
    return replay(match("killer-of-the-maze"), [Event("add_unit", {"unit": u}) for u in (
        model("tarn", "Brother Tarn", "terminator"),
        model("vale", "Brother Vale", "space-marine", counters={"shots-boltgun": 3, "bolter-ammo": 1}),
        model("kira", "Scion Kira", "scions", counters={"beacon": 1, "ration-pack": 2, "morale": 4}),
        model("osk", "Trooper Osk", counters={"medkit": 1, "fuel-tank": 0}))])


def empires() -> Match:
    return replay(match("armageddon-empires"), [Event("add_unit", {"unit": c}) for c in (
        card("kade", "Kade", "p1", {"pool": 7, "fate": 2, "wound-points": 3}, "assassin"),
        card("mira", "Mira", "p1", {"fate": 1, "wound-points": 2}, "saboteur:5", "master-saboteur"),
        card("vex", "Lord Vex", "p2", {"fate": 3, "wound-points": 3}),
        card("shade", "Shade", "p2", {"fate": 2, "wound-points": 2}, "assassin:4"),
        card("foundry", "Foundry", "p2", {"defense": 2, "structure": 4}))])


def scarab() -> Match:
    return scarab_match(*strike_team(), figure("g3", "p1", points=20), figure("g4", "p1", points=20))


STARTS = {"halo-actionclix": halo, "heroclix-skirmish": lambda: skirmish(3), "killer-of-the-maze": maze,
          "armageddon-empires": empires, "scarab": scarab}


def defaults(option: ActionOption, rng: random.Random) -> dict[str, Any]:
    """Params as a player might fill them in: the defaults, or a random choice or number within the form."""
    params: dict[str, Any] = {}
    for p in option.params:
        if p.kind in ("choice", "unit") and p.choices and rng.random() < 0.5:
            params[p.name] = rng.choice(p.choices)[0]
        elif p.kind == "int" and rng.random() < 0.3:
            params[p.name] = rng.randint(p.low, min(p.high, p.low + 6))
        elif p.kind == "bool" and rng.random() < 0.3:
            params[p.name] = rng.random() < 0.5
        elif p.default is not None:
            params[p.name] = p.default
    return params


def table_event(state: Match, rng: random.Random) -> Event:
    """A change players make by hand: damage, healing, a unit to the reserves and back, a position, a token."""
    unit_ = rng.choice(state.units)
    kind = rng.choice(("damage", "heal", "set_location", "set_position", "token", "end_turn"))
    data: dict[str, Any] = {"unit": unit_.id}
    if kind in ("damage", "heal"):
        data["amount"] = rng.randint(1, 2)
    elif kind == "set_location":
        data["location"] = rng.choice(("table", "reserve"))
    elif kind == "set_position":
        data["position"] = rng.choice(POSITIONS)
    elif kind == "token":
        data.update(kind=rng.choice(("grenade", "upgrade")), delta=rng.choice((1, -1)))
    else:
        data = {}
    return Event(kind, data, state.active_player.id)


def walk(system_id: str, seed: int, steps: int,
         check: Callable[[rules.System, Match, random.Random], Sequence[Action]],
         take: Callable[[rules.System, Match, Action, random.Random], Match], start: Match | None = None) -> None:
    """Walk a random reachable line of play from `start` (the system's start here by default): at each position
    `check` verifies what it must and returns the legal actions; seven times in ten one of them is taken (`take`
    returns the position after it), otherwise a player changes something by hand (a change that isn't possible
    now is skipped)."""
    system = rules.get(system_id)
    state = STARTS[system_id]() if start is None else start
    rng = random.Random(seed)
    for _ in range(steps):
        if state.status == "finished":
            break
        legal = check(system, state, rng)
        if legal and rng.random() < 0.7:
            state = take(system, state, rng.choice(legal), rng)
        else:
            with contextlib.suppress(IllegalAction):
                state = apply(state, table_event(state, rng))
