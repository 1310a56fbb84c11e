"""A row of advice in words: the line a list shows, its working a player checks against the rules, and plain data
for `--json`. Every effect named here is read from the events the system resolved, applied by the reducer."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from companion.core.match.describe import changes
from companion.core.model import Match
from companion.rules.action import odds_text
from companion.rules.advice.rank import Row, resolved
from companion.rules.base import System


def pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def num(x: Fraction) -> str:
    return f"{float(x):.2f}"


def scored(n: int, word: str) -> str:
    """`1 kill`, `2 kills`, `1 VP`: a system's scoring word is its plural ("kills", "Scarab clicks")."""
    return f"{n} {word[:-1] if n == 1 and word.endswith('s') else word}"


def headline(row: Row) -> str:
    """`Unit a0: Attack Unit b0`."""
    who = f"{row.unit}: " if row.unit else ""
    return f"{who}{row.title}" + (f" {row.target_name}" if row.target_name else "")


def figures_line(row: Row) -> str:
    """`hit 58% · damage 1.17 · KO 58% · 0.58 kills`: what the list shows under each row."""
    parts = [f"hit {pct(row.hit)}"] if row.hit is not None else []
    if row.aimed:
        parts += [f"damage {num(row.damage)}", f"KO {pct(row.ko)}"]
    parts.append(f"{num(row.points)} {row.scoring}")
    parts += [f"{name} {num(v)}" for name, v in row.figures.items() if v]
    if row.win:
        parts.append(f"wins {pct(row.win)}")
    return " · ".join(parts)


def working(system: System, state: Match, row: Row) -> list[str]:
    """The row's working: the odds line the helper shows, each class of the roll with its chance and what the
    events do, each expectation as the sum it is, and what the row assumed."""
    lines = []
    odds = system.odds(state, row.action)
    if odds is not None:
        lines.append(f"Roll: {odds.text}")
    for o in row.outcomes:
        did = changes(state, resolved(system, state, row.action, o.branch).events, system.token_words())
        ours = [d for d in did if not d.endswith("action token")] or ["nothing changes on the table"]
        worth = [scored(o.effect.points, row.scoring)] + [f"{n} {v}" for n, v in o.effect.figures.items() if v]
        dice = f", e.g. dice {', '.join(map(str, o.branch.dice))}" if o.branch.dice else ""
        lines.append(f"{o.branch.label.capitalize()}, {odds_text(o.branch.chance)}{dice}: " + "; ".join(ours)
                     + f" (worth {', '.join(worth)})")
    for name, value, each in (("damage", row.damage, lambda o: o.effect.damage),
                              ("KO", row.ko, lambda o: int(o.effect.ko)),
                              (row.scoring, row.points, lambda o: o.effect.points)):
        if name != row.scoring and not row.aimed:
            continue
        terms = " + ".join(f"{o.branch.chance} x {each(o)}" for o in row.outcomes)
        lines.append(f"Expected {name} = {terms} = {value} ({num(value)})")
    lines += [f"Assumed: {a}" for a in row.assumed]
    return lines


def to_json(row: Row) -> dict[str, Any]:
    """Plain data of a row: exact figures as fractions in text ("7/12"), with floats for a quick read."""
    def both(x: Fraction | None) -> Any:
        return None if x is None else {"exact": str(x), "value": round(float(x), 6)}

    return {"action": {"name": row.action.name, "unit": row.action.unit, "params": dict(row.action.params)},
            "title": headline(row), "target": row.target, "target_name": row.target_name, "hit": both(row.hit),
            "damage": both(row.damage),
            "ko": both(row.ko), "points": both(row.points), "scoring": row.scoring, "win": both(row.win),
            "figures": {n: both(v) for n, v in row.figures.items()}, "assumed": list(row.assumed),
            "outcomes": [{"label": o.branch.label, "chance": str(o.branch.chance), "dice": list(o.branch.dice),
                          "damage": o.effect.damage, "ko": o.effect.ko, "points": o.effect.points,
                          "won": o.effect.won} for o in row.outcomes]}
