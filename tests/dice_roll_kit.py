"""Helpers shared by test_dice_roll.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import random
from collections.abc import Iterable


class ScriptedRandom(random.Random):
    """A Random whose randint returns the given faces in order (checked against the asked range)."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.asked: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        face = self.faces.pop(0)
        assert a <= face <= b, f"scripted face {face} outside {a}..{b}"
        return face
