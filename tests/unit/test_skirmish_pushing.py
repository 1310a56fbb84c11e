"""HeroClix Skirmish pushing (issue 40 audit): the seed plays by the standard HeroClix rules except where it says
otherwise, and it changes nothing about action tokens but the Rule of the First Round. So HeroClix's pushing holds:
a character given a costed action while it holds an action token is dealt 1 unavoidable damage once the action
has resolved (scoring nobody victory points), and one holding two tokens can't be given a costed action."""

from __future__ import annotations

from companion.core.match.events import replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.advice import ScriptedDice

from builders import dial, unit
from skirmish_rules_kit import SKIRMISH, play, skirmish


def table(cap_clicks: int = 4) -> Match:
    return skirmish(unit("cap", "p1", dial=dial(*[(8, 10, 15, 2)] * cap_clicks)), unit("thor", "p1"),
                    unit("hulk", "p2"))


def second_round(state: Match) -> Match:
    """Ann's Cap moves in her first round; both players end their round: Ann's round 2 of turn 1."""
    state, _ = play(state, "move", "cap")
    for _ in range(2):
        state, _ = play(state, "end-round")
    return state


def test_a_character_given_a_second_action_in_the_same_turn_is_pushed_after_it() -> None:
    state = second_round(table())
    assert state.round == 2 and state.unit("cap").tokens.action == 1
    option = next(o for o in SKIRMISH.legal_actions(state) if o.action == "attack")
    assert "Pushed if given this action: Unit cap" in (option.note or "")
    res = SKIRMISH.resolve(state, Action("attack", "cap", {"target": "hulk"}), ScriptedDice((5, 6)))
    hit = replay(state, list(res.events))
    assert hit.unit("hulk").click == 2 and hit.unit("cap").click == 1 and hit.unit("cap").tokens.action == 2
    assert hit.player("p1").vp == 2 and hit.player("p2").vp == 0  # Ann's 2 for the hit; nobody for the push
    assert "pushing" in res.rules and any(d.startswith("Pushed: Unit cap already held an action token") for d in
                                          res.details)
    assert "hit: Unit hulk takes 2 click" in res.summary and "; Unit cap takes 1 click" in res.summary
    # two tokens now: no costed action for Cap until its tokens clear
    assert not SKIRMISH.explain(hit, Action("move", "cap")).legal


def test_a_token_kept_from_the_last_turn_pushes_a_move_and_a_push_that_kos_the_last_character_ends_the_match() -> None:
    state = skirmish(unit("cap", "p1", dial=dial((8, 10, 15, 2))), unit("hulk", "p2"))  # one live click
    state = second_round(state)
    res = SKIRMISH.resolve(state, Action("move", "cap"), ScriptedDice(()))
    after = replay(state, list(res.events))
    assert after.unit("cap").eliminated and after.status == "finished" and after.winners == ("p2",)
    assert "pushed: Unit cap takes 1 click" in res.summary and "KO'd" in res.summary
    # a character that acted last turn keeps its token (it didn't clear) and is pushed in the next turn too
    state = table()
    state, _ = play(state, "move", "cap")
    for _ in range(4):
        state, _ = play(state, "end-round")
    state, _ = play(state, "end-turn")
    assert state.turn == 2 and state.unit("cap").tokens.action_last == 1
    moved, res = play(state, "move", "cap")
    assert moved.unit("cap").click == 1 and "pushing" in res.rules
    fresh, res = play(state, "move", "thor")  # Thor holds no token: not pushed
    assert fresh.unit("thor").click == 0 and "pushing" not in res.rules


def test_a_hit_that_kos_the_last_opponent_while_pushing_kos_the_last_attacker_names_no_winner() -> None:
    """The seed names a winner only when one player has characters left: with none left, the result says so and the
    match stays open for the players (a decision of issue 40's audit)."""
    state = second_round(skirmish(unit("cap", "p1", dial=dial((8, 10, 15, 2))), unit("hulk", "p2", clicks=1)))
    res = SKIRMISH.resolve(state, Action("attack", "cap", {"target": "hulk"}), ScriptedDice((5, 6)))
    after = replay(state, list(res.events))
    assert after.unit("hulk").eliminated and after.unit("cap").eliminated and after.status == "active"
    assert "Nobody has a character left" in res.details[-1]


def test_a_character_whose_card_ignores_pushing_damage_takes_none_when_the_player_says_so() -> None:
    """Willpower and other card text: the costed actions' form asks, only once a character holds a token."""
    fresh = table()
    assert "ignores_pushing" not in [p.name for o in SKIRMISH.legal_actions(fresh) for p in o.params]
    state = second_round(fresh)
    option = next(o for o in SKIRMISH.legal_actions(state) if o.action == "attack")
    assert option.params[-1].name == "ignores_pushing" and option.params[-1].default is False
    res = SKIRMISH.resolve(state, Action("attack", "cap", {"target": "hulk", "ignores_pushing": True}),
                           ScriptedDice((5, 6)))
    after = replay(state, list(res.events))
    assert after.unit("cap").click == 0 and "pushing" not in res.rules
    assert "Unit cap already held an action token but ignores pushing damage (its card text)." in res.details
