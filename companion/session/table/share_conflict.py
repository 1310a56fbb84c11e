"""When both devices changed the same match differently: what differs (turn, events, scores, where they
split), for ui/share/scan_screen.py (their copy kept beside ours is labelled by sharing.share_sync.import_code)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.match.describe import describe, score_text
from companion.core.match.events import Event
from companion.core.match.history import replay_log
from companion.core.model import Match
from companion.session.matches import Session
from companion.session.play.helper import scoring_kind
from companion.session.sharing.incoming import Incoming
from companion.session.sharing.keeping import local_copy, read_collected
from companion.session.table.words import turn_line
from companion.share import SharedMatch, compare


@dataclass(frozen=True)
class Row:
    what: str
    mine: str
    theirs: str


def conflict_rows(incoming: Incoming) -> list[Row]:
    """`differences` for the code collected on the scan screen."""
    return differences(incoming.session, read_collected(incoming.session, incoming.collector))


def differences(session: Session, theirs: SharedMatch) -> list[Row]:
    """Side by side, the two copies' turn, events, each player's points and first different step."""
    mine = local_copy(session, theirs.id)
    if mine is None:
        return []
    found = compare(mine, theirs)
    a, b = mine.state, theirs.state
    rows = [Row("Where", turn_line(a), turn_line(b)),
            Row("Events", f"{found.mine} ({found.mine - found.common} since the split)",
                f"{found.theirs} ({found.theirs - found.common} since the split)")]
    kind = scoring_kind(a)
    for pa in a.players:
        pb = next((p for p in b.players if p.id == pa.id), None)
        theirs_score = score_text(kind, getattr(pb, kind)) if pb else "—"
        rows.append(Row(pa.name, score_text(kind, getattr(pa, kind)), theirs_score))
    if mine.initial == theirs.initial:
        split = replay_log(mine.initial, mine.events[:found.common])
        rows.append(Row("First different step", _step(split, mine.events[found.common:]),
                        _step(split, theirs.events[found.common:])))
    else:
        rows.append(Row("First different step", "set up differently", "set up differently"))
    return rows


def _step(before: Match, events: tuple[Event, ...]) -> str:
    return describe(before, events[0]) if events else "nothing more"
