"""A realistic Halo ActionClix match played through the app's own paths: the reference of the share figures.

Units are added as the unit editor adds them (a typed dial, one click a line, a KO click after the last); every
action goes through the Halo rules helper (`legal_actions`, `resolve` with a seeded `random.Random`) and lands as
one step of the log with the helper's summary, exactly as the helper screen applies it. Dial values are sample
numbers, not copied from any card. Tests import this too (turn codes round-trip on a real match).
"""

from __future__ import annotations

import random
from typing import Any

from companion import rules
from companion.core.match.dial_text import parse_dial
from companion.core.model import Match
from companion.rules import Action  # the registry's name for it: the previous code's trees have it too
from companion.session import Session
from companion.store.matches import MatchStore

START = 1767268800.0  # 2026-01-01 12:00 UTC
ROSTER = {  # name, points, first click (speed, attack, defense, damage), clicks before KO
    "Ana": [("Master Chief", 100, (8, 11, 18, 3), 7), ("ODST Sniper", 45, (7, 10, 16, 3), 4),
            ("ODST Trooper", 45, (7, 9, 16, 2), 5), ("Marine", 20, (6, 8, 15, 1), 4),
            ("Spartan Jorge", 70, (7, 10, 17, 3), 6)],
    "Ben": [("Elite Zealot", 75, (8, 10, 17, 3), 6), ("Brute Chieftain", 80, (6, 10, 17, 3), 7),
            ("Grunt Heavy", 20, (5, 8, 14, 2), 4), ("Jackal Sniper", 30, (7, 9, 15, 2), 4),
            ("Hunter", 90, (4, 10, 19, 4), 7)],
}


class Clock:
    """Taps a few seconds apart (the app records whole seconds)."""

    def __init__(self, rng: random.Random, start: float = START) -> None:
        self.rng, self.now = rng, start

    def __call__(self) -> float:
        return self.now

    def tap(self, low: float = 3.0, high: float = 40.0) -> None:
        self.now += self.rng.uniform(low, high)


def dial_text(first: tuple[int, ...], clicks: int, rng: random.Random) -> str:
    """A dial as a player types it: stats wear down a point every click or two, now and then one holds."""
    rows, values = [], list(first)
    for _ in range(clicks):
        rows.append(" ".join(str(v) for v in values))
        for k in range(3):  # speed, attack, defense drop; damage rarely
            if rng.random() < 0.55:
                values[k] = max(1, values[k] - 1)
        if rng.random() < 0.2:
            values[3] = max(1, values[3] - 1)
    return "\n".join(rows)


# Forces whose names the preset dictionary has never seen (made up here, 15-30 characters a name): codes must fit
# with names like these too, not only with the reference's.
LONG_NAMES = {
    "Ana": [("Commander Vesna Kovalenko", 100, (8, 11, 18, 3), 7), ("Pathfinder Idris Okonkwo", 45, (7, 10, 16, 3), 4),
            ("Breacher Tomasz Lindqvist", 45, (7, 9, 16, 2), 5), ("Rifleman Quill Abernathy", 20, (6, 8, 15, 1), 4),
            ("Warden Sigrun Halloway-Price", 70, (7, 10, 17, 3), 6)],
    "Ben": [("Vanguard Thessaly Marrow", 75, (8, 10, 17, 3), 6), ("Ironclad Brother Oswin", 80, (6, 10, 17, 3), 7),
            ("Skirmisher Pell Varga", 20, (5, 8, 14, 2), 4), ("Longshot Yusra Delacroix", 30, (7, 9, 15, 2), 4),
            ("Juggernaut Krell Ambrose", 90, (4, 10, 19, 4), 7)],
}
BIG_FORCES = {  # 2 x 10 units, names as varied (15-30 characters too: a double family name keeps its first part)
    player: [*units, *((f"{name.split()[0]} Reserve {chr(65 + n)}. {name.split()[-1].split('-')[0]}", points, first,
                        clicks)
                       for n, (name, points, first, clicks) in enumerate(units))]
    for player, units in LONG_NAMES.items()
}


def new_halo(session: Session, clock: Clock, rng: random.Random,
             roster: dict[str, list[tuple[str, int, tuple[int, ...], int]]] = ROSTER) -> str:
    """A new match with both rosters added through `add_unit`, as the unit editor does."""
    match = session.new_match("halo-actionclix", list(roster))
    for p, (_name, units) in zip(match.players, roster.items(), strict=True):
        for name, points, first, clicks in units:
            clock.tap(8, 45)
            state = session.state(match.id)
            taken = {u.id for u in state.units}
            uid = next(f"u{n}" for n in range(1, len(taken) + 2) if f"u{n}" not in taken)
            dial = parse_dial(dial_text(first, clicks, rng), state.rules.stats)
            unit = {"id": uid, "name": name, "points": points, "owner": p.id,
                    "dial": [{"stats": dict(c.stats), "markers": list(c.markers)} for c in dial]}
            session.dispatch(match.id, "add_unit", {"unit": unit}, by=p.id)
    return match.id


def _apply(session: Session, match_id: str, action: Action, rng: random.Random) -> None:
    state = session.state(match_id)
    resolution = rules.get(state.system).resolve(state, action, rng)
    if resolution.events:
        session.dispatch_events(match_id, list(resolution.events), resolution.summary, by=state.active_player.id)


def play_turn(session: Session, match_id: str, clock: Clock, rng: random.Random) -> None:
    """One player's turn: up to three actions (mostly attacks, some moves, a respawn when a unit is in the
    reserves), then end turn, every one through the rules helper."""
    system = rules.get("halo-actionclix")
    for _ in range(3):
        clock.tap()
        state: Match = session.state(match_id)
        options = {o.action: o for o in system.legal_actions(state) if o.enabled}
        if "respawn" in options and rng.random() < 0.6:
            _apply(session, match_id, Action("respawn", rng.choice(options["respawn"].units)), rng)
            continue
        name = rng.choices(["attack", "move-and-attack", "move"], [6, 2, 1])[0]
        if name not in options:
            name = next((n for n in ("attack", "move") if n in options), "")
        if not name:
            break
        params: dict[str, Any] = {}
        if name != "move":
            enemies = [u for u in state.units if u.owner != state.active_player.id and u.location == "table"
                       and not u.eliminated]
            params["target"] = rng.choice(enemies).id
            if name == "move-and-attack":
                params["moved"] = rng.randint(1, 6)
        unit = state.unit(rng.choice(options[name].units))
        speed = unit.current.stats.get("speed")
        if "moved" in params and isinstance(speed, int):  # a unit moves no further than its speed
            params["moved"] = min(params["moved"], speed)
        _apply(session, match_id, Action(name, unit.id, params), rng)
    clock.tap()
    _apply(session, match_id, Action("end-turn"), rng)


def play_halo(seed: int = 16, turns: int = 6,
              roster: dict[str, list[tuple[str, int, tuple[int, ...], int]]] = ROSTER) -> tuple[Session, str]:
    """The reference match: 2 players x 5 units (4-7 clicks), `turns` turns of the rules helper, in memory;
    `roster` plays other forces the same way."""
    rng = random.Random(seed)
    clock = Clock(rng)
    session = Session(MatchStore(None), clock=clock)
    match_id = new_halo(session, clock, rng, roster)
    for _ in range(turns):
        play_turn(session, match_id, clock, rng)
    return session, match_id


if __name__ == "__main__":
    s, mid = play_halo()
    log = s.log(mid)
    print(f"{len(log)} steps, {sum(len(e.data.get('events', [])) or 1 for e in log)} events")
    for e in log[-6:]:
        print(e.type, e.data.get("label", ""))
