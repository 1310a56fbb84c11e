"""A dial typed as text, one click per line — the quickest way to enter a custom unit's dial on a phone.

    8 10 17 3          speed attack defense damage (in the system's stat order)
    8 9 16 3 special:attack
    7 9 16 2
    KO                 optional: a KO click is added after the last line anyway

Numbers fill the stats in order; words after them become the click's markers.

The editor's per-click form (a row of number fields a click, made for thumbs) is the same text: `rows_as_lines`
writes its rows as these lines and `lines_as_rows` reads lines back into rows, so both forms give one dial
through one parser.
"""

from __future__ import annotations

from companion.core.errors import CompanionError
from companion.core.model import Click

MAX_CLICKS = 30


class DialTextError(CompanionError):
    pass


def parse_dial(text: str, stats: tuple[str, ...], *, cyclic: bool = False, line: str = "line") -> tuple[Click, ...]:
    """Clicks from text, ending with one KO click (none for a dial that turns round, like the Scarab's Event
    dial). Errors name the line (or what `line` calls it: "click" for the per-click form) and what was expected."""
    clicks: list[Click] = []
    lines = [(n, text_line.strip()) for n, text_line in enumerate(text.splitlines(), 1) if text_line.strip()]
    for n, text_line in lines:
        words = text_line.replace(",", " ").split()
        if words[0].lower() == "ko":
            if cyclic:
                raise DialTextError(f"{line} {n}: a dial that turns round has no KO click")
            if n != lines[-1][0]:
                raise DialTextError(f"{line} {n}: KO must be the last {line}")
            break
        numbers = []
        while words and _is_int(words[0]):
            numbers.append(int(words.pop(0)))
        if len(numbers) != len(stats):
            raise DialTextError(f"{line} {n}: expected {len(stats)} numbers ({' '.join(stats)}), got {len(numbers)}")
        if any(x < 0 or x > 99 for x in numbers):
            raise DialTextError(f"{line} {n}: stats go from 0 to 99")
        markers = tuple(w.lower() for w in words)
        if "ko" in markers:
            raise DialTextError(f"{line} {n}: put KO on a {line} of its own, after the last click")
        clicks.append(Click(stats=dict(zip(stats, numbers, strict=True)), markers=markers))
    if not clicks:
        raise DialTextError("type at least one click: one line of numbers per click")
    if len(clicks) > MAX_CLICKS:
        raise DialTextError(f"a dial has at most {MAX_CLICKS} clicks")
    return tuple(clicks) if cyclic else (*clicks, Click(markers=("ko",)))


def _is_int(word: str) -> bool:
    return word.lstrip("-").isdigit()


Row = tuple[str, ...]  # one click of the per-click form: a value per stat, then its marks (words, may be "")


def filled_rows(rows: tuple[Row, ...] | list[Row], stats: tuple[str, ...]) -> tuple[Row, ...]:
    """The rows with each stat left empty taken from the click above (only what changes is typed, click after
    click: a row left empty repeats the click above, as its fields show it); the first click's empty stats stay
    empty (a first click left empty is left out of the dial). Marks are each click's own."""
    out: list[Row] = []
    above: Row | None = None
    for row in rows:
        values = tuple(row[j].strip() if j < len(row) else "" for j in range(len(stats)))
        marks = " ".join(" ".join(row[len(stats):]).split())
        if above is not None:
            values = tuple(v or above[j] for j, v in enumerate(values))
        elif not any(values) and not marks:
            out.append(("",) * len(stats) + ("",))
            continue
        above = values
        out.append((*values, marks))
    return tuple(out)


def rows_as_lines(rows: tuple[Row, ...] | list[Row], stats: tuple[str, ...], *, check: bool = True) -> str:
    """The per-click form's rows as the dial's lines, one a click: a stat left empty is the click above's (a
    first click left empty: an empty line, so a click's number stays its line's number). A stat missing from
    the first click or not a whole number is named, by click and stat, before the parser sees it; with `check`
    off (switching to the typed form mid-way) the words are written as they are."""
    lines = []
    for n, row in enumerate(filled_rows(rows, stats), 1):
        values, marks = row[:len(stats)], row[len(stats)]
        if check and (any(values) or marks):
            for stat, value in zip(stats, values, strict=True):
                if not value:
                    raise DialTextError(f"click {n}: type its {stat} (0 when it has none)")
                if not _is_int(value):
                    raise DialTextError(f"click {n}: its {stat} must be a whole number, not {value!r}")
        lines.append(" ".join(w for w in (*values, marks) if w))
    return "\n".join(lines)


def lines_as_rows(text: str, stats: tuple[str, ...]) -> tuple[Row, ...]:
    """Typed lines as the per-click form's rows: the leading numbers fill the stats in order, what follows is
    the click's marks; a last KO line is left out (the KO click is always added)."""
    rows = []
    for text_line in text.splitlines():
        words = text_line.replace(",", " ").split()
        if not words or [w.lower() for w in words] == ["ko"]:
            continue
        values: list[str] = []
        while words and len(values) < len(stats) and _is_int(words[0]):
            values.append(words.pop(0))
        rows.append((*values, *[""] * (len(stats) - len(values)), " ".join(words)))
    return tuple(rows)
