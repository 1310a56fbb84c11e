"""The players' own reports of a table's result, in words: the room's table page (who reported, never what: each
player enters the scores without seeing the other's), the judge's screen and `companion judge status` (what each
one entered, so the judge can settle a difference)."""

from __future__ import annotations

from companion.core.tournament.events import MAX_VP
from companion.core.tournament.results import vp_target
from companion.core.tournament.state import Report, Table, Tournament

__all__ = ["DIFFER", "MAX_VP", "Report", "by_reports", "disputed", "entry", "judge_line", "public_line",
           "score_rule", "set_by_judge", "waiting"]

DIFFER = "Scores differ: the judge will settle it"


def entry(report: Report, table: Table) -> str:
    """'Ann 15, Ben 9', with places first in a Battle Royale ('Ann 1st, Ben 2nd ...') and the force left."""
    if report.places:
        text = ", ".join(f"{p} {_ordinal(report.places[p])}" for p in table.players)
    else:
        text = ", ".join(f"{p} {report.vp[p]}" for p in table.players)
    return text + (f", only {report.last_standing}'s force left" if report.last_standing else "")


def score_rule(table: Table, placement: bool) -> str:
    """What a player may type when reporting this table, as the event's rules take it (a report past them is
    refused: the form says so before it is sent)."""
    n = len(table.players)
    if placement:
        return f"Places from 1 to {n}: 1 for the winner; tied players share a place (1, 2, 2, 4)."
    target = vp_target(n)
    return f"VP from 0 to {MAX_VP} (the game is won at {target}: only the winner can have {target} or more)."


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th')}"


def waiting(table: Table) -> tuple[str, ...]:
    reported = {r.player for r in table.reports}
    return tuple(p for p in table.players if p not in reported)


def by_reports(table: Table) -> bool:
    """True when the table's result is what every player there reported alike (not the judge's own entry)."""
    r = table.result
    if r is None or not table.reports or waiting(table):
        return False
    first = table.reports[0]
    left = r.winners[0] if r.how == "last-standing" else ""
    return (all(rep.same_scores(first) for rep in table.reports)
            and (first.vp, first.places, first.last_standing) == (r.vp, r.places, left))


def set_by_judge(table: Table) -> bool:
    """True when the standing result is the judge's: entered over a difference or a missing report, or a
    correction of what the players agreed."""
    return table.result is not None and not by_reports(table)


def public_line(table: Table) -> str:
    """What a table's room page says of the players' reports ('' when nobody reported). A result the judge set is
    never credited to the players who reported other scores."""
    if not table.reports:
        return ""
    if table.disputed:
        return DIFFER
    names = ", ".join(r.player for r in table.reports)
    if table.result is not None:
        if by_reports(table):
            return f"Reported by {names}"
        agreed = not waiting(table) and all(r.same_scores(table.reports[0]) for r in table.reports)
        return (f"The judge corrected the result {names} reported" if agreed
                else f"The judge entered the result (reports from {names})")
    return f"Reported by {names} · waiting for {', '.join(waiting(table))}"


def judge_line(table: Table) -> str:
    """What the judge sees of a table's reports: each entry while it waits, both sides of a difference."""
    if not table.reports or table.result is not None:
        return ""
    entries = " · ".join(f"{r.player}: {entry(r, table)}" for r in table.reports)
    if table.disputed:
        return f"Scores differ ({entries}): enter the result to settle it"
    return f"Reported {entries} · waiting for {', '.join(waiting(table))}"


def disputed(t: Tournament) -> list[Table]:
    """The tables of this round waiting for the judge because their players' scores differ."""
    return [tb for tb in t.tables if tb.disputed]
