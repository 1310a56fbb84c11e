"""The Killer of the Maze's carry restrictions (seed 002), in one place for every path that puts an item on a
model or uses it: firing, lighting a vent, reloading, using equipment, the Crest Pendant's saves, scavenging
straight into the inventory, and any change to the match (`change_refusal`, for a check on every event).

An item's `only` names the keywords allowed to carry it (Storm Bolter: Terminator only; Trip Mine: Scions only);
its `not_with` the items it can't be carried with (the Crest Pendant and the Sacrificial Blade exclude each
other). A model holding an item it may not carry gets nothing from it: the helper refuses to fire or use it, and
the Crest Pendant saves nothing. The Sacrificial Blade, once three-quarters of the bearer's morale is lost, can't
be dropped.
"""

from __future__ import annotations

from companion.core.model import Match, Unit
from companion.rules.maze.items import carried, catalogue, keywords, morale, stat

RULE = "carry-restrictions"
BLADE = "sacrificial-blade"
PENDANT = "crest-pendant"
BEACON = "beacon"


def carry_refusal(unit: Unit, item: str) -> str | None:
    """Why `unit` may not carry `item` (a weapon or equipment id), None when it may. Ammunition is open to all."""
    cat = catalogue()
    weapon, gear = cat.weapons.get(item), cat.gear.get(item)
    thing = weapon or gear
    if thing is None:
        return None
    if not cat.allowed(keywords(unit), thing.only):
        return f"only a {cat.only_text(thing.only)} model may carry the {thing.name}, and {unit.name} is not one"
    for other in gear.not_with if gear else ():
        if carried(unit, other):
            return f"{unit.name} carries the {cat.name(other)}, which can't be carried with the {thing.name}"
    return None


def blade_forced(unit: Unit) -> bool:
    """Three-quarters of its morale lost with the Blade in hand: it uses the Blade each Action phase and can't
    drop it (a model that may not carry the Blade gets nothing from it, this included)."""
    full = stat(unit, "morale")
    return (bool(full) and carried(unit, BLADE) > 0 and 4 * (full - morale(unit)) >= 3 * full
            and carry_refusal(unit, BLADE) is None)


def _items() -> tuple[str, ...]:
    """The items a unit counter holds (equipment, and the Frag Grenade, a weapon in an equipment slot): what a
    change of counters can put on a model."""
    return catalogue().counted_items()


def change_refusal(before: Match, after: Match) -> str | None:
    """The first carry restriction the change from `before` to `after` breaks: an item put on (or added to) a
    model that may not carry it, or a forced Sacrificial Blade dropped. None when it breaks none. Models that
    already held something before are judged by what the change adds, so an old match still plays."""
    old = {u.id: u for u in before.units}
    for unit in after.units:
        prior = old.get(unit.id)
        for item in _items():
            had = carried(prior, item) if prior else 0
            if carried(unit, item) > had:
                why = carry_refusal(unit, item)
                if why:
                    return why
        if prior is not None and blade_forced(prior) and not carried(unit, BLADE):
            return (f"{unit.name} has lost three-quarters of its morale: it can't drop the Sacrificial Blade")
    return _beacon_refusal(before, after)


def _beacon_refusal(before: Match, after: Match) -> str | None:
    """The Beacon is the one item the team came for: a change that gives the team more than one is refused (a
    hand-over, off one model and onto another in one step, is not)."""
    held = sum(carried(u, BEACON) for u in after.units)
    if held <= 1 or held <= sum(carried(u, BEACON) for u in before.units):
        return None
    bearer = next((u for u in before.units if carried(u, BEACON)), None)
    if bearer is None:
        return f"there is one Beacon: no model carries {held}"
    return f"there is one Beacon, and {bearer.name} carries it: hand it over (take it off {bearer.name}) first"
