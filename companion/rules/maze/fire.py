"""The Killer of the Maze: a Fire action's exact odds and its resolution (seed 002).

From the source: a hit roll of an unmodified 6 always succeeds; Flamers (and Heavy Flamers) hit automatically;
the Frag Grenade makes 2D6 hit rolls; the roll to wound and the damage come from the weapon table (the Shotgun's
by distance); the Storm Bolter firing its maximum shots deals 2 damage on a wound roll of 6; the Heavy Stubber,
after 4+ hits in a phase, lets friendly models reroll hit rolls of 1 (its hits are counted per model and phase,
and a reroll asked for before that is refused); the Hot-shot Volleygun adds 1 to hit when
its bearer has not moved; the Cogitator Scanner takes 1 off while on.
The number a hit roll needs is NOT in this part of the source: the players enter it (`to_hit`), nothing here
assumes one. The Blind Horror's saves are not in it either: results are wounds before its saves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from companion.core.dice.roll import RollResult, roll
from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.action import Resolution, odds_text, param_int
from companion.rules.maze.carry import RULE as CARRY_RULE
from companion.rules.maze.carry import carry_refusal
from companion.rules.maze.items import (
    MOVED,
    SCANNER_ON,
    Profile,
    Weapon,
    carried,
    catalogue,
    param_bool,
    param_choice,
    set_counter,
    shots_counter,
    shots_left,
    this_phase,
    token_event,
)

if TYPE_CHECKING:
    import icepool

ALWAYS_HITS = 6  # an unmodified 6
# unit counters: the hits a model's Heavy Stubber made in the game turn `stubber-turn` names (each Action phase is
# its own match turn, so an older turn's count is simply over)
STUBBER_HITS, STUBBER_TURN = "stubber-hits", "stubber-turn"
STUBBER_HITS_FOR_REROLLS = 4
STUBBER_RULE = "heavy-stubber"  # the rules section of the Heavy Stubber's rerolls
FRAG_HIT_ROLLS = "2d6"
STORM_BOLTER_DAMAGE = 2


# --- how each weapon fires beyond its table's numbers: one object per behaviour, chosen by the weapon ------------


@dataclass(frozen=True)
class Firing:
    """What firing a weapon does beyond the pack's numbers (range, to wound, damage, AP, shots): this base, nothing.
    `thrown`: 2D6 hit rolls, thrown once from an equipment counter, a wound sends the Blind Horror back to the
    Shadows (the Frag Grenade); `counts_hits`: its hits this phase are counted for the friendly rerolls of 1 (the
    Heavy Stubber)."""

    thrown: bool = False
    counts_hits: bool = False

    def modifier(self, state: Match, unit: Unit) -> int:
        """Its own modifier to hit rolls."""
        return 0

    def ap(self, unit: Unit, weapon: Weapon) -> int:
        return weapon.ap

    def doubles_on_six(self, weapon: Weapon, shots: int) -> bool:
        """Whether a wound roll of 6 deals STORM_BOLTER_DAMAGE instead of the profile's damage."""
        return False


@dataclass(frozen=True)
class StormBolter(Firing):
    """At its maximum shots, a wound roll of 6 deals 2 damage (its note in the pack)."""

    def doubles_on_six(self, weapon: Weapon, shots: int) -> bool:
        return shots == weapon.max_shots


@dataclass(frozen=True)
class Volleygun(Firing):
    """+1 to hit when its bearer has not moved this Action phase."""

    def modifier(self, state: Match, unit: Unit) -> int:
        return 0 if this_phase(unit, MOVED, state.turn) else 1


@dataclass(frozen=True)
class HeavyStubber(Firing):
    """AP -1 instead of 0 while its bearer also carries a Servo Skull; its hits earn the team rerolls of 1."""

    counts_hits: bool = True

    def ap(self, unit: Unit, weapon: Weapon) -> int:
        return -1 if carried(unit, "servo-skull") else weapon.ap


# what each weapon of the pack does when fired beyond its numbers, by its id (the one place a weapon's id picks its
# behaviour); a weapon not named here fires by its numbers alone
FIRING: dict[str, Firing] = {
    "frag-grenade": Firing(thrown=True),
    "storm-bolter": StormBolter(),
    "hot-shot-volleygun": Volleygun(),
    "heavy-stubber": HeavyStubber(),
}
PLAIN = Firing()


def firing_of(weapon: Weapon) -> Firing:
    return FIRING.get(weapon.id, PLAIN)


def stubber_hits(state: Match, owner: str) -> int | None:
    """The most hits one of `owner`'s Heavy Stubbers made this phase (what lets friendly models reroll hit rolls of
    1); None in a match made before the pack tracked them."""
    if STUBBER_HITS not in state.rules.counters.get("unit", ()):
        return None
    return max((u.counters.get(STUBBER_HITS, 0) for u in state.units
                if u.owner == owner and this_phase(u, STUBBER_TURN, state.turn)), default=0)


def _reroll_ones(state: Match, unit: Unit, params: Mapping[str, Any]) -> bool:
    """Whether the fire rerolls hit rolls of 1: asked, and refused until a friendly Heavy Stubber has made 4 hits this
    phase (a match that doesn't count them leaves it to the players)."""
    if not param_bool(params, "reroll_ones"):
        return False
    made = stubber_hits(state, unit.owner)
    if made is not None and made < STUBBER_HITS_FOR_REROLLS:
        raise IllegalAction(f"hit rolls of 1 are rerolled only once a Heavy Stubber has made "
                            f"{STUBBER_HITS_FOR_REROLLS} hits this phase; the most so far is {made}", STUBBER_RULE)
    return True


def stubber_events(state: Match, unit: Unit, setup: FireSetup, hits: int) -> list[Event]:
    """The Heavy Stubber's hits this phase counted up (nothing for other weapons or no hits)."""
    if not setup.firing.counts_hits or not hits:
        return []
    before = unit.counters.get(STUBBER_HITS, 0) if this_phase(unit, STUBBER_TURN, state.turn) else 0
    return [*set_counter(unit, STUBBER_TURN, state.turn, unit.owner),
            *set_counter(unit, STUBBER_HITS, before + hits, unit.owner)]


@dataclass(frozen=True)
class FireSetup:
    weapon: Weapon
    profile: Profile  # the one for the distance fired at
    shots: int  # hit rolls for a gun (the Frag Grenade rolls 2D6 for how many)
    to_hit: int | None  # the hit roll needed; None only for weapons that hit automatically
    modifier: int = 0  # added to hit rolls (+1 Volleygun standing still, -1 Cogitator Scanner on)
    reroll_ones: bool = False
    ap: int = 0

    @property
    def firing(self) -> Firing:
        return firing_of(self.weapon)

    @property
    def grenade(self) -> bool:
        return self.firing.thrown

    @property
    def double_on_six(self) -> bool:
        return self.firing.doubles_on_six(self.weapon, self.shots)

    def hits(self, face: int) -> bool:
        """One hit roll's face (before rerolling a 1)."""
        if self.weapon.auto_hit:
            return True
        return face == ALWAYS_HITS or (self.to_hit is not None and face + self.modifier >= self.to_hit)

    @property
    def hit_notation(self) -> str:
        """The lowest face that hits, for the roll's notation: with the unmodified 6 it is never above 6."""
        needed = (self.to_hit or 1) - self.modifier
        return f">={max(1, min(ALWAYS_HITS, needed))}"

    def rerolls(self, face: int) -> bool:
        return self.reroll_ones and face == 1 and not self.hits(1)

    def damage(self, wound_face: int) -> int:
        if wound_face < self.profile.to_wound:
            return 0
        return STORM_BOLTER_DAMAGE if self.double_on_six and wound_face == 6 else self.profile.damage

    def rolls_text(self) -> str:
        if self.grenade:
            return "2D6 hit rolls"
        return f"{self.shots} shot{'s' if self.shots != 1 else ''}"

    def hit_text(self) -> str:
        if self.weapon.auto_hit:
            return "hits automatically"
        mod = f" with {self.modifier:+d}" if self.modifier else ""
        extra = ", rerolling 1s" if self.reroll_ones else ""
        return f"hits on {self.to_hit}+{mod} (an unmodified 6 always hits{extra})"


@dataclass(frozen=True)
class FireOdds:
    hits: dict[int, Fraction]
    wounds: dict[int, Fraction]
    damage: dict[int, Fraction]

    @property
    def any_hit(self) -> Fraction:
        return 1 - self.hits.get(0, Fraction(0))

    @property
    def any_wound(self) -> Fraction:
        return 1 - self.wounds.get(0, Fraction(0))

    @property
    def mean_damage(self) -> Fraction:
        return sum((k * p for k, p in self.damage.items()), Fraction(0))


def _fractions(die: icepool.Die) -> dict[int, Fraction]:
    total = die.denominator()
    return {int(o): Fraction(int(q), total) for o, q in die.items() if q}


def _one_roll(setup: FireSetup) -> icepool.Die:
    """One hit roll as (hit 0/1, damage) pairs encoded as damage + 100 * hit, so one Die carries both."""
    import icepool  # loaded when odds are first asked for, not with the system

    def after_hit(face: int) -> icepool.Die | int:
        if not setup.hits(face):
            return 0
        return icepool.d6.map(lambda w: 100 + setup.damage(w))

    def hit_roll(face: int) -> icepool.Die | int:
        return icepool.d6.map(after_hit) if setup.rerolls(face) else after_hit(face)

    return icepool.d6.map(hit_roll)


@lru_cache(maxsize=256)
def fire_odds(setup: FireSetup) -> FireOdds:
    """Exact distributions of hits, wounds (wound rolls passed) and damage before saves."""
    import icepool  # loaded when odds are first asked for, not with the system

    one = _one_roll(setup)
    hit = one.map(lambda v: v // 100)
    wound = one.map(lambda v: 1 if v % 100 else 0)
    dmg = one.map(lambda v: v % 100)
    count: icepool.Die | int = (2 @ icepool.d6) if setup.grenade else setup.shots
    return FireOdds(_fractions(count @ hit), _fractions(count @ wound), _fractions(count @ dmg))


def odds_line(setup: FireSetup) -> tuple[Fraction, str]:
    o = fire_odds(setup)
    text = (f"{setup.weapon.name}, {setup.rolls_text()}, {setup.hit_text()}, wounds on {setup.profile.to_wound}+: "
            f"at least one hit {odds_text(o.any_hit)}; at least one wound {odds_text(o.any_wound)}; "
            f"average damage {float(o.mean_damage):.2f} before the Blind Horror's saves (AP {setup.ap})")
    return o.any_wound, text


@dataclass(frozen=True)
class FireResult:
    rolls: tuple[tuple[RollResult, str], ...]  # each roll made, with what it was for
    hit_faces: tuple[int, ...]
    hits: int
    wound_faces: tuple[int, ...]
    wounds: int
    damage: int
    lines: tuple[str, ...]


def resolve_fire(setup: FireSetup, rng: random.Random) -> FireResult:
    rolls: list[tuple[RollResult, str]] = []
    lines: list[str] = []
    count = setup.shots
    if setup.grenade:
        how_many = roll(FRAG_HIT_ROLLS, rng)
        rolls.append((how_many, "Frag Grenade: number of hit rolls"))
        count = how_many.total
        lines.append(f"Frag Grenade: {how_many.describe()} hit rolls")
    if setup.weapon.auto_hit:
        faces: tuple[int, ...] = ()
        hits = count
        lines.append(f"{setup.weapon.name} hits automatically: {counted(hits, 'hit')}")
    else:
        hit_roll = roll(f"{count}d6{setup.hit_notation}", rng)
        rolls.append((hit_roll, "hit rolls"))
        faces = hit_roll.dice
        lines.append(f"Hit rolls {hit_roll.describe()}: {setup.hit_text()}")
        again = sum(1 for f in faces if setup.rerolls(f))
        kept = [f for f in faces if not setup.rerolls(f)]
        if again:
            reroll = roll(f"{again}d6{setup.hit_notation}", rng)
            rolls.append((reroll, "rerolled hit rolls of 1"))
            lines.append(f"Rerolled {counted(again, 'one')}: {reroll.describe()}")
            kept += list(reroll.dice)
        hits = sum(1 for f in kept if setup.hits(f))
        faces = tuple(kept)
    wound_faces: tuple[int, ...] = ()
    if hits:
        wound_roll = roll(f"{hits}d6>={setup.profile.to_wound}", rng)
        rolls.append((wound_roll, "wound rolls"))
        wound_faces = wound_roll.dice
        lines.append(f"Wound rolls {wound_roll.describe()} ({setup.profile.to_wound}+ wounds)")
    wounds = sum(1 for f in wound_faces if f >= setup.profile.to_wound)
    damage = sum(setup.damage(f) for f in wound_faces)
    if setup.double_on_six and any(f == 6 for f in wound_faces):
        lines.append("Storm Bolter at its maximum shots: each wound roll of 6 deals 2 damage")
    return FireResult(tuple(rolls), faces, hits, wound_faces, wounds, damage, tuple(lines))


def fire_setup(state: Match, unit: Unit, params: Mapping[str, Any]) -> FireSetup:
    """The checked set-up of a Fire action; IllegalAction naming the rule when a value breaks it."""
    cat = catalogue()
    weapon = cat.weapons[param_choice(params, "weapon", tuple(cat.weapons), next(iter(cat.weapons)), "fire")]
    refusal = carry_refusal(unit, weapon.id)
    if refusal:
        raise IllegalAction(refusal, CARRY_RULE)
    distance = param_int(params, "distance", 0, 99, 1, "fire")
    profile = weapon.profile_at(distance)
    if profile is None:
        raise IllegalAction(f"the {weapon.name} reaches {counted(weapon.range, 'tile')}; the Blind Horror is "
                            f"{distance} away", weapon.section)
    how = firing_of(weapon)
    if how.thrown:
        if not carried(unit, weapon.id):
            raise IllegalAction(f"{unit.name} carries no {weapon.name}", weapon.section)
        shots = 1
    else:
        shots = param_int(params, "shots", 1, 99, weapon.min_shots, "fire")
        left = shots_left(unit, weapon)
        if not weapon.min_shots <= shots <= weapon.max_shots:
            raise IllegalAction(f"the {weapon.name} fires {weapon.min_shots} to {weapon.max_shots} shots, not {shots}",
                                weapon.section)
        if shots > left:
            raise IllegalAction(f"{unit.name}'s {weapon.name} has only {counted(left, 'shot')} left", "fire")
    to_hit: int | None = None
    if not weapon.auto_hit:
        raw = params.get("to_hit", "")
        if raw in ("", None):
            raise IllegalAction("enter the hit roll needed: it is not in this part of the source", "fire")
        to_hit = param_int({"to_hit": raw}, "to_hit", 2, 6, 4, "fire")
    modifier = how.modifier(state, unit)
    if carried(unit, "cogitator-scanner") == SCANNER_ON:
        modifier -= 1
    return FireSetup(weapon, profile, shots, to_hit, modifier, _reroll_ones(state, unit, params), how.ap(unit, weapon))


def fire(state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
    setup = fire_setup(state, unit, params)
    result = resolve_fire(setup, rng)
    by = unit.owner
    events = [token_event(unit, 1)]
    events += [Event("roll", r.event_data(f"{unit.name} fires the {setup.weapon.name}: {why}"), by)
               for r, why in result.rolls]
    if setup.grenade:
        events += set_counter(unit, setup.weapon.id, carried(unit, setup.weapon.id) - 1, by)
    else:
        left = shots_left(unit, setup.weapon) - setup.shots
        events += set_counter(unit, shots_counter(setup.weapon), left, by, implicit=True)
    events += stubber_events(state, unit, setup, result.hits)
    summary = (f"{unit.name} fires the {setup.weapon.name}: {counted(result.hits, 'hit')}, "
               f"{counted(result.wounds, 'wound')}, {result.damage} damage before saves")
    details = [*result.lines, f"The Tyranid player makes the Blind Horror's saves (AP {setup.ap}), then applies the "
                              "damage that gets through."]
    if setup.grenade and result.wounds:
        details.append("If a wound gets through, the Blind Horror returns to the Shadows at once (an Assault fails).")
    if not setup.grenade:
        details.append(f"{counted(left, 'shot')} left in the {setup.weapon.name}.")
    return Resolution(tuple(events), summary, ("fire", setup.weapon.section), tuple(details))
