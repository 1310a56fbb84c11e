"""Scarab test matches (the four dials as the app enters them, with sample numbers: the seed prints none), and
the helper's agreement with the Scarab rule pack. Other Scarab tests build their matches from here."""

from __future__ import annotations

from typing import Any

from companion import rules
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.core.packs.load import get_pack
from companion.rules.scarab import attacker as scarab_attacker
from companion.rules.scarab import turn as scarab_turn
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

from builders import match

STATS = ("speed", "attack", "defense", "damage")


def _dial(rows: list[tuple[int, ...]], stats: tuple[str, ...], markers: dict[int, list[str]] | None = None,
          ko: bool = True) -> list[dict[str, Any]]:
    markers = markers or {}
    out = [{"stats": dict(zip(stats, row, strict=True)), "markers": markers.get(i, [])} for i, row in enumerate(rows)]
    return out + ([{"stats": {}, "markers": ["ko"]}] if ko else [])


def scarab_dials(core_clicks: int = 3, core_markers: dict[int, list[str]] | None = None) -> list[dict[str, Any]]:
    """Shell (defense 17, 17, 16, 16 ...: 10 clicks), Chassis (9/18/2 ...), Main Power Core (10/18/3 ...,
    `core_clicks` live clicks) and a cyclic Event dial of three positions."""
    def dial_unit(dial_id: str, name: str, dial: list[dict[str, Any]], cyclic: bool = False) -> dict[str, Any]:
        return {"id": f"scarab-{dial_id}", "name": name, "points": 0, "owner": "p1", "cyclic": cyclic,
                "ref": f"scarab:{dial_id}", "dial": dial}

    return [
        dial_unit("shell", "Shell dial", _dial([(17 - i // 2,) for i in range(10)], ("defense",))),
        dial_unit("chassis", "Chassis dial",
                  _dial([(9, 18, 2), (8, 17, 2), (8, 16, 1)], ("attack", "defense", "damage"))),
        dial_unit("main-power-core", "Main Power Core dial",
                  _dial([(10 - i, 18 - i, 3) for i in range(core_clicks)], ("attack", "defense", "damage"),
                        core_markers)),
        dial_unit("event", "Event dial", _dial([(), (), ()], (), {0: ["shift"], 1: ["rotate", "special:plasma"],
                                                                  2: ["shift"]}, ko=False), cyclic=True),
    ]


def figure(uid: str, owner: str, name: str | None = None, *, attack: int = 9, defense: int = 16, damage: int = 2,
           marks: tuple[str, ...] = (), points: int = 50, clicks: int = 3, **extra: Any) -> dict[str, Any]:
    rows = [(8, attack - i, defense - i, damage) for i in range(clicks)]
    data = {"id": uid, "name": name or uid.capitalize(), "points": points, "owner": owner,
            "dial": _dial(rows, STATS, {i: list(marks) for i in range(clicks)})}
    return {**data, **extra}


def scarab_match(*figures: dict[str, Any], core_clicks: int = 3, core_markers: dict[int, list[str]] | None = None,
                 **kwargs: Any) -> Match:
    """Sam (p1) plays the Scarab, Ann (p2) attacks; the Scarab's turn comes first (turn 1)."""
    units = scarab_dials(core_clicks, core_markers) + list(figures)
    return replay(match("scarab", **kwargs), [Event("add_unit", {"unit": u}) for u in units])


def strike_team() -> list[dict[str, Any]]:
    """Seven attacking figures (the seed's example force: four actions a turn) and two Grunt reinforcements.
    Superman flies (marked "flying"), the Banshee and the Hornet are aerial vehicles, Colossus is colossal."""
    return [
        figure("superman", "p2", marks=("flying",), attack=10, defense=17, damage=3, points=100),
        figure("batman", "p2", points=60),
        figure("robin", "p2", points=40),
        figure("banshee", "p2", marks=("aerial",), points=40),
        figure("hornet", "p2", marks=("aerial",), points=40),
        figure("colossus", "p2", marks=("colossal",), attack=11, damage=4, points=120),
        figure("flash", "p2", points=80, tokens={"grenade": 1}),
        figure("grunt-1", "p1", "Grunt 1", attack=8, defense=15, damage=1, points=20),
        figure("grunt-2", "p1", "Grunt 2", attack=8, defense=15, damage=1, points=20),
    ]


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
        (s.id, s.group, s.order, s.dial) for s in scarab_turn.STEPS]
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
    helper_actions = set(scarab_attacker.SPEC_BY_ID)
    assert pack_actions <= helper_actions and helper_actions - pack_actions == {"move", "attack", "end-turn"}
    sections = {s.id for s in pack.sections}
    cited = {s.rule for s in scarab_turn.STEPS} | {s.rule for s in scarab_attacker.SPECS}
    cited |= {"general", "turn-sequence", "interior-defence", "aerial-limit", "colossal", "grenades", "winning"}
    assert cited <= sections, f"not in rules.md: {cited - sections}"
    assert pack.rules.counters == {"unit": (ACTED, BOARDED), "match": (HEROCLIX_ACTIONS,)}


def test_every_option_cites_a_rules_section() -> None:
    sections = {s.id for s in get_pack("scarab").sections}
    scarab = rules.get("scarab")
    state = scarab_match(*strike_team())
    attacker_turn = replay(state, [Event("end_turn", {})])
    for s in (state, attacker_turn):
        assert all(o.rule in sections for o in scarab.legal_actions(s))
