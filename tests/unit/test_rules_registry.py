"""The rules registry, and the Halo helper's agreement with the Halo rule pack (ids, numbers, sections)."""

from __future__ import annotations

import pytest

from companion import rules
from companion.core.errors import UnknownSystem
from companion.core.packs.load import get_pack
from companion.rules import pack_source
from companion.rules.halo import turn as halo_turn
from companion.rules.halo.exchange import UPGRADE_TOKEN_POINTS
from companion.rules.skirmish import actions as heroclix_skirmish
from companion.rules.skirmish import combat as heroclix_skirmish_combat
from companion.rules.skirmish import rounds as heroclix_skirmish_rounds

from builders import match


def test_registry_gives_a_system_object() -> None:
    system = rules.get("halo-actionclix")
    assert (system.id, system.name) == ("halo-actionclix", "Halo ActionClix")
    assert "halo-actionclix" in rules.available()
    options = system.legal_actions(match())
    assert options and all(isinstance(o, rules.ActionOption) for o in options)
    assert isinstance(system.explain(match(), rules.Action("end-turn")), rules.Verdict)


def test_skirmish_is_registered() -> None:
    system = rules.get("heroclix-skirmish")
    assert (system.id, system.name) == ("heroclix-skirmish", "HeroClix Skirmish")
    assert {"halo-actionclix", "heroclix-skirmish"} <= set(rules.available())
    assert system.legal_actions(match("heroclix-skirmish"))


def test_each_system_is_one_object_that_reads_its_pack_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's tap asks the system of every card for its token words: a new object per ask read the pack anew
    (a scan of every pack folder) each time."""
    assert rules.get("heroclix-skirmish") is rules.get("heroclix-skirmish")
    asked: list[str] = []

    def source(system_id: str) -> object:
        asked.append(system_id)
        return get_pack("heroclix-skirmish")

    monkeypatch.setattr(pack_source, "_PACK_SOURCE", [source])
    plain = rules.get("a-pack-read-once", plain=True)  # an id no other test reads: its words aren't read yet
    assert plain is rules.get("a-pack-read-once", plain=True)
    words = [rules.get("a-pack-read-once", plain=True).token_words() for _ in range(20)]
    assert asked == ["a-pack-read-once"]
    assert words[0] == words[-1] and "action" in words[0]


def test_unknown_system_is_a_readable_error() -> None:
    with pytest.raises(UnknownSystem, match="doesn't know 'chess'"):
        rules.get("chess")


def test_halo_helper_matches_its_rule_pack() -> None:
    pack = get_pack("halo-actionclix")
    sections = {s.id for s in pack.sections}
    pack_actions = {a["id"] for a in pack.entries("turn", "action")}
    halo = rules.get("halo-actionclix")
    helper_actions = set(halo.actions)
    # every pack action is offered; the helper adds the loot roll and ending the turn
    assert pack_actions <= helper_actions
    assert helper_actions - pack_actions == {"loot-roll", "end-turn"}
    cited = {a.rule for a in halo.actions.values()} | {"upgrade-tokens", "reserves"}
    cited |= {"reserves", "upgrade-tokens", "attacking", "respawning"}
    assert cited <= sections, f"not in rules.md: {cited - sections}"
    allowance = next(a for a in pack.entries("turn", "allowance") if a["id"] == "actions")
    assert (allowance["value"], allowance["max_per_unit"]) == (halo_turn.ACTIONS_PER_TURN, 1)
    upgrade = next(t for t in pack.entries("units", "token") if t["id"] == "upgrade")
    assert upgrade["points"] == UPGRADE_TOKEN_POINTS
    assert pack.rules.token_limits["action"] == 1


def test_skirmish_helper_matches_its_rule_pack() -> None:
    pack = get_pack("heroclix-skirmish")
    sections = {s.id for s in pack.sections}
    cited = {v for k, v in vars(heroclix_skirmish_rounds).items() if k.startswith("RULE_")}
    cited |= {a.rule for a in heroclix_skirmish.ACTIONS}
    assert cited <= sections, f"not in rules.md: {cited - sections}"
    wins = {v["id"]: v["value"] for v in pack.entries("victory", "victory") if v["kind"] == "score"}
    need = heroclix_skirmish_combat.VP_TO_WIN
    assert wins == {"vp-2-players": need[2], "vp-3-4-players": need[3]} and need[3] == need[4]
    rounds = next(a for a in pack.entries("turn", "allowance") if a["id"] == "rounds")
    assert (rounds["formula"], rounds["per_points"]) == ("per_points", 100)
    assert pack.rules.rounds_per_turn == 2 and pack.rules.turn_style == "shared"
    assert pack.rules.token_limits["action"] == 2
    r = heroclix_skirmish_rounds
    assert pack.rules.counters == {"match": (r.COSTED_USED, r.FREE_USED), "player": (r.EXTRA_ACTIONS,
                                                                                      r.REDUCTION_USED)}
    # the pack's first-round steps are the helper's refusals and effects
    steps = {s["id"] for s in pack.steps("first-round")}
    assert steps == {"no-free-actions", "token-after-attack", "reduce-two", "no-pulse-wave"}
    assert heroclix_skirmish_combat.FIRST_ROUND_REDUCTION == 2
