"""The room against one greedy or slow address, on real servers over loopback (issue 42):

- a server started with the usual 1,024 open files: one address opening a thousand event streams gets its
  per-address share and no more, the server raises its own file limit, and every other phone is still served
  (it used to leave them a reset or an empty reply, "Too many open files" in the log);
- connections trickling their headers are closed at the header deadline, and a form trickling its body gets the
  one-sentence refusal at the body deadline, while players are served meanwhile.

Addresses are told apart as phones on a Wi-Fi are: the greedy client, the slow ones and the player connect from
different loopback addresses (127.0.0.2, 127.0.2.x, 127.0.0.3). Times are printed, never asserted. Each test runs
the room as `judge serve` does (flet-web, httptools where installed) and as a phone build does (the players' pages
alone, on uvicorn's pure-Python paths: asyncio's loop and h11).
"""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.room import report
from companion.room.server import build as build_room
from companion.session.connection_guard import PER_ADDRESS
from companion.session.judging.room import RoomFeed
from companion.session.web import Background, Server, config
from companion.ui.judge.live import LiveHub

from browser import free_port
from room_fixtures import Clock, seeded_store

GREEDY, PLAYER = "127.0.0.2", "127.0.0.3"
TESTS = Path(__file__).resolve().parents[1]
SERVER = """
import resource, sys
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))  # the usual default of a shell
from pathlib import Path
from companion.room.server import build
from companion.session.judging.room import RoomFeed
from companion.session.web import Server, config
from companion.ui.judge.live import LiveHub
from room_fixtures import Clock, seeded_store
feed = RoomFeed(seeded_store(Path(sys.argv[1]), Clock()), "ev-1")
phone = sys.argv[3] == "phone"
app, hub, _, _ = build(feed, None if phone else LiveHub.for_room, players_url="http://127.0.0.1/find",
                       announce=lambda c: None)
cfg = config(app, "127.0.0.1", int(sys.argv[2]), pure=phone)
print("files", resource.getrlimit(resource.RLIMIT_NOFILE)[0], "viewers", hub.max_viewers, flush=True)
Server(cfg, on_exit=hub.end_streams).run()
"""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file limits")
ROOMS = pytest.mark.parametrize("phone", [False, True], ids=["judge-serve", "phone-build"])


def more_files_here() -> None:
    """This test process opens a thousand sockets itself."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4096 <= hard or soft < hard < 4096:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))


def wait_listening(port: int, limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the room did not start")


def get(port: int, path: str, source: str, marker: bytes = b"\r\n\r\n") -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        got = b""
        while marker not in got:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
        return got


def stream(port: int, source: str) -> socket.socket | None:
    """An event stream from `source`, never read after its first bytes; None when the server closed it unread."""
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
        s.sendall(f"GET /room/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        s.settimeout(5)
        head = s.recv(64)
    except OSError:
        return None
    if not head:
        s.close()
        return None
    return s


@ROOMS
def test_one_address_with_a_thousand_streams_leaves_the_room_to_everyone_else(tmp_path: Path, phone: bool) -> None:
    more_files_here()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(tmp_path / "data"), str(port),
                               "phone" if phone else "desktop"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), *sys.path])})
    try:
        wait_listening(port)
        said = server.stdout.readline().split() if server.stdout else []
        assert said[:1] == ["files"] and int(said[1]) > 1024, said  # the server raised its own limit
        held = [s for s in (stream(port, GREEDY) for _ in range(1000)) if s is not None]
        print(f"\nthe greedy address holds {len(held)} streams of the 1000 it opened")
        assert len(held) <= PER_ADDRESS
        start = time.monotonic()
        page = get(port, "/table/1", PLAYER, b"</html>")
        events = stream(port, PLAYER)
        print(f"a player's page and stream meanwhile: {(time.monotonic() - start) * 1000:.0f} ms")
        assert page.startswith(b"HTTP/1.1 200") and b"Table 1" in page
        assert events is not None
        for s in (*held, events):
            s.close()
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=30)
    assert "Too many open files" not in errors


@ROOMS
def test_trickled_headers_and_bodies_are_cut_off_at_their_deadlines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    phone: bool) -> None:
    more_files_here()
    monkeypatch.setattr(report, "BODY_DEADLINE", 1.0)
    feed = RoomFeed(seeded_store(tmp_path, Clock()), "ev-1")
    app, hub, _, _ = build_room(feed, None if phone else LiveHub.for_room, players_url="http://127.0.0.1/find",
                                announce=lambda c: None)
    port = free_port()
    settings = config(app, "127.0.0.1", port, header_deadline=1.0, pure=phone)
    server = Background(Server(settings, on_exit=hub.end_streams), name="slow-clients")
    assert server.start()
    try:
        slow = []
        for i in range(300):  # from 60 addresses, within each address's share: the deadline, not the cap, acts
            s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(f"127.0.2.{i % 60 + 1}", 0))
            s.sendall(b"GET /room HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line that ends them
            slow.append(s)
        assert get(port, "/find", PLAYER, b"</html>").startswith(b"HTTP/1.1 200")  # served meanwhile
        time.sleep(2.5)
        closed = 0
        for s in slow:
            s.settimeout(2)
            try:
                closed += s.recv(1) == b""
            except ConnectionResetError:
                closed += 1
            except TimeoutError:  # still open: the deadline did not act
                pass
            s.close()
        print(f"\n{closed} of 300 trickling connections closed at the header deadline")
        assert closed == 300

        with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(PLAYER, 0)) as s:
            s.sendall(f"POST /player/code HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: "
                      "application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ncode=AB".encode())
            answer = b""
            while b"</html>" not in answer:
                chunk = s.recv(65536)
                if not chunk:
                    break
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 413") and b"too long or too slow" in answer
    finally:
        server.stop()
