"""The steps of the Scarab's sequence (seed 000) that its dials decide: the d6 against the Event dial and the move
it shows, the units the bases displace, the Event dial turned, and the special attacks a dial shows. The guns'
steps: scarab/guns.py; the reinforcements': scarab/defenders.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.core.dice.roll import roll
from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.rules.action import Action, Odds, Param, Refusal, Resolution
from companion.rules.scarab.play import Play
from companion.rules.scarab.positions import (
    GROUND,
    OUTSIDE_MAP,
    place,
    where,
)
from companion.rules.scarab.sequence import Step
from companion.rules.scarab.state import (
    EVENT,
    SCARAB_PLAYER,
    dial_id,
    dials,
    standing,
)
from companion.rules.scarab.turn import (
    BANDS,
    DISPLACED_TO,
    EVENT_ROLL,
    band_move,
    rolled_move,
)

DISPLACED_PREFIX = "displaced-"


class RollEvent(Step):
    def odds(self, state: Match, now: Play, action: Action) -> Odds | None:
        event_dial = dials(state).get(EVENT)
        moves = {label: band_move(event_dial, label) for _, _, label in BANDS} if event_dial else {}
        if moves and all(moves.values()):  # typed with its band moves: each band's move is known
            return Odds(None, "d6 against the Event dial: " + ", ".join(
                f"{label} {moves[label]}: {(high - low + 1)}/6" for low, high, label in BANDS))
        return Odds(None, "d6 against the Event dial: " + ", ".join(
            f"{label}: {(high - low + 1)}/6" for low, high, label in BANDS) + " (read each band from your Event dial)")

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        result = roll("d6", rng)
        label = next(label for low, high, label in BANDS if low <= result.total <= high)
        events = [Event("roll", result.event_data(EVENT_ROLL), SCARAB_PLAYER), *self.advance(state)]
        event_dial = dials(state).get(EVENT)
        details = (f"{event_dial.name} shows: {', '.join(event_dial.current.markers) or 'no markers'}",) \
            if event_dial else ()
        move = band_move(event_dial, label) if event_dial else None
        if move:  # the dial was typed the pack's way ("3-4:rotate"): its band's icon is known
            return Resolution(tuple(events), f"Rolled {result.total} on d6: band {label}, {move}. "
                              f"{move.capitalize()} the Scarab as the Event dial's icon for that band shows",
                              ("move-scarab",), details)
        return Resolution(tuple(events), f"Rolled {result.total} on d6: band {label}. Shift or rotate the Scarab as "
                          "that band's icon shows (read from your Event dial)", ("move-scarab",), details)


class ShiftRotate(Step):
    def note(self, state: Match) -> str | None:
        rolled = rolled_move(state) if self.sequence.position(state) == self.sequence.steps.index(self) else None
        return f"This turn's roll: band {rolled[0]}, {rolled[1]}. {self.text}" if rolled else self.text

    def done(self, state: Match, shown: Unit | None) -> str:
        rolled = rolled_move(state)
        if rolled:
            return f"{rolled[1].capitalize()} the Scarab (band {rolled[0]} of this turn's roll): done"
        return super().done(state, shown)


class Displaced(Step):
    """The units a base now covers: each takes 1 damage and ends next to that base."""

    def params(self, state: Match, now: Play) -> tuple[Param, ...]:
        ticks = tuple(Param(f"{DISPLACED_PREFIX}{u.id}", f"{u.name} was displaced", "bool", default=False)
                      for u in state.units if dial_id(u) is None and standing(u) and place(u) in OUTSIDE_MAP)
        return (*ticks, DISPLACED_TO) if ticks else ()

    def param_refusal(self, state: Match, now: Play, action: Action, unit: Unit | None,
                      require: bool = False) -> Refusal | None:
        found = self.displaced(state, action.params)
        return found if isinstance(found, tuple) else None

    def displaced(self, state: Match, params: Mapping[str, Any]) -> list[Unit] | Refusal:
        ids = params.get("units", [])
        if not isinstance(ids, list):
            return "units must be a list of unit ids", self.rule
        if params.get("displaced_to") not in (None, "", *OUTSIDE_MAP):
            return (f"displaced_to must be {' or '.join(OUTSIDE_MAP)} (next to the base, on the map or beneath the "
                    f"Scarab), not {params.get('displaced_to')!r}", self.rule)
        ids = ids + [k.removeprefix(DISPLACED_PREFIX) for k, v in params.items()
                     if k.startswith(DISPLACED_PREFIX) and v]
        out: list[Unit] = []
        for uid in dict.fromkeys(str(i) for i in ids):
            try:
                unit = state.unit(uid)
            except KeyError:
                return f"there is no unit {uid!r} in this match", self.rule
            if dial_id(unit) is not None:
                return "the Scarab can't displace itself", self.rule
            if not standing(unit):
                return f"{unit.name} is not on the table", self.rule
            if place(unit) not in OUTSIDE_MAP:
                return f"{unit.name} is {where(unit)}: the Scarab's bases can't cover it", self.rule
            out.append(unit)
        return out

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        by = SCARAB_PLAYER
        hurt = self.displaced(state, action.params)
        assert isinstance(hurt, list)  # `checked`
        events = [Event("damage", {"unit": u.id, "amount": 1}, by) for u in hurt]
        to = str(action.params.get("displaced_to") or GROUND)  # checked: GROUND or BENEATH
        events += [Event("set_position", {"unit": u.id, "position": to}, by) for u in hurt if place(u) != to]
        names = ", ".join(u.name for u in hurt)
        return Resolution(tuple(events + self.advance(state)),
                          f"Displaced, 1 damage each: {names}" if hurt else "No unit was displaced", (self.rule,))


class TurnEvent(Step):
    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        event_dial = dials(state).get(EVENT)
        turn = [Event("rotate", {"unit": event_dial.id, "steps": 1}, SCARAB_PLAYER)] if event_dial else []
        details = () if event_dial else ("The Event dial isn't entered in the app: turn yours by hand.",)
        return Resolution(tuple(turn + self.advance(state)), "The Event dial turns one click clockwise", (self.rule,),
                          details)


class Specials(Step):
    def done(self, state: Match, shown: Unit | None) -> str:
        if shown is None:
            return super().done(state, shown)
        found = specials(shown)
        return (f"{self.title}: {', '.join(found)}; resolve each as the dial's card says" if found else
                f"{self.title}: none showing")


def specials(dial: Unit) -> tuple[str, ...]:
    """The special attacks a dial's current click shows: its markers less the Event dial's band moves ("1-2:shift",
    a bare "shift"/"rotate") and the KO mark; a "special:" prefix is dropped."""
    bands = {label for _, _, label in BANDS}
    return tuple(m.removeprefix("special:") for m in dial.current.markers
                 if m not in ("shift", "rotate", "ko") and m.split(":", 1)[0] not in bands)
