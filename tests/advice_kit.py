"""Positions for the advisor's tests: matches with dials of varied numbers (and Armageddon Empires with pools small
enough to count face by face), walked by rules_explain_resolve_kit.walk so every position is reachable."""

from __future__ import annotations

import random
from typing import Any

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action

from armageddon_challenges_kit import card
from builders import match
from rules_explain_resolve_kit import defaults

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


def start(system_id: str, seed: int) -> Match | None:
    """A varied start seven times in ten for the games that have one here, else None (the kit's own start)."""
    rng = random.Random(seed)
    return varied(system_id, rng) if system_id in VARIED and rng.random() < 0.7 else None


def options(system: rules.System, state: Match, rng: random.Random) -> list[Action]:
    """Each enabled option as a player might fill it in, for one of its units: the moves a walk picks from."""
    return [Action(o.action, rng.choice(o.units) if o.units else None, defaults(o, rng))
            for o in system.legal_actions(state) if o.enabled]


def take(system: rules.System, state: Match, action: Action, rng: random.Random) -> Match:
    try:
        return replay(state, list(system.resolve(state, action, rng).events))
    except IllegalAction:  # a value the form's random filling got wrong: the position stays
        return state
