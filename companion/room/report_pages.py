"""The parts of a table's room page for *Report result*, and the refusal pages: plain forms that work without
JavaScript (POST, then a redirect back to the table page: a reload posts nothing twice).

What a player sees above their table's clock (first: no scrolling to report at 360x640):
- not signed in: a box for the code on their slip (once per phone);
- signed in, at this table, no result yet: a box per player for the VP (or the place, in a Battle Royale), filled
  with their own earlier report if they made one (it can be changed until the result stands);
- signed in at another table: a link to their own.
Rendered from companion/templates/room/report_*.html (escaped). Hidden once the table's result stands (the style
sheet: `main:has(.done) .rep`, which the live script sets).
"""

from __future__ import annotations

from markupsafe import Markup

from companion.room.pages import page
from companion.session.judging.judge import Table
from companion.session.judging.reports import score_rule
from companion.session.render import fragment

HOW_TO = "Your code is on the slip the judge handed you (the judge's screen shows it too)."


def sign_in(number: int) -> Markup:
    return fragment("room/report_sign_in.html", how_to=HOW_TO, number=number)


def elsewhere(player: str, table: int | None) -> Markup:
    return fragment("room/report_elsewhere.html", player=player, table=table)


def report_form(table: Table, player: str, placement: bool, round_number: int,
                typed: dict[str, str] | None = None) -> Markup:
    """The form says what it is filled in for (the round and who sits in each seat), so a late post of it after
    the next round is seated is refused instead of landing on that round (core.tournament.events). `typed`: what
    the player sent before a refusal (the refusal page's Back carries it), shown again instead of their report."""
    mine = next((r for r in table.reports if r.player == player), None)
    field = "place" if placement else "vp"
    if typed:
        rows = [(p, typed.get(f"{field}-{i}", "")) for i, p in enumerate(table.players)]
        last = typed.get("last", "")
        chosen = table.players[int(last)] if last.isdigit() and int(last) < len(table.players) else ""
    else:
        rows = [(p, "" if mine is None else str((mine.places if placement else mine.vp)[p])) for p in table.players]
        chosen = mine.last_standing if mine else ""
    return fragment("room/report_form.html", player=player, placement=placement, round_number=round_number,
                    number=table.number, players=table.players, rows=rows, mine=mine is not None,
                    chosen=chosen, rule=score_rule(table, placement))


def refused(title: str, sentence: str, back: str = "/find") -> str:
    """A refusal: what happened in one sentence, nothing stored, and the way back."""
    return page("message.html", title, heading=title, sentence=sentence, back=back, alert=True)
