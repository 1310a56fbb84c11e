"""docs/rules-coverage.md: every test it cites exists, every seed has its table, and it is in our own words."""

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
        assert any(w in how for w in ("enforced", "asked", "left to players")), row


def test_written_in_our_own_words() -> None:
    seeds = set().union(*(runs(words(f.read_text(errors="replace"))) for f in sorted(SEEDS.glob("*.txt"))))
    assert not runs(words(DOC.read_text())) & seeds
