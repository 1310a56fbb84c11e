"""The parts of a table's room page for *Report result*, and the refusal pages: plain forms that work without
JavaScript (POST, then a redirect back to the table page: a reload posts nothing twice).

What a player sees below their table's clock:
- not signed in: a box for the code on their slip (once per phone);
- signed in, at this table, no result yet: a box per player for the VP (or the place, in a Battle Royale), filled
  with their own earlier report if they made one (it can be changed until the result stands);
- signed in at another table: a link to their own.
Every name is escaped. Hidden once the table's result stands (the style sheet: `.done ~ .rep`).
"""

from __future__ import annotations

from html import escape

from companion.room.pages import page
from companion.session.judging.judge import Table
from companion.session.judging.reports import Report

HOW_TO = "Your code is on the slip the judge handed you (the judge's screen shows it too)."


def sign_in(number: int) -> str:
    return (f'<div class="rep"><h2>Report result</h2><p>{HOW_TO} It signs in this phone once.</p>'
            f'<form method="post" action="/player/code"><input type="hidden" name="table" value="{number}">'
            f'<input name="code" aria-label="Your player code" placeholder="ABCD-EFGH" autocomplete="off" '
            f'autocapitalize="characters" maxlength="20" required><button>Sign in</button></form></div>')


def elsewhere(player: str, table: int | None) -> str:
    where = (f'you play at <a href="/table/{table}">table {table}</a> this round: report there'
             if table is not None else "you have no table this round")
    return f'<div class="rep"><p>Signed in as <b>{escape(player)}</b>: {where}.</p></div>'


def report_form(table: Table, player: str, placement: bool, round_number: int) -> str:
    """The form says what it is filled in for (the round and who sits in each seat), so a late post of it after
    the next round is seated is refused instead of landing on that round (core.tournament.events)."""
    mine = next((r for r in table.reports if r.player == player), None)
    rows = f'<input type="hidden" name="round" value="{round_number}">' + "".join(
        f'<input type="hidden" name="seat-{i}" value="{escape(p)}">' for i, p in enumerate(table.players))
    rows += "".join(_row(table.number, i, p, mine, placement) for i, p in enumerate(table.players))
    last = ""
    if not placement:
        chosen = mine.last_standing if mine else ""
        options = "".join(f'<option value="{i}"{" selected" if p == chosen else ""}>{escape(p)}</option>'
                          for i, p in enumerate(table.players))
        last = (f'<label class="field pick">Only one force left on the table? (optional)<select name="last">'
                f'<option value="">No: decide by VP</option>{options}</select></label>')
    said = ("<p>Your report is in. You can change it until the result stands.</p>" if mine else
            f"<p>Every player at the table enters the {'places' if placement else 'scores'}; when all agree, "
            "the result stands. When they differ, the judge settles it.</p>")
    return (f'<div class="rep"><h2>Report result</h2><p>Signed in as <b>{escape(player)}</b>.</p>{said}'
            f'<form class="report" method="post" action="/table/{table.number}/report">{rows}{last}'
            f'<button>{"Change my report" if mine else "Report result"}</button></form></div>')


def _row(number: int, i: int, player: str, mine: Report | None, placement: bool) -> str:
    kind, label = ("place", "place") if placement else ("vp", "VP")
    value = "" if mine is None else str((mine.places if placement else mine.vp)[player])
    return (f'<label class="field">{escape(player)} {label}<input name="{kind}-{i}" value="{value}" '
            f'inputmode="numeric" pattern="[0-9]*" maxlength="3" required></label>')


def refused(title: str, sentence: str, back: str = "/find") -> str:
    """A refusal: what happened in one sentence, nothing stored, and the way back."""
    return page(title, f'<h2>{escape(title)}</h2><p class="refused" role="alert">{escape(sentence)}</p>'
                       f"<p>Nothing was stored. <a href=\"{escape(back)}\">Back</a></p>")
