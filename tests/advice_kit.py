"""Positions for the advisor's tests and benchmark: matches of the games it weighs, with dials of varied numbers,
walked a few random turns by the rules helper's own actions (and hand changes) so every position is reachable."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match
from companion.rules import Action

from armageddon_challenges_kit import card
from builders import match
from rules_explain_resolve_kit import STARTS, defaults, table_event

VARIED = ("halo-actionclix", "heroclix-skirmish", "armageddon-empires")  # games with a varied start here


def varied_unit(uid: str, owner: str, rng: random.Random, **extra: Any) -> dict[str, Any]:
    """A unit whose dial runs 1 to 5 clicks of random attack, defense and damage (then its KO click)."""
    clicks = [{"stats": {"speed": 8, "attack": rng.randint(6, 12), "defense": rng.randint(12, 19),
                         "damage": rng.randint(1, 4)}} for _ in range(rng.randint(1, 5))]
    return {"id": uid, "name": f"Unit {uid}", "points": rng.choice((20, 30, 40)), "owner": owner,
            "dial": [*clicks, {"stats": {}, "markers": ["ko"]}], **extra}


def small_cards(rng: random.Random) -> Match:
    """Armageddon Empires with small pools (1-2 dice, Fate 0-2), so every roll can be counted face by face."""
    cast = [card("kade", "Kade", "p1", {"pool": rng.randint(1, 2), "fate": rng.randint(0, 2),
                                         "wound-points": rng.randint(1, 3)}, "assassin"),
            card("mira", "Mira", "p1", {"fate": 1, "wound-points": 2}, f"saboteur:{rng.randint(1, 2)}"),
            card("vex", "Lord Vex", "p2", {"fate": rng.randint(0, 2), "wound-points": rng.randint(1, 3)}),
            card("shade", "Shade", "p2", {"fate": rng.randint(0, 1), "wound-points": 2}, "assassin:1"),
            card("foundry", "Foundry", "p2", {"defense": rng.randint(0, 2), "structure": rng.randint(1, 4)})]
    return replay(match("armageddon-empires"), [Event("add_unit", {"unit": c}) for c in cast])


def varied(system_id: str, rng: random.Random, per_side: int = 4) -> Match:
    """Two players (Skirmish: three) with `per_side` varied units each; some Halo units hold grenade tokens."""
    if system_id == "armageddon-empires":
        return small_cards(rng)
    players = 3 if system_id == "heroclix-skirmish" else 2
    cast = []
    for p in range(1, players + 1):
        for i in range(per_side):
            extra = {"tokens": {"grenade": 1}} if system_id == "halo-actionclix" and rng.random() < 0.3 else {}
            cast.append(varied_unit(f"u{p}{i}", f"p{p}", rng, **extra))
    return replay(match(system_id, players=players), [Event("add_unit", {"unit": u}) for u in cast])


def walk(system_id: str, state: Match, rng: random.Random, steps: int) -> Match:
    """`steps` random turns' worth of legal actions (resolved with random dice) and hand changes."""
    system = rules.get(system_id)
    for _ in range(steps):
        if state.status == "finished":
            break
        options = [o for o in system.legal_actions(state) if o.enabled]
        if options and rng.random() < 0.7:
            option = rng.choice(options)
            action = Action(option.action, rng.choice(option.units) if option.units else None,
                            defaults(option, rng))
            with contextlib.suppress(IllegalAction):
                state = replay(state, list(system.resolve(state, action, rng).events))
        else:
            with contextlib.suppress(IllegalAction):
                state = apply(state, table_event(state, rng))
    return state


def position(system_id: str, seed: int, steps: int) -> Match:
    """A reachable position: the kit's start or a varied one, then a random walk."""
    rng = random.Random(seed)
    start = varied(system_id, rng) if system_id in VARIED and rng.random() < 0.7 else STARTS[system_id]()
    return walk(system_id, start, rng, steps)
