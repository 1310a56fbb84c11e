"""What the Best moves screen has struck out is read from the match's history (session.play.advice.struck): a
strike holds in its turn while the step it was struck after is in effect, so undo lifts it and redo restores it."""

from __future__ import annotations

from companion.core.match.events import Event
from companion.core.match.history import TAIL_LIMIT, History
from companion.session.play.advice import strike, struck

from builders import match, unit


def start() -> History:
    history = History.start(match())
    for u in (unit("a0", "p1"), unit("b0", "p2"), unit("b1", "p2")):
        history = history.push(Event("add_unit", {"unit": u}))
    return history


def damage(unit_id: str) -> Event:
    return Event("damage", {"unit": unit_id, "amount": 1})


def test_undo_lifts_a_strike_and_redo_restores_it() -> None:
    history = start()
    before = strike(history, "b0")
    history = history.push(damage("b1"))
    after = strike(history, "b1")
    assert struck(history, (before, after)) == ("b0", "b1")
    undone = history.undo()
    assert struck(undone, (before, after)) == ("b0",)
    assert struck(undone.redo(), (before, after)) == ("b0", "b1")
    assert struck(undone.push(damage("b0")), (before, after)) == ("b0",)  # the step it followed can't come back


def test_a_new_turn_lifts_every_strike_and_undoing_the_turn_brings_them_back() -> None:
    history = start()
    strikes = (strike(history, "b0"),)
    ended = history.push(Event("end_turn", {}))
    assert struck(ended, strikes) == ()
    assert struck(ended.undo(), strikes) == ("b0",)


def test_a_strike_before_the_tail_was_cut_holds_and_one_at_the_start_holds_in_its_turn() -> None:
    first = History.start(match())
    at_start = strike(first, "b0")
    history = start()
    kept = strike(history, "b1")
    for n in range(TAIL_LIMIT):  # a long turn: the tail fills and is cut
        history = history.push(Event("heal", {"unit": "a0", "amount": 1}) if n % 2 else damage("a0"))
    segment, cut = history.compact()
    assert segment is not None and cut.active == (cut.length - 1,)  # the step that cut stays in the tail
    assert struck(cut, (at_start, kept)) == ("b0", "b1")
    assert struck(cut.push(damage("b0")), (at_start, kept)) == ("b0", "b1")
