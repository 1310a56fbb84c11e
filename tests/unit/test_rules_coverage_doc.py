"""docs/rules-coverage.md: every test it cites exists, every seed has its table, every rule-bearing paragraph of every
seed is cited (the concordance), and it is in our own words."""

from __future__ import annotations

import re
from pathlib import Path

from packs_text_kit import SEEDS, runs, words

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules-coverage.md"


def test_every_cited_test_exists() -> None:
    cited = set(re.findall(r"`(test_[a-z0-9_]+)`", DOC.read_text()))
    defined = {name for f in (ROOT / "tests").rglob("test_*.py")
               for name in re.findall(r"^(?:async )?def (test_[a-z0-9_]+)", f.read_text(), re.M)}
    assert cited and not cited - defined, sorted(cited - defined)


def test_every_seed_has_a_table_and_every_row_says_how() -> None:
    text = DOC.read_text()
    for seed in ("000", "001", "002", "003", "004"):
        assert f"## {seed} " in text
    rows = [r for r in text.splitlines() if r.startswith("| ") and not r.startswith("| Rule") and "---" not in r]
    assert len(rows) > 100
    for row in rows:
        how = row.split("|")[2]
        assert any(w in how for w in ("enforced", "computed", "asked", "left to players", "cut off")), row


def test_written_in_our_own_words() -> None:
    seeds = set().union(*(runs(words(f.read_text(errors="replace"))) for f in sorted(SEEDS.glob("*.txt"))))
    assert not runs(words(DOC.read_text())) & seeds


# a rule word, as the concordance promises: must, may, can't, only, each, every, roll, or a number
RULE_WORD = re.compile(r"\b(must|may|can'?t|cannot|only|each|every|roll(s|ed)?)\b|\d", re.I)


def seed_paragraphs(seed: str) -> list[str]:
    """A seed's paragraphs as the concordance numbers them: its non-empty lines, from 1."""
    path = next(SEEDS.glob(f"{seed}_*.txt"))
    return [line.strip() for line in path.read_text(errors="replace").splitlines() if line.strip()]


def cited(section: str) -> set[int]:
    """Every paragraph a section cites: ¶6, ¶6, 57, ¶13–14, 67–79 (an en dash or a hyphen for a range)."""
    numbers: set[int] = set()
    for group in re.findall(r"¶\s*([0-9][0-9,\s–-]*)", section):
        for part in re.split(r",\s*", group.strip().rstrip(",")):
            if not part:
                continue
            low, _, high = part.replace("–", "-").partition("-")
            numbers.update(range(int(low), int(high or low) + 1))
    return numbers


def sections() -> dict[str, str]:
    """Each seed's part of the document: from its heading up to the next seed's heading."""
    text = DOC.read_text()
    heads = [(m.start(), m.group(1)) for m in re.finditer(r"^## (\d{3}) ", text, re.M)]
    return {seed: text[start:(heads[i + 1][0] if i + 1 < len(heads) else len(text))]
            for i, (start, seed) in enumerate(heads)}


def test_every_rule_bearing_seed_paragraph_has_a_row() -> None:
    for seed, section in sections().items():
        paragraphs = seed_paragraphs(seed)
        bearing = {n for n, p in enumerate(paragraphs, 1) if RULE_WORD.search(p)}
        numbers = cited(section)
        missing = sorted(bearing - numbers)
        assert not missing, f"seed {seed}: paragraphs with a rule word and no row: {missing}"
        assert not numbers - set(range(1, len(paragraphs) + 1)), f"seed {seed} has no paragraph {sorted(numbers)[-1]}"


def test_the_concordance_check_finds_a_missing_paragraph() -> None:
    section = sections()["001"]
    assert 20 in cited(section)
    without = re.sub(r"¶19–20", "¶19", section)
    without = re.sub(r"¶9, 20", "¶9", without)
    without = re.sub(r"¶20–22, 31", "¶21–22, 31", without)
    without = re.sub(r"¶20\b", "¶19", without)
    assert 20 not in cited(without)
    assert RULE_WORD.search(seed_paragraphs("001")[19])  # ¶20 holds a rule word: the test above would fail
