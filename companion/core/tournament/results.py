"""Who won a Skirmish table, the event's standings, and the results as CSV.

The winner rule comes from the Skirmish format (seed 003): the first to the VP target wins at once (15 VP with
two players, 20 with three or four); a player whose force is the only one left wins even with fewer VP; when
time is called, most VP wins. Equal most VP at time is shown as a tie: the source names no tie-breaker.
The order of the standings is a house choice (the source gives no event scoring): wins, then ties, then VP.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from companion.core.errors import IllegalAction
from companion.core.tournament.state import Result, Table, Tournament

HOW = {
    "target": "reached the VP target",
    "last-standing": "last force standing",
    "time": "time called: most VP wins",
}


def vp_target(players: int) -> int:
    return 15 if players == 2 else 20


def decide(players: tuple[str, ...], vp: dict[str, int], last_standing: str | None, *, at: float) -> Result:
    """The result of one table from its VP (and the player left standing, if the game ended that way)."""
    if last_standing is not None:
        return Result(vp=vp, winners=(last_standing,), how="last-standing", at=at)
    target = vp_target(len(players))
    reached = [p for p in players if vp[p] >= target]
    if len(reached) > 1:
        raise IllegalAction(f"{' and '.join(reached)} both have {target}+ VP, but the game ends as soon as the first "
                            "player reaches it: check the scores")
    if reached:
        return Result(vp=vp, winners=(reached[0],), how="target", at=at)
    top = max(vp.values())
    return Result(vp=vp, winners=tuple(p for p in players if vp[p] == top), how="time", at=at)


def outcome(result: Result, player: str) -> str:
    """'win', 'tie' (one of several with the most VP at time) or 'loss'."""
    if player not in result.winners:
        return "loss"
    return "win" if len(result.winners) == 1 else "tie"


def describe(table: Table) -> str:
    """One line for a table's result: 'Ann wins (time called: most VP wins)' or 'Tie: Ann, Ben (...)'."""
    r = table.result
    if r is None:
        return "no result yet"
    scores = ", ".join(f"{p} {v}" for p, v in r.vp.items())
    who = f"{r.winners[0]} wins" if len(r.winners) == 1 else f"Tie: {' and '.join(r.winners)}"
    return f"{who} ({HOW[r.how]}) · {scores}"


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    played: int
    wins: int
    ties: int
    losses: int
    vp: int
    tied: bool  # shares its rank with another player


def standings(t: Tournament) -> list[Standing]:
    """Every player with a result or a seat, best first; equal records share a rank (1, 2, 2, 4)."""
    rows: dict[str, list[int]] = {}  # player -> [played, wins, ties, losses, vp]
    for rnd in t.rounds:
        for table in rnd.tables:
            for player in table.players:
                row = rows.setdefault(player, [0, 0, 0, 0, 0])
                if table.result is None:
                    continue
                row[0] += 1
                row[1 + ("win", "tie", "loss").index(outcome(table.result, player))] += 1
                row[4] += table.result.vp[player]
    key = {p: (r[1], r[2], r[4]) for p, r in rows.items()}
    order = sorted(rows, key=lambda p: (tuple(-k for k in key[p]), p.casefold()))
    out: list[Standing] = []
    for i, player in enumerate(order):
        rank = out[-1].rank if out and key[out[-1].player] == key[player] else i + 1
        played, wins, ties, losses, vp = rows[player]
        shared = sum(1 for k in key.values() if k == key[player]) > 1
        out.append(Standing(rank, player, played, wins, ties, losses, vp, shared))
    return out


CSV_COLUMNS = ("round", "table", "player", "vp", "outcome", "decided_by", "extension_seconds", "extension_reasons")


def results_csv(t: Tournament) -> str:
    """One row per player per table per round; tables without a result say 'pending'."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for rnd in t.rounds:
        for table in rnd.tables:
            r = table.result
            extra = sum(e.seconds for e in table.extensions)
            reasons = "; ".join(e.reason for e in table.extensions)
            for player in table.players:
                w.writerow((rnd.number, table.number, player, "" if r is None else r.vp[player],
                            "pending" if r is None else outcome(r, player), "" if r is None else r.how,
                            f"{extra:g}", reasons))
    return buf.getvalue()
