"""An event's game (issue 42 §2): every game the app knows, its build total only where its pack has them, its
table sizes from the pack, events stored before read as HeroClix Skirmish, and every text naming the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import IllegalAction
from companion.core.tournament.state import InvalidTournament, from_json, new_tournament, to_json
from companion.session.judging.printout import pairings_html
from companion.session.judging.room import RoomFeed
from companion.session.judging.service import Judging

from judge_cli_kit import as_json, judge

T0 = 1_700_000_000.0


def test_a_halo_event_round_trips_with_its_game_and_no_build() -> None:
    t = new_tournament("halo-night", "Halo night", game="halo-actionclix", build=None, table_size=4,
                       placement=(6, 4, 2, 1), now=T0)
    data = to_json(t)
    assert (data["version"], data["game"], data["build"]) == (5, "halo-actionclix", None)
    assert from_json(data) == t


def test_an_event_stored_before_reads_as_skirmish_with_its_build() -> None:
    old = {k: v for k, v in to_json(new_tournament("fri", "Friday", build=200, now=T0)).items() if k != "game"}
    old["version"] = 4  # as the app wrote it before events named their game
    t = from_json(old)
    assert (t.game, t.build) == ("", 200)
    judging = Judging(None)
    assert judging.game_of(t) == "heroclix-skirmish" and judging.game_label(t) == "HeroClix Skirmish 200"
    with pytest.raises(InvalidTournament, match="build"):
        from_json({k: v for k, v in old.items() if k != "build"})  # an old event always had its build


def test_every_game_the_app_knows_with_what_its_pack_says() -> None:
    games = {g.id: g for g in Judging(None).games()}
    assert {"halo-actionclix", "heroclix-skirmish", "scarab", "killer-of-the-maze", "armageddon-empires"} <= set(games)
    skirmish, halo, maze = games["heroclix-skirmish"], games["halo-actionclix"], games["killer-of-the-maze"]
    assert (skirmish.builds, skirmish.default_build, skirmish.sizes, skirmish.pods) == ((200, 300), 300, (2, 3, 4),
                                                                                       (3, 4))
    assert (halo.name, halo.builds, halo.default_build, halo.sizes) == ("Halo ActionClix", (), None, (2, 3, 4))
    assert (maze.sizes, maze.pods) == ((2,), ())


def test_the_service_asks_the_pack_for_build_and_table_size() -> None:
    judging = Judging(None)
    skirmish = judging.new_event("Friday", [["Ann", "Ben"]], now=T0)  # no game named: Skirmish, as before
    assert (skirmish.game, skirmish.build, judging.game_label(skirmish)) == ("heroclix-skirmish", 300,
                                                                           "HeroClix Skirmish 300")
    halo = judging.new_swiss("Halo pods", ["Ann", "Ben", "Cat", "Dan"], game="halo-actionclix", table_size=4,
                             placement=(6, 4, 2, 1), now=T0)
    assert (halo.game, halo.build, halo.table_size, judging.game_label(halo)) == ("halo-actionclix", None, 4,
                                                                                "Halo ActionClix")
    assert [len(tb.players) for tb in halo.tables] == [4]
    for kwargs, message in [
        ({"game": "halo-actionclix", "build": 300}, "Halo ActionClix has no build total to pick"),
        ({"build": 250}, "HeroClix Skirmish events are played at 200 or 300 points, not 250"),
        ({"game": "killer-of-the-maze", "table_size": 3}, "The Killer of the Maze is played by 2 players a table"),
        ({"game": "chess"}, "'chess' is not a game this app knows"),
    ]:
        with pytest.raises(InvalidTournament, match=message):
            judging.new_swiss("Bad", ["Ann", "Ben", "Cat"], **kwargs)
    assert len(judging.ids()) == 2  # a refused event stores nothing
    maze = judging.new_event("Maze", game="killer-of-the-maze", now=T0)
    with pytest.raises(IllegalAction, match="played by 2 players a table, not 3"):
        judging.write(maze.id, "seat", {"table": 1, "players": ["Ann", "Ben", "Cat"]})
    with pytest.raises(IllegalAction, match="played by 2 players"):  # nor when made with its tables
        judging.new_event("Maze 2", [["Ann", "Ben", "Cat"]], game="killer-of-the-maze")
    assert judging.write(maze.id, "seat", {"table": 1, "players": ["Ann", "Ben"]}).tables[0].players == ("Ann", "Ben")


def test_texts_name_the_events_game(tmp_path: Path) -> None:
    judging = Judging(tmp_path)
    halo = judging.new_swiss("Halo night", ["Ann", "Ben"], game="halo-actionclix", now=T0)
    assert RoomFeed(judging, halo.id).title == "Halo night · Halo ActionClix · round 1"
    skirmish = judging.new_event("Friday", [["Ann", "Ben"]], build=200, now=T0)
    assert RoomFeed(judging, skirmish.id).title == "Friday · HeroClix Skirmish 200 · round 1"
    page = pairings_html(halo, game=judging.game_label(halo))
    assert "<p>Halo ActionClix · 30-minute rounds" in page and "Skirmish" not in page


def test_the_command_line_names_the_game(tmp_path: Path) -> None:
    made = as_json(tmp_path, "new", "Halo night", "--game", "halo-actionclix", "--player", "Ann", "--player", "Ben",
                   "--seed", "1")
    assert (made["game"], made["build"]) == ("halo-actionclix", None)
    default = as_json(tmp_path, "new", "Friday", "--table", "Cat,Dan")
    assert (default["game"], default["build"]) == ("heroclix-skirmish", 300)
    status = judge(tmp_path, "status", "--event", default["id"]).stdout
    assert f"Friday [{default['id']}] · HeroClix Skirmish 300 · round 1" in status
    listed = judge(tmp_path, "list").stdout
    assert "Halo night  Halo ActionClix  round 1" in listed and "Friday  HeroClix Skirmish 300  round 1" in listed
    assert {e["game"] for e in as_json(tmp_path, "list")} == {"halo-actionclix", "heroclix-skirmish"}
    refused = judge(tmp_path, "new", "Bad", "--game", "halo-actionclix", "--build", "200", "--table", "A,B", ok=False)
    assert refused.returncode != 0 and "Halo ActionClix has no build total to pick" in refused.stderr
    assert "Traceback" not in refused.stderr
    pods = judge(tmp_path, "new", "Maze pods", "--game", "killer-of-the-maze", "--table-size", "3",
                 "--player", "A", "--player", "B", "--player", "C", ok=False)
    assert "The Killer of the Maze is played by 2 players a table, not 3" in pods.stderr
