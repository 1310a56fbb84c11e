"""Top cut: after the Swiss rounds, a single-elimination bracket of the top 4 or 8, seeded by the standings.

    cut {seeds}     close the last Swiss round (every result in) and seat the bracket's first round: seed 1 meets
                    the last seed, 2 the second last ..., laid out so that 1 and 2 can only meet in the final
                    (8: 1-8, 4-5, 2-7, 3-6; 4: 1-4, 2-3). The seeds come from the standings (the service reads
                    them and writes them into the event, as a pairing is), best first.
`next_round` in a cut round seats the winners of tables 1 and 2, 3 and 4 ... against each other; after the final
there is no next round. Cut games are head to head, each with its own round clock like any table.

A cut game needs one player through. A tie at time (equal VP) sends the higher seed through: a house choice,
as the source names no tie-breaker, and the seed is what the Swiss rounds earned. Cut rounds are not Swiss
rounds: the Swiss standings stop at the cut (results.records skips them); the bracket is its own view.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.tournament.state import Round, Table, Tournament, new_table

SIZES = (4, 8)
BRACKET = {4: (1, 4, 2, 3), 8: (1, 8, 4, 5, 2, 7, 3, 6)}  # seeds in table order, two a table
STAGES = {8: "quarterfinal", 4: "semifinal", 2: "final"}


def sizes_for(t: Tournament) -> tuple[int, ...]:
    """The top cuts this event can take: those its players still in the event fill (a top 8 needs 8 of them)."""
    return tuple(k for k in SIZES if len(t.active) >= k)


def through(t: Tournament, table: Table) -> str:
    """Who goes on from a played cut table: its winner, or on a tie the higher seed."""
    assert table.result is not None
    if len(table.result.winners) == 1:
        return table.result.winners[0]
    return min(table.result.winners, key=t.cut.index)


def stage(t: Tournament, rnd: Round | None = None) -> str:
    """'round 3', or the cut round's name: 'top 8 quarterfinal', 'semifinal', 'final'."""
    rnd = rnd or t.current
    if not rnd.cut:
        return f"round {rnd.number}"
    name = STAGES[2 * len(rnd.tables)]
    return f"top {len(t.cut)} {name}" if 2 * len(rnd.tables) == len(t.cut) else name


def start_cut(state: Tournament, event: Event) -> Tournament:
    seeds = event.data.get("seeds")
    if not state.swiss:
        raise IllegalAction("a top cut follows Swiss rounds: this event is seated by hand")
    if state.cut:
        raise IllegalAction("this event already has its top cut")
    if not isinstance(seeds, list) or len(seeds) not in SIZES or not all(isinstance(s, str) for s in seeds):
        raise IllegalAction(f"a top cut takes the top {' or '.join(map(str, SIZES))} players")
    active = {p.casefold(): p for p in state.active}
    if any(s.casefold() not in active for s in seeds) or len({s.casefold() for s in seeds}) != len(seeds):
        raise IllegalAction("the cut's seeds must be distinct players still in the event")
    _round_over(state)
    names = tuple(active[s.casefold()] for s in seeds)
    order = BRACKET[len(names)]
    tables = tuple(new_table(i, (names[order[2 * i - 2] - 1], names[order[2 * i - 1] - 1]), state.round_seconds)
                   for i in range(1, len(order) // 2 + 1))
    return replace(state, cut=names, rounds=(*state.rounds, Round(state.current.number + 1, tables, cut=True)))


def next_cut_round(state: Tournament) -> Tournament:
    """The bracket's next round from the winners of the one just played."""
    _round_over(state)
    if len(state.tables) == 1:
        raise IllegalAction(f"the final is played: {through(state, state.tables[0])} wins the event")
    winners = [through(state, tb) for tb in state.tables]
    tables = tuple(new_table(i, (winners[2 * i - 2], winners[2 * i - 1]), state.round_seconds)
                   for i in range(1, len(winners) // 2 + 1))
    return replace(state, rounds=(*state.rounds, Round(state.current.number + 1, tables, cut=True)))


def _round_over(state: Tournament) -> None:
    pending = [t.number for t in state.tables if t.result is None]
    if pending:
        raise IllegalAction(f"enter the results of table{'s' if len(pending) > 1 else ''} "
                            f"{', '.join(map(str, pending))} first")


def bracket_lines(t: Tournament) -> list[str]:
    """The bracket so far, one line a game: 'Quarterfinal · table 1: (1) Ann 12 - 5 (8) Hal: Ann through'."""
    lines = []
    for rnd in t.rounds:
        if not rnd.cut:
            continue
        for tb in rnd.tables:
            a, b = tb.players
            score = f" {tb.result.vp[a]} - {tb.result.vp[b]} " if tb.result else " vs "
            end = f": {through(t, tb)} through" if tb.result else ""
            if tb.result and len(rnd.tables) == 1:
                end = f": {through(t, tb)} wins the event"
            lines.append(f"{stage(t, rnd).capitalize()} · table {tb.number}: ({t.cut.index(a) + 1}) {a}{score}"
                         f"({t.cut.index(b) + 1}) {b}{end}")
    return lines
