"""HeroClix Skirmish, the third rules-lawyer audit of seed 003: who scores once every round of a turn is played
(the End of Turn step has no active player), criticals on the attacks the table rolls itself (a power's, Pulse
Wave's), and the starting markers, which any player may take in the snake draft."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalAction
from companion.core.model import Match
from companion.rules import Action, ActionOption

from builders import rng_for, unit
from skirmish_rules_kit import SKIRMISH, play, skirmish


def options(state: Match) -> dict[str, ActionOption]:
    return {o.action: o for o in SKIRMISH.legal_actions(state)}


@pytest.fixture
def end_of_turn() -> Match:
    """Three players, every round of turn 1 played: the End of Turn step, Ann (the first player) in the seat."""
    state = skirmish(unit("a1", "p1"), unit("a2", "p1"), unit("b1", "p2"), unit("b2", "p2"), unit("c1", "p3"),
                     unit("c2", "p3"), players=3)
    for _ in range(6):
        state, _ = play(state, "end-round")
    assert SKIRMISH.turn_words(state)[0] == "every round played: end of turn"
    return state


def test_end_of_turn_damage_scores_nobody_unless_the_players_say_who(end_of_turn: Match) -> None:
    """¶19, ¶27, ¶32: only the active player scores, and a player is active only in their round. Once every round
    is played no round is on: Cat's end-of-turn trigger hurting Ben's character scored Ann 2 VP before."""
    form = {p.name: p for p in options(end_of_turn)["deal-damage"].params}
    assert form["scorer"].default == "" and [c for c, _ in form["scorer"].choices] == ["", "p1", "p2", "p3"]
    state, res = play(end_of_turn, "deal-damage", target="b1", clicks=2)
    assert state.unit("b1").click == 2 and [p.vp for p in state.players] == [0, 0, 0]
    assert "nobody scores" in " ".join(res.details)
    state, res = play(end_of_turn, "deal-damage", target="b1", clicks=2, scorer="p3")
    assert [p.vp for p in state.players] == [0, 0, 2] and "Cat scores 2 victory points." in res.details
    state, _ = play(end_of_turn, "deal-damage", target="c1", clicks=2, scorer="p3")  # Cat's own: no points
    assert [p.vp for p in state.players] == [0, 0, 0]
    with pytest.raises(IllegalAction, match="who scores"):
        SKIRMISH.resolve(end_of_turn, Action("deal-damage", None, {"target": "b1", "scorer": "p9"}), rng_for(0, 0))


def test_end_of_turn_points_win_for_the_player_named_not_the_seat(end_of_turn: Match) -> None:
    """¶23: 20 VP wins a three-player game at once, for whoever scored them."""
    from companion.core.match.events import Event, replay
    state = replay(end_of_turn, [Event("score", {"player": "p2", "kind": "vp", "delta": 19})])
    after, res = play(state, "deal-damage", target="c1", clicks=1, scorer="p2")
    assert after.status == "finished" and after.winners == ("p2",)
    after, _ = play(state, "deal-damage", target="c1", clicks=1)
    assert after.status != "finished" and after.player("p2").vp == 19


def test_end_of_turn_element_ko_scores_only_the_player_named(end_of_turn: Match) -> None:
    """¶20-21 in the End of Turn step: the button asks who scores; nobody scores a KO the match doesn't hold."""
    state, res = play(end_of_turn, "score-element", what="bystander", scorer="p2")
    assert [p.vp for p in state.players] == [0, 1, 0] and res.summary.startswith("Ben scores 1 victory point")
    verdict = SKIRMISH.explain(end_of_turn, Action("score-element", None, {"what": "bystander"}))
    assert not verdict.legal and "nothing to record" in verdict.reason


def test_a_round_on_still_scores_the_active_player_and_asks_nobody() -> None:
    state = skirmish(unit("a1", "p1"), unit("b1", "p2"))
    assert "scorer" not in [p.name for p in options(state)["deal-damage"].params]
    after, _ = play(state, "deal-damage", target="b1", clicks=1, scorer="p2")  # ignored while a round is on
    assert [p.vp for p in after.players] == [1, 0]


def test_every_attack_the_table_rolls_keeps_the_criticals_in_its_note_and_result() -> None:
    """¶2 (HeroClix's criticals whole): a power's attack, Pulse Wave's and a FREE action's are rolled at the
    table; their options and results said nothing of two 6s or two 1s, only Attack did."""
    state = skirmish(unit("a1", "p1"), unit("a2", "p1"), unit("b1", "p2"), unit("b2", "p2"))
    first = options(state)
    assert "Charge" in (first["attack"].note or "") and "two 1s miss" in (first["attack"].note or "")
    _, res = play(state, "power", "a1", attacked=True)  # the first round: a power that attacks
    assert any("two 1s miss them all" in d and "1 unavoidable damage" in d for d in res.details)
    assert any("give it as Attack" in d for d in res.details)
    for _ in range(2):
        state, _ = play(state, "end-round")  # round 2: Pulse Wave and FREE actions are open
    later = options(state)
    for name in ("power", "pulse-wave", "free"):
        note = later[name].note or ""
        assert "two 6s hit every target and deal 1 more damage" in note and "two 1s miss them all" in note, name
    for name in ("pulse-wave", "free"):
        _, res = play(state, name, "a1")
        assert any("two 1s miss them all" in d for d in res.details), name


def test_the_half_build_cap_and_the_multi_base_limit_are_on_characters_not_objects() -> None:
    """¶5, ¶10: "Maximum Character Point Value" and "1 Multi-base Character": an object is no character (the
    force check said "Unit o costs more than 100 points, the most one of Ann's characters may cost")."""
    from companion.core.match.force_check import check_force
    from companion.core.packs.load import get_pack
    pack = get_pack("heroclix-skirmish")
    state = skirmish(unit("a1", "p1", points=100), unit("a2", "p1", points=40), unit("a3", "p1", points=20),
                     unit("o", "p1", points=110, ref="object", tags=["multi-base"]),
                     unit("m", "p1", points=30, tags=["multi-base"]), unit("b1", "p2"), unit("c1", "p3"),
                     players=3, build_total=200)
    found = {f.rule: f for f in check_force(pack, state, "p1")}
    assert found["max-share"].ok is True and "Unit o" not in found["max-share"].text
    assert found["max-multibase-multiplayer"].ok is True
    big = skirmish(unit("a1", "p1", points=101), unit("b1", "p2"), build_total=200)
    assert {f.rule: f for f in check_force(pack, big, "p1")}["max-share"].ok is False  # a character still is


def test_a_banned_figure_set_aside_on_the_sideline_still_fails_the_force_check() -> None:
    """¶46: banned figures may be in neither the starting force nor the sideline; the check read only the units
    on the map, so one kept in the reserve (off the map at set-up) passed."""
    from companion.core.match.force_check import check_force
    from companion.core.packs.load import get_pack
    state = skirmish(unit("a1", "p1"), unit("bwl", "p1", name="The Batman Who Laughs",
                                            ref="DC Comics HeroClix: Rebirth 067", location="reserve"),
                     unit("b1", "p2"), build_total=200)
    found = {f.rule: f for f in check_force(get_pack("heroclix-skirmish"), state, "p1")}
    assert found["banned"].ok is False and "The Batman Who Laughs" in found["banned"].text
