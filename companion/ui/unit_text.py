"""A unit as a line of text, for the match screens (ui/match) and the live table's watchers (ui/live) alike:
its stats on the dial's current click (the names of the tokens it can hold are its pack's: the session's
`token_label`)."""

from __future__ import annotations

from companion.core.model import Click

STAT_LABELS = {"speed": "SPD", "attack": "ATT", "defense": "DEF", "damage": "DMG", "wounds": "W", "armour": "ARM",
               "sight": "SIGHT", "morale": "MOR", "pool": "POOL", "fate": "FATE"}


def stats_line(click: Click, stats: tuple[str, ...]) -> str:
    if click.ko:
        return "KO"
    parts = [f"{STAT_LABELS.get(s, s.upper())} {click.stats[s]}" for s in stats if s in click.stats]
    parts += [f"{k} {v}" for k, v in click.stats.items() if k not in stats]
    return " · ".join(parts + list(click.markers)) or "—"
