"""A game's words are its pack's (issue 41 §1): the core keeps tokens as a map kind -> count with the pack's
limits, and turn marks and reserve reasons as words; the rules about them are the system's, which the core asks
through the lookup the session hands it (core.match.reactions)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion import rules
from companion.core.errors import IllegalAction, InvalidMatch
from companion.core.match import reactions
from companion.core.match.creation import new_match
from companion.core.match.describe import token_change, unit_status
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match, Tokens, from_json, to_json
from companion.core.packs.load import get_pack
from companion.core.words import TokenWords

ICON_UNIT = {"id": "odst", "name": "ODST", "points": 45, "owner": "p1", "ref": "halo:odst:grenade-icon",
             "dial": [{"stats": {"speed": 7, "attack": 9, "defense": 16, "damage": 2}}, {"markers": ["ko"]}]}


def _match(system: str = "halo-actionclix") -> Match:
    return new_match(get_pack(system), ["Ann", "Ben"], match_id="m1", now=0.0)


@pytest.fixture
def no_reactions() -> Iterator[None]:
    """The core alone: no system's reactions handed in (put back as the session wires them afterwards)."""
    reactions.react_with(lambda system: None)
    yield
    reactions.react_with(rules.reactions)


def test_the_grenade_icon_rule_is_the_systems_not_the_cores(no_reactions: None) -> None:
    alone = apply(_match(), Event("add_unit", {"unit": ICON_UNIT}))
    assert alone.unit("odst").tokens == Tokens()  # the core knows no icon
    reactions.react_with(rules.reactions)
    halo = apply(_match(), Event("add_unit", {"unit": ICON_UNIT}))
    assert halo.unit("odst").tokens == Tokens(grenade=1)
    skirmish = apply(_match("heroclix-skirmish"), Event("add_unit", {"unit": ICON_UNIT}))
    assert skirmish.unit("odst").tokens == Tokens()  # a game without Grenade tokens gives none


def test_the_swap_rule_is_halos_and_asked_on_every_path(no_reactions: None) -> None:
    events = [Event("add_unit", {"unit": ICON_UNIT}), Event("mark", {"unit": "odst", "mark": "swapped"})]
    give = Event("token", {"unit": "odst", "kind": "action", "delta": 1})
    alone = replay(_match(), [*events, give])
    assert alone.unit("odst").tokens.action == 1  # the core alone has no rule about a swap
    reactions.react_with(rules.reactions)
    with pytest.raises(IllegalAction, match="ODST swapped weapons this turn"):
        replay(_match(), [*events, give])


def test_marks_and_reserve_reasons_are_the_packs_words() -> None:
    match = apply(_match(), Event("add_unit", {"unit": ICON_UNIT}))
    assert apply(match, Event("mark", {"unit": "odst", "mark": "looted"})).unit("odst").turn_marks == ("looted",)
    with pytest.raises(IllegalAction, match="turn mark in Halo ActionClix is one of acted, swapped, looted"):
        apply(match, Event("mark", {"unit": "odst", "mark": "dazed"}))
    with pytest.raises(IllegalAction, match="reserves in Halo ActionClix is one of eliminated, replaced"):
        apply(match, Event("set_location", {"unit": "odst", "location": "reserve", "reason": "bored"}))
    skirmish = apply(_match("heroclix-skirmish"), Event("add_unit", {"unit": ICON_UNIT}))
    with pytest.raises(IllegalAction, match="not kept in this game"):
        apply(skirmish, Event("mark", {"unit": "odst", "mark": "looted"}))


def test_token_kinds_and_limits_are_the_packs() -> None:
    match = apply(_match(), Event("add_unit", {"unit": ICON_UNIT}))
    with pytest.raises(IllegalAction, match="no 'medal' tokens; use action, upgrade or grenade"):
        apply(match, Event("token", {"unit": "odst", "kind": "medal", "delta": 1}))
    more = apply(match, Event("token", {"unit": "odst", "kind": "upgrade", "delta": 7}))
    assert more.unit("odst").tokens == Tokens(upgrade=7, grenade=1)  # no limit on Upgrade tokens in Halo
    skirmish = apply(_match("heroclix-skirmish"), Event("add_unit", {"unit": ICON_UNIT}))
    with pytest.raises(IllegalAction, match="can't hold more than 0 grenade tokens"):
        apply(skirmish, Event("token", {"unit": "odst", "kind": "grenade", "delta": 1}))
    # a stored unit holding a kind its match doesn't declare is refused on load, as a count over a limit is
    data = to_json(more)
    data["units"][0]["tokens"]["medal"] = 1
    with pytest.raises(InvalidMatch, match="no 'medal' tokens"):
        from_json(data)


def test_a_unit_keeps_a_count_of_each_kind_of_its_match() -> None:
    """As stored matches always did: the action's two counts, then the pack's kinds, zeros written."""
    unit = apply(_match(), Event("add_unit", {"unit": {k: v for k, v in ICON_UNIT.items() if k != "ref"}}))
    assert to_json(unit)["units"][0]["tokens"] == {"action": 0, "action_last": 0, "upgrade": 0, "grenade": 0}
    maze = apply(_match("killer-of-the-maze"), Event("add_unit", {"unit": {**ICON_UNIT, "ref": None}}))
    assert to_json(maze)["units"][0]["tokens"] == {"action": 0, "action_last": 0, "upgrade": 0, "grenade": 0}


def test_the_words_people_read_are_the_packs() -> None:
    halo = rules.get("halo-actionclix").token_words()
    assert list(halo) == ["action", "upgrade", "grenade"]
    assert halo["grenade"] == TokenWords("Grenade", "Grenade token", "Grenade tokens")
    assert token_change("grenade", -2, halo) == "-2 Grenade tokens"
    assert token_change("morale-chit", 1) == "+1 Morale chit token"  # a pack that names none: its id as words
    unit = apply(_match(), Event("add_unit", {"unit": ICON_UNIT})).unit("odst")
    assert unit_status(unit, ("action", "upgrade", "grenade"), names=halo) == "click 1 of 1 · 1 Grenade token"
    assert rules.get("halo-actionclix").turn_marks() == ("acted", "swapped", "looted")
    assert rules.get("scarab").reserve_reasons() == ("eliminated", "replaced", "swapped", "upgraded")
