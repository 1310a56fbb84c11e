"""The Killer of the Maze's Lost parties (issue 40): "the one with the least amount of members is considered Lost
(if several groups have the same amount of models then all are considered Lost)". The players say which party each
model is in; the helper works out the sizes, which parties are Lost, and takes 1 morale point from each of their
models, 3 from a model alone in its party."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action
from companion.session import Session

from builders import match
from maze_actions_kit import MAZE, act, model

CAST = ("tarn", "vale", "kira", "osk", "rho")


def team(*gone: str) -> Match:
    """Five models with 6 morale each; those in `gone` are dead (off the board)."""
    state = replay(match("killer-of-the-maze"), [Event("add_unit", {"unit": model(u, u.title())}) for u in CAST])
    return replay(state, [Event("set_location", {"unit": u, "location": "reserve"}) for u in gone])


def morale_after(state: Match, **parties: str) -> dict[str, int]:
    after = act(state, "lost", **{f"party_{u}": p for u, p in parties.items()})
    return {u.id: u.counters.get("morale", 6) for u in after.units if u.location == "table"}


def test_the_smallest_party_is_lost_and_a_model_alone_loses_3() -> None:
    assert morale_after(team(), osk="2") == {"tarn": 6, "vale": 6, "kira": 6, "osk": 3, "rho": 6}
    # 3 and 2: the party of 2 is Lost, 1 point each
    assert morale_after(team(), osk="2", rho="2") == {"tarn": 6, "vale": 6, "kira": 6, "osk": 5, "rho": 5}


def test_parties_tied_for_fewest_are_all_lost() -> None:
    """3, 1 and 1: both lone models are Lost (3 each). 2, 2 and 1: only the lone one (fewest is 1)."""
    assert morale_after(team(), kira="2", osk="3") == {"tarn": 6, "vale": 6, "kira": 3, "osk": 3, "rho": 6}
    assert morale_after(team(), kira="2", osk="2", rho="3") == {"tarn": 6, "vale": 6, "kira": 6, "osk": 6, "rho": 3}
    # four models in 2 and 2 (one dead): every party ties, every model is Lost
    assert morale_after(team("rho"), kira="2", osk="2") == {"tarn": 5, "vale": 5, "kira": 5, "osk": 5}


def test_the_form_asks_one_party_per_model_on_the_board_and_refuses_a_team_in_one_party() -> None:
    state = team("rho")
    option = next(o for o in MAZE.legal_actions(state) if o.action == "lost")
    assert option.enabled and not option.units  # an action of the team, not of a model picked by hand
    assert [p.name for p in option.params] == ["party_tarn", "party_vale", "party_kira", "party_osk"]
    assert option.params[0].choices[-1] == ("4", "Party 4") and option.params[0].default == "1"
    verdict = MAZE.explain(state, Action("lost", None, {}))
    assert not verdict.legal and verdict.rule == "lost" and "the team isn't split" in verdict.reason
    with pytest.raises(IllegalAction, match="the team isn't split"):
        MAZE.resolve(state, Action("lost", None, {}), random.Random(1))
    for bad, words in (({"party_rho": "2"}, "'rho' is not a model of the team on the board"),
                       ({"party_osk": "5"}, "Osk's party is one of 1 to 4, not '5'")):
        verdict = MAZE.explain(state, Action("lost", None, bad))
        assert not verdict.legal and words in verdict.reason


def test_a_lone_model_on_the_board_cant_split() -> None:
    state = team("vale", "kira", "osk", "rho")
    option = next(o for o in MAZE.legal_actions(state) if o.action == "lost")
    assert not option.enabled and "fewer than two models" in (option.reason or "")


def test_a_lost_model_loses_no_more_morale_than_it_has_and_the_result_says_so(tmp_path: Path) -> None:
    session = Session.open(tmp_path)
    made = session.new_match("killer-of-the-maze", ["Ann", "Ben"])
    for data in (model("tarn", "Brother Tarn"), model("vale", "Brother Vale"), model("osk", "Trooper Osk")):
        session.dispatch(made.id, "add_unit", {"unit": data})
    session.dispatch(made.id, "counter", {"scope": "unit", "target": "osk", "name": "morale", "delta": 2})
    res, _ = session.act(made.id, Action("lost", None, {"party_osk": "2"}), rng=random.Random(1))
    assert res.summary == ("The team splits into parties of 2 and 1: Trooper Osk is Lost; Trooper Osk loses 2 "
                           "morale points")
    assert "Trooper Osk is Lost and alone in its party: Trooper Osk loses 2 morale points." in res.details
    res, _ = session.act(made.id, Action("lost", None, {"party_osk": "2"}), rng=random.Random(1))
    assert session.state(made.id).unit("osk").counters["morale"] == 0
    assert "Trooper Osk loses 0 morale points (it has no morale points left to lose)" in res.summary
    assert session.state(made.id).unit("tarn").counters.get("morale", 6) == 6
