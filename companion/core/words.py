"""Counted words for people to read: "1 click", "3 clicks", "0 unused actions" (never a noun with a bracketed
"s", which a newcomer reads as a typo). The one place a count meets its noun, for the rules' messages, the log, the
screens and the CLI (tests/unit/test_plain_words.py finds any bracketed plural left in the app's strings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


def plural(n: int, one: str, many: str | None = None) -> str:
    """`one` when `n` is 1 or -1, else `many` (by default `one` + "s"): the noun alone, for a sentence that puts
    the number elsewhere ("2 Action tokens left" is `counted`; "the tokens" is `plural(n, "token")`)."""
    return one if abs(n) == 1 else (many if many is not None else one + "s")


def counted(n: int, one: str, many: str | None = None) -> str:
    """"1 click", "3 clicks", "0 clicks"; `many` for a noun whose plural isn't `one` + "s" ("1 VP", "2 VP")."""
    return f"{n} {plural(n, one, many)}"


def said(says: str, player: str, n: int, one: str, many: str | None = None) -> str:
    """A player's counter as a sentence from its pack: `says` with {player} and {count} filled in ("{player}:
    {count} captured", "Ann", 2, "spawn point": "Ann: 2 spawn points captured")."""
    return says.replace("{player}", player).replace("{count}", counted(n, one, many))


@dataclass(frozen=True)
class TokenWords:
    """How people read one kind of token, from its pack: the word a card shows before the count ("Action 1")
    and the noun for one and for many ("1 Action token", "2 Action tokens")."""

    label: str
    one: str
    many: str

    @staticmethod
    def of(kind: str) -> TokenWords:
        """The words for a kind whose pack says none: its id as a word ("morale-chit": "Morale chit", "Morale chit
        token")."""
        label = kind.replace("-", " ").replace("_", " ").capitalize()
        return TokenWords(label, f"{label} token", f"{label} tokens")


def token_words(kind: str, words: Mapping[str, TokenWords] | None = None) -> TokenWords:
    """The words for `kind`: the pack's (`words`, as the match's system gives them), else made from its id."""
    found = words.get(kind) if words else None
    return found if found is not None else TokenWords.of(kind)
