"""Child process for the crash test: dispatches random events forever, printing each one once it returned.

Usage: python crash_child.py DATA_DIR SEED. Each acknowledged event is printed as one JSON line
{"match": id, "n": history length, "event": {...}} after `dispatch` returned, i.e. after it was saved.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from companion.core.errors import IllegalAction
from companion.session import Session
from companion.store.matches import MatchStore


def unit(uid: str, owner: str) -> dict:
    dial = [{"stats": {"speed": 8, "attack": 10 - i, "defense": 16 - i, "damage": 2}} for i in range(6)]
    return {"id": uid, "name": uid, "points": 30, "owner": owner, "dial": [*dial, {"stats": {}, "markers": ["ko"]}]}


def main() -> None:
    root, seed = Path(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    session = Session(MatchStore(root))
    ids = [s.id for s in session.list_matches()]
    while len(ids) < 3:
        m = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
        session.dispatch(m.id, "add_unit", {"unit": unit("a", "p1")})
        session.dispatch(m.id, "add_unit", {"unit": unit("b", "p2")})
        ids.append(m.id)
    print(json.dumps({"ready": True}), flush=True)
    while True:
        match_id = rng.choice(ids)
        kind = rng.choice(["damage", "heal", "score", "token", "end_round", "end_turn", "set_click"])
        data = {
            "damage": {"unit": rng.choice("ab"), "amount": rng.randint(1, 2)},
            "heal": {"unit": rng.choice("ab"), "amount": 1},
            "score": {"player": rng.choice(["p1", "p2"]), "kind": "vp", "delta": rng.randint(1, 3)},
            "token": {"unit": rng.choice("ab"), "kind": "action", "delta": 1},
            "end_round": {},
            "end_turn": {},
            "set_click": {"unit": rng.choice("ab"), "click": rng.randint(0, 3)},
        }[kind]
        try:
            session.dispatch(match_id, kind, data)
        except IllegalAction:
            continue
        n = session.history(match_id).length
        print(json.dumps({"match": match_id, "n": n, "event": {"type": kind, "data": data}}), flush=True)


if __name__ == "__main__":
    main()
