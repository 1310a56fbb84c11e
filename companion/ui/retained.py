"""The UI's one fast path: a part of a screen drawn last time is handed to Flet again, the same control, while what
it shows is equal.

Flet's diff skips a control it already holds by identity, where a new control (or a new memoised component equal to
the last one) still costs its comparing and setting up: about 0.15 ms a card, so a table of 20 cards cost 3 ms a
tap, and the whole app-bar menu was built again at each undo. `benchmarks/ui.py` measures it: with the table's
parts kept, VP +1, a damage applied and an undo took a third of their time (p95 ratio 0.35-0.37 against 3361a36, in
one run). A part is kept only while its view (a frozen value: what it shows, and for a button its handler's function
and arguments) is equal, so nothing here depends on code elsewhere staying as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

Drawn = dict[str, tuple[Any, ft.Control]]  # a component's parts drawn last time: key -> (their view, the control)


def use_drawn() -> Drawn:
    """The parts this component drew last time (kept across its renders, gone with it)."""
    return ft.use_ref(dict).current  # type: ignore[no-any-return]


def kept(drawn: Drawn, key: str, view: Any, make: Callable[[], ft.Control]) -> ft.Control:
    """The control drawn last time for `key` when its view is equal, else `make()` (remembered for next time)."""
    last = drawn.get(key)
    if last is not None and last[0] == view:
        return last[1]
    control = make()
    drawn[key] = (view, control)
    return control
