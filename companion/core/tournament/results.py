"""Who won a Skirmish table, the event's standings, and the results as CSV.

The winner rule comes from the Skirmish format (seed 003): the first to the VP target wins at once (15 VP with
two players, 20 with three or four); a player whose force is the only one left wins even with fewer VP; when
time is called, most VP wins. Equal most VP at time is shown as a tie: the source names no tie-breaker.
The order of the standings is the event's tiebreak preset (tournament.tiebreaks: the app's own, HeroClix's
HCUnits order or Magic's). Every number any preset uses is computed here for every player:
    opp_strength  opponents' match-win rate: the average over everyone met at a table of their points /
                  (3 x games, byes included), each floored at 1/3 as in Magic's rules (Appendix C), so meeting
                  players who lost a lot is not punished twice. Match points are 3 a win, 1 a tie, 0 a loss.
    opp_win       HCUnits' opponents' win %: their wins / games at a table (byes left out), floored at 30 %
    opp_score     the average of the opponents' VP
Dropped players keep their results and still count as opponents; a bye is no opponent. A late entry's missed
rounds count as games lost with 0 VP (and no opponent).

A bye is a win worth BYE_VP victory points: two thirds of the 2-player VP target (15), so it is about what a
winner at time scores. 0 VP would sink the bye player's VP tiebreak below every loser who scored; the full
target would put them above players who actually won on time.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from companion.core.errors import IllegalAction
from companion.core.tournament.placement import placement_points
from companion.core.tournament.state import Result, Table, Tournament
from companion.core.tournament.tiebreaks import order_for

BYE_VP = 10
WIN_POINTS, TIE_POINTS = 3, 1
FLOOR = Fraction(33, 100)  # Magic's tournament rules floor each opponent's match-win rate at 0.33, not 1/3
HEROCLIX_FLOOR = Fraction(3, 10)

HOW = {
    "target": "reached the VP target",
    "last-standing": "last force standing",
    "time": "time called: most VP wins",
    "vp": "most VP",  # the players stopped before time and before the target: the score says it, not the clock
    "placement": "placed by the table",
}


def vp_target(players: int) -> int:
    return 15 if players == 2 else 20


def decide(players: tuple[str, ...], vp: dict[str, int], last_standing: str | None, *, at: float,
           time_called: bool = False) -> Result:
    """The result of one table from its VP (and the player left standing, if the game ended that way). With no
    target reached, the most VP win; "time called" is said only when it was (the table's clock ran out, or the
    judge called it), otherwise the result says the score decided it."""
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
    return Result(vp=vp, winners=tuple(p for p in players if vp[p] == top), how="time" if time_called else "vp",
                  at=at)


def outcome(result: Result, player: str) -> str:
    """'win', 'tie' (one of several with the most VP at time) or 'loss'."""
    if player not in result.winners:
        return "loss"
    return "win" if len(result.winners) == 1 else "tie"


def describe(table: Table) -> str:
    """One line for a table's result: 'Ann wins (time called: most VP wins) · Ann 12, Ben 9', 'Ann wins (most VP)
    · ...' when the players stopped before time, or 'Tie: Ann and Ben (...)'."""
    r = table.result
    if r is None:
        return "no result yet"
    if r.places:
        return "Placed: " + ", ".join(f"{p} {n}" for n, p in sorted((n, p) for p, n in r.places.items())) + (
            " · VP " + ", ".join(f"{p} {v}" for p, v in r.vp.items()) if any(r.vp.values()) else "")
    scores = ", ".join(f"{p} {v}" for p, v in r.vp.items())
    who = f"{r.winners[0]} wins" if len(r.winners) == 1 else f"Tie: {' and '.join(r.winners)}"
    return f"{who} ({HOW[r.how]}) · {scores}"


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    played: int  # games at a table plus byes
    wins: int  # byes included
    ties: int
    losses: int
    vp: int  # byes count BYE_VP
    tied: bool  # shares its rank with another player
    points: int = 0  # match points: 3 a win, 1 a tie
    byes: int = 0
    opp_strength: float = 0.0  # opponents' average match-win rate (each floored at 0.33); 0 with no opponent
    dropped: bool = False
    opp_win: float = 0.0  # opponents' average win rate at tables (each floored at 30 %, byes left out)
    opp_score: float = 0.0  # opponents' average VP
    missed: int = 0  # rounds before a late entry joined, counted as losses
    placement: float = 0.0  # Battle Royale placement points (ties split, so possibly a fraction)


@dataclass
class _Record:
    played: int = 0
    wins: int = 0
    ties: int = 0
    losses: int = 0
    vp: int = 0
    byes: int = 0
    missed: int = 0
    placement: Fraction = Fraction(0)

    @property
    def points(self) -> int:
        return WIN_POINTS * self.wins + TIE_POINTS * self.ties


def records(t: Tournament) -> tuple[dict[str, _Record], dict[str, list[str]]]:
    """Each player's record (results and byes) and everyone they met at a finished table, once per game."""
    rows: dict[str, _Record] = {}
    met: dict[str, list[str]] = {}
    for player in t.players:
        rows.setdefault(player, _Record())
    done = bool(t.tables) and all(tb.result is not None for tb in t.tables)
    for player, first in t.joined.items():  # a late entry lost the rounds before they joined, once those ended
        missed = min(first, t.current.number + done) - 1
        row = rows[player]
        row.played, row.losses, row.missed = row.played + missed, row.losses + missed, missed
    for rnd in t.rounds:
        if rnd.cut:  # the bracket is its own view (tournament.cut): the Swiss standings stop at the cut
            continue
        for table in rnd.tables:
            for player in table.players:
                row = rows.setdefault(player, _Record())
                if table.result is None:
                    continue
                row.played += 1
                kind = outcome(table.result, player)
                row.wins += kind == "win"
                row.ties += kind == "tie"
                row.losses += kind == "loss"
                row.vp += table.result.vp[player]
                if table.result.places and t.placement:
                    row.placement += placement_points(t.placement, table.result.places)[player]
                met.setdefault(player, []).extend(p for p in table.players if p != player)
        if rnd is not t.current or rnd.tables and all(tb.result is not None for tb in rnd.tables):
            for player in rnd.byes:  # a bye counts once its round is over (or every table has its result)
                row = rows.setdefault(player, _Record())
                row.played, row.wins, row.vp, row.byes = row.played + 1, row.wins + 1, row.vp + BYE_VP, row.byes + 1
    return rows, met


def win_rate(row: _Record) -> Fraction:
    return max(FLOOR, Fraction(row.points, WIN_POINTS * row.played)) if row.played else FLOOR


def meetings(t: Tournament) -> Counter[frozenset[str]]:
    """How often each pair of players shared a table (any round, results or not)."""
    seen: Counter[frozenset[str]] = Counter()
    for rnd in t.rounds:
        for table in rnd.tables:
            ps = table.players
            seen.update(frozenset((a, b)) for i, a in enumerate(ps) for b in ps[i + 1:])
    return seen


def table_win_rate(row: _Record) -> Fraction:
    """HCUnits' win rate: wins at a table / games at a table (byes and missed rounds left out), 30 % floor."""
    games = row.played - row.byes - row.missed
    return max(HEROCLIX_FLOOR, Fraction(row.wins - row.byes, games)) if games else HEROCLIX_FLOOR


def _average(values: list[Fraction]) -> Fraction:
    """Exact, over one common denominator: integer sums instead of a Fraction (and its gcd) per addition."""
    if not values:
        return Fraction(0)
    common = lcm(*{v.denominator for v in values})
    return Fraction(sum(v.numerator * (common // v.denominator) for v in values), common * len(values))


def standings(t: Tournament) -> list[Standing]:
    """Every player registered, with a result or a seat, best first in the event's tiebreak order; equal rows
    share a rank (1, 2, 2, 4)."""
    rows, met = records(t)
    # each player's rates once, not once per opponent who met them (1,000 players: 15,000 lookups, 1,000 rates)
    strength = {p: win_rate(r) for p, r in rows.items()}
    table_rate = {p: table_win_rate(r) for p, r in rows.items()}
    exact = {p: {"opp_strength": _average([strength[o] for o in met.get(p, [])]),
                 "opp_win": _average([table_rate[o] for o in met.get(p, [])]),
                 "opp_score": Fraction(sum(rows[o].vp for o in met.get(p, [])), len(met[p])) if met.get(p) else 0,
                 **{k: getattr(r, k) for k in ("wins", "ties", "vp", "points", "placement")}} for p, r in rows.items()}
    keys = order_for(t.tiebreaks, t.placement).keys
    key = {p: tuple(exact[p][k] for k in keys) for p in rows}
    order = sorted(rows, key=lambda p: (tuple(-k for k in key[p]), p.casefold()))
    gone = {p.casefold() for p in t.dropped}
    count = Counter(key.values())
    out: list[Standing] = []
    for i, player in enumerate(order):
        rank = out[-1].rank if out and key[out[-1].player] == key[player] else i + 1
        r, e = rows[player], exact[player]
        out.append(Standing(rank, player, r.played, r.wins, r.ties, r.losses, r.vp, count[key[player]] > 1,
                            r.points, r.byes, round(float(e["opp_strength"]), 4), player.casefold() in gone,
                            round(float(e["opp_win"]), 4), round(float(e["opp_score"]), 4), r.missed,
                            round(float(r.placement), 4)))
    return out


CSV_COLUMNS = ("round", "table", "player", "vp", "outcome", "decided_by", "extension_seconds", "extension_reasons")


def results_csv(t: Tournament) -> str:
    """One row per player per table per round (tables without a result say 'pending'), and one per bye."""
    rows: list[tuple[object, ...]] = []
    for rnd in t.rounds:
        for table in rnd.tables:
            r = table.result
            extra = sum(e.seconds for e in table.extensions)
            reasons = "; ".join(e.reason for e in table.extensions)
            for player in table.players:
                rows.append((rnd.number, table.number, player, "" if r is None else r.vp[player],
                             "pending" if r is None else outcome(r, player), "" if r is None else r.how,
                             f"{extra:g}", reasons))
        for player in rnd.byes:
            rows.append((rnd.number, "bye", player, BYE_VP, "win", "bye", "0", ""))
    return csv_text(CSV_COLUMNS, rows)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what makes a spreadsheet run a cell as a formula


def csv_text(columns: tuple[str, ...], rows: list[tuple[object, ...]]) -> str:
    """CSV for spreadsheets. A text cell a spreadsheet would run as a formula (a player named "=HYPERLINK(...)")
    gets a ' first, so it shows as the text it is; numbers stay numbers."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(columns)
    for row in rows:
        w.writerow(tuple(f"'{v}" if isinstance(v, str) and v.startswith(FORMULA_STARTS) else v for v in row))
    return buf.getvalue()
