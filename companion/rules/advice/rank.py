"""The advisor's ranking: every rolling option of the active player, weighed exactly, the chance to win the game
now first, then the chosen key.

Which options: each enabled option of `legal_actions` that rolls (`dice`), for each unit it is open to and each
target its form offers, with the form's defaults for the rest (the row says what those assume). What each is
worth: for every class of the roll (`System.outcomes`), the events the system's own `resolve` gives for a roll of
that class, applied on a trial copy by the one reducer; the figures are those events' effects weighted by the
class's chance. Nothing here knows a game: points are the player's score in the system's own kind (`vp` or
`kills`), damage and KO what the system's `advisor.harm` counts (clicks of the target, by default), anything more
is the system's `advisor.figures` (rules/advisor.py).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from companion.core.errors import CompanionError
from companion.core.match.describe import trial
from companion.core.model import Match, Unit
from companion.rules.action import Action, ActionOption, Param, Resolution
from companion.rules.advice.dice import Branch, ScriptedDice
from companion.rules.base import System

KEYS = ("points", "ko", "damage")  # what the ranking can be sorted by
ZERO = Fraction(0)


@dataclass(frozen=True)
class Effect:
    """What the events `resolve` gives for one class of the roll do, as the reducer applies them."""

    success: bool | None  # the resolution's hit or miss (None: not a roll that hits or misses)
    damage: int  # what the system's `advisor.harm` counts: by default clicks the target really took
    ko: bool
    points: int  # the active player's score gained, in the system's kind
    won: bool  # the step ends the match with the active player among the winners
    figures: dict[str, int] = field(default_factory=dict)
    scoring: str = "VP"  # what `points` counts, in the system's words
    aimed: bool = False  # the system counted a card's harm (`advisor.harm` said what damage and KO are here)


@dataclass(frozen=True)
class Outcome:
    branch: Branch
    effect: Effect


@dataclass(frozen=True)
class Row:
    """One advised option: the action it starts (exactly what `resolve` takes) and its exact figures."""

    action: Action
    title: str  # the option's title ("Attack")
    unit: str | None  # the acting unit's name
    target: str | None  # the target's unit id
    target_name: str | None
    outcomes: tuple[Outcome, ...]
    assumed: tuple[str, ...]  # what the app can't know and took for granted

    @property
    def scoring(self) -> str:
        """What `points` counts ("VP", "kills", "Scarab clicks"), in the system's words."""
        return self.outcomes[0].effect.scoring

    @cached_property
    def _weights(self) -> tuple[tuple[int, ...], int]:
        """Each class's chance over one common denominator: sums of whole numbers, one Fraction at the end."""
        common = math.lcm(*(o.branch.chance.denominator for o in self.outcomes))
        return tuple(o.branch.chance.numerator * (common // o.branch.chance.denominator)
                     for o in self.outcomes), common

    def _expect(self, values: Iterable[int | bool]) -> Fraction:
        weights, common = self._weights
        return Fraction(sum(w * int(v) for w, v in zip(weights, values, strict=True)), common)

    @cached_property
    def hit(self) -> Fraction | None:
        """The chance the roll succeeds (None when the roll isn't one that hits or misses)."""
        if any(o.effect.success is None for o in self.outcomes):
            return None
        return self._expect(bool(o.effect.success) for o in self.outcomes)

    @property
    def aimed(self) -> bool:
        """Whether damage and KO count anyone here (an attack's target, a challenge's card), so they are shown."""
        return any(o.effect.aimed for o in self.outcomes)

    @cached_property
    def damage(self) -> Fraction:
        return self._expect(o.effect.damage for o in self.outcomes)

    @cached_property
    def ko(self) -> Fraction:
        return self._expect(o.effect.ko for o in self.outcomes)

    @cached_property
    def points(self) -> Fraction:
        return self._expect(o.effect.points for o in self.outcomes)

    @cached_property
    def win(self) -> Fraction:
        return self._expect(o.effect.won for o in self.outcomes)

    @cached_property
    def figures(self) -> dict[str, Fraction]:
        """The system's own figures (e.g. Halo's upgrade tokens), each as an expected count."""
        names = dict.fromkeys(n for o in self.outcomes for n in o.effect.figures)
        return {n: self._expect(o.effect.figures.get(n, 0) for o in self.outcomes) for n in names}

    def key(self, by: str) -> tuple[Fraction, ...]:
        """The sort key: the chance to win the game now first (a game is won, not scored), then `by`, then the
        other figures."""
        figures = {"points": self.points, "ko": self.ko, "damage": self.damage}
        return (self.win, figures[by], *(figures[k] for k in KEYS if k != by), self.hit or ZERO)


def rank(system: System, state: Match, by: str = "points", struck: Iterable[str] = ()) -> list[Row]:
    """Every rolling option open to the active player now, best first by `by` (one of KEYS); targets in
    `struck` (unit ids the player ruled out this turn, e.g. no line of fire) are left out."""
    if by not in KEYS:
        raise ValueError(f"rank by one of {', '.join(KEYS)}, not {by!r}")
    out = set(struck)
    rows: list[Row] = []
    seen: set[tuple[object, ...]] = set()
    effects: dict[Hashable, Effect] = {}  # by the system's outcome key: classes it says resolve alike
    assumed: dict[str, tuple[str, ...]] = {}
    for option, action in candidates(system, state):
        if out and (system.advisor.target(state, action) in out or action.params.get("target") in out):
            continue
        if option.action not in assumed:
            assumed[option.action] = assumptions(system, state, option)
        row = weigh(system, state, option, action, effects, assumed[option.action])
        if row is None:
            continue
        same = (action.unit, row.target, tuple((o.branch.chance, o.effect.success, o.effect.damage, o.effect.ko,
                                                 o.effect.points, o.effect.won) for o in row.outcomes))
        if same in seen:  # e.g. "move and attack" moving no squares is the attack itself: list it once
            continue
        seen.add(same)
        rows.append(row)
    rows.sort(key=lambda r: r.key(by), reverse=True)  # stable: equal rows keep the order the options are listed
    return rows


def candidates(system: System, state: Match) -> Iterator[tuple[ActionOption, Action]]:
    """Each option with each unit it is open to and each target its form offers, defaults elsewhere."""
    for option in system.legal_actions(state):  # the system's `outcomes` says which of them it can weigh
        if not option.enabled:
            continue
        base = {p.name: p.default for p in option.params if p.default is not None and p.name != "target"}
        target = next((p for p in option.params if p.name == "target" and p.kind in ("unit", "choice")), None)
        aims = [c for c, _ in target.choices if c] if target is not None else [None]
        for unit in option.units or (None,):
            for aim in aims:
                if aim == unit:
                    continue
                yield option, Action(option.action, unit, base if aim is None else {**base, "target": aim})


def weigh(system: System, state: Match, option: ActionOption, action: Action,
          effects: dict[Hashable, Effect] | None = None, assumed: tuple[str, ...] | None = None) -> Row | None:
    """The option's row, None when the system can't weigh it or the rules refuse it. `effects` shares what a
    class of the roll does between actions the system gives the same `outcome_key` (the property test checks
    every figure against resolving each roll of each row's own action)."""
    effects = {} if effects is None else effects
    try:
        branches = system.outcomes(state, action)
        if not branches:
            return None
        outcomes = []
        for branch in branches:
            key = system.advisor.outcome_key(state, action, branch.label)
            effect = effects.get(key) if key is not None else None
            if effect is None:
                effect = effect_of(system, state, action, branch)
                if key is not None:
                    effects[key] = effect
            outcomes.append(Outcome(branch, effect))
    except CompanionError:  # not legal with these values (resolve's own refusal): not an option to advise
        return None
    target_id = system.advisor.target(state, action)
    target = _unit(state, target_id or action.params.get("target"))  # named in the row even when not counted
    actor = _unit(state, action.unit)
    return Row(action, option.title, actor.name if actor else None, target_id, target.name if target else None,
               tuple(outcomes), assumptions(system, state, option) if assumed is None else assumed)


def effect_of(system: System, state: Match, action: Action, branch: Branch) -> Effect:
    """What `resolve` does with a roll of this class: its events applied on a trial copy by the reducer."""
    resolution = resolved(system, state, action, branch)
    path = trial(state, resolution.events)
    after, harm = path[-1], system.advisor.harm(path, action)
    gained, word = system.advisor.points(state, after, action)
    won = after.status == "finished" and state.active_player.id in (after.winners or ())
    damage, ko = harm if harm is not None else (0, False)
    return Effect(resolution.success, damage, ko, gained, won, system.advisor.figures(state, after, action), word,
                  harm is not None)


def resolved(system: System, state: Match, action: Action, branch: Branch) -> Resolution:
    """The system's own resolution of `action` when the dice show the branch's roll."""
    dice = ScriptedDice(branch.dice)
    resolution = system.resolve(state, action, dice)
    if dice.left:
        raise ValueError(f"{action.name}: the advisor scripted {dice.left} die/dice more than it rolls")
    return resolution


def _unit(state: Match, unit_id: object) -> Unit | None:
    return next((u for u in state.units if u.id == unit_id), None)


def assumptions(system: System, state: Match, option: ActionOption) -> tuple[str, ...]:
    """What the row takes for granted: the option's reminder (line of fire ...) and the form's values left at their
    defaults (a value about one unit, such as who stands next to the target, is left out)."""
    lines = [option.note] if option.note else []
    lines += system.advisor.assumes
    lines += [_assumed(p) for p in option.params if p.name != "target" and p.default is not None
              and not any(p.name.endswith(f"_{u.id}") for u in state.units) and p.kind in ("int", "bool")]
    return tuple(lines)


def _assumed(p: Param) -> str:
    """`Card: two 6s also deal 1 damage ...: no`, and where a player changes a value a form folds away (a newcomer
    who has the card looks for its switch: the action's screen shows it under More options)."""
    value = ("yes" if p.default else "no") if p.kind == "bool" else str(p.default)
    where = "; to change it, tap Take it, then More options" if p.rare else ""
    return f"{p.label}: {value}{where}"
