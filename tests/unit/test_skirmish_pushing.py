"""HeroClix Skirmish pushing (issue 40 audit): the seed plays by the standard HeroClix rules except where it says
otherwise, and it changes nothing about action tokens but the Rule of the First Round. So HeroClix's pushing holds:
a character given a costed action while it holds an action token is dealt 1 unavoidable damage once the action
has resolved (scoring nobody victory points), and one holding two tokens can't be given a costed action. The same
core rules give a character one costed action a turn, so the token that pushes is one kept from the last turn."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.advice import ScriptedDice

from builders import dial, unit
from skirmish_rules_kit import SKIRMISH, play, skirmish


def table(cap_clicks: int = 4) -> Match:
    return skirmish(unit("cap", "p1", dial=dial(*[(8, 10, 15, 2)] * cap_clicks)), unit("thor", "p1"),
                    unit("hulk", "p2"))


def replace_click(state: Match, unit_id: str, clicks: int) -> Match:
    """The unit `clicks` clicks down its dial (damage scored by nobody, as if from an earlier turn)."""
    return replay(state, [Event("damage", {"unit": unit_id, "amount": clicks})])


def next_turn(state: Match) -> Match:
    """Ann's Cap moves in her first round and every round of turn 1 is played: Cap keeps its token (it acted, so it
    doesn't clear) into turn 2, Ann's round 1."""
    state, _ = play(state, "move", "cap")
    for _ in range(4):
        state, _ = play(state, "end-round")
    state, _ = play(state, "end-turn")
    assert state.turn == 2 and state.round == 1 and state.unit("cap").tokens.action_last == 1
    return state


def test_a_character_gets_one_costed_action_a_turn_whatever_the_rounds() -> None:
    """HeroClix's core rules (the seed changes nothing there): Cap, who moved in round 1, is refused a costed action
    in round 2 of the same turn, by explain, the options and resolve alike; a FREE action and another character
    are still open."""
    state, _ = play(table(), "move", "cap")
    for _ in range(2):
        state, _ = play(state, "end-round")
    assert state.turn == 1 and state.round == 2 and state.active_player.id == "p1"
    for name in ("move", "attack", "power"):
        verdict = SKIRMISH.explain(state, Action(name, "cap", {"target": "hulk"} if name == "attack" else {}))
        assert not verdict.legal and verdict.rule == "one-action"
        assert "Unit cap already took its costed action this turn" in verdict.reason
        option = next(o for o in SKIRMISH.legal_actions(state) if o.action == name)
        assert option.units == ("thor",) and "one a character each turn" in option.refused["cap"]
    with pytest.raises(IllegalAction, match="already took its costed action this turn"):
        SKIRMISH.resolve(state, Action("attack", "cap", {"target": "hulk"}), ScriptedDice((5, 6)))
    assert SKIRMISH.explain(state, Action("free", "cap")).legal
    moved, _ = play(state, "move", "thor")  # another character: not pushed, Cap untouched
    assert moved.unit("thor").click == 0 and moved.unit("cap").tokens.action == 1


def test_the_first_rounds_extra_token_also_ends_the_characters_turn() -> None:
    """The Rule of the First Round gives an attacker a second token; it had its one costed action anyway, and with
    two tokens it can't act in turn 2 either (the pushing rule's limit)."""
    state, _ = play(table(), "attack", "cap", target="hulk")
    assert state.unit("cap").tokens.action == 2
    for _ in range(2):
        state, _ = play(state, "end-round")
    assert SKIRMISH.explain(state, Action("move", "cap")).rule == "one-action"
    for _ in range(2):
        state, _ = play(state, "end-round")
    state, _ = play(state, "end-turn")
    verdict = SKIRMISH.explain(state, Action("move", "cap"))
    assert not verdict.legal and verdict.rule == "pushing" and "holds 2 action tokens" in verdict.reason


def test_a_token_kept_from_the_last_turn_pushes_the_next_action() -> None:
    state = next_turn(table())
    option = next(o for o in SKIRMISH.legal_actions(state) if o.action == "attack")
    assert "Pushed if given this action: Unit cap" in (option.note or "")
    res = SKIRMISH.resolve(state, Action("attack", "cap", {"target": "hulk"}), ScriptedDice((5, 6)))
    hit = replay(state, list(res.events))
    assert hit.unit("hulk").click == 2 and hit.unit("cap").click == 1
    assert hit.unit("cap").tokens.action == 1 and hit.unit("cap").tokens.action_last == 1
    assert hit.player("p1").vp == 2 and hit.player("p2").vp == 0  # Ann's 2 for the hit; nobody for the push
    assert "pushing" in res.rules and any(d.startswith("Pushed: Unit cap already held an action token") for d in
                                          res.details)
    assert "hit: Unit hulk takes 2 click" in res.summary and "; Unit cap takes 1 click" in res.summary
    # two tokens now: no costed action for Cap until its tokens clear
    assert not SKIRMISH.explain(hit, Action("move", "cap")).legal
    fresh, res = play(state, "move", "thor")  # Thor holds no token: not pushed
    assert fresh.unit("thor").click == 0 and "pushing" not in res.rules


def test_a_push_that_kos_the_last_character_ends_the_match() -> None:
    state = next_turn(skirmish(unit("cap", "p1", dial=dial((8, 10, 15, 2), (8, 10, 15, 2))), unit("hulk", "p2")))
    state = replace_click(state, "cap", 1)  # on its last live click
    res = SKIRMISH.resolve(state, Action("move", "cap"), ScriptedDice(()))
    after = replay(state, list(res.events))
    assert after.unit("cap").eliminated and after.status == "finished" and after.winners == ("p2",)
    assert "pushed: Unit cap takes 1 click" in res.summary and "KO'd" in res.summary


def test_a_hit_that_kos_the_last_opponent_wins_before_the_pushing_damage() -> None:
    """The seed's "wins immediately" (¶24), in the order things happen: the hit KOs Ben's last character and Ann is
    then the only player with one, so she wins; the pushing damage that would follow never comes."""
    state = next_turn(skirmish(unit("cap", "p1", dial=dial((8, 10, 15, 2), (8, 10, 15, 2))),
                               unit("hulk", "p2", clicks=1)))
    state = replace_click(state, "cap", 1)  # pushing would KO it
    res = SKIRMISH.resolve(state, Action("attack", "cap", {"target": "hulk"}), ScriptedDice((5, 6)))
    after = replay(state, list(res.events))
    assert after.unit("hulk").eliminated and not after.unit("cap").eliminated and after.unit("cap").click == 1
    assert after.status == "finished" and after.winners == ("p1",)
    assert "victory" in res.rules and "pushing" not in res.rules
    assert res.details[-1] == f"{state.player('p1').name} is the only player with a character left and wins."
    assert not any(d.startswith("Pushed:") for d in res.details)


def test_a_character_whose_card_ignores_pushing_damage_takes_none_when_the_player_says_so() -> None:
    """Willpower and other card text: the costed actions' form asks, only once a character holds a token."""
    fresh = table()
    assert "ignores_pushing" not in [p.name for o in SKIRMISH.legal_actions(fresh) for p in o.params]
    state = next_turn(fresh)
    option = next(o for o in SKIRMISH.legal_actions(state) if o.action == "attack")
    assert option.params[-1].name == "ignores_pushing" and option.params[-1].default is False
    res = SKIRMISH.resolve(state, Action("attack", "cap", {"target": "hulk", "ignores_pushing": True}),
                           ScriptedDice((5, 6)))
    after = replay(state, list(res.events))
    assert after.unit("cap").click == 0 and "pushing" not in res.rules
    assert "Unit cap already held an action token but ignores pushing damage (its card text)." in res.details
