"""Helpers shared by test_scarab_setup.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

from typing import Any

from companion.core.match.events import Event, replay
from companion.core.model import Match

from builders import match

STATS = ("speed", "attack", "defense", "damage")


def _dial(rows: list[tuple[int, ...]], stats: tuple[str, ...], markers: dict[int, list[str]] | None = None,
          ko: bool = True) -> list[dict[str, Any]]:
    markers = markers or {}
    out = [{"stats": dict(zip(stats, row, strict=True)), "markers": markers.get(i, [])} for i, row in enumerate(rows)]
    return out + ([{"stats": {}, "markers": ["ko"]}] if ko else [])


def scarab_dials(core_clicks: int = 3, core_markers: dict[int, list[str]] | None = None) -> list[dict[str, Any]]:
    """Shell (defense 17, 17, 16, 16 ...: 10 clicks), Chassis (9/18/2 ...), Main Power Core (10/18/3 ...,
    `core_clicks` live clicks) and a cyclic Event dial of three positions."""
    def dial_unit(dial_id: str, name: str, dial: list[dict[str, Any]], cyclic: bool = False) -> dict[str, Any]:
        return {"id": f"scarab-{dial_id}", "name": name, "points": 0, "owner": "p1", "cyclic": cyclic,
                "ref": f"scarab:{dial_id}", "dial": dial}

    return [
        dial_unit("shell", "Shell dial", _dial([(17 - i // 2,) for i in range(10)], ("defense",))),
        dial_unit("chassis", "Chassis dial",
                  _dial([(9, 18, 2), (8, 17, 2), (8, 16, 1)], ("attack", "defense", "damage"))),
        dial_unit("main-power-core", "Main Power Core dial",
                  _dial([(10 - i, 18 - i, 3) for i in range(core_clicks)], ("attack", "defense", "damage"),
                        core_markers)),
        dial_unit("event", "Event dial", _dial([(), (), ()], (), {0: ["shift"], 1: ["rotate", "special:plasma"],
                                                                  2: ["shift"]}, ko=False), cyclic=True),
    ]


def figure(uid: str, owner: str, name: str | None = None, *, attack: int = 9, defense: int = 16, damage: int = 2,
           marks: tuple[str, ...] = (), points: int = 50, clicks: int = 3, **extra: Any) -> dict[str, Any]:
    rows = [(8, attack - i, defense - i, damage) for i in range(clicks)]
    data = {"id": uid, "name": name or uid.capitalize(), "points": points, "owner": owner,
            "dial": _dial(rows, STATS, {i: list(marks) for i in range(clicks)})}
    return {**data, **extra}


def scarab_match(*figures: dict[str, Any], core_clicks: int = 3, core_markers: dict[int, list[str]] | None = None,
                 **kwargs: Any) -> Match:
    """Sam (p1) plays the Scarab, Ann (p2) attacks; the Scarab's turn comes first (turn 1)."""
    units = scarab_dials(core_clicks, core_markers) + list(figures)
    return replay(match("scarab", **kwargs), [Event("add_unit", {"unit": u}) for u in units])


def strike_team() -> list[dict[str, Any]]:
    """Seven attacking figures (the seed's example force: four actions a turn) and two Grunt reinforcements.
    Superman flies (marked "flying"), the Banshee and the Hornet are aerial vehicles, Colossus is colossal."""
    return [
        figure("superman", "p2", marks=("flying",), attack=10, defense=17, damage=3, points=100),
        figure("batman", "p2", points=60),
        figure("robin", "p2", points=40),
        figure("banshee", "p2", marks=("aerial",), points=40),
        figure("hornet", "p2", marks=("aerial",), points=40),
        figure("colossus", "p2", marks=("colossal",), attack=11, damage=4, points=120),
        figure("flash", "p2", points=80, tokens={"grenade": 1}),
        figure("grunt-1", "p1", "Grunt 1", attack=8, defense=15, damage=1, points=20),
        figure("grunt-2", "p1", "Grunt 2", attack=8, defense=15, damage=1, points=20),
    ]
