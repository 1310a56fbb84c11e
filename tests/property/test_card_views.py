"""No stale card on the table: whatever events change the match (from this app, another phone, the CLI), every
unit card on screen shows what a card freshly drawn from the stored match shows: same texts, same enabled
buttons, same order of units. The cards are memoised components keyed by their frozen CardView
(ui/match/unit_card.py), so this is the property that no field a card shows is missing from its CardView.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import tempfile
from pathlib import Path
from typing import Any

import flet as ft
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError
from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main
from companion.ui.match.table import _card_actions
from companion.ui.match.unit_card import card_controls, card_view

from builders import dial
from flet_harness import Harness

UNITS = ("u1", "u2", "u3", "u4")
OWNERS = {"u1": "p1", "u2": "p1", "u3": "p2", "u4": "p2"}
EVENTS = st.one_of(
    st.tuples(st.just("damage"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS),
                                                        "amount": st.integers(1, 3)})),
    st.tuples(st.just("heal"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS), "amount": st.just(1)})),
    st.tuples(st.just("set_click"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS),
                                                           "click": st.integers(0, 3)})),
    st.tuples(st.just("token"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS),
                                                       "kind": st.sampled_from(["action", "upgrade", "grenade"]),
                                                       "delta": st.sampled_from([1, -1])})),
    st.tuples(st.just("set_position"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS),
                                                              "position": st.sampled_from(["", "enemy-spawn",
                                                                                           "own-spawn"])})),
    st.tuples(st.just("set_location"), st.fixed_dictionaries({"unit": st.sampled_from(UNITS),
                                                              "location": st.sampled_from(["table", "reserve"])})),
    st.tuples(st.just("score"), st.fixed_dictionaries({"player": st.sampled_from(["p1", "p2"]),
                                                       "kind": st.sampled_from(["kills", "vp"]),
                                                       "delta": st.just(1)})),
    st.tuples(st.just("end_turn"), st.just({})),
    st.tuples(st.just("undo"), st.just({})),
)


class NoActions:
    """Buttons for a card drawn only to be compared (never tapped)."""

    def dispatch(self, type_: str, data: dict[str, object]) -> None: ...

    def set_preview(self, change: object) -> None: ...

    def open_unit(self, unit_id: str) -> None: ...

    def open_action(self, action: str, unit_id: str) -> None: ...


def shown(card: Any) -> list[tuple[str, Any]]:
    """What a card shows a player: every text, and every button with whether it can be tapped."""
    out: list[tuple[str, Any]] = []
    stack = [ft.unwrap_component(card)]
    while stack:
        c = stack.pop()
        if c is None:
            continue
        if isinstance(c, ft.Text):
            out.append(("text", c.value))
        elif isinstance(c, ft.IconButton | ft.FilledButton | ft.TextButton):
            out.append((str(c.key), (c.tooltip, bool(c.disabled), getattr(c, "content", None))))
        for attr in ("controls", "content"):
            child = getattr(c, attr, None)
            if isinstance(child, list):
                stack.extend(ft.unwrap_component(x) for x in reversed(child))
            elif isinstance(child, ft.Control):
                stack.append(ft.unwrap_component(child))
    return out


async def check(system: str, steps: list[tuple[str, dict[str, Any]]], root: Path) -> None:
    session = Session(MatchStore(root))
    match = session.new_match(system, ["Ann", "Ben"])
    for uid in UNITS:
        session.dispatch(match.id, "add_unit", {"unit": {"id": uid, "name": f"Unit {uid}", "points": 40,
                                                         "owner": OWNERS[uid],
                                                         "dial": dial(*[(8, 10 - i, 17 - i, 3) for i in range(4)])}})
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{match.id}")
    for type_, data in steps:
        by = session.state(match.id).active_player.id
        with contextlib.suppress(CompanionError):  # a refused event changes nothing, on screen or off
            if type_ == "undo":
                session.undo(match.id, by=by)
            else:
                session.dispatch(match.id, type_, data, by=by)  # from outside the screen: the feed tells it
        for _ in range(10):  # the component scheduler draws what changed
            await asyncio.sleep(0)
        state = session.state(match.id)
        acts = _card_actions(state)
        on_screen = [k for k in h.key_list() if re.fullmatch(r"unit-u\d+", k)]
        first = state.players.index(state.active_player)
        order = [u.id for p in (*state.players[first:], *state.players[:first]) for u in state.units
                 if u.owner == p.id]
        assert on_screen == [f"unit-{uid}" for uid in order]  # the active player's units first, none missing
        for unit in state.units:
            # drawn anew, not memoised
            fresh = card_controls(card_view(state, unit, None, acts.get(unit.id)), NoActions())
            assert shown(h.find(f"unit-{unit.id}")) == shown(fresh), (type_, data, unit.id)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(["halo-actionclix", "heroclix-skirmish"]),
       steps=st.lists(EVENTS, min_size=1, max_size=8))
def test_every_card_shows_the_stored_match_after_any_events(system: str,
                                                            steps: list[tuple[str, dict[str, Any]]]) -> None:
    with tempfile.TemporaryDirectory() as root:
        asyncio.run(check(system, steps, Path(root)))
