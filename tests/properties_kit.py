"""Helpers shared by test_properties.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

from hypothesis import strategies as st

from companion.core.match.events import Event, replay
from companion.core.model import Match

from builders import match, unit

UNITS = ["u1", "u2", "u3", "ghost"]


PLAYERS = ["p1", "p2", "p3", "nobody"]


small = st.integers(-3, 6)


def events() -> st.SearchStrategy[Event]:
    """Random events, legal and illegal alike."""
    u, p = st.sampled_from(UNITS), st.sampled_from(PLAYERS)
    payloads = st.one_of(
        st.fixed_dictionaries({"type": st.just("damage"), "unit": u, "amount": small}),
        st.fixed_dictionaries({"type": st.just("heal"), "unit": u, "amount": small}),
        st.fixed_dictionaries({"type": st.just("set_click"), "unit": u, "click": small}),
        st.fixed_dictionaries({"type": st.just("token"), "unit": u, "delta": small,
                               "kind": st.sampled_from(["action", "upgrade", "grenade", "mana"])}),
        st.fixed_dictionaries({"type": st.just("score"), "player": p, "delta": small,
                               "kind": st.sampled_from(["vp", "kills", "gold"])}),
        st.fixed_dictionaries({"type": st.sampled_from(["end_turn", "end_round", "reopen"])}),
        st.fixed_dictionaries({"type": st.just("set_location"), "unit": u,
                               "location": st.sampled_from(["table", "reserve", "moon"])}),
        st.fixed_dictionaries({"type": st.just("end_match"), "winners": st.lists(p, max_size=2)}),
        st.fixed_dictionaries({"type": st.just("roll"), "expr": st.just("2d6"),
                               "dice": st.lists(st.integers(1, 6), min_size=2, max_size=2),
                               "total": st.integers(2, 12)}),
    )
    return st.builds(lambda d, at: Event(d.pop("type"), d, "p1", at), payloads,
                     st.floats(1e6, 2e6, allow_nan=False))


def start() -> Match:
    return replay(match("heroclix-skirmish", players=3), [
        Event("add_unit", {"unit": unit(uid, owner)}, None, 0.0)
        for uid, owner in (("u1", "p1"), ("u2", "p2"), ("u3", "p3"))])
