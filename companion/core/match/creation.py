"""Making a new match from a rule pack and the players at the table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.core.errors import IllegalAction
from companion.core.model import HOUSE, Match, Player, validate

if TYPE_CHECKING:  # handed in by the caller: making a match needs no pack parser loaded
    from companion.core.packs.load import Pack

# Okabe-Ito colours: distinct for the common kinds of colour blindness, and named so players can say them.
PALETTE = (("blue", "#0072B2"), ("orange", "#E69F00"), ("green", "#009E73"), ("pink", "#CC79A7"))
MAX_NAME = 40
POINTS_PER_ROUND = 100  # a game played in rounds (Skirmish) plays one round per 100 points of its build total


def new_match(
    pack: Pack,
    names: list[str],
    *,
    match_id: str,
    now: float,
    colours: list[str] | None = None,
    rounds_per_turn: int | None = None,
    build_total: int | None = None,
    house_rules: Iterable[str] = (),
    settings: Mapping[str, int] | None = None,
) -> Match:
    """A match at turn 1 with the given players (2-4) and no units yet; `house_rules`: the pack's house-rule
    options switched on for it (`options.toml`; an `house_rule` event changes them later); `settings`: numbers
    the pack leaves to the players (`options.toml` [[setting]], e.g. Halo's Kill points to win), kept in the
    match's counters under the setting's id (so undo, share codes and backups carry them; absent: not agreed).
    Not in the rules: a code leaves out rules equal to the pack's, so old codes of the pack still read.

    A pack with build totals (Skirmish: 200 or 300 points) plays one round per 100 points of the one chosen:
    `build_total` sets the rounds, and `rounds_per_turn` given alone must be one of those the totals allow.
    """
    names = [n.strip() for n in names]
    if not pack.min_players <= len(names) <= pack.max_players:
        span = (f"{pack.min_players}" if pack.min_players == pack.max_players
                else f"{pack.min_players} to {pack.max_players}")
        raise IllegalAction(f"{pack.name} is played by {span} players, not {len(names)}")
    if any(not n for n in names):
        raise IllegalAction("every player needs a name")
    if any(len(n) > MAX_NAME for n in names):
        raise IllegalAction(f"a player's name can be at most {MAX_NAME} characters")
    if len({n.casefold() for n in names}) != len(names):
        raise IllegalAction("two players have the same name; make them different so the log stays clear")
    colours = colours or [hex_ for _, hex_ in PALETTE]
    if len(colours) < len(names) or len(set(colours[: len(names)])) != len(names):
        raise IllegalAction("every player needs a colour of their own")
    players = tuple(Player(id=f"p{i + 1}", name=n, colour=colours[i]) for i, n in enumerate(names))
    rules = pack.rules
    rounds = _rounds(pack, rounds_per_turn, build_total)
    if rounds is not None:
        rules = replace(rules, rounds_per_turn=rounds)
    options = pack.option_defaults()
    chosen = list(dict.fromkeys(house_rules))
    unknown = [o for o in chosen if o not in options]
    if unknown:
        known = ", ".join(options) or "none"
        raise IllegalAction(f"{pack.name} has no house rule {', '.join(map(repr, unknown))}; its house rules: {known}")
    match = Match(
        counters={**{HOUSE + o: 1 for o in chosen}, **match_settings(pack, settings or {})},
        id=match_id,
        system=pack.id,
        pack_version=pack.version,
        created=now,
        players=players,
        rules=rules,
        phase=rules.phases[0] if rules.phases else "",
    )
    validate(match)
    return match


def _rounds(pack: Pack, rounds_per_turn: int | None, build_total: int | None) -> int | None:
    """The rounds per turn the match plays, None for the pack's own; IllegalAction for a total or a number of
    rounds the pack's force rules don't allow."""
    totals = pack.build_totals()
    allowed = " or ".join(str(t) for t in totals)
    if build_total is not None:
        if not totals:
            raise IllegalAction(f"{pack.name} has no build total to choose")
        if build_total not in totals:
            raise IllegalAction(f"{pack.name} is played with a build total of {allowed} points, not {build_total}")
        if rounds_per_turn is not None and rounds_per_turn * POINTS_PER_ROUND != build_total:
            raise IllegalAction(f"a {build_total}-point build plays {build_total // POINTS_PER_ROUND} rounds per "
                                f"turn, not {rounds_per_turn}")
        return build_total // POINTS_PER_ROUND
    if rounds_per_turn is None:
        return None
    if totals and rounds_per_turn * POINTS_PER_ROUND not in totals:
        counts = " or ".join(str(t // POINTS_PER_ROUND) for t in totals)
        raise IllegalAction(f"{pack.name} plays one round per {POINTS_PER_ROUND} points of a {allowed}-point build: "
                            f"{counts} rounds per turn, not {rounds_per_turn}")
    if not 1 <= rounds_per_turn <= 10:
        raise IllegalAction("rounds per turn must be between 1 and 10")
    return rounds_per_turn


def match_settings(pack: Pack, given: Mapping[str, object]) -> dict[str, int]:
    """The pack's settings as the match keeps them: the values given (whole numbers within the setting's range),
    the pack's default for one not given; IllegalAction names a setting the pack lacks or a value out of range."""
    offered = {s["id"]: s for s in pack.entries("options", "setting")}
    unknown = [k for k in given if k not in offered]
    if unknown:
        known = ", ".join(offered) or "none"
        raise IllegalAction(f"{pack.name} has no setting {', '.join(map(repr, unknown))}; its settings: {known}")
    out = {}
    for key, setting in offered.items():
        value = given.get(key)
        if value is None or value == "":
            if "default" in setting:
                out[key] = setting["default"]
            continue
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        low, high = setting.get("min", 0), setting.get("max")
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"of {low} or more"
            raise IllegalAction(f"{setting['title']} must be a whole number {span}, not {value!r}")
        out[key] = value
    return out
