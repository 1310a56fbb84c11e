"""A dial typed as text, one click per line — the quickest way to enter a custom unit's dial on a phone.

    8 10 17 3          speed attack defense damage (in the system's stat order)
    8 9 16 3 special:attack
    7 9 16 2
    KO                 optional: a KO click is added after the last line anyway

Numbers fill the stats in order; words after them become the click's markers.
"""

from __future__ import annotations

from companion.core.errors import CompanionError
from companion.core.model import Click

MAX_CLICKS = 30


class DialTextError(CompanionError):
    pass


def parse_dial(text: str, stats: tuple[str, ...], *, cyclic: bool = False, part: str = "line") -> tuple[Click, ...]:
    """Clicks from text, ending with one KO click (none for a dial that turns round, like the Scarab's Event
    dial). Errors name the line (or the `part` a caller splits its text in: a force line's "click") and what was
    expected."""
    clicks: list[Click] = []
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    for n, line in lines:
        words = line.replace(",", " ").split()
        if words[0].lower() == "ko":
            if cyclic:
                raise DialTextError(f"{part} {n}: a dial that turns round has no KO click")
            if n != lines[-1][0]:
                raise DialTextError(f"{part} {n}: KO must be the last {part}")
            break
        numbers = []
        while words and _is_int(words[0]):
            numbers.append(int(words.pop(0)))
        if len(numbers) != len(stats):
            raise DialTextError(f"{part} {n}: expected {len(stats)} numbers ({' '.join(stats)}), got {len(numbers)}")
        if any(x < 0 or x > 99 for x in numbers):
            raise DialTextError(f"{part} {n}: stats go from 0 to 99")
        markers = tuple(w.lower() for w in words)
        if "ko" in markers:
            raise DialTextError(f"{part} {n}: put KO on a {part} of its own, after the last click")
        clicks.append(Click(stats=dict(zip(stats, numbers, strict=True)), markers=markers))
    if not clicks:
        raise DialTextError("type at least one click: one line of numbers per click")
    if len(clicks) > MAX_CLICKS:
        raise DialTextError(f"a dial has at most {MAX_CLICKS} clicks")
    return tuple(clicks) if cyclic else (*clicks, Click(markers=("ko",)))


def _is_int(word: str) -> bool:
    return word.lstrip("-").isdigit()
