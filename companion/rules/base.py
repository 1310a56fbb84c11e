"""What every game system offers the app: the actions open to the active player now, why one is not, the
exact odds before a roll, and the events that apply the result.

A system reads the match state only (pure functions, no files): the UI shows `legal_actions(state)` as buttons,
enabled or greyed out with their reason. Picking one gives an `Action` (with the unit and the values the option's
`params` ask for); `odds(state, action)` says the exact chance before rolling, and `resolve(state, action, rng)`
rolls with the injected generator and returns the events to apply as one undoable step, with a summary.
Rule ids are section ids of the system's rules text (`content/<system>/rules.md`), so the app can open them.
Each of those answers comes from the action itself: an `ActionKind` object per action of the game, which the
`System` finds by id in its `actions` (issue 41; the older per-system `spec` hooks below remain until the last
system moves).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeGuard, TypeVar

from companion.core.errors import CompanionError, IllegalAction
from companion.core.match.events import Event
from companion.core.match.force_check import starting_force
from companion.core.match.reactions import Reactions
from companion.core.model import ACTION, ACTION_LAST, HOUSE, Match, Unit
from companion.core.words import TokenWords
from companion.rules.pack_source import pack_of

if TYPE_CHECKING:
    from companion.rules.advice.dice import Branch

Refusal = tuple[str, str]  # (reason for the player, rules section id)
Now = TypeVar("Now")  # what a system works out once per query and hands its actions (its turn, round or challenge)


class Harm(NamedTuple):
    """What one roll of an advised row does to the card it aims at: the advisor's "expected damage" and "chance to
    KO" keys are these weighted by each roll's chance."""

    damage: int  # in the system's own count: clicks by default, wounds and damage in Armageddon Empires
    ko: bool  # taken out by this roll: KO'd or off the table, a card eliminated


@dataclass(frozen=True)
class Param:
    """A value an action needs from the player before it resolves (a target, squares moved, dice in a pool).

    kind: "unit" or "choice" (one of `choices`, (value, label) pairs), "int" (from `low` to `high`), "bool".
    `rare`: seldom changed from its default (a modifier, a card's switch): a form folds it away until asked for.
    """

    name: str
    label: str
    kind: str
    choices: tuple[tuple[str, str], ...] = ()
    low: int = 0
    high: int = 99
    default: Any = None
    rare: bool = False
    # asked only when every named earlier field holds its value, and not when one holds a value in `not_when`
    # (a unit's splash mark: only with the card's splash on, never for the target itself)
    only_when: tuple[tuple[str, Any], ...] = ()
    not_when: tuple[tuple[str, Any], ...] = ()

    @property
    def initial(self) -> Any:
        """The value a form starts from: the default, else the first choice, off, or the lowest number."""
        if self.default is not None:
            return self.default
        if self.kind in ("unit", "choice"):
            return self.choices[0][0] if self.choices else ""
        return False if self.kind == "bool" else self.low


@dataclass(frozen=True)
class Action:
    """An action a player wants to take, optionally for one unit (`unit` is a unit id), with its params."""

    name: str
    unit: str | None = None
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)


@dataclass(frozen=True)
class ActionOption:
    """One action of the system as it stands now.

    `units` are the unit ids it can be given to now (empty when disabled or when it needs no unit); a disabled
    option says why in `reason`. `rule` is the rules section for the action (or for the refusal); `cost` is how
    many of the turn's actions it uses; `note` is a reminder the app can't check itself (e.g. map positions).
    """

    action: str
    title: str
    enabled: bool
    units: tuple[str, ...] = ()
    reason: str | None = None
    rule: str | None = None
    cost: int = 1
    note: str | None = None
    # unit id -> why that unit can't take it now, the units that came closest to taking it first
    refused: dict[str, str] = field(default_factory=dict)
    shown: tuple[str, ...] = ()  # the units whose reasons `reason` gives; the others' are in `refused`
    params: tuple[Param, ...] = ()  # what the player fills in before it resolves
    dice: str | None = None  # the roll it makes (dice notation), shown on its button

    def asked(self, values: Mapping[str, Any]) -> tuple[tuple[Param, ...], dict[str, Any]]:
        """The params a form asks now, in order, and the values the action takes: the filled-in value of each
        one asked, the initial value of each one not asked (its condition on an earlier field does not hold), so
        a mark left on a field that went out of the form is not sent. `values` holds a value for every param."""
        shown, taken = [], {}
        for p in self.params:
            ask = all(taken.get(n) == v for n, v in p.only_when) and not any(
                taken.get(n) == v for n, v in p.not_when)
            if ask:
                shown.append(p)
            taken[p.name] = values[p.name] if ask else p.initial
        return tuple(shown), taken


@dataclass(frozen=True)
class Verdict:
    legal: bool
    reason: str
    rule: str | None = None


@dataclass(frozen=True)
class Odds:
    """The exact chance of the action's success before rolling (None when success isn't one number)."""

    chance: Fraction | None
    text: str  # for people: "attack 9 vs defense 16: needs 7+ on 2d6, 7/12 (58.33%)"


@dataclass(frozen=True)
class Resolution:
    """A resolved action: the events to apply as one step, and what happened, dice included."""

    events: tuple[Event, ...]
    summary: str
    rules: tuple[str, ...] = ()
    details: tuple[str, ...] = ()  # further lines: why, effects, reminders the app can't check
    success: bool | None = None  # hit or miss, for rolls that succeed or fail (None: the roll isn't one of those)


def param_int(params: Mapping[str, Any], name: str, low: int, high: int, default: int = 0,
              rule: str | None = None) -> int:
    """A whole-number param (the app's form may send it as text); IllegalAction names it when out of range."""
    value = params.get(name, default)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(f"{name.replace('_', ' ')} must be a whole number from {low} to {high}, not {value!r}",
                            rule)
    return value


def check(verdict: Verdict) -> None:
    """Raise the core's IllegalAction for a refused verdict (with its rule)."""
    if not verdict.legal:
        raise IllegalAction(verdict.reason, verdict.rule)


def odds_text(chance: Fraction) -> str:
    """An exact chance for people: "7/12 (58.33%)"; a sure thing and no chance in words ("1 (100.00%)" read as a
    number of something)."""
    if chance in (0, 1):
        return "always (100%)" if chance else "never (0%)"
    return f"{chance.numerator}/{chance.denominator} ({float(chance) * 100:.2f}%)"


ENDINGS = ("end-turn", "end-round")  # the actions that end a turn or a round, in every game


class ActionKind(Generic[Now]):
    """One action of a game (python-chess's variant idea, one level down: an action is this type's checks plus the
    few it overrides). It knows its id, title, rule and cost, whether a unit takes it, why it is refused (the turn,
    the unit, the params), its form, its exact odds, its resolution and the advisor's outcomes. `now` is what the
    system works out once per query (`System._query`) and hands every action it asks.

    A system lists its actions in `System.actions`; the system's door (`explain`, `legal_actions`, `odds`,
    `resolve`, `outcomes`) finds the action by id and asks it."""

    cost = 1  # how many of the turn's actions it uses
    on_unit = True  # False: the player's action (ending the turn), given to no unit
    noun = "unit"  # what the game calls the pieces that take it ("card", "character")
    pick = "say which unit takes it"  # what resolve says when a unit's action names none

    def __init__(self, id: str, title: str, rule: str, dice: str | None = None) -> None:
        self.id, self.title, self.rule, self.dice = id, title, rule, dice

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.id!r})"

    # --- the checks: the option as listed and explain both run them, so each refused unit's reason is explain's

    def option(self, state: Match, now: Now) -> ActionOption:
        """The action as it stands now: enabled for which units, or why not; its form and notes."""
        raise NotImplementedError(f"{type(self).__name__} lists no option")

    def turn_refusal(self, state: Match, now: Now) -> Refusal | None:
        """Why no unit can take it now (the match, the turn, the phase), None when the turn allows it."""
        return None

    def unit_refusal(self, state: Match, now: Now, unit: Unit) -> Refusal | None:
        """Why `unit` can't take it (explain puts the title before it)."""
        return None

    def params(self, state: Match, now: Now) -> tuple[Param, ...]:
        """Its form: what the player fills in before it resolves."""
        return ()

    def param_refusal(self, state: Match, now: Now, action: Action, unit: Unit | None) -> Refusal | None:
        """What resolve would refuse in the params, worded in full (`unit` None: an action of no unit)."""
        return None

    def legal_verdict(self, state: Match, now: Now, unit: Unit) -> Verdict:
        return Verdict(True, f"{unit.name} can {self.title.lower()}", self.rule)

    def taken_by(self, state: Match, now: Now, action: Action) -> Action:
        """The action as judged: with the unit that takes it when the game says who (a challenge's acting card)."""
        return action

    def explain(self, state: Match, now: Now, action: Action) -> Verdict:
        """Whether `action` is legal now and why (citing the rule section): the turn's checks, then the unit's,
        then the params'."""
        action = self.taken_by(state, now, action)
        why = self.turn_refusal(state, now)
        if why:
            return Verdict(False, f"{self.title}: {why[0]}", why[1])
        if action.unit is None or not self.on_unit:  # the option as listed, for whichever unit
            option = self.option(state, now)
            if not option.enabled:
                return Verdict(False, f"{self.title}: {option.reason}", option.rule)
            why = None if self.on_unit else self.param_refusal(state, now, action, None)
            if why:
                return Verdict(False, *why)
            names = ", ".join(state.unit(u).name for u in option.units)
            return Verdict(True, f"{option.title} is open" + (f" to {names}" if names else ""), option.rule)
        try:
            unit = state.unit(action.unit)
        except KeyError:
            return Verdict(False, f"there is no {self.noun} {action.unit!r} in this match")
        why = self.unit_refusal(state, now, unit)
        if why:
            return Verdict(False, f"{self.title}: {why[0]}", why[1])
        why = self.param_refusal(state, now, action, unit)
        return Verdict(False, *why) if why else self.legal_verdict(state, now, unit)

    def checked(self, state: Match, now: Now, action: Action) -> Action:
        """The action after every check, with the unit that takes it; IllegalAction with the reason when refused."""
        action = self.taken_by(state, now, action)
        check(self.explain(state, now, action))
        if self.on_unit and action.unit is None:
            raise IllegalAction(f"{self.title}: {self.pick}", self.rule)
        return action

    # --- what it does: the door checks nothing before these; each action checks what it must (`checked`)

    def odds(self, state: Match, now: Now, action: Action) -> Odds | None:
        """The exact chance before rolling, for an action that rolls (None for the others)."""
        return None

    def resolve(self, state: Match, now: Now, action: Action, rng: random.Random) -> Resolution:
        """Roll (with `rng`) and judge: the events that apply it. Raises IllegalAction when not legal now."""
        check(self.explain(state, now, action))
        raise IllegalAction(f"{self.title} has no resolution here", self.rule)

    def outcomes(self, state: Match, now: Now, action: Action) -> tuple[Branch, ...] | None:
        """The advisor's split of its roll (advice.dice.split), None when it can't be weighed."""
        return None


Setup = TypeVar("Setup")  # a game's attack numbers at the desk
Rolled = TypeVar("Rolled", covariant=True)  # a game's attack rolled at the desk: hit or miss, why, what else


class DeskAttack(Protocol[Setup, Rolled]):
    """A game's attack worked out at the desk, without a match (`companion attack`, session/play/attack.py): its
    numbers checked, its exact chance to hit in numbers and in words, and a roll that says whether it hits and
    why. A system offers one as `System.desk_attack`."""

    kinds: tuple[str, ...]  # how a unit attacks, in the game's words; the first is the default

    def setup(self, *, attack: int, defense: int, moved: int = 0, modifier: int = 0, kind: str = "shoot",
              double_six_splash: bool = False) -> Setup:
        """The attack's numbers; a CompanionError names the one that can't be right."""
        ...

    def owns(self, setup: object) -> TypeGuard[Setup]:
        """Whether `setup` is this calculator's numbers."""
        ...

    def hit_chance(self, setup: Setup) -> Fraction: ...

    def chance_text(self, setup: Setup) -> str: ...

    def resolve(self, setup: Setup, rng: random.Random) -> Rolled: ...


class System(Reactions, Generic[Now]):
    """A game system over the one core (python-chess's `chess/variant.py` is the model: the board asks itself,
    each variant overrides only what differs). Everything that differs between games is asked of this object:
    the actions and their reasons, where a figure can stand, which tokens a unit takes (the reducer refuses the
    rest for every caller, see `invariant`), what ends the match, what the header counts, whose force is
    checked how, and the house-rule options. This base is also the plain system of a pack with no helper."""

    id: str = ""
    name: str = ""
    # the places the rules tell apart (a unit's `position` word -> its label); the first is where a unit with
    # no position ("") stands; none for a game that doesn't turn on positions
    places: Mapping[str, str] = {}
    scoring: str = "vp"  # the player points that decide the match: "vp" or "kills"
    keeps_score: bool = True  # False: the game is won another way; no points are shown unless someone gave some
    seats: str = ""  # what the players should know about their seats when the match is made
    pieces: str = "the game's own dials"  # the dials its pack declares, as the table's button names them
    # the attack calculator the desk command `companion attack` offers for this game, None when it has none
    desk_attack: DeskAttack[Any, Any] | None = None

    # --- the rules helper: each system with a helper writes these ---------------------------------------

    # the game's actions, by id, in the order the app lists them: the door below asks each (see ActionKind)
    actions: Mapping[str, ActionKind[Now]] = {}

    def _query(self, state: Match) -> Now:
        """What the system works out once per query and hands its actions (its turn, round or challenge)."""
        return None  # type: ignore[return-value]  # a system whose actions need nothing from the query

    def legal_actions(self, state: Match) -> list[ActionOption]:
        """Every action of the system, enabled or not, for the active player now."""
        now = self._query(state)
        return [kind.option(state, now) for kind in self.actions.values()]

    def explain(self, state: Match, action: Action) -> Verdict:
        """Whether `action` is legal now and why (citing the rule section): the action's own checks, the ones
        `legal_actions` runs too, so each refused unit's reason is explain's."""
        kind = self.actions.get(action.name)
        if kind is not None:
            return kind.explain(state, self._query(state), action)
        known = self.actions or self.specs
        if action.name not in self.specs:
            if not known:
                return Verdict(False, f"the rules helper doesn't know {self.name or self.id} yet")
            return Verdict(False, f"{self.name} has no action {action.name!r}; its actions are {', '.join(known)}")
        return self._explain_by_hooks(state, action)

    def odds(self, state: Match, action: Action) -> Odds | None:
        """The exact chance before rolling, for actions that roll (None for the others)."""
        kind = self.actions.get(action.name)
        if kind is None:
            return self._unknown(state, action) if self.actions else None
        return kind.odds(state, self._query(state), action)

    def resolve(self, state: Match, action: Action, rng: random.Random) -> Resolution:
        """Roll (with `rng`) and judge; the events that apply it. Raises IllegalAction when not legal now."""
        kind = self.actions.get(action.name)
        if kind is None:
            check(self.explain(state, action))
            raise IllegalAction(f"{action.name} has no resolution in {self.name or self.id}")
        now = self._query(state)
        return kind.resolve(state, now, kind.checked(state, now, action), rng)

    # the advisor (rules/advice ranks rolling options): the roll split into classes that resolve alike, exact
    # chances and one roll standing for each (advice.dice.split), None when it can't be weighed; and what the
    # system counts beyond the player's score when the action took `before` to `after`
    def outcomes(self, state: Match, action: Action) -> tuple[Branch, ...] | None:
        kind = self.actions.get(action.name)
        if kind is None:
            return self._unknown(state, action) if self.actions else None
        return kind.outcomes(state, self._query(state), action)

    def _unknown(self, state: Match, action: Action) -> None:
        """An action the system doesn't have: IllegalAction with explain's reason."""
        check(self.explain(state, action))

    # --- the old hooks (issue 41): halo, scarab and maze still declare a Spec per action and these hooks over
    # `spec`; DELETE this block (and `specs`, `unit_noun`) when the last of them moves to ActionKind -----------

    specs: Mapping[str, Any] = {}  # action id -> the system's spec of it (its `id`, `title`, `rule`)
    unit_noun = "unit"  # what the game calls the pieces it gives actions to ("model", "character", "card")

    def _explain_by_hooks(self, state: Match, action: Action) -> Verdict:
        """The one `ActionKind.explain`, over this system's hooks (`_Hooked` reads them for `spec`)."""
        spec = self.specs[action.name]
        return _Hooked(self, spec).explain(state, self._query(state), action)

    def _turn_refusal(self, state: Match, now: Any, spec: Any) -> Refusal | None:
        """Why no unit can take `spec` now (the match, the turn, the phase), None when the turn allows it."""
        return None

    def _for_unit(self, spec: Any) -> bool:  # False: the player's action, e.g. ending the turn
        return True

    def _option(self, state: Match, now: Any, spec: Any) -> ActionOption:
        return next(o for o in self.legal_actions(state) if o.action == spec.id)

    def _unit_refusal(self, state: Match, now: Any, spec: Any, unit: Unit) -> Refusal | None:
        return None  # why `unit` can't take `spec` (explain puts the action's title before it)

    def _param_refusal(self, state: Match, now: Any, spec: Any, action: Action, unit: Unit | None) -> Refusal | None:
        """What resolve would refuse in the params, worded in full (`unit` None: an action of no unit)."""
        return None

    def _legal_verdict(self, state: Match, now: Any, spec: Any, unit: Unit) -> Verdict:
        return Verdict(True, f"{unit.name} can {spec.title.lower()}", spec.rule)

    # --- end of the old hooks ------------------------------------------------------------------------------

    def advice_figures(self, before: Match, after: Match, action: Action) -> dict[str, int]:
        return {}

    def outcome_key(self, state: Match, action: Action, label: str) -> object:  # equal keys: equal figures
        return None  # None: weigh every action's classes by its own resolution

    advice_assumes: tuple[str, ...] = ()  # what the advisor takes for granted in every row of this game

    def advice_target(self, state: Match, action: Action) -> str | None:  # the unit whose damage and KO count
        return action.params.get("target") or None

    def advice_points(self, before: Match, after: Match, action: Action) -> tuple[int, str]:
        """What the step scores toward winning, and its word: by default the player's points of the system."""
        kind, me = self.scoring_kind(before), before.active_player.id
        return getattr(after.player(me), kind) - getattr(before.player(me), kind), {"vp": "VP"}.get(kind, kind)

    def advice_harm(self, path: Sequence[Match], action: Action) -> Harm | None:
        """The damage and KO the step deals, `path` being the position before it and then after each of its events;
        None when the row aims at nobody whose harm counts. By default: the clicks `advice_target` really took
        (none on a cyclic dial; the reducer stops at the KO click) and whether it went from standing to KO'd or off
        the table."""
        target_id = self.advice_target(path[0], action)
        if not target_id:
            return None
        if path[0].unit(target_id).eliminated:
            return Harm(0, False)
        steps = [s.unit(target_id) for s in path if any(u.id == target_id for u in s.units)]
        damage = 0 if steps[0].cyclic else sum(max(0, b.click - a.click)
                                               for a, b in zip(steps, steps[1:], strict=False))
        return Harm(damage, any(_down(u) for u in steps[1:]) and not _down(steps[0]))

    # --- what differs between games -------------------------------------------------------------------

    def positions(self, unit: Unit | None = None) -> dict[str, str]:
        """The places of the system (for `unit`: none when it has no place of its own)."""
        return dict(self.places)

    def position_of(self, unit: Unit) -> str | None:
        """Where the unit stands in words, None when its system doesn't track positions (or it has none)."""
        places = self.positions(unit)
        if not places:
            return None
        return places.get(unit.position) or next(iter(places.values()))

    def token_kinds(self, state: Match, unit: Unit) -> tuple[str, ...]:
        """The tokens this unit can hold: the match's kinds (its pack's) whose limit isn't 0, in the pack's order;
        none on a dial that turns round."""
        if unit.cyclic:
            return ()
        limits = state.rules.token_limits
        return tuple(k for k in limits if limits[k] != 0)

    def token_refusal(self, state: Match, unit: Unit, kind: str) -> str:
        """Why `unit` takes no `kind` tokens, for the reducer's refusal."""
        return f"{unit.name} takes no {kind} tokens in {self.name or 'this game'}"

    # --- the pack's words: tokens, turn marks, reserve reasons (the core keeps them as words) -------------

    def _pack_words(self) -> tuple[dict[str, TokenWords], tuple[str, ...], tuple[str, ...]]:
        """The pack's token words by kind, its turn marks and its reserve reasons (read once per system object)."""
        if getattr(self, "_words", None) is None:
            try:
                pack = pack_of(self.id)
            except CompanionError:  # a pack that isn't here: the words made from the ids, no marks or reasons
                self._words: tuple[dict[str, TokenWords], tuple[str, ...], tuple[str, ...]] = ({}, (), ())
            else:
                tokens = {k: TokenWords(t.get("label", t["name"]), t["name"], t.get("plural", t["name"] + "s"))
                          for k, t in pack.unit_tokens().items()}
                self._words = (tokens, pack.marks(), pack.reserve_reasons())
        return self._words

    def token_words(self) -> dict[str, TokenWords]:
        """How people read each token kind of the game, as its pack writes it (kind -> words)."""
        return dict(self._pack_words()[0])

    def turn_marks(self) -> tuple[str, ...]:
        """What a unit may be marked as having done this turn, in the pack's words."""
        return self._pack_words()[1]

    def reserve_reasons(self) -> tuple[str, ...]:
        """Why a unit may wait in the reserves, in the pack's words."""
        return self._pack_words()[2]

    def mark_refusal(self, state: Match, unit: Unit, mark: str) -> str | None:
        return self._unknown_word("mark: a unit's turn mark", self.turn_marks(), mark)

    def reason_refusal(self, state: Match, unit: Unit, reason: str) -> str | None:
        return self._unknown_word("set_location: a reason to be in the reserves", self.reserve_reasons(), reason)

    def _unknown_word(self, what: str, words: tuple[str, ...], word: str) -> str | None:
        """Why `word` is none of the pack's `words` for `what` (None when it is one)."""
        if word in words:
            return None
        known = f"one of {', '.join(words)}" if words else "not kept in this game"
        return f"{what} in {self.name or 'this game'} is {known}, not {word!r}"

    def check_change(self, before: Match, after: Match) -> Refusal | None:
        """What the game forbids in a change from `before` to `after`, whatever its path (the Maze's carry rules,
        the Scarab's positions); None: allowed. The session asks it for every new event (`rules.refuse_change`)."""
        return None

    def invariant(self) -> Callable[[Match], None]:
        """What the reducer checks on every state this system's matches reach, on every path: house rules are
        the pack's, and (for systems whose units differ in the tokens they take) each unit's tokens."""
        tokens = type(self).token_kinds is not System.token_kinds

        def check(state: Match) -> None:
            if state.counters:  # most matches switch no house rule: no call on every event for them
                self._check_house(state)
            if tokens:
                self._check_tokens(state)

        return check

    # --- house rules: the pack's options, switched per match ------------------------------------------

    def option_defaults(self) -> dict[str, bool]:
        """The pack's house-rule options and whether each is on unless the players switch it."""
        if getattr(self, "_defaults", None) is None:
            try:
                self._defaults = pack_of(self.id).option_defaults()
            except CompanionError:  # a pack that isn't here has no options we know of
                self._defaults = {}
        return dict(self._defaults)

    def house_rules(self, state: Match) -> dict[str, bool]:
        """Every house rule of the pack and whether it is on in this match."""
        return {o: state.counters.get(HOUSE + o, int(on)) > 0 for o, on in self.option_defaults().items()}

    def house_rule(self, state: Match, option: str, default: bool = False) -> bool:
        """Whether one option is on in this match (`default` when the match never switched it)."""
        return state.counters.get(HOUSE + option, int(default)) > 0

    def time_limit_minutes(self, state: Match) -> int | None:
        """The minutes the pack times a game for (a `time_limit` victory rule), when this match plays timed: its
        option is on, or it has none; None when the game isn't timed."""
        try:
            found = [v for v in pack_of(self.id).entries("victory", "victory") if v.get("kind") == "time_limit"]
        except CompanionError:  # a pack that isn't here times nothing we know of
            return None
        defaults = self.option_defaults()
        for rule in found:
            option = rule.get("option")
            if option is None or self.house_rule(state, option, defaults.get(option, False)):
                return int(rule["minutes"])
        return None

    def _check_house(self, state: Match) -> None:
        for key in state.counters:
            if key.startswith(HOUSE) and key[len(HOUSE):] not in self.option_defaults():
                known = ", ".join(self.option_defaults()) or "none"
                raise IllegalAction(f"{self.name or 'this game'} has no house rule {key[len(HOUSE):]!r}; its house "
                                    f"rules: {known}")

    def _check_tokens(self, state: Match) -> None:
        for unit in state.units:
            held = unit.tokens.held()
            if not held:
                continue
            kinds = self.token_kinds(state, unit)
            for kind in held:
                kind = ACTION if kind == ACTION_LAST else kind
                if kind not in kinds:
                    raise IllegalAction(self.token_refusal(state, unit, kind))

    def force(self, state: Match, player_id: str, fallen: frozenset[str],
              started: Mapping[str, Unit] | None = None) -> list[Unit]:
        """The player's starting force for the force check: the units on the table and those eliminated into
        the reserves (`fallen`), not the game's own dials. `started` (force_check.started_units) is every unit
        deployed when play began, as it was then, for a game whose units trade places during play."""
        return starting_force(state, player_id, fallen)

    def scoring_kind(self, state: Match) -> str:
        return self.scoring

    def game_turn(self, turn: int) -> int:
        """The turn number the players count (the header's "Turn 2") for the match's `turn`: the same, unless one of
        the game's turns holds several of the match's (each side's phase ends with the core's end of turn)."""
        return turn

    def settings_refusal(self, state: Match) -> str | None:
        """Why the match settings agreed for a new match can't be played together (each is already within its own
        range: the pack's options.toml), None when they can."""
        return None

    def turn_words(self, state: Match) -> tuple[str, str]:
        """Who plays now ("Ann to play") and how much of their turn is used ("" when the system counts none), in
        the system's own terms: the header says each once (session.table.words.turn_line)."""
        return f"{state.active_player.name} to play", ""

    def stands(self, state: Match, unit: Unit) -> bool:
        """A unit that keeps its player in the game (for "last force standing")."""
        return unit.location == "table" and not unit.eliminated

    def decided(self, state: Match) -> tuple[tuple[str, ...], str] | None:
        """The winners and why, when the system's own end condition (e.g. a dial's KO click) is met now."""
        return None

    def ending(self, state: Match, name: str) -> ActionOption:
        """Ending the turn ("end-turn") or the round ("end-round"): the system's own option when it lists one
        (it resets what it tracks and refuses with its reason), else the plain event of the core."""
        listed = next((o for o in self.legal_actions(state) if o.action == name), None)
        if listed is not None:
            return listed
        title = name.replace("-", " ").capitalize()
        if state.status == "finished":
            return ActionOption(name, title, False, reason="the match is over", cost=0)
        return ActionOption(name, title, True, cost=0)

    def mover(self, state: Match) -> str:
        """The id of the player whose move it is now (the active player unless the game hands the move on, as
        a challenge's defender does)."""
        return state.active_player.id

    def actor_refusal(self, state: Match, action: Action, by: str) -> Refusal | None:
        """Why player `by` may not take `action` now (None: the game doesn't say; Session.act asks it)."""
        return None

    def plain_ending(self, state: Match, name: str) -> bool:
        """Whether `name` ends the turn or round by the core's plain event here (the system lists no option)."""
        return name in ENDINGS and not any(o.action == name for o in self.legal_actions(state))

    def settle(self, state: Match, action: Action, rng: random.Random) -> Resolution:
        """`resolve`, and for an ending the system doesn't list, the core's plain event (what the app commits)."""
        if not self.plain_ending(state, action.name):
            return self.resolve(state, action, rng)
        option = self.ending(state, action.name)
        if not option.enabled:
            raise IllegalAction(option.reason or f"{option.title}: not now", option.rule)
        return Resolution((Event(action.name.replace("-", "_"), {}, state.active_player.id),),
                          f"{option.title}: done")

    def fixed_unit(self, state: Match, spec: Mapping[str, Any], dial: list[dict[str, Any]]) -> dict[str, Any]:
        """The unit (as JSON for `add_unit`) of one of the dials the pack declares (`units.toml` [[dial]]): the
        game's own pieces, owned by the first player, its ref "<system>:<dial id>"."""
        return {"id": f"{self.id}-{spec['id']}", "name": spec["name"], "points": 0, "owner": state.players[0].id,
                "cyclic": bool(spec.get("cyclic")), "ref": f"{self.id}:{spec['id']}", "dial": dial}

    def fixed_units(self, state: Match) -> dict[str, Unit]:
        """The pack's dials already in the match, by dial id."""
        prefix = f"{self.id}:"
        return {u.ref.removeprefix(prefix): u for u in state.units if u.ref and u.ref.startswith(prefix)}

    def guide(self, state: Match) -> tuple[str, str] | None:
        """The pack's sequence (`turn.toml` steps) the active player is walked through now and its button's
        title, None when there is none."""
        return None

    def phases(self, state: Match) -> tuple[str, ...]:
        """The turn's phases, in order (data the pack declares, copied into the match)."""
        return state.rules.phases


def _down(unit: Unit) -> bool:
    return unit.eliminated or unit.location != "table"


class _Hooked(ActionKind[Any]):
    """An action of a system still on the old hooks (issue 41: halo, scarab, maze), seen as an ActionKind so that
    explain's order of checks is written once. DELETE with the hooks."""

    def __init__(self, system: System[Any], spec: Any) -> None:
        super().__init__(spec.id, spec.title, spec.rule)
        self.system, self.spec = system, spec
        self.on_unit, self.noun = system._for_unit(spec), system.unit_noun

    def option(self, state: Match, now: Any) -> ActionOption:
        return self.system._option(state, now, self.spec)

    def turn_refusal(self, state: Match, now: Any) -> Refusal | None:
        return self.system._turn_refusal(state, now, self.spec)

    def unit_refusal(self, state: Match, now: Any, unit: Unit) -> Refusal | None:
        return self.system._unit_refusal(state, now, self.spec, unit)

    def param_refusal(self, state: Match, now: Any, action: Action, unit: Unit | None) -> Refusal | None:
        return self.system._param_refusal(state, now, self.spec, action, unit)

    def legal_verdict(self, state: Match, now: Any, unit: Unit) -> Verdict:
        return self.system._legal_verdict(state, now, self.spec, unit)
