"""The Killer of the Maze (seed 002): weapons, equipment and ammunition read from the rule pack, and what a model
in the match carries.

How a model carries things in a match (the core has no inventory, so the helper reads these):
- Keywords (Terminator, Space Marine, Scions ...) are click markers equal to a trait id of the pack
  (`terminator`, `space-marine`, `weapons-expert`, `scions`, `demolition-expert`) on any click of its dial.
- Shots: one counter per weapon, `shots-<weapon id>` (e.g. `shots-storm-bolter`), holds the shots left in that
  weapon. Until it is first set, the weapon is full (every weapon starts the game loaded), so a model's Heavy
  Flamer stays full however much it fires its Storm Bolter. A match made before the pack declared these counters
  keeps its shots by hand (the helper says so).
- Morale: the `morale` counter; until it is first set, the model has its Morale stat.
- Magazines: one counter per kind of ammunition (its item id, e.g. `bolter-ammo`), the number carried.
- Equipment: one counter per item id: uses left for limited items (Medkit 1 each, Ration Pack 2, Servo Skull 3,
  Melta Charge, Trip Mine and Frag Grenade 1 each); 1 when carried for the others; the Cogitator Scanner is 2
  while switched on.
- `advanced-turn` / `moved-turn`: the game turn in which the model last advanced / moved. The turn number changes
  with every end of turn, so "this phase" needs no reset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.core.dice.roll_tables import RollTable
from companion.core.errors import IllegalAction
from companion.core.match.events import MAX_STEP, Event
from companion.core.model import Unit
from companion.rules.pack_source import pack_of

SYSTEM_ID = "killer-of-the-maze"
ADVANCED = "advanced-turn"
MOVED = "moved-turn"
SCANNER_ON = 2  # the Cogitator Scanner counter while switched on
VENT_WEAPONS = ("flamer", "heavy-flamer")  # the weapons that can Light Vent


@dataclass(frozen=True)
class Profile:
    range: int
    to_wound: int
    damage: int


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    profiles: tuple[Profile, ...]  # by range; the Shotgun has three
    ap: int
    min_shots: int
    max_shots: int
    recharge: int | None  # shots after a reload; None: can't be reloaded (Frag Grenade)
    only: tuple[str, ...]  # keywords allowed to carry it; empty: anyone
    ammo: str | None
    auto_hit: bool
    section: str
    in_equipment_slot: bool = False  # carried as equipment (the Frag Grenade): its unit counter is the item's

    @property
    def range(self) -> int:
        return max(p.range for p in self.profiles)

    def profile_at(self, distance: int) -> Profile | None:
        """The profile used at `distance` tiles: the shortest range that still reaches; None out of range."""
        reaching = [p for p in self.profiles if p.range >= distance]
        return min(reaching, key=lambda p: p.range) if reaching else None

    @property
    def full(self) -> int:
        return self.recharge if self.recharge is not None else self.max_shots


@dataclass(frozen=True)
class Gear:
    id: str
    name: str
    only: tuple[str, ...]
    not_with: tuple[str, ...]
    uses: int | None  # None: unlimited or always active
    always_active: bool
    effect: str
    section: str


@dataclass(frozen=True)
class Catalogue:
    weapons: dict[str, Weapon]
    gear: dict[str, Gear]
    ammo: dict[str, str]  # id -> name
    traits: dict[str, str]  # keyword id -> name
    scavenge: RollTable

    def counted_items(self) -> tuple[str, ...]:
        """The items a unit counter holds, by id: the equipment and the weapons carried in an equipment slot."""
        return (*self.gear, *(w.id for w in self.weapons.values() if w.in_equipment_slot))

    def name(self, item: str) -> str:
        thing = self.weapons.get(item) or self.gear.get(item)
        return thing.name if thing else self.ammo.get(item, item)

    def allowed(self, unit_keywords: frozenset[str], only: tuple[str, ...]) -> bool:
        return not only or bool(unit_keywords & set(only))

    def only_text(self, only: tuple[str, ...]) -> str:
        return " or ".join(self.traits.get(k, k) for k in only)


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The pack's item tables, read once (the pack loader checks them)."""
    pack = pack_of(SYSTEM_ID)  # handed in by the session: rules read no files
    weapons = {
        w["id"]: Weapon(w["id"], w["name"], tuple(Profile(p["range"], p["to_wound"], p["damage"])
                                                  for p in w["profile"]),
                        w["ap"], w["min_shots"], w["max_shots"], w.get("recharge"), tuple(w.get("only", ())),
                        w.get("ammo"), w.get("auto_hit", False), w.get("section") or "weapons",
                        w["slot"] == "equipment")
        for w in pack.entries("items", "weapon")}
    gear = {
        g["id"]: Gear(g["id"], g["name"], tuple(g.get("only", ())), tuple(g.get("not_with", ())),
                      g["uses"] if isinstance(g["uses"], int) else None, g["uses"] == "always-active", g["effect"],
                      g.get("section") or "equipment")
        for g in pack.entries("items", "equipment")}
    ammo = {a["id"]: a["name"] for a in pack.entries("items", "ammo")}
    traits = {t["id"]: t["name"] for t in pack.entries("units", "trait")}
    return Catalogue(weapons, gear, ammo, traits, pack.tables["scavenge"])


def keywords(unit: Unit) -> frozenset[str]:
    traits = catalogue().traits
    return frozenset(m for click in unit.dial for m in click.markers if m in traits)


def stat(unit: Unit, name: str) -> int:
    value = unit.current.stats.get(name, 0)
    return value if isinstance(value, int) else 0


def shots_counter(weapon: Weapon) -> str:
    """The unit counter that holds the shots left in `weapon` (one per weapon, never one per model)."""
    return f"shots-{weapon.id}"


def shots_left(unit: Unit, weapon: Weapon) -> int:
    return unit.counters.get(shots_counter(weapon), weapon.full)


def morale(unit: Unit) -> int:
    return unit.counters.get("morale", stat(unit, "morale"))


def carried(unit: Unit, item: str) -> int:
    return unit.counters.get(item, 0)


def this_phase(unit: Unit, counter: str, turn: int) -> bool:
    return unit.counters.get(counter, 0) == turn


def set_counter(unit: Unit, name: str, value: int, by: str, implicit: bool = False) -> list[Event]:
    """Events that make the unit's counter `name` read `value`. `implicit`: a counter whose absence means
    something else than 0 (shots: a full gun; morale: the Morale stat), so it is written even when the stored
    number already matches."""
    delta = max(0, value) - unit.counters.get(name, 0)
    if delta == 0 and not (implicit and name not in unit.counters):
        return []
    sign, rest, steps = (1 if delta >= 0 else -1), abs(delta), []
    while rest > MAX_STEP:  # one counter event moves at most MAX_STEP (a late turn number can be further)
        steps.append(sign * MAX_STEP)
        rest -= MAX_STEP
    steps.append(sign * rest)
    return [Event("counter", {"scope": "unit", "target": unit.id, "name": name, "delta": d}, by) for d in steps]


def token_event(unit: Unit, cost: int) -> Event:
    """The action tokens an action uses (Break Down Door: two)."""
    return Event("token", {"unit": unit.id, "kind": "action", "delta": cost}, unit.owner)


# --- reading an action's params (the app's form gives str for choices, int, bool) ---------------------------


def param_bool(params: Mapping[str, Any], name: str) -> bool:
    return bool(params.get(name, False))


def param_choice(params: Mapping[str, Any], name: str, allowed: tuple[str, ...], default: str, rule: str) -> str:
    value = params.get(name, default)
    if value not in allowed:
        raise IllegalAction(f"{name.replace('_', ' ')} must be one of {', '.join(allowed)}, not {value!r}", rule)
    return str(value)
