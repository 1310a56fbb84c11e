"""Actions as objects (issue 41, point 2): a system's door (`legal_actions`, `explain`, `odds`, `resolve`,
`outcomes`) finds the action by id and asks it; `ActionKind.explain` runs the turn's check, then the unit's, then
the params'; a system that moved lists exactly its action objects."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match, Unit
from companion.rules.action import Action, ActionKind, ActionOption, Refusal, Resolution
from companion.rules.base import System
from companion.rules.scarab.attacker import ATTACKERS
from companion.rules.scarab.turn_play import SCARAB_TURN

from builders import match, unit
from scarab_setup_kit import scarab_match, strike_team


class Shout(ActionKind[int]):
    """A toy action: refused on odd turns (`now` is the turn), to units of p2, and for a `volume` above 3."""

    def option(self, state: Match, now: int) -> ActionOption:
        why = self.turn_refusal(state, now)
        if why:
            return ActionOption(self.id, self.title, False, reason=why[0], rule=why[1])
        mine = tuple(u.id for u in state.units if u.owner == state.active_player.id)
        return ActionOption(self.id, self.title, True, mine, rule=self.rule)

    def turn_refusal(self, state: Match, now: int) -> Refusal | None:
        return ("only on even turns", "shouting") if now % 2 else None

    def unit_refusal(self, state: Match, now: int, unit: Unit) -> Refusal | None:
        return (f"{unit.name} is not yours", "owners") if unit.owner != state.active_player.id else None

    def param_refusal(self, state: Match, now: int, action: Action, unit: Unit | None) -> Refusal | None:
        volume = action.params.get("volume", 1)
        return (f"{self.title}: volume {volume} is too loud", "volume") if volume > 3 else None

    def resolve(self, state: Match, now: int, action: Action, rng: random.Random) -> Resolution:
        return Resolution((), f"{action.unit} shouts on turn {now}")


class Toy(System[int]):
    id, name = "toy", "Toy"
    actions = {"shout": Shout("shout", "Shout", "shouting")}

    def _query(self, state: Match) -> int:
        return state.turn + 1  # the first turn counts as 2 here, so a fresh match may shout


@pytest.fixture
def state() -> Match:
    return replay(match(), [Event("add_unit", {"unit": unit("a", "p1")}), Event("add_unit", {"unit": unit("b", "p2")})])


def test_the_door_asks_the_action_its_checks_in_order(state: Match) -> None:
    toy = Toy()
    assert [o.action for o in toy.legal_actions(state)] == ["shout"]
    assert toy.explain(state, Action("shout", "a")).legal
    assert toy.explain(state, Action("shout", "b")).reason == "Shout: Unit b is not yours"
    loud = toy.explain(state, Action("shout", "a", {"volume": 5}))
    assert (loud.legal, loud.rule) == (False, "volume")
    assert toy.resolve(state, Action("shout", "a"), random.Random(0)).summary == "a shouts on turn 2"
    odd = replay(state, [Event("end_turn", {}, "p1")])
    assert toy.explain(odd, Action("shout", "b", {"volume": 5})).reason == "Shout: only on even turns"  # turn first
    with pytest.raises(IllegalAction, match="only on even turns"):
        toy.resolve(odd, Action("shout", "a"), random.Random(0))
    with pytest.raises(IllegalAction, match="Shout: say which unit takes it"):
        toy.resolve(state, Action("shout"), random.Random(0))


def test_an_action_the_system_lacks_is_refused_by_every_door(state: Match) -> None:
    toy = Toy()
    assert toy.explain(state, Action("sing", "a")).reason == "Toy has no action 'sing'; its actions are shout"
    for door in (toy.odds, toy.outcomes):
        with pytest.raises(IllegalAction, match="no action 'sing'"):
            door(state, Action("sing", "a"))
    assert toy.odds(state, Action("shout", "a")) is None and toy.outcomes(state, Action("shout", "a")) is None


@pytest.mark.parametrize("system_id", ["armageddon-empires", "halo-actionclix", "heroclix-skirmish",
                                       "killer-of-the-maze"])
def test_a_moved_system_lists_its_action_objects_and_no_spec(system_id: str) -> None:
    system = rules.get(system_id)
    start = match(system_id)
    assert [o.action for o in system.legal_actions(start)] == list(system.actions)
    assert all(isinstance(a, ActionKind) and a.id == key for key, a in system.actions.items())


MOVED = ("empires", "halo", "maze", "scarab", "skirmish")  # the rules packages whose actions are objects
CHOSEN_BY_ID = re.compile(r"""(spec\.id|action\.name|\.action)\s*(==|!=|in\b|not in\b)""")


@pytest.mark.parametrize("package", MOVED)
def test_a_moved_system_chooses_what_an_action_does_by_its_type_not_its_id(package: str) -> None:
    folder = Path(rules.__file__).parent / package
    found = [f"{path.name}:{n}: {line.strip()}" for path in sorted(folder.glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if CHOSEN_BY_ID.search(line)]
    assert found == []


def test_a_desk_attack_is_an_object_the_protocol_types_not_a_module() -> None:
    """`System.desk_attack` (rules.base.DeskAttack): its numbers, its chance in numbers and words, its roll."""
    desk = rules.get("halo-actionclix").desk_attack
    assert desk is not None and desk.kinds[0] == "shoot"
    setup = desk.setup(attack=9, defense=16, moved=5)
    assert desk.owns(setup) and not desk.owns(object())
    assert desk.hit_chance(setup) == Fraction(1, 6)
    assert desk.chance_text(setup).endswith("needs 10+ on 2d6, 1/6 (16.67%)")
    assert desk.resolve(setup, random.Random(3)).chance == Fraction(1, 6)
    assert not any(isinstance(rules.get(s).desk_attack, ModuleType) for s in rules.available())


def test_the_scarab_lists_the_action_objects_of_the_side_playing() -> None:
    """Each side's turn is a table of its own (both have a "move" and an "end-turn"): the door lists and asks the
    table of the side playing, each action an object; a decided fight leaves ending the match alone."""
    system = rules.get("scarab")
    start = scarab_match(*strike_team())
    attacking = replay(start, [Event("end_turn", {})])
    for state, side in ((start, SCARAB_TURN), (attacking, ATTACKERS)):
        assert [o.action for o in system.legal_actions(state)] == list(side.actions)
        assert all(isinstance(a, ActionKind) and a.id == key for key, a in side.actions.items())
    assert system.explain(start, Action("roll-event")).reason == "'Roll a d6 against the Event dial' is open"
    assert system.explain(start, Action("move", "batman")).reason.startswith("not yet: the Scarab's turn runs in order")
    assert system.explain(attacking, Action("move", "batman")).reason == (
        "Batman can take 'Move (then attack) or another action'")
    core = next(u for u in attacking.units if u.ref == "scarab:main-power-core")
    won = replay(attacking, [Event("damage", {"unit": core.id, "amount": 9})])
    assert [o.action for o in system.legal_actions(won)] == ["end-match"]
    assert system.explain(won, Action("move", "batman")).reason.endswith("only ending the match is left")
