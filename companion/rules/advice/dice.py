"""The advisor's view of one roll: its outcomes split into classes that resolve alike, each with its exact chance
(from icepool, like the odds the helper shows) and one roll that stands for the whole class.

A system says how its roll splits (`System.outcomes`); the ranker feeds each class's roll to the system's own
`resolve` through `ScriptedDice` and reads what the events do from the reducer, so the advice never works out
an outcome the rules helper doesn't produce itself.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Branch:
    """One class of a roll's outcomes: its exact chance, a roll (the dice in the order drawn) that falls in it, and
    what the class is called in the working ("hit", "miss", "two 6s")."""

    chance: Fraction
    dice: tuple[int, ...]
    label: str


class ScriptedDice(random.Random):
    """A generator that draws the given faces in order: `resolve` rolls exactly these dice. A roll that asks for
    more dice than scripted, or a face the die doesn't have, is a bug in the branch, so it raises."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(0)
        self._faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        if not self._faces:
            raise ValueError("the advisor's scripted roll ran out of dice")
        face = self._faces.pop(0)
        if not a <= face <= b:
            raise ValueError(f"the advisor scripted a {face} on a die of {a} to {b}")
        return face

    @property
    def left(self) -> int:
        return len(self._faces)


def split(sides: tuple[int, ...], classify: Callable[..., Hashable],
          labels: Callable[[Hashable], str] = str) -> tuple[Branch, ...]:
    """The classes of a roll of dice with these sides: exact chances from icepool's distribution of `classify`
    over the dice, each class with the first roll (in face order) that falls in it."""
    import icepool  # loaded when advice is first asked for, like the odds

    dist = icepool.map(classify, *(icepool.d(s) for s in sides))
    firsts: dict[Hashable, tuple[int, ...]] = {}
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):  # only to name a roll of each class
        firsts.setdefault(classify(*faces), faces)
    total = dist.denominator()
    return tuple(Branch(Fraction(dist.quantity(key), total), firsts[key], labels(key)) for key in dist.outcomes()
                 if dist.quantity(key))
