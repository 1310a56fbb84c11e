"""One vocabulary: a unit's click, tokens and reserve, and a player's points read the same in the app, the CLI
and the log (core.match.describe's words, asked of the system where games differ: session.table.words)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from companion.core.match.describe import (
    click_text,
    describe,
    live_clicks,
    score_change,
    score_text,
    token_change,
    unit_status,
)
from companion.core.match.events import Event
from companion.core.model import Click, Tokens, Unit, from_json, to_json
from companion.rules.action import odds_text
from companion.session import Session
from companion.session.table.words import player_score, unit_line
from companion.store.matches import MatchStore

from builders import unit


def _unit(clicks: int = 3, **changes: object) -> Unit:
    dial = tuple(Click(stats={"speed": 8}) for _ in range(clicks)) + (Click(markers=("ko",)),)
    return replace(Unit("u1", "Sniper", 30, "p1", dial), **changes)  # type: ignore[arg-type]


def test_click_n_of_n_counts_the_live_clicks_not_the_ko_click() -> None:
    # the unit: a dial of four entries (three clicks and the KO one) on its second click
    sniper = _unit(3, click=1)
    assert click_text(sniper) == "click 2 of 3"
    assert click_text(replace(sniper, click=3, eliminated=True)) == "KO"
    event_dial = replace(sniper, dial=sniper.dial[:3], cyclic=True)  # a dial that turns round has no KO click
    assert click_text(event_dial) == "click 2 of 3"


@given(st.integers(1, 30), st.data())
def test_n_is_never_past_n_and_counts_the_clicks_a_unit_can_stand_on(clicks: int, data: st.DataObject) -> None:
    sniper = _unit(clicks, click=data.draw(st.integers(0, clicks - 1)))
    n, of = click_text(sniper).removeprefix("click ").split(" of ")
    assert 1 <= int(n) <= int(of) == live_clicks(sniper) == sum(not c.ko for c in sniper.dial)


def test_a_units_line_has_its_reserve_and_the_tokens_it_holds_only() -> None:
    sniper = _unit(3, tokens=Tokens(action=1, grenade=2))
    assert unit_status(sniper, ("action", "upgrade", "grenade")) == "click 1 of 3 · 1 Action token · 2 Grenade tokens"
    assert unit_status(sniper, ("action",)) == "click 1 of 3 · 1 Action token"  # a kind its game doesn't give: never
    assert unit_status(sniper, ("action",), "on the ramp") == "click 1 of 3 · on the ramp · 1 Action token"
    waiting = replace(sniper, location="reserve", reserve_reason="swapped", tokens=Tokens(action_last=1))
    assert unit_status(waiting, ("action",)) == "click 1 of 3 · reserve (swapped) · 0 Action tokens (+1 earlier)"


def test_points_and_tokens_in_words() -> None:
    assert [score_text("kills", n) for n in (0, 1, 2)] == ["0 kills", "1 kill", "2 kills"]
    assert score_text("vp", 1) == "1 VP" and score_change("vp", -2) == "-2 VP" and score_change("kills", 1) == "+1 kill"
    assert token_change("action", 1) == "+1 Action token" and token_change("grenade", -2) == "-2 Grenade tokens"


def test_the_log_says_it_in_the_same_words(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path))
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    match = session.dispatch(match.id, "add_unit", {"unit": unit("u1", "p1", clicks=3)})
    assert describe(match, Event("score", {"player": "p1", "kind": "kills", "delta": 1})) == "Ann: +1 kill"
    assert describe(match, Event("token", {"unit": "u1", "kind": "action", "delta": 1})) == "Unit u1: +1 Action token"
    assert describe(match, Event("set_click", {"unit": "u1", "click": 1})) == "Unit u1's dial turned to click 2 of 3"


def test_points_only_where_the_game_scores_them(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path))
    halo = session.new_match("halo-actionclix", ["Ann", "Ben"])
    halo = session.dispatch(halo.id, "score", {"player": "p1", "kind": "kills", "delta": 1})
    assert [player_score(halo, p) for p in halo.players] == ["1 kill", "0 kills"]  # no "0 VP" in Halo
    skirmish = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
    assert player_score(skirmish, skirmish.players[0]) == "0 VP"
    scarab = session.new_match("scarab", ["Ann", "Ben"])
    assert player_score(scarab, scarab.players[0]) == ""  # the Scarab is won on its dials
    given_by_hand = session.dispatch(scarab.id, "score", {"player": "p2", "kind": "vp", "delta": 2})
    assert player_score(given_by_hand, given_by_hand.player("p2")) == "2 VP"  # points someone gave are shown


def test_a_halo_units_line_asks_the_system_for_its_tokens(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path))
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    match = session.dispatch(match.id, "add_unit", {"unit": unit("u1", "p1", clicks=3)})
    match = session.dispatch(match.id, "token", {"unit": "u1", "kind": "action", "delta": 1})
    assert unit_line(match, match.unit("u1")) == "click 1 of 3 · 1 Action token"
    reserve = from_json({**to_json(match), "units": [{**to_json(match)["units"][0], "location": "reserve"}]})
    assert unit_line(reserve, reserve.unit("u1")) == "click 1 of 3 · reserve · 1 Action token"


def test_match_show_prints_the_apps_words(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path))
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    session.dispatch(match.id, "add_unit", {"unit": unit("u1", "p1", clicks=3)})
    session.dispatch(match.id, "token", {"unit": "u1", "kind": "action", "delta": 1})
    session.dispatch(match.id, "score", {"player": "p1", "kind": "kills", "delta": 1})
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path)}
    shown = subprocess.run([sys.executable, "-m", "companion", "match", "show", match.id], capture_output=True,
                           text=True, env=env, timeout=60, check=True).stdout
    assert "Ann (p1): 1 kill\n" in shown and "Ben (p2): 0 kills\n" in shown and "VP" not in shown
    assert "Unit u1 [u1] 30 pts · click 1 of 3 · 1 Action token · speed 8" in shown
    undone = subprocess.run([sys.executable, "-m", "companion", "match", "undo", match.id, "--json"],
                            capture_output=True, text=True, env=env, timeout=60, check=True).stdout
    assert json.loads(undone)["players"][0]["kills"] == 0


def test_undo_says_what_it_took_back_and_speaks_of_a_roll_only_when_there_was_one(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path))
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    roll = {"type": "roll", "data": {"expr": "2d6", "dice": [3, 4], "total": 7}}
    score = {"type": "score", "data": {"player": "p1", "kind": "kills", "delta": 1}}
    session.dispatch(match.id, "batch", {"label": "Sniper attacks Grunt A", "events": [roll, score]})
    session.undo(match.id, by="p1")
    assert session.undo_news(match.id, short=True)[0] == (
        "Undid: Sniper attacks Grunt A (its roll stays in the log, marked undone)")
    session.redo(match.id, by="p1")
    assert session.undo_news(match.id, short=True)[0] == "Redid: Sniper attacks Grunt A"
    session.dispatch(match.id, "batch", {"label": "Turret: holds fire this turn", "events": [score]})
    session.undo(match.id, by="p1")
    assert session.undo_news(match.id, short=True)[0] == "Undid: Turret: holds fire this turn"  # no dice: no roll


def test_the_headers_points_in_the_same_words_and_none_in_a_game_won_another_way(tmp_path: Path) -> None:
    from companion.session.table.header import header

    session = Session(MatchStore(tmp_path))
    halo = session.dispatch(session.new_match("halo-actionclix", ["Ann", "Ben"]).id, "score",
                            {"player": "p1", "kind": "kills", "delta": 1})
    assert [s.words for s in header(halo, []).scores] == ["1 kill", "0 kills"]  # not "1 kills"
    skirmish = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
    victory = [{"kind": "score", "counter": "vp", "value": 5, "players": [2, 2]}]
    assert header(skirmish, victory).scores[0].words == "0 of 5 VP"
    assert header(session.new_match("scarab", ["Sam", "Ann"]), []).scores == ()


def test_a_sure_roll_and_a_hopeless_one_read_as_words() -> None:
    # "1 (100.00%)" read as a count of something; "1/1" and "0/1" as fractions nobody writes
    assert odds_text(Fraction(1)) == "always (100%)"
    assert odds_text(Fraction(0)) == "never (0%)"
    assert odds_text(Fraction(7, 12)) == "7/12 (58.33%)"
