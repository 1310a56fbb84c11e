"""Armageddon Empires (seed 004): the cards as a challenge sees them, the challenge under way, and the events
that keep it in the match.

Cards in a match (units with a dial ending on a KO click):
- Abilities are click markers equal to a trait id of the pack (`assassin`, `master-assassin`, `slayer`,
  `bodyguard`, `saboteur`, `master-saboteur`, `tactician`, `technologist`, `geneticist`), with an optional level
  after a colon (`assassin:7`, `bodyguard:2`). Without a level, the card's `pool` stat (Ability level) is the
  level. Threshold challenges take any of the three card-creating abilities (CREATORS).
- A hero shows a `fate` stat, a facility a `defense` stat; `wound-points` and `structure` are further stats.
- Wounds and damage dealt are the unit counters `wounds` and `damage`; a card whose wounds or damage reach its
  points is eliminated (its dial set to the KO click: killed or destroyed, discarded for good).

The challenge under way lives in match counters (see content/armageddon-empires/units.toml): its kind, whose
move it is (`challenge-step`: 1 the defender with the Defender's Prerogative open, 2 the attacker, 3 the
defender), accepts in a row, both pools and successes, the threshold, Slayer; and the unit counter
`challenge-role` (1 attacker, 2 defender). Ending a challenge sets them back to 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.match.events import MAX_STEP, Event
from companion.core.model import Match, Unit

ASSASSINATION, DUEL, SABOTAGE, SABOTAGE_INTEL, INTEL_DUEL, THRESHOLD = (
    "assassination", "assassin-duel", "sabotage", "sabotage-intel", "intel-duel", "threshold")
KIND_CODES = {ASSASSINATION: 1, DUEL: 2, SABOTAGE: 3, SABOTAGE_INTEL: 4, INTEL_DUEL: 5, THRESHOLD: 6}
KINDS = {code: kind for kind, code in KIND_CODES.items()}
KIND_RULES = {ASSASSINATION: "assassination-challenge", DUEL: "assassin-vs-assassin", SABOTAGE: "sabotage-challenge",
              SABOTAGE_INTEL: "saboteur-vs-intel-center", INTEL_DUEL: "intel-center-duel-option",
              THRESHOLD: "threshold-challenges"}
PREROGATIVE, ATTACKER_TO_ACT, DEFENDER_TO_ACT = 1, 2, 3
ATTACKER, DEFENDER = 1, 2  # challenge-role
CREATORS = ("tactician", "technologist", "geneticist")  # the abilities that create cards (seed 004 ¶10)
CHALLENGE_COUNTERS = ("challenge-kind", "challenge-step", "challenge-accepts", "challenge-threshold",
                      "challenge-slayer", "attacker-dice", "attacker-successes", "defender-dice", "defender-successes")


# --- cards --------------------------------------------------------------------------------------------------


def _stat(unit: Unit, name: str) -> int | None:
    value = unit.current.stats.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def level(unit: Unit, *names: str) -> int:
    """The card's level in an ability (0 without it): `assassin:7` on a click, or the `pool` stat; given several
    abilities that serve alike (the card-creating ones), the best of them."""
    best = 0
    for marker in unit.current.markers:
        name, _, number = marker.partition(":")
        if name in names:
            best = max(best, int(number) if number.isdigit() else (_stat(unit, "pool") or 0))
    return best


def has(unit: Unit, *names: str) -> bool:
    return any(m.partition(":")[0] in names for m in unit.current.markers)


def is_hero(unit: Unit) -> bool:
    return _stat(unit, "fate") is not None


def is_facility(unit: Unit) -> bool:
    return _stat(unit, "defense") is not None


def fate(unit: Unit) -> int:
    return _stat(unit, "fate") or 0


def defense(unit: Unit) -> int:
    return _stat(unit, "defense") or 0


def harm_counter(unit: Unit) -> str:
    return "wounds" if is_hero(unit) else "damage"


def limit(unit: Unit, counter: str | None = None) -> int | None:
    """The points at which `counter` (its own harm counter by default) eliminates the card: wound points for
    wounds, structure points for damage; None when its card doesn't show them."""
    return _stat(unit, "wound-points" if (counter or harm_counter(unit)) == "wounds" else "structure")


def overrun(unit: Unit) -> tuple[str, int, int] | None:
    """(counter, value, points) when a card still in play carries wounds or damage at or past its points (a
    state the rules never leave: such a card is killed or destroyed at once, seed 004 ¶17, ¶10)."""
    if not live(unit) or unit.ko_click is None:  # a dial with no KO click can't be eliminated: nothing to hold
        return None
    for counter in ("wounds", "damage"):
        value, points = unit.counters.get(counter, 0), limit(unit, counter)
        if points is not None and value > 0 and value >= points:
            return counter, value, points
    return None


def live(unit: Unit) -> bool:
    return unit.location == "table" and not unit.eliminated


# --- the challenge under way ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Challenge:
    kind: str
    attacker: Unit
    defender: Unit | None  # None in a threshold challenge
    step: int
    accepts: int
    threshold: int
    slayer: bool
    attacker_dice: int
    attacker_successes: int
    defender_dice: int
    defender_successes: int

    @property
    def attacker_acts(self) -> bool:
        return self.defender is None or self.step == ATTACKER_TO_ACT

    @property
    def acting(self) -> Unit:
        return self.attacker if self.attacker_acts or self.defender is None else self.defender

    @property
    def waiting(self) -> Unit | None:
        return None if self.defender is None else (self.defender if self.attacker_acts else self.attacker)

    @property
    def prerogative(self) -> bool:
        return self.step == PREROGATIVE

    @property
    def reverse(self) -> bool:
        """Duels: defender successes above the attacker's harm the attacker."""
        return self.kind in (DUEL, INTEL_DUEL)

    @property
    def needed(self) -> int:
        """The successes a threshold challenge must equal or beat: the threshold dice's, as rolled and changed (a
        challenge started by an older version rolled no threshold dice and counted its threshold as successes)."""
        return self.defender_successes if self.defender_dice else self.threshold

    @property
    def made(self) -> bool:
        """A threshold challenge as it stands creates the card (seed 004 ¶10: equal to or more than)."""
        return self.defender is None and self.attacker_successes >= self.needed

    @property
    def margin(self) -> int:
        return self.attacker_successes - self.defender_successes

    def own(self, attacker: bool) -> tuple[int, int]:
        """(dice, successes) of one side."""
        return ((self.attacker_dice, self.attacker_successes) if attacker
                else (self.defender_dice, self.defender_successes))

    def title(self) -> str:
        if self.defender is None:
            against = f"against {self.threshold} dice" if self.defender_dice else f"with {self.threshold} to reach"
            return f"{self.attacker.name}'s threshold challenge {against}"
        return f"{self.attacker.name} against {self.defender.name}"


def current(state: Match) -> Challenge | None:
    c = state.counters
    kind = KINDS.get(c.get("challenge-kind", 0))
    if kind is None:
        return None
    roles = {u.counters.get("challenge-role", 0): u for u in state.units}
    attacker = roles.get(ATTACKER)
    if attacker is None:
        return None
    return Challenge(kind, attacker, roles.get(DEFENDER), c.get("challenge-step", 0), c.get("challenge-accepts", 0),
                     c.get("challenge-threshold", 0), bool(c.get("challenge-slayer", 0)), c.get("attacker-dice", 0),
                     c.get("attacker-successes", 0), c.get("defender-dice", 0), c.get("defender-successes", 0))


# --- counter events -----------------------------------------------------------------------------------------


def _steps(delta: int) -> list[int]:
    sign, rest, out = (1 if delta >= 0 else -1), abs(delta), []
    while rest > MAX_STEP:
        out.append(sign * MAX_STEP)
        rest -= MAX_STEP
    return [*out, sign * rest]


def set_match(state: Match, name: str, value: int, by: str | None) -> list[Event]:
    delta = max(0, value) - state.counters.get(name, 0)
    return [Event("counter", {"scope": "match", "name": name, "delta": d}, by) for d in _steps(delta)] if delta else []


def set_unit(unit: Unit, name: str, value: int, by: str | None) -> list[Event]:
    delta = max(0, value) - unit.counters.get(name, 0)
    return [Event("counter", {"scope": "unit", "target": unit.id, "name": name, "delta": d}, by)
            for d in _steps(delta)] if delta else []


def clear_events(state: Match, challenge: Challenge, by: str | None) -> list[Event]:
    events = [e for name in CHALLENGE_COUNTERS for e in set_match(state, name, 0, by)]
    for unit in (challenge.attacker, challenge.defender):
        if unit is not None:
            events += set_unit(unit, "challenge-role", 0, by)
    return events


def harm_events(unit: Unit, amount: int, by: str | None, slayer: bool = False,
                counter: str | None = None) -> tuple[list[Event], str]:
    """Wounds or damage on a card (`counter`: its own kind unless given, e.g. a duel's wounds to a unit-card
    assassin), and its elimination when they reach its points (Slayer: any wound kills)."""
    counter = counter or harm_counter(unit)
    total = unit.counters.get(counter, 0) + amount
    events = set_unit(unit, counter, total, by)
    points = limit(unit, counter)
    word = "wound" if counter == "wounds" else "damage"
    line = f"{unit.name} takes {amount} {word}{'s' if word == 'wound' and amount != 1 else ''} ({total} in all"
    killed = (slayer and counter == "wounds") or (points is not None and total >= points)
    if points is not None:
        line += f" of {points})"
    else:
        line += "; its card shows no points here: check them)"
    if killed and unit.ko_click is not None:
        events.append(Event("set_click", {"unit": unit.id, "click": unit.ko_click}, by))
        verb = "killed" if counter == "wounds" else "destroyed"
        line += f": {verb} and discarded for good" + (" (Slayer: one wound kills)" if slayer and counter == "wounds"
                                                       else "")
    return events, line


# --- what no change of the match may leave ----------------------------------------------------------------


def change_refusal(before: Match, after: Match) -> str | None:
    """Why `after` is a state the game never reaches (None when it may be): a card in play at or past its wound or
    structure points, or challenge counters that make no challenge. Only what the change touched is judged, so a
    match saved before this check still takes its next step."""
    old = {u.id: u for u in before.units}
    for unit in after.units:
        over = overrun(unit)
        if over is None:
            continue
        counter, value, points = over
        was = old.get(unit.id)
        if was is not None and overrun(was) == over and was.eliminated == unit.eliminated:
            continue  # already so before this change
        word = "wounds" if counter == "wounds" else "damage"
        fate_ = "killed" if counter == "wounds" else "destroyed"
        return (f"{unit.name} would have {value} {word} of {points} and stay in play: at its points it is {fate_} "
                f"and discarded; set its dial to the KO click first, or deal less")
    if _challenge_counts(before) != _challenge_counts(after):
        return _challenge_refusal(after)
    return None


def _challenge_counts(state: Match) -> tuple[int, ...]:
    return (*(state.counters.get(n, 0) for n in CHALLENGE_COUNTERS),
            *(u.counters.get("challenge-role", 0) for u in state.units))


def _challenge_refusal(state: Match) -> str | None:
    c = state.counters
    roles = [u.counters.get("challenge-role", 0) for u in state.units]
    code = c.get("challenge-kind", 0)
    if not code:
        if any(c.get(n, 0) for n in CHALLENGE_COUNTERS) or any(roles):
            return ("challenge counters are kept by the challenge's own steps: start one with Assassinate, "
                    "Sabotage or Threshold challenge, not by hand")
        return None
    kind = KINDS.get(code)
    wanted_defenders = 0 if kind == THRESHOLD else 1
    steps = (ATTACKER_TO_ACT,) if kind == THRESHOLD else (PREROGATIVE, ATTACKER_TO_ACT, DEFENDER_TO_ACT)
    if (kind is None or roles.count(ATTACKER) != 1 or roles.count(DEFENDER) != wanted_defenders
            or any(r not in (0, ATTACKER, DEFENDER) for r in roles) or c.get("challenge-step", 0) not in steps):
        return ("this makes no challenge the rules know (a kind, one attacker, its defender and whose move it "
                "is come from the challenge's own steps): start one with Assassinate, Sabotage or Threshold "
                "challenge, not by hand")
    return None
