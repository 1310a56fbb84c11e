"""Force building checks from a pack's force rules, and the Skirmish set-up rolls.

A finding is ok (True), broken (False) or for the players to check (None: the app can't know, e.g. multi-bases,
or the source's number is cut off). Each says in one sentence, named for the player, what it found and what the
rule asks ("Ann has 2 characters in the starting force; the rules ask for at least 3."); a rule the app can't
check is the pack's own sentence.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core.dice.roll import roll
from companion.core.errors import CompanionError
from companion.core.match.describe import trial
from companion.core.match.events import Event, apply
from companion.core.model import Match, Unit
from companion.core.packs.load import Pack
from companion.core.words import counted, plural

MULTI_BASE = "multi-base"  # the word on a unit (its ref or a marker) for a peanut, 2x2 or larger base
MAX_REROLLS = 1000  # 100 squares: far more than enough to place every character on a different one


@dataclass(frozen=True)
class Finding:
    rule: str
    ok: bool | None
    text: str
    section: str | None = None
    note: bool = False  # a remark of the rules with nothing to check ("bigger forces take longer"): ok is None


def build_total(match: Match) -> int | None:
    """The agreed build total: Skirmish plays one round per 100 points."""
    return match.rules.rounds_per_turn * 100 if match.rules.turn_style == "shared" else None


def starting_force(match: Match, player_id: str, fallen: frozenset[str] = frozenset()) -> list[Unit]:
    """The player's force as it started: the units on the table, and those in reserve that got there by being
    eliminated (`fallen`, see `fallen_units`), so losing a unit doesn't make a force illegal."""
    return [u for u in match.units if u.owner == player_id and not u.cyclic
            and (u.location == "table" or u.id in fallen)]


def check_force(pack: Pack, match: Match, player_id: str, fallen: frozenset[str] = frozenset(),
                units: list[Unit] | None = None) -> list[Finding]:
    """The player's force against the pack's rules: `units` as the game's system counts its starting force
    (by default `starting_force`)."""
    units = starting_force(match, player_id, fallen) if units is None else units
    who = match.player(player_id).name
    named = pack.data.get("units", {}).get("units", {})
    noun, nouns = named.get("noun", "unit"), named.get("plural", "units")  # "character", "characters"
    total = sum(u.points for u in units)
    players = len(match.players)
    limit = build_total(match)
    findings = []
    for rule in pack.entries("force", "rule"):
        if "players" in rule and players not in rule["players"]:
            continue
        agreed = match.counters.get(rule.get("setting", ""), 0)
        if agreed > 0:  # the number the source lacks, as the players agreed it for this match
            rule = {**rule, "value": agreed, "missing": None}
        check = CHECKS.get(rule["kind"])
        if rule.get("missing"):
            findings.append(Finding(rule["id"], None, rule["missing"], rule.get("section")))
        elif check is None:
            findings.append(Finding(rule["id"], None, rule["text"], rule.get("section"), note=True))
        else:
            apart = [u for u in units if unit_kind(u) in rule.get("apart", ())]
            kinds = sorted({unit_kind(u) for u in apart})
            aside = (" (not counting " + " and ".join(counted(sum(1 for u in apart if unit_kind(u) == k), k)
                                                      for k in kinds) + ")") if apart else ""
            said = Said(who, noun, nouns, aside)
            ok, text = check(rule, [u for u in units if u not in apart], total, limit, said)
            findings.append(Finding(rule["id"], ok, text, rule.get("section")))
    # a banned figure may not be held at all: in the starting force or set aside off the map (a sideline)
    held = [u for u in match.units if u.owner == player_id and not u.cyclic]
    for figures in pack.entries("force", "list"):
        findings.append(_figure_list(figures, held if figures["kind"] == "banned" else units, who))
    return findings


def unit_kind(unit: Unit) -> str:
    """"object" or "bystander" when the unit's ref starts with that word ("object:...", as the Skirmish helper
    reads it), else "character"."""
    head = (unit.ref or "").split(":", 1)[0]
    return head if head in ("object", "bystander") else "character"


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def listed(entry: dict[str, Any], unit: Unit) -> bool:
    """Whether the unit is the listed figure: its catalogue ref (or name) names the set and the collector's
    number as the list writes them, punctuation and case aside ("DC Comics HeroClix: Rebirth 067")."""
    text = " " + _words((unit.ref or "") + " " + unit.name) + " "
    numbers = [_words(n) for n in str(entry["number"]).split(",")]
    return f" {_words(entry['set'])} " in text and any(f" {n} " in text for n in numbers if n)


def _figure_list(figures: dict[str, Any], units: list[Unit], who: str) -> Finding:
    """Banned figures: none in the force; restricted ones: at most `per_force` of each."""
    cap = 0 if figures["kind"] == "banned" else figures.get("per_force", 1)
    title = figures.get("title", figures["id"]).lower()  # "banned figures"
    over = []
    for entry in figures["figure"]:
        found = [u.name for u in units if listed(entry, u)]
        if len(found) > cap:
            over.append(f"{entry['name']} ({entry['set']} {entry['number']})" + (f" x {len(found)}" if cap else ""))
    if not over:
        text = (f"{who}'s force holds none of the {title}." if not cap
                else f"{who}'s force holds at most {cap} of each of the {title}.")
    else:
        some = f"{plural(len(over), 'one', 'some')} of the {title}: {'; '.join(over)}"
        text = f"{who}'s force holds {some}." if not cap else f"{who}'s force holds more than {cap} of {some}."
    return Finding(figures["id"], not over, text, figures.get("section"))


def fallen_units(initial: Match, events: list[Event]) -> frozenset[str]:
    """Units that were eliminated at some point of the match (Halo clicks them back and sends them to the
    reserves, where nothing else tells them from the reserves picked at set-up), also for a moment within one
    step: an attack's KO, click back and return to the reserves are one batch."""
    state, fallen = initial, set()
    for event in events:
        if event.type == "batch":  # the step's events one by one, by the reducer, to see the KO inside it
            inner = [Event(i["type"], i.get("data", {}), event.by, event.at) for i in event.data.get("events", [])]
            fallen |= {u.id for s in trial(state, inner) for u in s.units if u.eliminated}
        state = apply(state, event)
        fallen |= {u.id for u in state.units if u.eliminated}
    return frozenset(fallen)


# what play is made of, as opposed to setting the table up (adding, editing and placing units, naming players):
# the force that stands on the table before the first of these is the one each player started with
PLAY_EVENTS = frozenset({"token", "end_turn", "end_round", "roll", "mark", "damage", "heal", "score",
                         "end_match"})


def _plays(event: Event) -> bool:
    if event.type == "batch":
        return any(i.get("type") in PLAY_EVENTS for i in event.data.get("events", []))
    return event.type in PLAY_EVENTS


def started_units(initial: Match, events: list[Event]) -> dict[str, Unit]:
    """Every unit deployed at the start, as it was then: those on the table when play began (the state before the
    first event of play), and a unit added straight onto the table later (a late set-up); never a unit that came
    in from the reserves (in another unit's place, by its game's rules), whose place a starting unit already holds."""
    state, started, playing = initial, {}, False
    for event in events:
        if not playing and _plays(event):
            playing = True
            started = {u.id: u for u in state.units if u.location == "table"}
        before = {u.id for u in state.units}
        state = apply(state, event)
        if playing:  # a late addition straight onto the table belongs to the force it was forgotten from
            started.update({u.id: u for u in state.units if u.id not in before and u.location == "table"})
    if not playing:
        started = {u.id: u for u in state.units if u.location == "table"}
    return started


@dataclass(frozen=True)
class Said:
    """How a check names the force: the player, what it counts (the pack's noun: "character", "characters") and
    what it left aside (" (not counting 1 object)")."""

    who: str
    noun: str
    nouns: str
    aside: str

    def has(self, n: int, kind: str = "") -> str:
        """"Ann has 2 characters", "Ann has 1 multi-base character"."""
        return f"{self.who} has {counted(n, kind + self.noun, kind + self.nouns)}"


def _build_total(rule: dict[str, Any], units: list[Unit], total: int, limit: int | None,
                 said: Said) -> tuple[bool | None, str]:
    worth = f"{said.who}'s force is worth"
    if limit is None:
        return None, f"{worth} {counted(total, 'point')}; agree on the build total."
    if limit not in rule["choices"]:  # a match made with rounds no build total gives
        allowed = " or ".join(str(c) for c in rule["choices"])
        return False, f"This match plays a {limit}-point build, not {allowed}; {worth} {counted(total, 'point')}."
    ok = total <= limit
    return ok, f"{worth} {total} of {limit} points, {'within' if ok else 'over'} the build total."


def _min_units(rule: dict[str, Any], units: list[Unit], total: int, limit: int | None,
               said: Said) -> tuple[bool | None, str]:
    return len(units) >= rule["value"], (f"{said.has(len(units))}{said.aside} in the starting force; "
                                         f"the rules ask for at least {rule['value']}.")


def _max_units(rule: dict[str, Any], units: list[Unit], total: int, limit: int | None,
               said: Said) -> tuple[bool | None, str]:
    players = f"with {' or '.join(map(str, rule['players']))} players " if "players" in rule else ""
    return len(units) <= rule["value"], (f"{said.has(len(units))}{said.aside}; {players}"
                                         f"the rules allow at most {rule['value']}.")


def _max_multibase(rule: dict[str, Any], units: list[Unit], total: int, limit: int | None,
                   said: Said) -> tuple[bool | None, str]:
    multi = [u.name for u in units if MULTI_BASE in u.tags]
    names = f" ({', '.join(multi)})" if multi else ""
    return len(multi) <= rule["value"], (f"{said.has(len(multi), 'multi-base ')}{names}; "
                                         f"the rules allow at most {rule['value']} (mark a unit \"{MULTI_BASE}\" "
                                         "in its details).")


def _max_fraction(rule: dict[str, Any], units: list[Unit], total: int, limit: int | None,
                  said: Said) -> tuple[bool | None, str]:
    if limit is None:
        return None, rule["text"]
    cap = limit * rule["fraction"]
    over = [u.name for u in units if u.points > cap]
    if not over:
        return True, f"None of {said.who}'s {said.nouns} costs more than {cap:g} points, the most one may."
    return False, (f"{', '.join(over)} {plural(len(over), 'costs', 'cost')} more than {cap:g} points, the most one "
                   f"of {said.who}'s {said.nouns} may cost.")


def _max_total(rule: dict[str, Any], units: list[Unit], total: int, limit: int | None,
               said: Said) -> tuple[bool | None, str]:
    ok = total <= rule["value"]
    return ok, f"{said.who}'s force is worth {total} of {rule['value']} points, {'within' if ok else 'over'} the limit."


def _max_unit_points(rule: dict[str, Any], units: list[Unit], total: int, limit: int | None,
                     said: Said) -> tuple[bool | None, str]:
    over = [f"{u.name} ({u.points} points)" for u in units if u.points > rule["value"]]
    if not over:
        return True, f"None of {said.who}'s {said.nouns} costs more than {rule['value']} points, the most one may."
    return False, f"Over the {rule['value']}-point limit for one unit: {', '.join(over)}."


CHECKS: dict[str, Callable[[dict[str, Any], list[Unit], int, int | None, Said], tuple[bool | None, str]]] = {
    "build_total": _build_total,
    "min_units": _min_units,
    "max_units": _max_units,
    "max_unit_fraction": _max_fraction,
    "max_multibase": _max_multibase,
    "max_total_points": _max_total,
    "max_unit_points": _max_unit_points,
}


@dataclass(frozen=True)
class SquareRoll:
    unit: str
    dice: tuple[int, ...]
    square: int
    duplicate: bool  # already taken: rolled again


def placed_characters(match: Match, player_id: str) -> list[Unit]:
    """The player's characters on the table that are placed on a starting square: bystanders are characters,
    objects are not (players put them down first, on squares without a marker)."""
    return [u for u in match.units if u.owner == player_id and u.location == "table" and not u.cyclic
            and unit_kind(u) != "object"]


def starting_squares(match: Match, rng_at: Callable[[int], random.Random], first_index: int) -> list[SquareRoll]:
    """Skirmish: 2d10 per character (tens die, then ones die), rerolling numbers already rolled.

    `rng_at(i)` gives the generator of the match's roll number i, so every roll is logged and replays.
    """
    taken: set[int] = set()
    out: list[SquareRoll] = []
    index = first_index
    for player in match.players:
        for unit in placed_characters(match, player.id):
            for _ in range(MAX_REROLLS):
                result = roll("2d10sq", rng_at(index))
                index += 1
                duplicate = result.total in taken
                out.append(SquareRoll(unit.id, result.dice, result.total, duplicate))
                if not duplicate:
                    taken.add(result.total)
                    break
            else:
                raise CompanionError(f"no free starting square for {unit.name} after {MAX_REROLLS} rolls")
    return out


def snake_order(match: Match) -> list[str]:
    """Placement order: first player to last, then back, until every character is placed (player ids)."""
    left = {p.id: len(placed_characters(match, p.id)) for p in match.players}
    order: list[str] = []
    forward = [p.id for p in match.players]
    while any(left.values()):
        for pid in forward:
            if left[pid]:
                order.append(pid)
                left[pid] -= 1
        forward.reverse()
    return order
