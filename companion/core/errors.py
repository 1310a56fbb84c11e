"""Typed errors with messages a player can read at the table."""

from __future__ import annotations


class CompanionError(ValueError):
    """Base of every error the app shows to a person as-is."""


class IllegalAction(CompanionError):
    """An event that the rules or the state refuse; the state is left untouched.

    `rule` names the rule section that forbids it, when there is one.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class InvalidMatch(CompanionError):
    """Match data that breaks the model's invariants (bad import, corrupt file, bad field)."""


class UnknownSystem(CompanionError):
    """A game system id with no rule pack behind it."""


class PackError(CompanionError):
    """A pack file that can't be used; the message names the file, the field and what was expected."""
