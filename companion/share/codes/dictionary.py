"""The preset dictionary: what a receiver holds without ever having seen the sender's match.

A short code compresses badly on its own (deflate has nothing earlier to point back to, the context coder
nothing learnt yet). With a preset dictionary the first "2d6", " attacks " or dial already has something to
point at (deflate) or has been seen before (the context coder learns from it first: codes/context_coder.py).
It holds the words the rules helpers write into a match (step labels, roll purposes) and the compact layout of
a small made-up match (unit dials, attack steps, turn ends): the shapes every code has.
Measured and left out: a second part built from the match's rule pack (stat, token, action and table names).
The layout already sends those as numbers, so on the realistic Halo match it saved nothing (473 B either way,
`benchmarks/share.py`), while any edit of a pack's text under the same version would have made its codes
unreadable.
Codes carry the dictionary's number. A number once released is never changed (a test pins its checksum):
a new dictionary gets a new number and the old builders stay, so old codes stay readable.
"""

from __future__ import annotations

import functools

import cbor2

from companion.core.match.events import Event
from companion.core.model import Click, Match, Player, Rules
from companion.share.codes.scope import Scope
from companion.share.event_layout import events_out
from companion.share.layout import match_out

NONE = 0
APP_V1 = 1
APP_V2 = 2  # format 4's: the same words and made-up match, its layout as format 4 writes it
CURRENT = APP_V2
KNOWN = (NONE, APP_V1, APP_V2)

# What the rules helpers write into step labels and roll purposes, most used last (nearer is cheaper).
PHRASES_V1 = (
    "'s turn ends", "'s round ends; every round of turn ", " takes the round's FREE action",
    " (the round's costed action)", " accepts; ", " scores 1 victory point: ", "Displaced, 1 damage each: ",
    "End of turn: resolve end-of-turn effects clockwise from ", " takes ", "'s place", "loot roll for ",
    "Loot roll for ", " throws a grenade at ", " respawns and moves off the spawn point", " moves",
    " ends the turn; ", " is next", ", miss", ", hit, 1 damage", ", hit, 2 damage", ", hit, 3 damage",
    " attacks ", "2d6: [", "1d6: [", "2d6", "d6", "d10", "d20",
)


def preset(number: int) -> bytes:
    """The dictionary `number` (a code's dictionary byte)."""
    if number == NONE:
        return b""
    if number == APP_V1:
        return _app_v1()
    if number == APP_V2:
        return _app_v2()
    raise ValueError(f"no dictionary {number}")


@functools.cache
def _app_v1() -> bytes:
    return "\n".join(PHRASES_V1).encode() + _sample(3)


@functools.cache
def _app_v2() -> bytes:
    return "\n".join(PHRASES_V1).encode() + _sample(4)


def _sample(code_format: int) -> bytes:
    """The compact layout of a small made-up match as format `code_format` writes it: two players, six units on
    worn-down dials, attack steps (format 4: the units' names sent in front, so not in the body)."""
    stats = Rules().stats
    units = []
    for n in range(6):
        rows = [{s: max(1, first - (k * (1 + (n + i) % 2)) // 2) for i, (s, first) in
                 enumerate(zip(stats, (7 + n % 2, 9 + n % 3, 16 + n % 2, 2 + n % 2), strict=True))}
                for k in range(4 + n % 3)]
        dial = [*(Click(r, ()) for r in rows), Click({}, ("ko",))]
        units.append({"id": f"u{n + 1}", "name": f"Unit {n + 1}", "points": 20 + 15 * n, "owner": f"p{n // 3 + 1}",
                      "dial": [{"stats": dict(c.stats), "markers": list(c.markers)} for c in dial]})
    match = Match(id="000000000000", system="", pack_version="", created=0.0,
                  players=(Player("p1", "Player 1", "#E69F00"), Player("p2", "Player 2", "#56B4E9")))
    events = [Event("add_unit", {"unit": u}, u["owner"], 10.0 * i) for i, u in enumerate(units)]
    for step in range(8):
        me, a, t = f"p{step % 2 + 1}", step % 3 + 3 * (step % 2), (step + 1) % 3 + 3 * (1 - step % 2)
        dice = [step % 6 + 1, (step * 5 + 2) % 6 + 1]
        purpose = f"{units[a]['name']} attacks {units[t]['name']}"
        inner = [{"type": "token", "data": {"unit": units[a]["id"], "kind": "action", "delta": 1}},
                 {"type": "roll", "data": {"expr": "2d6", "dice": dice, "total": sum(dice), "purpose": purpose}}]
        outcome = ", miss"
        if step % 3:
            inner.append({"type": "damage", "data": {"unit": units[t]["id"], "amount": step % 3}})
            outcome = f", hit, {step % 3} damage"
        label = f"{purpose}: 2d6: [{dice[0]}, {dice[1]}] = {sum(dice)}{outcome}"
        events.append(Event("batch", {"label": label, "events": inner}, me, 100.0 + 20 * step))
        if step % 3 == 2:
            events.append(Event("batch", {"label": f"Player {step % 2 + 1} ends the turn; Player "
                                          f"{2 - step % 2} is next", "events": [{"type": "end_turn", "data": {}}]},
                                me, 110.0 + 20 * step))
    names = ("Player 1", "Player 2", *(u["name"] for u in units)) if code_format >= 4 else ()
    scope = Scope(format=code_format, name_table=names)
    body = [0, 100, match_out(match, scope, None), events_out(tuple(events), scope)]
    return cbor2.dumps(body)
