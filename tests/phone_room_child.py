"""Child process for tests/unit/test_phone_room.py: the room as a phone build runs it, with nothing installed but
what the phone build packages.

Usage: python phone_room_child.py ALLOWED.json DATA_DIR PORT. ALLOWED.json lists the top-level modules of every
distribution the phone build installs (flet-cli's requirements and what they require); any other third-party
module is made missing (a finder raises ModuleNotFoundError, as on the phone) and its name noted. Then the app's
room opens as judge mode opens it on a phone (no judge's screen: OpenRoom(..., None)), on loopback, and a player's
day goes through it with the standard library's HTTP client: find my table, the room, the standings, a table's
event stream, two players signing in with their codes and reporting, so that the result stands. Prints one JSON
line: the modules loaded, the missing modules something tried, what the players saw.
"""

from __future__ import annotations

import importlib.abc
import json
import re
import sys
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, Request, build_opener


class PhoneSitePackages(importlib.abc.MetaPathFinder):
    """Only the allowed third-party modules can be found; stdlib and the app's own package always can."""

    def __init__(self, allowed: set[str]) -> None:
        self.allowed = allowed | set(sys.stdlib_module_names) | {"companion"}
        self.tried: set[str] = set()

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        top = name.split(".")[0]
        if top not in self.allowed and top not in sys.modules:
            self.tried.add(top)
            raise ModuleNotFoundError(f"No module named {top!r} (not in the phone build)", name=top)
        return None  # the usual finders go on


def main() -> None:
    allowed, root, port = set(json.loads(Path(sys.argv[1]).read_text())), Path(sys.argv[2]), int(sys.argv[3])
    before = set(sys.modules)  # the interpreter's start (site, encodings): not the room's
    finder = PhoneSitePackages(allowed)
    sys.meta_path.insert(0, finder)

    from companion.room.server import OpenRoom
    from companion.session import Session
    from companion.session.judging.player_codes import EventCodes

    judging = Session.open(root).judging
    event = judging.new_event("Friday", [["Ann", "Ben"], ["Cat", "Dan"]])
    room = OpenRoom(root, event.id, None, port=port, host="127.0.0.1")
    assert room.start(), "the room did not start"
    seen: dict[str, Any] = {}
    try:
        base = room.local
        phone = build_opener()
        seen["find"] = phone.open(f"{base}/find?name=ann", timeout=20).read().decode()
        seen["room"] = phone.open(f"{base}/room", timeout=20).read().decode()
        seen["standings"] = phone.open(f"{base}/standings", timeout=20).read().decode()
        with phone.open(f"{base}/table/1/events", timeout=20) as stream:
            seen["stream"] = stream.readline().decode() + stream.readline().decode()
        codes = EventCodes(judging, event.id).codes()
        for name, scores in (("Ann", ("15", "9")), ("Ben", ("15", "9"))):
            player = build_opener(HTTPCookieProcessor())
            post(player, f"{base}/player/code", {"code": codes[name], "table": "1"}, base)
            page = player.open(f"{base}/table/1", timeout=20).read().decode()
            hidden = dict(re.findall(r'<input type="hidden" name="([a-z0-9-]+)" value="([^"]*)">', page))
            form = {**{k: unescape(v) for k, v in hidden.items() if k != "table"}, "vp-0": scores[0],
                    "vp-1": scores[1]}
            seen[f"signed-{name}"] = f"Signed in as <b>{name}</b>" in page
            seen[f"report-{name}"] = post(player, f"{base}/table/1/report", form, base)
        result = judging.state(event.id).table(1).result
        seen["result"] = None if result is None else {"vp": result.vp, "winners": list(result.winners)}
        seen["judge_link"] = room.remote_judge
    finally:
        room.stop()
    loaded = sorted(set(sys.modules) - before)
    print(json.dumps({"loaded": loaded, "tried": sorted(finder.tried), "seen": seen}))


def post(opener: Any, url: str, fields: dict[str, str], origin: str) -> int:
    """A form posted from the room's own page (its Origin); the status after the redirect it answers with."""
    request = Request(url, data=urlencode(fields).encode(), headers={"Origin": origin})
    with opener.open(request, timeout=20) as answer:
        return int(answer.status)


if __name__ == "__main__":
    main()
