"""Builds the three reference matches that `benchmarks/share.py` measures (run it to rewrite the JSON files).

Each match is played through the real Session API with a seeded clock and dice, so its event log looks like
one a phone records: taps a few seconds apart with millisecond times, rolls, damage, tokens, turn ends.
Dial values are sample numbers for the benchmark, not copied from any card.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from companion.core.model import Click, Unit, to_json
from companion.session import Session
from companion.store.matches import MatchStore

HERE = Path(__file__).resolve().parent
NOTE = "benchmark fixture: dial values are sample numbers, not taken from any card"
START = 1767268800.0  # 2026-01-01 12:00 UTC


class Table:
    """A session with a clock that moves a few seconds per tap and a seeded die."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.now = START + self.rng.random() * 86400
        self.session = Session(MatchStore(None), clock=lambda: self.now)
        self.match_id = ""

    def wait(self, low: float = 2.0, high: float = 25.0) -> None:
        self.now += self.rng.uniform(low, high)

    def do(self, type_: str, by: str | None = None, **data: Any) -> None:
        self.wait()
        self.session.dispatch(self.match_id, type_, data, by=by)

    def roll(self, by: str, dice: int = 2, sides: int = 6, purpose: str = "attack") -> int:
        values = [self.rng.randint(1, sides) for _ in range(dice)]
        self.do("roll", by, expr=f"{dice}d{sides}", dice=values, total=sum(values), purpose=purpose)
        return sum(values)

    def add(self, unit: Unit, by: str) -> None:
        self.do("add_unit", by, unit=to_json(unit))

    def export(self) -> dict[str, Any]:
        return {**self.session.export(self.match_id), "note": NOTE}


def dial(rows: list[tuple[int, ...]], stats: tuple[str, ...], specials: dict[int, str] | None = None) -> tuple:
    """Clicks from stat rows, a KO click at the end, and special-ability markers by click index."""
    specials = specials or {}
    clicks = [Click(dict(zip(stats, row, strict=True)), (f"special:{specials[i]}",) if i in specials else ())
              for i, row in enumerate(rows)]
    return (*clicks, Click({}, ("ko",)))


def fading(first: tuple[int, ...], clicks: int, drops: tuple[int, ...],
           every: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Stat rows that lose `drops[k]` of stat k every `every[k]` clicks: how most dials wear down."""
    return [tuple(max(1, v - d * (i // e)) for v, d, e in zip(first, drops, every, strict=True)) for i in range(clicks)]


CLIX = ("speed", "attack", "defense", "damage")


def halo() -> dict[str, Any]:
    """(a) Halo ActionClix, 2 players with 5 pack units each, six turns in."""
    t = Table(1)
    t.match_id = t.session.new_match("halo-actionclix", ["Ana", "Ben"], seed=4242).id
    roster = {
        "p1": [("master-chief", "Master Chief", 100, (8, 11, 18, 3), 6), ("odst", "ODST", 45, (7, 9, 16, 2), 4),
               ("odst", "ODST", 45, (7, 9, 16, 2), 4), ("marine", "Marine", 20, (6, 8, 15, 1), 3),
               ("spartan", "Spartan", 70, (8, 10, 17, 2), 5)],
        "p2": [("elite-major", "Elite Major", 75, (8, 10, 17, 3), 5),
               ("brute", "Brute Chieftain", 80, (6, 10, 17, 3), 5),
               ("grunt", "Grunt", 15, (5, 7, 14, 1), 2), ("grunt", "Grunt", 15, (5, 7, 14, 1), 2),
               ("jackal", "Jackal", 25, (7, 8, 16, 1), 3)],
    }
    n = 0
    for owner, units in roster.items():
        for ref, name, points, first, clicks in units:
            n += 1
            rows = fading(first, clicks, (1, 1, 1, 0), (2, 2, 3, 9))
            t.add(Unit(f"u{n}", name, points, owner, dial(rows, CLIX, {0: "attack"} if points >= 70 else None),
                       ref=ref), owner)
    for turn in range(6):
        me, foe = ("p1", "p2") if turn % 2 == 0 else ("p2", "p1")
        mine = [u for u in t.session.state(t.match_id).units
                if u.owner == me and not u.eliminated and u.tokens.action_last == 0]
        for unit in t.rng.sample(mine, min(3, len(mine))):
            t.do("token", me, unit=unit.id, kind="action", delta=1)
            if t.roll(me) >= 8:
                targets = [u for u in t.session.state(t.match_id).units if u.owner == foe and not u.eliminated]
                target = t.rng.choice(targets)
                t.do("damage", me, unit=target.id, amount=t.rng.randint(1, 2))
                if t.session.state(t.match_id).unit(target.id).eliminated:
                    t.do("score", me, player=me, kind="kills", delta=target.points)
        t.do("end_turn", me)
    return t.export()


def skirmish() -> dict[str, Any]:
    """(b) HeroClix Skirmish, 4 players with 5 custom characters each on 10-click dials, into turn 2."""
    t = Table(2)
    names = ["Cleo", "Dmitri", "Eun-ji", "Farid"]
    t.match_id = t.session.new_match("heroclix-skirmish", names, seed=777, rounds_per_turn=2).id
    heroes = ["Night Warden", "Ember Lass", "Iron Bishop", "Quicksilver Kid", "Granite", "Mothwing", "Dr. Vance",
              "Static", "Hollow Knight", "Lady Frost", "Brick", "The Tinker", "Vesper", "Rook", "Sable", "Gale",
              "Professor Null", "Warhound", "Lumen", "Kestrel"]
    for i, name in enumerate(heroes):
        owner = f"p{i // 5 + 1}"
        first = (t.rng.randint(6, 10), t.rng.randint(8, 11), t.rng.randint(15, 18), t.rng.randint(2, 4))
        rows = fading(first, 9, (1, 1, 1, 1), (t.rng.randint(2, 3), t.rng.randint(2, 4), 3, 4))
        specials = {c: t.rng.choice(["speed", "attack", "defense", "damage"]) for c in t.rng.sample(range(9), 3)}
        t.add(Unit(f"u{i + 1}", name, t.rng.randrange(30, 101, 5), owner, dial(rows, CLIX, specials)), owner)
    for _turn in range(2):
        for _round in range(2):
            for seat in range(4):
                me = f"p{seat + 1}"
                state = t.session.state(t.match_id)
                mine = [u for u in state.units if u.owner == me and not u.eliminated
                        and u.tokens.action + u.tokens.action_last == 0]
                if mine:
                    unit = t.rng.choice(mine)
                    t.do("token", me, unit=unit.id, kind="action", delta=1)
                    if t.roll(me) >= 7:
                        foes = [u for u in state.units if u.owner != me and not u.eliminated]
                        target = t.rng.choice(foes)
                        amount = t.rng.randint(1, 3)
                        t.do("damage", me, unit=target.id, amount=amount)
                        t.do("score", me, player=me, kind="vp", delta=amount)
                t.do("end_round", me)
        t.do("end_turn", "p1")
    return t.export()


def scarab() -> dict[str, Any]:
    """(c) The Scarab (four dials, 5 reinforcements) against 7 attackers, two turns each."""
    t = Table(3)
    t.match_id = t.session.new_match("scarab", ["Scarab", "Strike team"], seed=99).id
    event = tuple(Click({}, (f"move:{m}",))
                  for m in ("shift", "rotate", "shift", "shift", "rotate", "special", "shift", "rotate"))
    t.add(Unit("event", "Scarab: Event dial", 0, "p1", event, cyclic=True, ref="event-dial"), "p1")
    for ref, name, first, clicks in (("shell", "Scarab: Shell", (0, 0, 18, 0), 16),
                                     ("chassis", "Scarab: Chassis", (0, 10, 17, 2), 9),
                                     ("core", "Scarab: Main Power Core", (0, 12, 16, 4), 7)):
        rows = fading(first, clicks, (0, 1, 1, 1), (9, 3, 4, 3))
        t.add(Unit(ref, name, 0, "p1", dial(rows, CLIX, {0: "special"}), ref=ref), "p1")
    for i, name in enumerate(["Grunt", "Grunt", "Jackal", "Jackal", "Elite Minor"]):
        rows = fading((6, 8, 15, 1), 3 if name != "Elite Minor" else 5, (1, 1, 1, 0), (2, 2, 2, 9))
        t.add(Unit(f"r{i + 1}", name, 20 + 10 * (name == "Elite Minor"), "p1", dial(rows, CLIX), location="reserve"),
              "p1")
    for i, name in enumerate(["Captain Atom", "Steel", "Vixen", "Hawkgirl", "Cyborg", "Zatanna", "Mr. Terrific"]):
        first = (t.rng.randint(6, 10), t.rng.randint(9, 11), t.rng.randint(16, 18), t.rng.randint(2, 3))
        rows = fading(first, t.rng.randint(6, 9), (1, 1, 1, 1), (2, 3, 3, 4))
        t.add(Unit(f"a{i + 1}", name, t.rng.randrange(50, 151, 5), "p2", dial(rows, CLIX, {0: "attack"})), "p2")
    for _turn in range(2):
        t.roll("p1", 1, 6, "event dial")
        t.do("rotate", "p1", unit="event", steps=1)
        t.roll("p1")
        t.do("damage", "p1", unit=f"a{t.rng.randint(1, 7)}", amount=2)
        t.do("set_location", "p1", unit=f"r{_turn + 1}", location="table")
        t.do("end_turn", "p1")
        state = t.session.state(t.match_id)
        ready = [u.id for u in state.units if u.owner == "p2" and u.tokens.action_last < 2 and not u.eliminated]
        for attacker in t.rng.sample(ready, 4):
            t.do("token", "p2", unit=attacker, kind="action", delta=1)
            if t.roll("p2") >= 8:
                t.do("damage", "p2", unit="shell", amount=t.rng.randint(1, 2))
        t.do("end_turn", "p2")
    return t.export()


REFERENCES = {"a": ("share_halo.json", halo), "b": ("share_skirmish.json", skirmish),
              "c": ("share_scarab.json", scarab)}


def main() -> None:
    for _key, (name, build) in REFERENCES.items():
        (HERE / name).write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote benchmarks/{name}")


if __name__ == "__main__":
    main()
