"""Scarab test matches (the four dials as the app enters them, with sample numbers: the seed prints none), and
the helper's agreement with the Scarab rule pack. Other Scarab tests build their matches from here."""

from __future__ import annotations

from companion import rules
from companion.core.match.events import Event, replay
from companion.core.packs.load import get_pack
from companion.rules.scarab import attacker as scarab_attacker
from companion.rules.scarab import turn as scarab_turn
from companion.rules.scarab import turn_play as scarab_turn_play
from companion.rules.scarab.positions import BOARDED
from companion.rules.scarab.state import (
    ACTED,
    HEROCLIX_ACTIONS,
    OPTION_DEFAULTS,
    dials,
    is_aerial,
    is_colossal,
    reinforcements,
    swarm_showing,
    tracks_acted,
)

from scarab_setup_kit import scarab_match, strike_team

# --- the helper reads the match as the app records it, and agrees with the pack -------------------------------


def test_the_match_is_read_as_the_app_records_it() -> None:
    state = scarab_match(*strike_team())
    assert set(dials(state)) == {"shell", "chassis", "main-power-core", "event"}
    assert [u.id for u in reinforcements(state)] == ["grunt-1", "grunt-2"]
    marked = {u.id: (is_aerial(u), is_colossal(u)) for u in state.units if u.owner == "p2"}
    assert marked["superman"] == (True, False) and marked["banshee"] == (True, False)
    assert marked["colossus"] == (False, True) and marked["batman"] == (False, False)
    assert tracks_acted(state) and not swarm_showing(state)
    assert swarm_showing(scarab_match(core_markers={0: ["special:swarm"]}))


def test_the_helper_agrees_with_its_rule_pack() -> None:
    pack = get_pack("scarab")
    steps = pack.steps("scarab-turn")
    assert [(s["id"], s["group"], s["order"], s.get("dial")) for s in steps] == [
        (s.id, s.group, s.order, s.dial) for s in scarab_turn_play.STEPS]
    bands = pack.tables["event-bands"]
    assert [r.label for r in bands.rows] == [label for _, _, label in scarab_turn.BANDS]
    assert all(bands.lookup(n).label == next(label for lo, hi, label in scarab_turn.BANDS if lo <= n <= hi)
               for n in range(1, 7))
    allowances = {a["id"]: a for a in pack.entries("turn", "allowance")}
    assert allowances["attacker"]["formula"] == "half_units_up"
    assert (allowances["attacker-heroclix"]["per_points"], allowances["attacker-heroclix"]["option"]) == (
        100, HEROCLIX_ACTIONS)
    assert allowances["interior"]["levels"] == scarab_turn.INTERIOR_ACTIONS
    assert (allowances["interior-heroclix"]["per_points"], allowances["interior-heroclix"]["adjust"]) == (100, -1)
    assert allowances["scarab"]["formula"] == "none"
    assert set(pack.option_defaults()) == set(OPTION_DEFAULTS) and not any(OPTION_DEFAULTS.values())
    pack_actions = {a["id"] for a in pack.entries("turn", "action")}
    helper_actions = set(scarab_attacker.ATTACKERS.actions)
    assert pack_actions <= helper_actions and helper_actions - pack_actions == {"move", "attack", "end-turn"}
    sections = {s.id for s in pack.sections}
    cited = {a.rule for a in scarab_turn_play.ACTIONS} | {a.rule for a in scarab_attacker.ACTIONS}
    cited |= {"general", "turn-sequence", "interior-defence", "aerial-limit", "colossal", "grenades", "winning"}
    assert cited <= sections, f"not in rules.md: {cited - sections}"
    assert pack.rules.counters == {"unit": (ACTED, BOARDED), "match": (HEROCLIX_ACTIONS, scarab_turn.LEVEL_COUNTER)}


def test_every_option_cites_a_rules_section() -> None:
    sections = {s.id for s in get_pack("scarab").sections}
    scarab = rules.get("scarab")
    state = scarab_match(*strike_team())
    attacker_turn = replay(state, [Event("end_turn", {})])
    for s in (state, attacker_turn):
        assert all(o.rule in sections for o in scarab.legal_actions(s))
