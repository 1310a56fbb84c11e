"""The attacking player's moves (seed 000): a move that may end in an attack (`Moving`), taken apart (`plan`) into
its move part and the plain attack it makes, judged from where the move leaves the figure: moving (and climbing
on top), entering and exiting the Scarab, moving off a kneeling Scarab and jumping off a standing one. The rules
every move shares: scarab/move_attack.py; where figures stand: scarab/positions.py.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.match.events import Event, replay
from companion.core.model import Match, Unit
from companion.rules.action import Action, Param, Refusal
from companion.rules.advice.dice import Branch
from companion.rules.scarab.attacker_action import AttackerAction, Plan
from companion.rules.scarab.attacker_fields import (
    HOUSE_NOTES,
    JUMP_CLIMB,
    JUMP_DAMAGE,
    MOVE_TO,
    VIA_RAMP,
)
from companion.rules.scarab.move_attack import (
    MOVED,
    ends,
    move_refusal,
    moved_refusal,
    penalty,
)
from companion.rules.scarab.plain_attacks import ATTACK, ATTACK_CORE, SHOOT, PlainAttack
from companion.rules.scarab.play import Play, count
from companion.rules.scarab.positions import (
    BENEATH,
    BOARDED,
    GROUND,
    INTERIOR,
    OUTSIDE_MAP,
    PHRASES,
    POSITIONS,
    RAMP,
    TOP,
    entering_refusal,
    leaving_refusal,
    place,
    ramp_refusal,
    where,
)
from companion.rules.scarab.state import (
    bool_param,
    is_aerial,
    option_on,
    reinforcements,
    stamp,
    standing,
    tags,
    unit_choices,
)

FLYER_LIMIT_OPTION = "flyer-limit-2"


class Moving(AttackerAction):
    """A move that may end in an attack: its own fields, the squares moved, and the plain attack it ends in, judged
    from where the move leaves the figure (scarab/move_attack.py)."""

    lands: str | None = None  # where it places the figure (None: where the player says, or where it is)
    goes_on: tuple[str, ...] = ()  # where it may go on to on that map ("it can continue its move")
    own_fields: tuple[Param, ...] = ()  # what the move part itself asks
    aims: tuple[PlainAttack, ...] = ()  # the plain attacks its form offers, by where it leaves the figure

    def landing(self, action: Action, unit: Unit) -> str:
        """Where the move leaves the figure."""
        to = action.params.get("to")
        if self.goes_on:
            return str(to) if to in self.goes_on else str(self.lands)
        return self.lands or (str(to) if to in POSITIONS else place(unit))

    def ends_refusal(self, action: Action) -> Refusal | None:
        """Where a move that places the figure may go on to: on the map it was placed on."""
        to = action.params.get("to")
        if not self.goes_on or to in ("", None, *self.goes_on):
            return None
        return f"to must be one of {', '.join(self.goes_on)}, not {to!r}", self.id

    def params(self, state: Match, now: Play) -> tuple[Param, ...]:
        """Its own fields, the squares moved, the attack it ends in, and the plain attacks' own fields."""
        reinforcing = [u for u in reinforcements(state) if standing(u)]
        choices = (("", "No attack"), *(a.target_word for a in self.aims if a.target_word),
                   *(unit_choices(reinforcing) if ATTACK in self.aims else ()))
        fields = tuple({p.name: p for aim in self.aims for p in aim.fields}.values())
        return (*self.own_fields, MOVED, Param("target", "Then attack (optional)", "choice", choices, default=""),
                *fields)

    def attack_part(self, action: Action) -> tuple[PlainAttack, Action] | None:
        """The plain attack the move ends in and its action, None for a move without one."""
        target = action.params.get("target")
        if target in (None, ""):
            return None
        kind = next((a for a in (SHOOT, ATTACK_CORE) if a.target_word and a.target_word[0] == target), ATTACK)
        return kind, kind.part(action)

    def rolls(self, action: Action) -> bool:
        return self.attack_part(action) is not None

    def field_refusal(self, state: Match, now: Play, action: Action, unit: Unit) -> Refusal | None:
        """What the move part's own fields break."""
        return self.ends_refusal(action)

    def plan_for(self, state: Match, now: Play, action: Action, unit: Unit, require: bool,
                 extra: tuple[tuple[str, int], ...] = ()) -> Plan | Refusal:
        for name in ("jump_climb", "via_ramp"):
            flag = bool_param(action.params, name)
            if isinstance(flag, tuple):
                return flag
        part = self.attack_part(action)
        why = self.field_refusal(state, now, action, unit) or (moved_refusal(action, unit) if part else None)
        if why:
            return why
        moves, words = self.moves(state, action, unit)
        if part is None:
            return Plan(unit, moves, words)
        kind, attack = part
        after = replay(state, list(moves))  # the attack is the plain one, from where the move leaves the figure
        if not standing(after.unit(unit.id)):
            return f"{unit.name} is KO'd by the {JUMP_DAMAGE} damage of jumping off: it can't go on to attack", \
                self.rule
        judged = kind.plan(after, replace(now, count=count(after, now.defaults)), attack, True,
                           penalty(action.params))
        if not isinstance(judged, Plan):
            assert judged is not None  # a figure is named and required
            return judged
        return Plan(unit, moves, words, attack, kind, after, judged.aim)

    def moves(self, state: Match, action: Action, unit: Unit) -> tuple[tuple[Event, ...], str]:
        """The move part's events (where it lands, the boarding) and its words."""
        by = state.active_player.id
        words = f"{unit.name}: {self.title[:1].lower()}{self.title[1:]}"
        to, events = self.landing(action, unit), []
        if to != place(unit):
            events.append(Event("set_position", {"unit": unit.id, "position": to}, by))
            words += f", now {PHRASES[to]}"
        if to == TOP and place(unit) in OUTSIDE_MAP:
            events += stamp(state, unit, by, BOARDED)
        return tuple(events), words

    def aimed_at(self, state: Match, action: Action) -> str | None:
        part = self.attack_part(action)
        return part[0].aimed_at(state, part[1]) if part else super().aimed_at(state, action)


def _house_notes(state: Match, now: Play, text: str | None) -> str | None:
    """The note of a move that may take a flyer on top or inside, with the house rules on in this match."""
    extra = [note for option, note in HOUSE_NOTES.items() if option_on(state, option, now.defaults)]
    return " ".join([text or "", *extra]).strip() or None


class Move(Moving):
    """Moving (and climbing on top), then an attack if it makes one, or any other action such as a power."""

    own_fields = (MOVE_TO,)
    aims = (SHOOT, ATTACK_CORE, ATTACK)

    def note(self, state: Match, now: Play) -> str | None:
        return _house_notes(state, now, self.text)

    def field_refusal(self, state: Match, now: Play, action: Action, unit: Unit) -> Refusal | None:
        return move_refusal(state, unit, action.params.get("to"),
                            option_on(state, FLYER_LIMIT_OPTION, now.defaults))

    def outcomes(self, state: Match, now: Play, action: Action) -> tuple[Branch, ...] | None:
        unit = next((u for u in state.units if u.id == action.unit), None)
        if unit is not None and self.landing(action, unit) == place(unit):
            return None  # a move that ends where it started: the plain attack itself, weighed as that (listed once)
        return super().outcomes(state, now, action)


class Enter(Moving):
    lands, goes_on, aims = RAMP, (RAMP, INTERIOR), (ATTACK_CORE, ATTACK)
    own_fields = (ends(goes_on),)

    def note(self, state: Match, now: Play) -> str | None:
        return _house_notes(state, now, self.text)

    def place_refusal(self, state: Match, unit: Unit) -> Refusal | None:
        return entering_refusal(unit)


class Exit(Moving):
    lands, own_fields, aims = TOP, (VIA_RAMP,), (ATTACK,)

    def place_refusal(self, state: Match, unit: Unit) -> Refusal | None:
        return leaving_refusal(state, unit)

    def field_refusal(self, state: Match, now: Play, action: Action, unit: Unit) -> Refusal | None:
        return ramp_refusal(unit, action.params.get("via_ramp", False)) or super().field_refusal(state, now, action,
                                                                                                   unit)


class GetOff(Moving):
    """Off the top of the Scarab onto the Destroyed Base map: it may go on beneath the Scarab, or attack."""

    lands, goes_on, aims = GROUND, (GROUND, BENEATH), (SHOOT, ATTACK)
    own_fields = (ends(goes_on),)

    def place_refusal(self, state: Match, unit: Unit) -> Refusal | None:
        if place(unit) == TOP:
            return None
        return f"{unit.name} is {where(unit)}: only a figure on top of the Scarab can get off it", self.rule


class JumpOff(GetOff):
    """Jumping off a standing Scarab deals 1 damage, unless the figure has Jump/Climb or flies."""

    own_fields = (JUMP_CLIMB, *GetOff.own_fields)

    def moves(self, state: Match, action: Action, unit: Unit) -> tuple[tuple[Event, ...], str]:
        events, words = super().moves(state, action, unit)
        if action.params.get("jump_climb") or is_aerial(unit) or "jump-climb" in tags(unit):
            return events, words + " (Jump/Climb or flight: no damage)"
        damage = Event("damage", {"unit": unit.id, "amount": JUMP_DAMAGE}, state.active_player.id)
        return (*events, damage), words + f", {JUMP_DAMAGE} damage for jumping off"
