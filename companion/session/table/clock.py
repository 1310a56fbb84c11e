"""The players' table clock outside judge mode: a round timer and a chess clock per player.

They are the match's own timers (events `timer_add`, `timer_start`, `timer_pause`), so they are deadlines saved
with the match: they survive a restart or a dead battery, undo like any step, and travel in a share code.
Warnings use the judge clock's rule (core.tournament.clock.crossed_mark): each mark fires once.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import CompanionError
from companion.core.match import timers
from companion.core.match.events import Event
from companion.core.model import Match, Timer
from companion.core.tournament.clock import crossed_mark
from companion.session.matches import Session

ROUND = "round"
ROUND_MINUTES = 50  # the round timer offered when the match's game doesn't time its games
CHESS = "chess-"  # + player id
MARKS = (600.0, 300.0, 60.0)  # warnings at 10, 5 and 1 minutes left (and at time)

__all__ = ["MARKS", "ClockFace", "clock_text", "crossed_mark", "face", "left", "pass_turn", "pause_all", "set_up",
           "start", "suggested_round_minutes", "warning_text"]


def clock_text(seconds: float) -> str:
    """"4:59", "TIME" at zero (0.2 s left still shows 0:01)."""
    whole = int(seconds + 0.999)
    return f"{whole // 60}:{whole % 60:02d}" if whole else "TIME"


def warning_text(label: str, mark: float) -> str:
    """The words of a warning, on the screen and in the phone's notification alike: "Ann: 5:00 left"."""
    return f"{label}: TIME!" if mark <= 0 else f"{label}: {clock_text(mark)} left"


@dataclass(frozen=True)
class ClockFace:
    """What the clock shows at one moment."""

    round: Timer | None
    players: tuple[tuple[str, str, str, Timer], ...]  # player id, name, colour, chess clock

    @property
    def running(self) -> str | None:
        """The player whose chess clock runs, if any."""
        return next((pid for pid, _, _, t in self.players if t.running), None)

    @property
    def ready(self) -> bool:
        return self.round is not None or bool(self.players)


def suggested_round_minutes(match: Match) -> int:
    """The round timer to offer: the minutes the game's rules time a match for when it plays timed (Skirmish's
    30-minute limit, switched on), else ROUND_MINUTES."""
    from companion import rules

    return rules.get(match.system, plain=True).time_limit_minutes(match) or ROUND_MINUTES


def face(match: Match) -> ClockFace:
    ids = {t.id: t for t in match.timers}
    return ClockFace(ids.get(ROUND), tuple((p.id, p.name, p.colour, ids[CHESS + p.id]) for p in match.players
                                           if CHESS + p.id in ids))


def left(timer: Timer, now: float) -> float:
    return timers.remaining(timer, now)


def set_up(session: Session, match_id: str, round_minutes: int, chess_minutes: int) -> Match:
    """Add the round timer and (with minutes > 0) a chess clock per player, as one step."""
    match = session.state(match_id)
    if face(match).ready:
        raise CompanionError("this match already has its table clock")
    if round_minutes <= 0 and chess_minutes <= 0:
        raise CompanionError("give the round or the chess clock some minutes")
    events = []
    if round_minutes > 0:
        events.append(Event("timer_add", {"timer": ROUND, "seconds": round_minutes * 60, "label": "Round"}))
    if chess_minutes > 0:
        events += [Event("timer_add", {"timer": CHESS + p.id, "seconds": chess_minutes * 60, "label": p.name})
                   for p in match.players]
    return session.dispatch_events(match_id, events, "Table clock set up")


def start(session: Session, match_id: str) -> Match:
    """Start (or resume) the round and the active player's chess clock."""
    match = session.state(match_id)
    clock = face(match)
    names = [t.id for t in (clock.round,) if t is not None and not t.running]
    chess = next((t for pid, _, _, t in clock.players if pid == match.active_player.id), None)
    if chess is not None and clock.running is None:
        names.append(chess.id)
    if not names:
        raise CompanionError("the clock is already running")
    return session.dispatch_events(match_id, [Event("timer_start", {"timer": n}) for n in names], "Clock started")


def pause_all(session: Session, match_id: str) -> Match:
    clock = face(session.state(match_id))
    running = [t.id for t in (clock.round, *(t for *_, t in clock.players)) if t is not None and t.running]
    if not running:
        raise CompanionError("the clock is not running")
    return session.dispatch_events(match_id, [Event("timer_pause", {"timer": n}) for n in running], "Clock paused")


def pass_turn(session: Session, match_id: str, to: str) -> Match:
    """Stop the running chess clock and start `to`'s (the tap a player makes when done)."""
    clock = face(session.state(match_id))
    if not any(pid == to for pid, *_ in clock.players):
        raise CompanionError("that player has no chess clock")
    events = [Event("timer_pause", {"timer": CHESS + clock.running})] if clock.running else []
    if clock.running != to:
        events.append(Event("timer_start", {"timer": CHESS + to}))
    return session.dispatch_events(match_id, events, "Chess clock passed")
