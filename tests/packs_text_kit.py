"""Helpers shared by test_packs_text.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import re
from pathlib import Path

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


RUN = 12


def words(text: str) -> list[str]:
    text = text.lower().replace("\u2019", "'").replace("'", "")
    return re.sub(r"[^a-z0-9]+", " ", text).split()


def runs(seq: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(seq[i:i + n]) for i in range(len(seq) - n + 1)}
