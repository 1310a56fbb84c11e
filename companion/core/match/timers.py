"""Countdown timers as deadlines: remaining time is a pure function of the timer and `now`.

A running timer stores the UTC epoch second at which it reaches zero, so a restart, a sleeping phone or a
second device given the same timer all show the same time at once. A paused timer stores what was left.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.model import Timer


def new_timer(timer_id: str, seconds: float, label: str = "") -> Timer:
    return Timer(id=timer_id, label=label, duration=seconds, remaining=seconds)


def remaining(timer: Timer, now: float) -> float:
    """Seconds left at `now` (never below zero)."""
    if timer.running and timer.deadline is not None:
        return max(0.0, timer.deadline - now)
    return timer.remaining


def expired(timer: Timer, now: float) -> bool:
    return remaining(timer, now) <= 0


def start(timer: Timer, now: float) -> Timer:
    """Start or resume: the deadline is `now` plus what is left."""
    if timer.running:
        return timer
    return replace(timer, running=True, deadline=now + timer.remaining)


def pause(timer: Timer, now: float) -> Timer:
    if not timer.running:
        return timer
    return replace(timer, running=False, deadline=None, remaining=remaining(timer, now))


def extend(timer: Timer, seconds: float, now: float) -> Timer:
    """Add time (a judge's extension). An expired running timer restarts from `now`."""
    if timer.running and timer.deadline is not None:
        base = max(timer.deadline, now)
        return replace(timer, deadline=base + seconds, extended=timer.extended + seconds)
    return replace(timer, remaining=timer.remaining + seconds, extended=timer.extended + seconds)
