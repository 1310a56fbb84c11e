"""Stored events: one atomic file per event, a log of every change, restarts and two writers at once."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from tinydb import TinyDB

from companion.core.errors import CompanionError, IllegalAction
from companion.core.match import timers
from companion.core.match.events import Event
from companion.core.tournament.state import new_tournament
from companion.session.judging.service import Judging
from companion.store.atomic import DamagedFile
from companion.store.tournaments import TournamentNotFound

T0 = 1_800_000_000.0


def ev(kind: str, at: float = T0, **data: object) -> Event:
    return Event(kind, dict(data), "judge", at)


@pytest.fixture(params=["memory", "files"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Judging:
    return Judging(None if request.param == "memory" else tmp_path / "store", clock=lambda: T0 + 5)


def test_create_apply_load_keeps_state_log_and_token(store: Judging) -> None:
    t = store.new_event("Friday Skirmish", now=T0)
    assert t.id.startswith("friday-skirmish-")
    token = store.load(t.id).token
    store.apply(t.id, ev("seat", table=1, players=["Ann", "Ben"]))
    store.apply(t.id, ev("start", at=T0 + 1))
    loaded = store.load(t.id)
    assert loaded.state.table(1).timer.deadline == T0 + 1801
    assert [e.type for e in loaded.log] == ["seat", "start"]
    assert loaded.token == token and len(token) >= 20
    assert store.ids() == [t.id] and store.latest() == t.id
    with pytest.raises(IllegalAction):
        store.apply(t.id, ev("start", at=T0 + 2, tables=[1]))
    assert store.load(t.id).state == loaded.state  # a refused event stores nothing


def test_missing_event_and_empty_store(store: Judging) -> None:
    with pytest.raises(TournamentNotFound, match="no event yet"):
        store.latest()
    with pytest.raises(TournamentNotFound):
        store.load("nope")


def test_a_damaged_file_is_moved_aside(tmp_path: Path) -> None:
    store = Judging(tmp_path)
    t = new_tournament("ev-1", "Friday", now=T0)
    store.create(t)
    path = tmp_path / "tournaments" / "ev-1.json"
    path.write_text("{not json")
    with pytest.raises(DamagedFile, match="moved to"):
        store.load("ev-1")
    assert not path.exists() and len(list((tmp_path / "tournaments").glob("ev-1.json.damaged-*"))) == 1


def test_one_small_file_per_event(tmp_path: Path) -> None:
    store = Judging(tmp_path)
    t = new_tournament("ev-1", "Friday", now=T0)
    store.create(t)
    for n in range(1, 33):
        store.apply(t.id, ev("seat", table=n, players=[f"A{n}", f"B{n}"]))
    store.apply(t.id, ev("start"))
    files = [p.name for p in (tmp_path / "tournaments").iterdir() if not p.name.startswith(".")]
    assert files == ["ev-1.json"]
    assert (tmp_path / "tournaments" / "ev-1.json").stat().st_size < 40_000



def test_event_files_of_earlier_versions_open_and_theirs_read_this_versions(tmp_path: Path) -> None:
    """Earlier versions kept an event in a TinyDB file (tables meta, state and log); this one writes the same
    layout as plain JSON. Each reads the other's file."""
    store = Judging(tmp_path)
    t = new_tournament("ev-1", "Friday", now=T0)
    store.create(t)
    store.apply(t.id, ev("seat", table=1, players=["Ann", "Ben"]))
    store.apply(t.id, ev("start", at=T0 + 1))
    written = store.load(t.id)
    path = tmp_path / "tournaments" / "ev-1.json"
    with TinyDB(path) as db:  # this version's file, read as earlier versions read it: TinyDB's own tables
        meta, state, log = (db.table(name).all() for name in ("meta", "state", "log"))
    assert meta[0]["format"] == "tabletop-companion/tournament-file" and meta[0]["token"] == written.token
    assert [e["type"] for e in log] == ["seat", "start"] and state[0]["id"] == "ev-1"

    path.unlink()  # an earlier version's file: written through TinyDB's API, with its default indenting
    with TinyDB(path, indent=2) as db:
        db.table("meta").insert(meta[0])
        db.table("state").insert(state[0])
        db.table("log").insert_multiple(log)
    older = Judging(tmp_path)
    assert older.load(t.id) == written
    older.apply(t.id, ev("pause", at=T0 + 100, tables=[1]))
    assert [e.type for e in Judging(tmp_path).load(t.id).log] == ["seat", "start", "pause"]
    with TinyDB(path) as db:
        assert [e["type"] for e in db.table("log").all()] == ["seat", "start", "pause"]


def test_an_event_file_of_another_shape_is_moved_aside(tmp_path: Path) -> None:
    store = Judging(tmp_path)
    store.create(new_tournament("ev-1", "Friday", now=T0))
    path = tmp_path / "tournaments" / "ev-1.json"
    for foreign in ("[1, 2]", '{"meta": {"1": 5}, "state": {}, "log": {}}'):
        path.write_text(foreign)
        with pytest.raises(DamagedFile, match="not an event file of this app"):
            Judging(tmp_path).load("ev-1")
        assert not path.exists()

CHILD = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    from companion.core.match import timers
    from companion.core.match.events import Event
    from companion.core.tournament.state import new_tournament
    from companion.session.judging.service import Judging
    root, step, t0 = Path(sys.argv[1]), sys.argv[2], float(sys.argv[3])
    store = Judging(root)
    if step == "run":
        store.create(new_tournament("ev-1", "Restart", now=t0))
        for n in (1, 2, 3):
            store.apply("ev-1", Event("seat", {"table": n, "players": [f"A{n}", f"B{n}"]}, "judge", t0))
        store.apply("ev-1", Event("start", {}, "judge", t0))
        store.apply("ev-1", Event("pause", {"tables": [2]}, "judge", t0 + 100))
        store.apply("ev-1", Event("extend", {"table": 3, "seconds": 120, "reason": "call"}, "judge", t0 + 200))
    else:
        at = float(sys.argv[4])
        t = store.load("ev-1").state
        print(json.dumps({tb.number: timers.remaining(tb.timer, at) for tb in t.tables}))
""")


def test_a_new_process_resumes_every_table_with_the_right_time(tmp_path: Path) -> None:
    def child(*args: object) -> str:
        done = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path), *map(str, args)], capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout

    child("run", T0)  # the judge's app: start all, pause table 2, extend table 3 ... then it is killed
    assert json.loads(child("read", T0, T0 + 400)) == {"1": 1400.0, "2": 1700.0, "3": 1520.0}
    # another restart much later: running clocks have run out, the paused one has not moved
    assert json.loads(child("read", T0, T0 + 9000)) == {"1": 0.0, "2": 1700.0, "3": 0.0}


WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from companion.core.match.events import Event
    from companion.session.judging.service import Judging
    store = Judging(Path(sys.argv[1]))
    for i in range(15):
        store.apply("ev-1", Event("extend", {"table": int(sys.argv[2]), "seconds": 1, "reason": f"w{i}"},
                                  "judge", 0.0))
""")


def test_two_writers_at_once_lose_nothing(tmp_path: Path) -> None:
    store = Judging(tmp_path)
    store.create(new_tournament("ev-1", "Busy", now=T0))
    store.apply("ev-1", ev("seat", table=1, players=["Ann", "Ben"]))
    store.apply("ev-1", ev("seat", table=2, players=["Cat", "Dan"]))
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(n)], stderr=subprocess.PIPE)
             for n in (1, 2)]
    for p in procs:
        assert p.wait(timeout=60) == 0, p.stderr.read() if p.stderr else ""
    t = store.load("ev-1")
    assert len(t.log) == 2 + 30
    assert [len(t.state.table(n).extensions) for n in (1, 2)] == [15, 15]
    assert timers.remaining(t.state.table(1).timer, T0) == 1800 + 15


def test_a_refused_first_table_or_player_stores_no_event(store: Judging) -> None:
    """The service checks a new event's first changes in memory before anything is stored."""
    with pytest.raises(IllegalAction):
        store.new_event("Friday", [["Ann", "Ben"], ["Ann", "Cat"]], now=T0)  # Ann seated twice
    with pytest.raises(CompanionError):
        store.new_swiss("Swiss", ["Ann", "ann", "Ben"], now=T0)  # the same name twice
    assert store.ids() == []
    t = store.new_event("Friday", [["Ann", "Ben"], ["Cat", "Dan"]], now=T0)
    assert [tb.players for tb in t.tables] == [("Ann", "Ben"), ("Cat", "Dan")] and store.ids() == [t.id]


def test_the_store_persists_what_the_reducer_it_is_handed_makes(tmp_path: Path) -> None:
    """store/ knows no reducer: `append` stores the event with whatever state the service's `apply` returns."""
    from dataclasses import replace

    from companion.store.tournaments import TournamentStore

    raw = TournamentStore(tmp_path)
    raw.create(new_tournament("ev-1", "Raw", now=T0))
    stored = raw.append("ev-1", ev("anything"), lambda state, event: replace(state, name="Renamed"))
    assert raw.load("ev-1").state.name == stored.state.name == "Renamed"
    assert [e.type for e in raw.load("ev-1").log] == ["anything"]
