"""HeroClix Skirmish rules helper, scenario by scenario from seed 003: rounds of one costed and one FREE action,
bonus rounds, the Rule of the First Round, the clear phase, victory points for the active player, and winning."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.errors import CompanionError, IllegalAction
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match
from companion.rules import Action, ActionOption

from builders import rng_for, unit
from skirmish_rules_kit import SKIRMISH, play, skirmish


def options(state: Match) -> dict[str, ActionOption]:
    return {o.action: o for o in SKIRMISH.legal_actions(state)}


def end_rounds(state: Match, count: int) -> Match:
    for _ in range(count):
        state, _ = play(state, "end-round")
    return state


@pytest.fixture
def table() -> Match:
    """200 points, two players. Ann: Cap and Thor; Ben: Hulk (4 live clicks) and a 10-point bystander."""
    return skirmish(unit("cap", "p1"), unit("thor", "p1"), unit("hulk", "p2"),
                    unit("agent", "p2", clicks=1, points=10, ref="bystander"))


def test_the_first_round_offers_one_costed_action_and_no_free_action(table: Match) -> None:
    opts = options(table)
    assert list(opts) == ["move", "attack", "power", "pulse-wave", "free", "deal-damage", "score-element",
                          "action-total", "end-round", "end-turn"]
    for name in ("move", "attack", "power"):
        assert opts[name].enabled and opts[name].units == ("cap", "thor") and opts[name].cost == 1
    assert opts["attack"].dice == "2d6"
    assert [p.name for p in opts["attack"].params] == ["target", "attack_mod", "damage_mod", "reduce"]
    assert opts["attack"].params[0].choices == (("hulk", "Unit hulk"), ("agent", "Unit agent"))
    assert "beginning-of-turn effects" in (opts["move"].note or "")
    free = opts["free"]
    assert not free.enabled and free.rule == "first-round" and "no FREE actions" in (free.reason or "")
    pulse = opts["pulse-wave"]
    assert not pulse.enabled and pulse.rule == "first-round" and "Pulse Wave" in (pulse.reason or "")
    assert opts["end-round"].enabled
    assert not opts["end-turn"].enabled and opts["end-turn"].reason == "Ann's round is still on: end it first"
    verdict = SKIRMISH.explain(table, Action("free", "cap"))
    assert not verdict.legal and verdict.rule == "first-round"


def test_seeded_first_round_attack_scores_and_gives_a_second_token(table: Match) -> None:
    """Seed 7, first roll 6+1 = 7: Cap (attack 10) hits Hulk (defense 16) for 2 clicks: 2 VP for Ann. It is
    Ann's first round, so Cap gets an action token after the attack on top of the costed action's one."""
    odds = SKIRMISH.odds(table, Action("attack", "cap", {"target": "hulk"}))
    assert odds is not None and odds.text == "attack 10 vs defense 16: needs 6+ on 2d6, 13/18 (72.22%)"
    state, res = play(table, "attack", "cap", target="hulk")
    assert res.summary == "Unit cap attacks Unit hulk: 2d6: [6, 1] = 7, hit: Unit hulk takes 2 clicks of damage"
    assert [e.type for e in res.events] == ["token", "counter", "roll", "damage", "score", "token"]
    assert not any("critical" in d for d in res.details) and "first-round" in res.rules
    assert state.unit("hulk").click == 2 and state.player("p1").vp == 2
    assert state.unit("cap").tokens.action == 2 and state.rolls[-1].dice == (6, 1)
    # the same events replayed one by one give the same match: one batch is only one undo step
    assert replay(table, list(res.events)).units == state.units
    opts = options(state)
    assert not opts["move"].enabled and opts["move"].reason == "this round's costed action is given already"
    assert SKIRMISH.explain(state, Action("attack", "thor")).rule == "action-phase"


def test_a_miss_changes_only_the_token_and_the_log() -> None:
    """Seed 7, first roll 6+1 = 7: a 4-attack bystander needs 12 against defense 16 and misses."""
    state = skirmish(unit("kid", "p1", points=5, ref="bystander", dial=[
        {"stats": {"speed": 4, "attack": 4, "defense": 14, "damage": 1}}, {"stats": {}, "markers": ["ko"]}]),
        unit("hulk", "p2"))
    after, res = play(state, "attack", "kid")  # the target defaults to the only opposing character
    assert res.summary.endswith("miss") and after.unit("hulk").click == 0 and after.player("p1").vp == 0
    assert after.unit("kid").tokens.action == 2  # the first-round token comes after any attack, hit or miss


def test_one_costed_and_one_free_action_a_round_in_either_order(table: Match) -> None:
    state = end_rounds(table, 2)  # Ann's and Ben's first rounds: Ann's second round
    assert (state.turn, state.round, state.active) == (1, 2, 0)
    opts = options(state)
    assert opts["free"].enabled and opts["pulse-wave"].enabled and "reduce" not in [p.name for p in
                                                                                     opts["attack"].params]
    state, res = play(state, "free", "thor")
    assert res.summary == "Unit thor takes the round's FREE action" and state.counters["round-free"] == 1
    opts = options(state)
    assert not opts["free"].enabled and opts["free"].reason == "this round's FREE action is given already"
    assert opts["move"].enabled
    state, _ = play(state, "move", "thor")
    assert state.unit("thor").tokens.action == 1
    assert not any(options(state)[n].enabled for n in ("move", "free", "power", "pulse-wave", "attack"))
    # ending the round clears what it used for the next player's round
    state, _ = play(state, "end-round")
    assert state.counters == {"round-costed": 0, "round-free": 0} and state.active_player.name == "Ben"
    assert options(state)["free"].enabled and options(state)["move"].enabled


def test_rounds_per_turn_follow_the_build_total_and_the_turn_ends_with_the_clear_phase() -> None:
    state = skirmish(unit("cap", "p1"), unit("thor", "p1"), unit("hulk", "p2"), rounds_per_turn=3)  # 300 points
    state, _ = play(state, "move", "cap")
    state = end_rounds(state, 5)  # rounds 1-3 of both players; Ben's third round is on
    assert (state.round, state.active_player.name) == (3, "Ben")
    state, res = play(state, "end-round")
    assert "every round of turn 1 is played" in res.summary and "end-of-turn" in res.rules
    opts = options(state)
    assert not opts["move"].enabled and opts["move"].rule == "end-of-turn" and not opts["end-round"].enabled
    assert opts["end-turn"].enabled and "30-minute" in (opts["end-turn"].note or "")
    state, res = play(state, "end-turn")
    assert (state.turn, state.round, state.active) == (2, 1, 0)
    assert state.unit("cap").tokens.action_last == 1  # it got a token in turn 1: it doesn't clear
    assert res.details[0] == "Clear phase: no character had tokens to clear."
    assert "Effects that last until before the next player's turn end now" in res.details[1]  # a reminder (card text)
    # turn 2: Cap gets no token, so the clear phase clears it
    state = end_rounds(state, 6)
    state, res = play(state, "end-turn")
    assert state.unit("cap").tokens.action_last == 0 and res.details[0].startswith("Clear phase: Unit cap")


def test_bonus_rounds_only_for_players_whose_action_total_is_higher() -> None:
    state = skirmish(unit("a", "p1"), unit("b", "p2"), unit("c", "p3"), players=3)
    # Cat's action total is 2 above the default: two bonus rounds; she enters it in her own round
    state = end_rounds(state, 2)
    state, res = play(state, "action-total", extra=2)
    assert state.player("p3").counters["extra-actions"] == 2 and "4 rounds a turn" in res.summary
    state = end_rounds(state, 3)  # Cat's first round, then Ann's and Ben's second
    assert (state.round, state.active_player.name) == (2, "Cat")
    state, res = play(state, "end-round")
    assert (state.round, state.active_player.name) == (3, "Cat")
    assert res.details == ("Ann has no bonus round.", "Ben has no bonus round.")
    assert "bonus round" in res.summary
    state = end_rounds(state, 1)
    assert (state.round, state.active_player.name) == (4, "Cat")
    assert not options(state)["end-turn"].enabled
    state = end_rounds(state, 1)
    assert options(state)["end-turn"].enabled and state.active_player.name == "Ann"
    with pytest.raises(IllegalAction, match="already 0 above"):
        SKIRMISH.resolve(state, Action("action-total", None, {"extra": 0}), rng_for(0, 0))


def test_a_player_without_a_bonus_round_is_refused_with_the_rule() -> None:
    state = skirmish(unit("a", "p1"), unit("b", "p2"), unit("c", "p3"), players=3)
    state = apply(state, Event("counter", {"scope": "player", "name": "extra-actions", "target": "p3", "delta": 1}))
    ben = replace(state, round=3, active=1)  # a third round at 200 points is a bonus round: Ben has none
    opts = options(ben)
    assert not opts["move"].enabled and opts["move"].rule == "bonus-rounds"
    assert opts["move"].reason == "Ben has no bonus round 1: their action total is not that far above the default"
    assert not opts["end-turn"].enabled and opts["end-turn"].rule == "bonus-rounds"
    after, _ = play(ben, "end-round")
    assert after.active_player.name == "Cat"


def test_the_first_round_damage_reduction_once_per_opponents_first_round(table: Match) -> None:
    state, res = play(table, "deal-damage", target="hulk", clicks=3, reduce=True)
    assert state.unit("hulk").click == 1 and state.player("p1").vp == 1
    assert "Ben reduces the damage by 2 (Rule of the First Round)." in res.details
    with pytest.raises(IllegalAction, match="already reduced damage once") as info:
        SKIRMISH.resolve(state, Action("deal-damage", None, {"target": "hulk", "clicks": 3, "reduce": True}),
                         rng_for(0, 0))
    assert info.value.rule == "first-round"
    # Ben's first round: the reduction is Ann's now, and Ben's has been set back
    state = end_rounds(state, 1)
    assert state.player("p2").counters["first-round-reduction"] == 0
    state, _ = play(state, "deal-damage", target="cap", clicks=2, reduce=True)
    assert state.unit("cap").click == 0 and state.player("p2").vp == 0
    # in later rounds there is no reduction
    later = end_rounds(state, 1)
    with pytest.raises(IllegalAction, match="opponent's first round"):
        SKIRMISH.resolve(later, Action("deal-damage", None, {"target": "hulk", "clicks": 1, "reduce": True}),
                         rng_for(0, 0))


def test_only_opposing_characters_score_and_bystanders_score_their_ko(table: Match) -> None:
    state, res = play(table, "deal-damage", target="thor", clicks=1)  # Ann's own character: no points
    assert state.unit("thor").click == 1 and state.player("p1").vp == 0 and "score" not in [e.type for e in res.events]
    state, res = play(state, "deal-damage", target="agent", clicks=3)  # 1 live click: 1 click + 1 for the KO
    assert state.unit("agent").eliminated and state.player("p1").vp == 2
    assert "Unit agent takes 1 click of damage." in res.details and "Unit agent is KO'd." in res.details
    state, res = play(state, "score-element", what="object")
    assert state.player("p1").vp == 3 and "object" in res.summary
    with pytest.raises(CompanionError, match="one of bystander, object"):
        SKIRMISH.resolve(state, Action("score-element", None, {"what": "car"}), rng_for(0, 0))


def test_fifteen_points_win_a_two_player_game_at_once(table: Match) -> None:
    state = apply(table, Event("score", {"player": "p1", "kind": "vp", "delta": 13}))
    state, res = play(state, "attack", "cap", target="hulk")  # the seeded hit: 2 clicks, 15 points
    assert state.status == "finished" and state.winners == ("p1",)
    assert res.events[-1].type == "end_match" and "victory" in res.rules
    assert not any(o.enabled for o in SKIRMISH.legal_actions(state))


def test_twenty_points_with_three_players() -> None:
    state = skirmish(unit("a", "p1"), unit("b", "p2"), unit("c", "p3"), players=3)
    state = apply(state, Event("score", {"player": "p1", "kind": "vp", "delta": 17}))
    state, _ = play(state, "deal-damage", target="b", clicks=2)
    assert state.status == "active" and state.player("p1").vp == 19
    state, _ = play(state, "deal-damage", target="c", clicks=1)
    assert state.winners == ("p1",)


def test_the_last_force_standing_wins_whatever_the_points() -> None:
    """Ben's last character falls; his 0-point bystander doesn't keep him in the game."""
    state = skirmish(unit("cap", "p1"), unit("hulk", "p2", clicks=1),
                     unit("kid", "p2", clicks=1, points=0, ref="bystander"))
    state = apply(state, Event("score", {"player": "p2", "kind": "vp", "delta": 9}))
    state, res = play(state, "deal-damage", target="hulk", clicks=1)
    assert state.winners == ("p1",) and "the only player with a character left" in res.details[-1]


def kept_tokens(table: Match, *units: str) -> Match:
    """Two action tokens on each of `units` kept into turn 2 (a character given one doesn't clear)."""
    return replay(table, [*(Event("token", {"unit": u, "kind": "action", "delta": 2}) for u in units),
                          Event("end_turn", {})])


TWO_TOKENS = "holds 2 action tokens: a character with two can't be given a costed action until they clear"


def test_a_character_with_two_tokens_gets_no_costed_action(table: Match) -> None:
    """HeroClix's core pushing rule sets the limit (the pack's token limit of 2), so that rule is cited."""
    state = kept_tokens(table, "cap")
    opts = options(state)
    assert opts["move"].units == ("thor",)
    assert opts["move"].refused["cap"] == f"Unit cap {TWO_TOKENS}"
    verdict = SKIRMISH.explain(state, Action("attack", "cap"))
    assert not verdict.legal and verdict.rule == "pushing"


def test_every_character_at_its_token_limit_keeps_its_own_reason(table: Match) -> None:
    """Issue 32: two characters refused under one rule (the pushing rule's token limit) each show their own reason,
    not one fixed sentence standing in for both."""
    state = kept_tokens(table, "cap", "thor")
    move = options(state)["move"]
    own = {"cap": f"Unit cap {TWO_TOKENS}", "thor": f"Unit thor {TWO_TOKENS}"}
    assert not move.enabled and move.refused == own and set(move.shown) == {"cap", "thor"}
    assert move.rule == "pushing" and all(why in (move.reason or "") for why in own.values())
    assert "every character" not in (move.reason or "")
    for uid, why in own.items():
        assert why in SKIRMISH.explain(state, Action("move", uid)).reason


def test_objects_and_other_players_characters_take_no_actions(table: Match) -> None:
    state = apply(table, Event("add_unit", {"unit": unit("crate", "p1", clicks=1, ref="object:crate")}))
    assert options(state)["move"].units == ("cap", "thor")
    assert "not Ann's character" in SKIRMISH.explain(state, Action("move", "hulk")).reason
    with pytest.raises(IllegalAction, match="not an opposing character"):
        SKIRMISH.resolve(state, Action("attack", "cap", {"target": "thor"}), rng_for(0, 0))
    with pytest.raises(IllegalAction, match="choose the character first"):
        SKIRMISH.resolve(state, Action("move"), rng_for(0, 0))


def test_a_match_made_before_the_counters_still_plays(table: Match) -> None:
    old = replace(table, rules=replace(table.rules, counters={}))
    opts = options(old)
    assert opts["move"].enabled and "check them yourself" in (opts["move"].note or "")
    state, res = play(old, "attack", "cap", target="hulk")
    assert "counter" not in [e.type for e in res.events] and state.player("p1").vp == 2


def test_unknown_actions_and_a_finished_match(table: Match) -> None:
    assert "no action 'teleport'" in SKIRMISH.explain(table, Action("teleport")).reason
    over = apply(table, Event("end_match", {"winners": ["p2"]}))
    assert SKIRMISH.explain(over, Action("end-round")).reason == "End round: the match is over"
    with pytest.raises(IllegalAction, match="the match is over"):
        SKIRMISH.resolve(over, Action("move", "cap"), rng_for(0, 0))
