"""Speed of the rules helper: odds queries, parsing + rolling, Halo and Skirmish legal actions, odds and resolve.
Goal: <= 2 ms median. The advisor (issue 28): 10 v 10 units, every attack ranked, p95 CPU time <= 50 ms.

Run: .venv/bin/python benchmarks/rules.py   (prints a table; nothing here is asserted)
"cold" clears our distribution cache first, as for an expression seen for the first time (icepool keeps small
caches of its own, e.g. sums of d6, so it is a little warmer than a fresh process); "warm" is a repeat.
The guard rows time, once each, the largest expressions the odds budget accepts, and how fast refusals are.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import rules  # noqa: E402
from companion.core.dice.odds import _distribution, distribution  # noqa: E402
from companion.core.dice.roll import DiceError, roll  # noqa: E402
from companion.core.match.creation import new_match  # noqa: E402
from companion.core.match.events import Event, replay  # noqa: E402
from companion.core.model import Match  # noqa: E402
from companion.core.packs.load import get_pack  # noqa: E402
from companion.rules.halo.attack import AttackSetup, hit_chance, resolve_attack  # noqa: E402
from companion.session.wiring import wire  # noqa: E402

wire()  # as a Session does: the reducer checks each system's rules, and the rules read their packs

GOAL_MS = 2.0


def measure(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """(median, p95) in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        fn()
        times.append((time.perf_counter_ns() - start) / 1e6)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.95))]


def odds_cold(expr: str, target: int) -> Callable[[], object]:
    def run() -> object:
        _distribution.cache_clear()
        return distribution(expr).at_least(target)
    return run


def refused(expr: str) -> Callable[[], object]:
    def run() -> object:
        _distribution.cache_clear()
        try:
            return distribution(expr)
        except DiceError:
            return None
    return run


def rows() -> list[tuple[str, Callable[[], object], int]]:
    rng = random.Random(1)
    out: list[tuple[str, Callable[[], object], int]] = []
    for expr, target in (("2d6", 9), ("3d6+2", 13), ("2d6+1d4-2", 8), ("4d6kh3", 15), ("2d20kh1", 18),
                         ("7d6>=5", 3), ("d66", 44), ("2d10sq", 50)):
        out.append((f"odds {expr} >= {target} (cold)", odds_cold(expr, target), 200))
        out.append((f"odds {expr} >= {target} (warm)", lambda e=expr, t=target: distribution(e).at_least(t), 2000))
    for expr in ("2d6", "2d6+1d4-2", "4d6kh3", "7d6>=5", "d66", "2d10sq", "100d6"):
        out.append((f"parse + roll {expr}", lambda e=expr: roll(e, rng), 2000))
    setup = AttackSetup(attack=9, defense=16, moved=5)
    out.append(("halo hit_chance", lambda: hit_chance(setup), 2000))
    out.append(("halo resolve_attack", lambda: resolve_attack(setup, rng), 2000))
    out += _legal_action_rows()
    out += _scarab_rows()
    out += _maze_and_empires_rows()
    for expr in ("100d6", "100d10", "3d1000", "100d6kh50", "20d20kh10"):
        out.append((f"guard: odds {expr} (first time)", odds_cold(expr, 1), 1))
    for expr in ("100d100", "100d1000", "100d10kh99"):
        out.append((f"guard: refuse {expr}", refused(expr), 200))
    return out


def big_halo_match(per_player: int = 5) -> Match:
    """4 players x 5 units (one in reserve each), some tokens and actions already given, every other unit on an
    opponent's spawn point: 20 units (or 4 x `per_player`)."""
    state = new_match(get_pack("halo-actionclix"), ["Ann", "Ben", "Cat", "Dan"], match_id="bench", now=0.0)
    dial = [{"stats": {"speed": 8, "attack": 10 - i, "defense": 16 - i, "damage": 2}} for i in range(5)]
    dial.append({"stats": {}, "markers": ["ko"]})
    events = []
    for p in range(1, 5):
        for i in range(per_player):
            events.append(Event("add_unit", {"unit": {
                "id": f"u{p}{i}", "name": f"Unit {p}{i}", "points": 25 + 5 * (i % 5), "owner": f"p{p}", "dial": dial,
                "location": "reserve" if i % 5 == 4 else "table", "position": "enemy-spawn" if i % 2 else "",
                "tokens": {"grenade": i % 2, "upgrade": i % 3}}}))
    events.append(Event("token", {"unit": "u10", "kind": "action", "delta": 1}))
    return replay(state, events)


def big_skirmish_match() -> Match:
    """4 players x 5 characters (one a bystander), round 2 of turn 1 with some tokens given: 20 units."""
    state = new_match(get_pack("heroclix-skirmish"), ["Ann", "Ben", "Cat", "Dan"], match_id="bench", now=0.0)
    dial = [{"stats": {"speed": 8, "attack": 10 - i, "defense": 17 - i, "damage": 3 - i // 2}} for i in range(5)]
    dial.append({"stats": {}, "markers": ["ko"]})
    events = [Event("add_unit", {"unit": {
        "id": f"u{p}{i}", "name": f"Unit {p}{i}", "points": 20 + 10 * i, "owner": f"p{p}", "dial": dial,
        "ref": "bystander" if i == 4 else None}}) for p in range(1, 5) for i in range(5)]
    events += [Event("token", {"unit": f"u{p}0", "kind": "action", "delta": 1}) for p in range(1, 5)]
    events += [Event("end_round") for _ in range(4)]
    return replay(state, events)


def _legal_action_rows() -> list[tuple[str, Callable[[], object], int]]:
    state = big_halo_match()
    system = rules.get("halo-actionclix")
    attack = rules.Action("move-and-attack", "u11", {"target": "u20", "moved": 5})
    rng = random.Random(2)
    skirmish_state = big_skirmish_match()
    skirmish = rules.get("heroclix-skirmish")
    hit = rules.Action("attack", "u11", {"target": "u20"})
    crowd = big_halo_match(20)
    return [("halo legal_actions (4 players, 20 units)", lambda: system.legal_actions(state), 2000),
            ("halo legal_actions (4 players x 20 units)", lambda: system.legal_actions(crowd), 500),
            ("halo explain (one unit)", lambda: system.explain(state, rules.Action("attack", "u11")), 2000),
            ("halo odds (move and attack)", lambda: system.odds(state, attack), 2000),
            ("halo resolve (move and attack)", lambda: system.resolve(state, attack, rng), 2000),
            ("skirmish legal_actions (4 players, 20 units)", lambda: skirmish.legal_actions(skirmish_state), 2000),
            ("skirmish odds (attack)", lambda: skirmish.odds(skirmish_state, hit), 2000),
            ("skirmish resolve (attack)", lambda: skirmish.resolve(skirmish_state, hit, rng), 2000)]


def big_scarab_match() -> Match:
    """The Scarab's four dials, 6 reinforcements and 10 attackers (2 aerial): 20 units, the Scarab's gun step.
    Figures stand all over: on the map, beneath, on top, on the Ramp and inside (5 reinforcements inside)."""
    state = new_match(get_pack("scarab"), ["Sam", "Ann"], match_id="bench", now=0.0)
    ko = [{"stats": {}, "markers": ["ko"]}]

    def dial(stats: tuple[str, ...], row: tuple[int, ...], marks: list[str] | None = None) -> list[dict]:
        return [{"stats": dict(zip(stats, row, strict=True)), "markers": marks or []} for _ in range(6)] + ko
    scarab = (("shell", ("defense",), (17,)), ("chassis", ("attack", "defense", "damage"), (9, 18, 2)),
              ("main-power-core", ("attack", "defense", "damage"), (10, 18, 3)))
    events = [Event("add_unit", {"unit": {"id": d, "name": d, "points": 0, "owner": "p1", "ref": f"scarab:{d}",
                                          "dial": dial(stats, row)}}) for d, stats, row in scarab]
    events.append(Event("add_unit", {"unit": {"id": "event", "name": "Event dial", "points": 0, "owner": "p1",
                                              "ref": "scarab:event", "cyclic": True,
                                              "dial": [{"markers": ["shift"]}]}}))
    clix = ("speed", "attack", "defense", "damage")
    events += [Event("add_unit", {"unit": {"id": f"r{i}", "name": f"Grunt {i}", "points": 20, "owner": "p1",
                                           "dial": dial(clix, (6, 8, 15, 1)), "position": "interior" if i < 5 else ""}})
               for i in range(6)]
    spots = ("", "beneath", "top", "ramp", "interior")
    events += [Event("add_unit", {"unit": {"id": f"a{i}", "name": f"Hero {i}", "points": 60, "owner": "p2",
                                           "dial": dial(clix, (8, 10, 17, 3), ["aerial"] if i < 2 else []),
                                           "position": spots[i % 5]}})
               for i in range(10)]
    return replay(state, [*events, Event("set_phase", {"phase": "main-gun"})])


def _scarab_rows() -> list[tuple[str, Callable[[], object], int]]:
    scarab = rules.get("scarab")
    state = big_scarab_match()
    attacker = replay(state, [Event("end_turn"), Event("token", {"unit": "a0", "kind": "action", "delta": 1})])
    gun = rules.Action("main-gun", None, {"target": "a3"})
    shot = rules.Action("shoot-scarab", "a1", {"modifier": 1})
    rng = random.Random(3)
    return [("scarab legal_actions (Scarab's turn, 20 units)", lambda: scarab.legal_actions(state), 2000),
            ("scarab legal_actions (attacker's turn, 20 units)", lambda: scarab.legal_actions(attacker), 2000),
            ("scarab odds (main gun)", lambda: scarab.odds(state, gun), 2000),
            ("scarab odds (shoot the Scarab)", lambda: scarab.odds(attacker, shot), 2000),
            ("scarab resolve (shoot the Scarab)", lambda: scarab.resolve(attacker, shot, rng), 2000)]


def _two_player_match(system: str, card: Callable[[int, int], dict]) -> Match:
    """The Maze and Armageddon Empires are 2-player games: 2 players x 10 units = 20 units."""
    state = new_match(get_pack(system), ["Ann", "Ben"], match_id="bench", now=0.0)
    return replay(state, [Event("add_unit", {"unit": card(p, i)}) for p in (1, 2) for i in range(10)])


def _maze_and_empires_rows() -> list[tuple[str, Callable[[], object], int]]:
    def model(p: int, i: int) -> dict:
        click = {"stats": {"wounds": 3, "armour": 3, "sight": 2, "morale": 6}, "markers": ["terminator"] * (i < 3)}
        return {"id": f"m{p}{i}", "name": f"Model {p}{i}", "points": 0, "owner": f"p{p}",
                "dial": [click, {"stats": {}, "markers": ["ko"]}], "counters": {"bolter-ammo": i % 2, "medkit": i % 3}}

    def card(p: int, i: int) -> dict:
        stats = {"pool": 5, "fate": 3, "wound-points": 3} if i < 7 else {"defense": 3, "structure": 4}
        return {"id": f"c{p}{i}", "name": f"Card {p}{i}", "points": 0, "owner": f"p{p}",
                "dial": [{"stats": stats, "markers": ["assassin"] if i < 2 else []}, {"stats": {}, "markers": ["ko"]}]}

    from companion.rules.maze.fire import fire_odds

    maze, empires = rules.get("killer-of-the-maze"), rules.get("armageddon-empires")
    movement = _two_player_match("killer-of-the-maze", model)
    activity = replay(movement, [Event("set_phase", {"phase": "Imperial Action: Activity"})])
    fire = rules.Action("fire", "m10", {"weapon": "storm-bolter", "shots": 6, "to_hit": "4", "distance": 2})
    grenade = rules.Action("fire", "m12", {"weapon": "frag-grenade", "to_hit": "4"})
    activity = replay(activity, [Event("counter", {"scope": "unit", "target": "m12", "name": "frag-grenade",
                                                   "delta": 1})])
    board = _two_player_match("armageddon-empires", card)
    strike = rules.Action("assassinate", "c10", {"target": "c20", "seen_c21": True, "bonus": 1})
    challenge = replay(board, list(empires.resolve(board, strike, random.Random(1)).events))
    return [("maze legal_actions (movement, 2 x 10 units)", lambda: maze.legal_actions(movement), 2000),
            ("maze legal_actions (activity, 2 x 10 units)", lambda: maze.legal_actions(activity), 2000),
            ("maze odds (Storm Bolter, 6 shots)", lambda: maze.odds(activity, fire), 2000),
            ("maze odds (Storm Bolter, first time)", lambda: (fire_odds.cache_clear(), maze.odds(activity, fire)), 200),
            ("maze odds (Frag Grenade, first time)",
             lambda: (fire_odds.cache_clear(), maze.odds(activity, grenade)), 200),
            ("maze resolve (Storm Bolter, 6 shots)", lambda: maze.resolve(activity, fire, random.Random(2)), 2000),
            ("empires legal_actions (2 x 10 cards)", lambda: empires.legal_actions(board), 2000),
            ("empires legal_actions (challenge under way)", lambda: empires.legal_actions(challenge), 2000),
            ("empires odds (assassination, 2 targets)", lambda: empires.odds(board, strike), 2000),
            ("empires resolve (assassination)", lambda: empires.resolve(board, strike, random.Random(2)), 2000)]


ADVICE_GOAL_MS = 50.0  # issue 28: 10 v 10 units, every attack ranked, p95 of CPU time


def ten_v_ten(system_id: str) -> Match:
    """Two players with 10 units each on the table (dials of 5 clicks; every third Halo unit holds a grenade)."""
    state = new_match(get_pack(system_id), ["Ann", "Ben"], match_id="bench", now=0.0)
    dial = [{"stats": {"speed": 8, "attack": 10 - i, "defense": 17 - i, "damage": 3 - i // 2}} for i in range(5)]
    dial.append({"stats": {}, "markers": ["ko"]})
    return replay(state, [Event("add_unit", {"unit": {
        "id": f"u{p}{i}", "name": f"Unit {p}{i}", "points": 20 + 10 * (i % 3), "owner": f"p{p}", "dial": dial,
        "tokens": {"grenade": int(i % 3 == 0 and system_id == "halo-actionclix")}}})
        for p in (1, 2) for i in range(10)])


def advice_rows() -> list[tuple[str, Callable[[], object], int]]:
    from companion.rules import advice

    out = []
    for system_id in ("halo-actionclix", "heroclix-skirmish"):
        state, system = ten_v_ten(system_id), rules.get(system_id)
        count = len(advice.rank(system, state))
        out.append((f"advise {system_id} 10 v 10 ({count} rows)", lambda s=system, m=state: advice.rank(s, m), 30))
        row = advice.rank(system, state)[0]
        out.append((f"  working of one row ({system_id})", lambda s=system, m=state, r=row: advice.working(s, m, r),
                    200))
    return out


def cpu_measure(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """(median, p95) of CPU time in milliseconds (the machine's other work doesn't count)."""
    times = []
    for _ in range(runs):
        start = time.process_time_ns()
        fn()
        times.append((time.process_time_ns() - start) / 1e6)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.95))]


def main() -> None:
    print(f"{'case':<48} {'median ms':>10} {'p95 ms':>10}  goal <= {GOAL_MS} ms")
    for name, fn, runs in rows():
        median, p95 = measure(fn, runs)
        flag = "" if name.startswith("guard") or median <= GOAL_MS else "  over goal"
        print(f"{name:<48} {median:>10.3f} {p95:>10.3f}{flag}")
    print(f"\n{'advisor (CPU time)':<48} {'median ms':>10} {'p95 ms':>10}  goal p95 <= {ADVICE_GOAL_MS} ms")
    for name, fn, runs in advice_rows():
        median, p95 = cpu_measure(fn, runs)
        flag = "" if not name.startswith("advise") or p95 <= ADVICE_GOAL_MS else "  over goal"
        print(f"{name:<48} {median:>10.3f} {p95:>10.3f}{flag}")


if __name__ == "__main__":
    main()
