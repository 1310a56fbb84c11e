"""The packs' rules text is written in our own words: no run of 12 words from a seed appears in content/."""

from __future__ import annotations

import pytest

from companion.core.packs.load import builtin_dir

from packs_text_kit import SEEDS, runs, words


@pytest.fixture(scope="module")
def seed_runs() -> set[tuple[str, ...]]:
    files = sorted(SEEDS.glob("*.txt"))
    if not files:
        pytest.skip(f"seed texts not found in {SEEDS}")
    found: set[tuple[str, ...]] = set()
    for f in files:
        found |= runs(words(f.read_text(encoding="utf-8", errors="replace")))
    return found


def test_the_check_catches_a_copied_sentence(seed_runs: set[tuple[str, ...]]) -> None:
    copied = ("Roll 2d6, called the attack roll, and add the result to your units attack value to determine the "
              "total attack value")
    assert runs(words(copied)) & seed_runs


def test_no_pack_text_copies_a_seed(seed_runs: set[tuple[str, ...]]) -> None:
    copies = []
    for file in sorted(p for p in builtin_dir().rglob("*") if p.suffix in (".md", ".toml")):
        for run in runs(words(file.read_text(encoding="utf-8"))) & seed_runs:
            copies.append(f"{file.relative_to(builtin_dir())}: {' '.join(run)}")
    assert copies == []
