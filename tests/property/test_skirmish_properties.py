"""Properties of the Skirmish helper: exact attack odds, seeded resolutions that replay, and random play that
only ever offers actions which resolve and apply."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import rules
from companion.core.dice.roll import roll
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match
from companion.rules import Action

from builders import SEED, match, rng_for, unit

SKIRMISH = rules.get("heroclix-skirmish")


def duel(attack: int, defense: int, damage: int = 2) -> Match:
    def dial(a: int, d: int) -> list[dict]:
        return [{"stats": {"speed": 6, "attack": a, "defense": d, "damage": damage}} for _ in range(3)] + [
            {"stats": {}, "markers": ["ko"]}]
    return replay(match("heroclix-skirmish"), [Event("add_unit", {"unit": unit("x", "p1", dial=dial(attack, 15))}),
                                               Event("add_unit", {"unit": unit("y", "p2", dial=dial(9, defense))})])


@given(st.integers(0, 20), st.integers(0, 30), st.integers(-5, 5))
def test_odds_equal_the_frequency_over_all_36_rolls(attack: int, defense: int, modifier: int) -> None:
    state = duel(attack, defense)
    odds = SKIRMISH.odds(state, Action("attack", "x", {"target": "y", "attack_mod": modifier}))
    rolls = list(itertools.product(range(1, 7), repeat=2))
    hits = sum(1 for dice in rolls if hits_with(dice, attack + modifier, defense))
    assert odds is not None and odds.chance == Fraction(hits, 36)
    # hit and miss together are certain; two 1s miss and two 6s hit whatever the numbers (HeroClix's criticals)
    misses = sum(1 for dice in rolls if dice == (1, 1) or (dice != (6, 6) and sum(dice) + attack + modifier < defense))
    assert odds.chance + Fraction(misses, 36) == 1
    assert Fraction(1, 36) <= odds.chance <= Fraction(35, 36)


@given(st.integers(0, 2**32), st.integers(0, 50), st.integers(0, 20), st.integers(5, 25))
def test_a_seeded_attack_replays_identically(seed: int, index: int, attack: int, defense: int) -> None:
    state = duel(attack, defense)
    action = Action("attack", "x", {"target": "y"})
    first = SKIRMISH.resolve(state, action, rng_for(seed, index))
    assert first == SKIRMISH.resolve(state, action, rng_for(seed, index))
    logged = next(e for e in first.events if e.type == "roll")
    dice = roll("2d6", rng_for(seed, index)).dice
    assert tuple(logged.data["dice"]) == dice
    hurt = {e.data["unit"] for e in first.events if e.type == "damage"}
    assert ("y" in hurt) == hits_with(dice, attack, defense) and ("x" in hurt) == (dice == (1, 1))


def hits_with(dice: tuple[int, ...], attack: int, defense: int) -> bool:
    """HeroClix's attack roll by its definition: two 6s always hit, two 1s always miss, else the total decides."""
    return dice == (6, 6) or (dice != (1, 1) and sum(dice) + attack >= defense)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99), st.integers(1, 3)), max_size=60),
       st.integers(2, 4))
def test_random_play_only_offers_actions_that_resolve(picks: list[tuple[int, int, int]], players: int) -> None:
    state = match("heroclix-skirmish", players=players)
    state = replay(state, [Event("add_unit", {"unit": unit(f"u{p}{i}", f"p{p}", clicks=3)})
                           for p in range(1, players + 1) for i in range(3)])
    for option_pick, unit_pick, number in picks:
        if state.status == "finished":
            break
        enabled = [o for o in SKIRMISH.legal_actions(state) if o.enabled]
        assert enabled, "a running match always offers something (at least ending the round or the turn)"
        option = enabled[option_pick % len(enabled)]
        params = {p.name: p.default for p in option.params}
        if option.action == "deal-damage":
            params["clicks"] = number
        if option.action == "action-total":
            params["extra"] = (params["extra"] + 1) % 3
        unit_id = option.units[unit_pick % len(option.units)] if option.units else None
        res = SKIRMISH.resolve(state, Action(option.action, unit_id, params), rng_for(SEED, len(state.rolls)))
        assert res.summary and res.events
        state = apply(state, Event("batch", {"label": res.summary, "events": [
            {"type": e.type, "data": e.data} for e in res.events]}, by=state.active_player.id))
        assert state.counters.get("round-costed", 0) <= 1 and state.counters.get("round-free", 0) <= 1
    assert all(p.vp >= 0 for p in state.players)


@settings(max_examples=60)
@given(st.integers(3, 4), st.integers(0, 4), st.sampled_from(["", "p1", "p2", "p3", "p4"]), st.integers(1, 6))
def test_between_rounds_only_the_player_named_scores_and_only_for_others_characters(
        players: int, hurt_index: int, scorer: str, clicks: int) -> None:
    """Seed 003 ¶19, ¶27, ¶32: with every round of the turn played no player is active; damage recorded then
    scores exactly the player named (nobody by default), the clicks taken by a character not theirs."""
    owners = [f"p{i + 1}" for i in range(players)]
    state = replay(match("heroclix-skirmish", players=players),
                   [Event("add_unit", {"unit": unit(f"u{i}", owner, clicks=3)}) for i, owner in enumerate(owners)])
    for _ in range(2 * players):
        ended = SKIRMISH.resolve(state, Action("end-round"), rng_for(SEED, 0))
        state = replay(state, list(ended.events))
    scorer = scorer if scorer in ("", *owners) else ""
    target = state.units[hurt_index % players]
    res = SKIRMISH.resolve(state, Action("deal-damage", None, {"target": target.id, "clicks": clicks,
                                                                "scorer": scorer}), rng_for(SEED, 0))
    after = replay(state, list(res.events))
    taken = after.unit(target.id).click - target.click
    expected = {p: (taken if p == scorer and target.owner != scorer else 0) for p in owners}
    assert {p.id: p.vp for p in after.players} == expected
