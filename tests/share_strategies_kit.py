"""Helpers shared by test_share_strategies.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from companion.core.errors import IllegalAction
from companion.core.match.creation import new_match
from companion.core.match.events import Event, apply
from companion.core.model import Click, Match, Unit, to_json, token_slots, validate
from companion.core.packs.load import discover
from companion.share import Library, SharedMatch

PACKS, _ = discover()

STATS = ("speed", "attack", "defense", "damage")


# Names a match may give a player and a unit alike (a unit named after a player, two units of one name), short and
# long, in several scripts: format 4 sends each name once, in front of the body, and the body refers to it (a
# unit named like the first player once gave the second player that name).
SHARED_NAMES = ("0", "a", "A", "I]ebý", "Ana", "Ōkami Tsukiyo-no-Kage", "Ненасытный Ёж 7", "Grunt Heavy", "𝔊𝔥𝔬𝔰𝔱 ☂")
names = st.one_of(
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=12).map(str.strip),
    st.sampled_from(SHARED_NAMES))


ids = st.one_of(st.from_regex(r"[a-z][a-z0-9]{0,6}", fullmatch=True), st.integers(1, 40).map(lambda n: f"u{n}"))


markers = st.lists(st.sampled_from(["special:attack", "special:speed", "move:shift", "x"]), max_size=2)


@st.composite
def dials(draw: st.DrawFn, cyclic: bool) -> tuple[Click, ...]:
    n = draw(st.integers(1 if cyclic else 2, 12))
    keys = draw(st.one_of(st.just(STATS), st.lists(st.sampled_from(STATS + ("range", "wounds")), unique=True,
                                                      max_size=5).map(tuple)))
    uniform = draw(st.booleans())
    value = st.one_of(st.integers(-3, 20), st.integers(-(10**6), 10**6), st.sampled_from(["-", "S", "2/3"]))
    clicks = []
    for i in range(n):
        ks = keys if uniform else tuple(draw(st.lists(st.sampled_from(keys or STATS), unique=True, max_size=4)))
        stats = {k: draw(value) for k in ks}
        ko = not cyclic and i == n - 1
        if ko and draw(st.booleans()):
            stats = {}
        mk = [m for m in draw(markers) if m != "ko"]
        if ko:
            mk.insert(draw(st.integers(0, len(mk))), "ko")
        clicks.append(Click(stats, tuple(mk)))
    return tuple(clicks)


@st.composite
def units(draw: st.DrawFn, owners: tuple[str, ...], uid: str, catalogue: dict[str, Unit],
          named: st.SearchStrategy[str] = names) -> Unit:
    if catalogue and draw(st.booleans()):
        ref = draw(st.sampled_from(sorted(catalogue)))
        base = catalogue[ref]
        unit = replace(base, id=uid, owner=draw(st.sampled_from(owners)), ref=ref)
        if draw(st.booleans()):  # a unit whose card differs from its catalogue entry travels whole
            unit = replace(unit, points=unit.points + 1)
        return unit
    cyclic = draw(st.booleans()) and draw(st.booleans())
    dial = draw(dials(cyclic))
    start = draw(st.integers(0, len(dial) - (1 if cyclic else 2)))
    return Unit(id=uid, name=draw(named.filter(bool)), points=draw(st.integers(0, 300)),
                owner=draw(st.sampled_from(owners)), dial=dial, click=start, start=start, cyclic=cyclic,
                eliminated=False, location=draw(st.sampled_from(["table", "reserve"])),
                ref=draw(st.one_of(st.none(), ids)))


def _catalogue() -> dict[str, Unit]:
    grunt = Unit("grunt", "Grunt", 15, "", (Click(dict(zip(STATS, (5, 7, 14, 1), strict=True))), Click({}, ("ko",))))
    chief = Unit("chief", "Master Chief", 100, "", tuple(Click(dict(zip(STATS, (8, 11 - i, 18 - i, 3), strict=True)),
                                                                ("special:attack",) if i == 0 else ())
                                                          for i in range(5)) + (Click({}, ("ko",)),), ref="chief")
    return {"grunt": grunt, "chief": chief}


CATALOGUE = _catalogue()


LIBRARY = Library(PACKS, lambda system, version: CATALOGUE if system == "halo-actionclix" else {})


def times(draw: st.DrawFn, base: float, tick: int) -> float:
    """Event times as the app records them (to the millisecond, or whole seconds), now and then any float."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.floats(0, 4e9, allow_nan=False, allow_infinity=False))
    return (round(base * 1000) // tick + draw(st.integers(0, 120_000 // tick))) * tick / 1000


@st.composite
def events_for(draw: st.DrawFn, state: Match, at: float, tick: int = 1) -> Event:
    """One random event, usually one that applies (units, players and timers taken from the state)."""
    unit_ids = [u.id for u in state.units] or ["u1"]
    players = [p.id for p in state.players]
    u, p = st.sampled_from(unit_ids), st.sampled_from(players)
    small = st.integers(-2, 5)
    counters = [(scope, name) for scope, cs in state.rules.counters.items() for name in cs] or [("match", "score")]
    timer_ids = [t.id for t in state.timers] or ["t1"]
    choice = draw(st.integers(0, 14))
    data: dict[str, Any]
    if choice <= 1:
        uid = draw(st.one_of(st.just(f"u{len(state.units) + 1}"), ids))
        new = draw(units(tuple(players), uid, CATALOGUE if state.system == "halo-actionclix" else {}))
        data = {"type": "add_unit", "unit": to_json(new)}
    elif choice <= 4:
        data = {"type": draw(st.sampled_from(["damage", "heal"])), "unit": draw(u), "amount": draw(st.integers(1, 4))}
    elif choice == 5:
        data = {"type": "token", "unit": draw(u), "kind": draw(st.sampled_from(["action", "upgrade", "grenade"])),
                "delta": draw(small)}
    elif choice == 6 and draw(st.integers(0, 3)) == 0:  # a player renamed: usually from the name they have
        pid = draw(p)
        data = {"type": "rename_player", "player": pid, "name": draw(names),
                "was": state.player(pid).name if draw(st.integers(0, 5)) else draw(names)}
    elif choice == 6:
        data = {"type": "score", "player": draw(p), "kind": draw(st.sampled_from(["vp", "kills"])),
                "delta": draw(small)}
    elif choice == 7:
        scope, name = draw(st.sampled_from(counters))
        data = {"type": "counter", "scope": scope, "name": name, "delta": draw(small)}
        if scope != "match":
            data["target"] = draw(p) if scope == "player" else draw(u)
    elif choice == 8:
        data = {"type": draw(st.sampled_from(["end_turn", "end_round", "end_match", "reopen", "rotate",
                                              "set_click", "remove_unit", "set_location", "set_phase"]))}
        data.update({"end_match": {"winners": draw(st.lists(p, max_size=2, unique=True))},
                     "rotate": {"unit": draw(u), "steps": draw(st.integers(1, 3))},
                     "set_click": {"unit": draw(u), "click": draw(st.integers(0, 4))},
                     "remove_unit": {"unit": draw(u)},
                     "set_location": {"unit": draw(u), "location": draw(st.sampled_from(["table", "reserve"]))},
                     "set_phase": {"phase": draw(st.sampled_from([*state.rules.phases, "Any"]))}}.get(data["type"], {}))
    elif choice <= 10:
        dice = draw(st.lists(st.integers(1, 6), min_size=1, max_size=3))
        data = {"type": "roll", "expr": f"{len(dice)}d6", "dice": dice,
                "total": sum(dice) + draw(st.sampled_from([0, 0, 0, 2]))}
        if draw(st.booleans()):
            data["purpose"] = draw(st.sampled_from(["attack", "loot", ""]))
    elif choice == 11:
        data = {"type": "timer_add", "timer": draw(st.sampled_from(["t1", "t2"])),
                "seconds": draw(st.integers(1, 3600))}
        if draw(st.booleans()):
            data["label"] = draw(names)
    elif choice == 12:
        data = {"type": draw(st.sampled_from(["timer_start", "timer_pause", "timer_resume", "timer_extend"])),
                "timer": draw(st.sampled_from(timer_ids))}
        if data["type"] == "timer_extend":
            data["seconds"] = draw(st.integers(1, 600))
    else:  # usual events with data the compact form doesn't know: must still travel exactly
        data = {"type": "damage", "unit": draw(u), "amount": draw(st.integers(1, 3)),
                "note": draw(st.one_of(names, st.floats(allow_nan=False, allow_infinity=False), st.none(),
                                       st.lists(st.integers(-(2**63), 2**63 - 1), max_size=3)))}
    by = draw(st.one_of(p, st.none(), st.just("judge")))
    return Event(data.pop("type"), data, by, times(draw, at, tick))


def with_units(match: Match, units: Iterable[Unit]) -> Match:
    """`match` with `units` at its start, held as a match holds them: a count of each of its token kinds (as
    add_unit and a stored match give them)."""
    slots = token_slots(match.rules)
    return replace(match, units=tuple(replace(u, tokens=u.tokens.slotted(slots)) for u in units))


@st.composite
def starts(draw: st.DrawFn) -> Match:
    pack = PACKS[draw(st.sampled_from(sorted(PACKS)))]
    count = draw(st.integers(pack.min_players, pack.max_players))
    people = draw(st.lists(names.filter(bool), min_size=count, max_size=count, unique_by=str.casefold))
    colours = draw(st.one_of(st.none(), st.permutations(["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#123456",
                                                         "red"]).map(list)))
    created = draw(st.one_of(st.floats(0, 4e9, allow_nan=False), st.integers(0, 4 * 10**12).map(lambda ms: ms / 1000)))
    match_id = draw(st.one_of(st.from_regex(r"[0-9a-f]{12}", fullmatch=True), st.from_regex(r"[a-z0-9][a-z0-9-]{0,20}",
                                                                                            fullmatch=True)))
    match = new_match(pack, people, match_id=match_id, now=created,
                      colours=colours)
    if draw(st.integers(0, 4)) == 0:  # rules that differ from the pack's travel whole
        match = replace(match, rules=replace(match.rules, rounds_per_turn=3, phases=("Move", "Shoot"),
                                             counters={"player": ("gold",), "unit": ("ammo",)},
                                             action_tokens_carry=draw(st.booleans())), phase="Move")
    if draw(st.integers(0, 6)) == 0:  # a pack this device has never heard of
        match = replace(match, system="homebrew", pack_version=draw(st.sampled_from(["0.1.0", "2024-alpha"])))
    if draw(st.integers(0, 2)) == 0:  # units at the start (a squashed match's are too): written after the players
        owners = tuple(p.id for p in match.players)
        catalogue = CATALOGUE if match.system == "halo-actionclix" else {}
        match = with_units(match, [draw(units(owners, f"u{i + 1}", catalogue))
                                   for i in range(draw(st.integers(1, 4)))])
    validate(match)
    return match


@st.composite
def shared_matches(draw: st.DrawFn, max_events: int = 40) -> SharedMatch:
    """A valid match with a log of events that all apply; sometimes squashed (state only, no log)."""
    state = draw(starts())
    initial = state
    at = state.created
    log: list[Event] = []
    tick = draw(st.sampled_from([1, 1, 10, 1000]))
    for _ in range(draw(st.integers(0, max_events))):
        event = draw(events_for(state, at, tick))
        try:
            state = apply(state, event)
        except IllegalAction:
            continue
        log.append(event)
        at = event.at
    shared = SharedMatch.of(initial, log)
    return shared.squashed() if draw(st.integers(0, 4)) == 0 else shared
