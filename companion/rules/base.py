"""What every game system offers the app: the actions open to the active player now, why one is not, the
exact odds before a roll, and the events that apply the result.

A system reads the match state only (pure functions, no files): the UI shows `legal_actions(state)` as buttons,
enabled or greyed out with their reason. Picking one gives an `Action` (with the unit and the values the option's
`params` ask for); `odds(state, action)` says the exact chance before rolling, and `resolve(state, action, rng)`
rolls with the injected generator and returns the events to apply as one undoable step, with a summary.
Rule ids are section ids of the system's rules text (`content/<system>/rules.md`), so the app can open them.
Each of those answers comes from the action itself: an `ActionKind` object per action of the game
(rules/action.py), which the `System` finds by id in its `actions` (issue 41).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeGuard, TypeVar

from companion.core.errors import CompanionError, IllegalAction
from companion.core.match.events import Event
from companion.core.match.force_check import starting_force
from companion.core.match.reactions import Reactions
from companion.core.model import ACTION, ACTION_LAST, HOUSE, Match, Unit
from companion.core.words import TokenWords
from companion.rules.action import (
    ENDINGS,
    Action,
    ActionKind,
    ActionOption,
    Now,
    Odds,
    Refusal,
    Resolution,
    Verdict,
    check,
)
from companion.rules.advisor import Advisor
from companion.rules.pack_source import pack_of

if TYPE_CHECKING:
    from companion.rules.advice.dice import Branch

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
        if not self.actions:
            return Verdict(False, f"the rules helper doesn't know {self.name or self.id} yet")
        return Verdict(False, f"{self.name} has no action {action.name!r}; its actions are {', '.join(self.actions)}")

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

    # the advisor's reading of this game's results (rules/advisor.py): a game with its own declares a subclass
    advisor_type: type[Advisor] = Advisor

    @cached_property
    def advisor(self) -> Advisor:
        return self.advisor_type(self)

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
