"""Halo ActionClix attacks (seed 001): exact chance to hit and a resolver that says why.

The facts used: the attack roll is 2d6 added to the attack value (plus modifiers); it hits when that total is at
least the target's defense value; a unit that moved more than 4 squares before attacking takes -3 attack; two 6s
on the attack roll always hit.
The extra damage to every enemy next to the target on a shot with two 6s appears in the source as one unit's card
ability, not as a rule for everyone, so it is an option (`double_six_splash`) taken from the unit's card; without
it the resolver only reminds the player to check the card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeGuard

from companion.core.dice.roll import RollResult, roll
from companion.core.errors import CompanionError
from companion.core.model import Match, Unit
from companion.rules.action import Action, Param, odds_text, param_int
from companion.rules.halo.splash import splash_params

SYSTEM_ID = "halo-actionclix"
ATTACK_ROLL = "2d6"
FREE_MOVE = 4  # squares a unit may move before attacking without a penalty
LONG_MOVE_PENALTY = 3
ATTACK_KINDS = ("shoot", "grenade", "special")
KIND_WORDS = {"shoot": "shot", "grenade": "grenade", "special": "special ability"}
MAX_VALUE = 50  # printed combat values are small; this only catches typos
MAX_MOVE = 50
MAX_MODIFIER = 20

# Section ids of content/halo-actionclix/rules.md that the helper cites (a test checks they exist there).
RULE_SHOOTING = "shooting"
RULE_MOVE_ATTACK = "move-attack-penalty"
RULE_TWO_SIXES = "two-sixes"
RULE_CARD_ABILITY = "special-ability-colours"
RULE_GRENADES = "grenades"
# The source names throwing a grenade as an attack but its grenade rules ("see Grenades") are cut off: the app
# judges a throw like a shot and says so wherever the throw is rolled or its odds shown.
GRENADE_READING = ("the source's grenade rules are cut off: this throw is judged like a shot (2d6 + attack against "
                   "the target's defense, the unit's damage value on a hit); apply anything more your grenade rules "
                   "say by hand")
GRENADE_ODDS = "a grenade, judged like a shot (its own rules are cut off)"
# Two 6s on a shot by a unit whose card has the double-six ability: at the desk this line says it; in a match the
# splash's own events and line replace it (halo.splash).
SPLASH_EFFECT = ("two 6s with the double-six card ability: every enemy unit adjacent to the target also takes 1 "
                 "damage")


class AttackError(CompanionError):
    """Attack numbers that can't be right (a typo such as defense 160), or a dial without them."""


@dataclass(frozen=True)
class AttackSetup:
    """Everything the attack roll needs; `moved` is the squares moved before attacking this action."""

    attack: int
    defense: int
    moved: int = 0
    modifier: int = 0
    kind: str = "shoot"
    double_six_splash: bool = False  # the attacker's card has the double-six splash ability

    def __post_init__(self) -> None:
        for name, value, low, high in (("attack", self.attack, 0, MAX_VALUE), ("defense", self.defense, 0, MAX_VALUE),
                                       ("squares moved", self.moved, 0, MAX_MOVE),
                                       ("modifier", self.modifier, -MAX_MODIFIER, MAX_MODIFIER)):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise AttackError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
        if self.kind not in ATTACK_KINDS:
            raise AttackError(f"an attack is one of {', '.join(ATTACK_KINDS)}, not {self.kind!r}")
        if self.double_six_splash and self.kind != "shoot":
            raise AttackError(f"the double-six splash is a shot's card ability: a {KIND_WORDS[self.kind]} doesn't "
                              "offer it")

    @property
    def long_move(self) -> bool:
        return self.moved > FREE_MOVE

    @property
    def effective_attack(self) -> int:
        return self.attack + self.modifier - (LONG_MOVE_PENALTY if self.long_move else 0)

    @property
    def needed(self) -> int:
        """The 2d6 total that hits without counting on two 6s."""
        return self.defense - self.effective_attack

    def attack_text(self) -> str:
        parts = [f"attack {self.attack}"]
        if self.modifier:
            parts.append(f"{self.modifier:+d} modifiers")
        if self.long_move:
            parts.append(f"-{LONG_MOVE_PENALTY} for moving {self.moved} squares (more than {FREE_MOVE})")
        return " ".join(parts) + (f" = {self.effective_attack}" if len(parts) > 1 else "")


@lru_cache(maxsize=64)
def _hit_weight(needed: int) -> tuple[int, int]:
    """(hitting rolls, all rolls) of the attack roll, counted exactly over both dice."""
    import icepool  # loaded when odds are first asked for, not with the system

    hits = icepool.map(lambda a, b: a + b >= needed or a == b == 6, icepool.d6, icepool.d6)
    return hits.quantity(True), hits.denominator()


def roll_chance(needed: int) -> Fraction:
    """The exact chance that 2d6 reaches `needed` or shows two 6s (which always hit; the Scarab game too)."""
    # every needed total below 2 hits always, every one above 12 only on two 6s: clamp to keep the cache small
    hit, total = _hit_weight(max(2, min(needed, 13)))
    return Fraction(hit, total)


def hit_chance(setup: AttackSetup) -> Fraction:
    """The exact chance that this attack hits."""
    return roll_chance(setup.needed)


@dataclass(frozen=True)
class AttackResult:
    setup: AttackSetup
    roll: RollResult
    total: int  # attack roll + effective attack
    hit: bool
    automatic: bool  # the hit came from two 6s although the total fell short
    chance: Fraction
    why: str
    effects: tuple[str, ...]
    rules: tuple[str, ...]  # rules.md section ids behind the outcome

    @property
    def double_six(self) -> bool:
        return self.roll.dice == (6, 6)

    def to_json(self) -> dict[str, object]:
        return {"system": SYSTEM_ID, "kind": self.setup.kind, "dice": list(self.roll.dice), "roll": self.roll.total,
                "attack": self.setup.attack, "effective_attack": self.setup.effective_attack,
                "defense": self.setup.defense, "moved": self.setup.moved, "total": self.total, "hit": self.hit,
                "automatic": self.automatic, "probability": str(self.chance), "why": self.why,
                "effects": list(self.effects), "rules": list(self.rules)}


def resolve_attack(setup: AttackSetup, rng: random.Random) -> AttackResult:
    """Roll the attack with `rng` and judge it."""
    result = roll(ATTACK_ROLL, rng)
    a, b = result.dice
    total = result.total + setup.effective_attack
    double_six = a == b == 6
    reached = total >= setup.defense
    hit = reached or double_six
    rules = [RULE_SHOOTING] + ([RULE_MOVE_ATTACK] if setup.long_move else [])
    why = (f"rolled {a}+{b} = {result.total}, {setup.attack_text()}: total {total} "
           f"{'>=' if reached else '<'} defense {setup.defense}")
    if reached:
        why += ": hit"
    elif double_six:
        why += ", but two 6s always hit: hit"
        rules.append(RULE_TWO_SIXES)
    else:
        why += f": miss (needed {setup.needed} or more on 2d6)"
    effects: list[str] = []
    if setup.kind == "grenade":
        rules.append(RULE_GRENADES)
        effects.append(GRENADE_READING)
    if setup.kind == "special":  # the roll is the attack's; what the ability does is on the card
        rules.append(RULE_CARD_ABILITY)
        effects.append("a special ability: apply its card's text (the colour in the stat slot points to it)" + (
            "; the hit dealt the unit's damage value as a shot's would: turn the target's dial back if the card "
            "says otherwise" if hit else ""))
    if double_six and setup.kind == "shoot":
        rules.append(RULE_CARD_ABILITY)
        # with the ability, SPLASH_EFFECT says what the splash dealt; without it the roll is made, so the splash
        # is dealt by hand now, and the switch is for the rolls to come
        effects.append(SPLASH_EFFECT if setup.double_six_splash else
                       "two 6s on a shot: if this unit's card has the double-six ability, every enemy unit "
                       "adjacent to the target also takes 1 damage: give it with their Damage buttons on the "
                       "table (before the next such roll, switch the card on under More options on the attack "
                       "screen and mark them)")
    return AttackResult(setup, result, total, hit, hit and not reached, hit_chance(setup), why, tuple(effects),
                        tuple(rules))


def chance_text(setup: AttackSetup) -> str:
    """One line for people: `attack 9 vs defense 16: needs 7+ on 2d6, 7/12 (58.33%)`."""
    p = hit_chance(setup)
    if setup.needed <= 2:
        need = "hits on any roll"
    elif setup.needed > 12:
        need = "hits only on two 6s"
    else:
        need = f"needs {setup.needed}+ on 2d6"
    grenade = f"; {GRENADE_ODDS}" if setup.kind == "grenade" else ""
    return f"{setup.attack_text()} vs defense {setup.defense}: {need}, {odds_text(p)}{grenade}"


class Desk:
    """Halo's attack worked out at the desk, without a match (`companion attack`): the system's `desk_attack`
    (rules.base.DeskAttack)."""

    kinds = ATTACK_KINDS

    def setup(self, *, attack: int, defense: int, moved: int = 0, modifier: int = 0, kind: str = "shoot",
              double_six_splash: bool = False) -> AttackSetup:
        return AttackSetup(attack=attack, defense=defense, moved=moved, modifier=modifier, kind=kind,
                           double_six_splash=double_six_splash)

    def owns(self, setup: object) -> TypeGuard[AttackSetup]:
        return isinstance(setup, AttackSetup)

    def hit_chance(self, setup: AttackSetup) -> Fraction:
        return hit_chance(setup)

    def chance_text(self, setup: AttackSetup) -> str:
        return chance_text(setup)

    def resolve(self, setup: AttackSetup, rng: random.Random) -> AttackResult:
        return resolve_attack(setup, rng)


# --- the attack as an action of the match: what the player fills in, and the set-up it gives -----------------

KIND = "kind"  # a shot's field: a plain shot, or an attack with a special ability of the card
HOW_KINDS = {"shoot": "Shoot", "special": "Special ability (card text)"}


def attack_params(targets: tuple[Unit, ...], *, moving: bool, shooting: bool) -> tuple[Param, ...]:
    """The form of an attack action: the target, squares moved (a moving attack), modifiers, and for a shot (the
    double-six card ability speaks of shots) how it attacks, the card switch and the units next to the target."""
    params = [Param("target", "Target", "unit", tuple((u.id, u.name) for u in targets),
                    default=targets[0].id if targets else None)]
    if moving:
        params.append(Param("moved", "Squares moved before attacking", "int", low=0, high=MAX_MOVE, default=0))
    params.append(Param("modifier", "Other attack modifiers (card abilities)", "int", low=-MAX_MODIFIER,
                        high=MAX_MODIFIER, default=0, rare=True))
    if shooting:
        params.append(Param(KIND, "Shot or special ability", "choice", tuple(HOW_KINDS.items()), default="shoot",
                            rare=True))
        params.append(Param("splash", "Card: two 6s also deal 1 damage to every enemy next to the target", "bool",
                            default=False, rare=True, only_when=((KIND, "shoot"),)))  # a shot's ability
        params += splash_params(targets)
    return tuple(params)


def attack_kind(params: Mapping[str, Any], *, grenade: bool) -> str:
    """How the attack is made (seed 001 ¶8: a shot, a grenade or a special ability): a grenade is its own action;
    a shot (after a move or not) may instead use a special ability (`kind` "special"), the card's text to apply."""
    if grenade:
        if params.get("splash") is True:  # a respawn's form offers it
            raise AttackError("the double-six splash is a shot's card ability: a grenade doesn't offer it")
        if params.get(KIND) == "special":  # so does a respawn's form
            raise AttackError("a unit declares one attack: a grenade or a special ability, not both")
        return "grenade"
    kind = params.get(KIND) or "shoot"
    if kind not in HOW_KINDS:
        raise AttackError(f"an attack is a shot ('shoot') or a special ability ('special'), not {kind!r}")
    if kind == "special" and params.get("splash") is True:
        raise AttackError("the double-six splash is a shot's card ability: a special-ability attack doesn't offer it")
    return str(kind)


def squares_moved(params: Mapping[str, Any]) -> int:
    """The squares a moving attack moves before it attacks; IllegalAction when unreadable."""
    return param_int(params, "moved", 0, MAX_MOVE)


def dial_value(unit: Unit, stat: str) -> int:
    value = unit.current.stats.get(stat)
    if isinstance(value, bool) or not isinstance(value, int):
        raise AttackError(f"{unit.name}'s dial shows no {stat} value on this click; set its dial on the unit card")
    return value


def attack_setup(state: Match, action: Action, *, moving: bool, grenade: bool) -> tuple[AttackSetup, Unit, Unit]:
    """(set-up, attacker, target) of an attack action (`moving`: it moves first; `grenade`: a thrown grenade, else a
    shot); the target defaults to the first opposing unit on the table. Raises AttackError when a unit is unknown or
    a number can't be read (whether the target may be attacked is the legal-action check's job)."""
    try:
        attacker = state.unit(action.unit or "")
    except KeyError:
        raise AttackError("choose the unit that attacks") from None
    target_id = action.params.get("target") or next(
        (u.id for u in state.units if u.owner != attacker.owner and u.location == "table" and not u.eliminated), None)
    try:
        target = state.unit(target_id or "")
    except KeyError:
        raise AttackError("choose an opposing unit on the table as the target") from None
    moved = squares_moved(action.params) if moving else 0
    speed = attacker.current.stats.get("speed")
    if isinstance(speed, int) and not isinstance(speed, bool) and moved > speed:  # one action: its speed at most
        raise AttackError(f"{attacker.name}'s speed is {speed}: it can't move {moved} squares in one action")
    setup = AttackSetup(attack=dial_value(attacker, "attack"), defense=dial_value(target, "defense"), moved=moved,
                        modifier=param_int(action.params, "modifier", -MAX_MODIFIER, MAX_MODIFIER),
                        kind=attack_kind(action.params, grenade=grenade), double_six_splash=action.params.get(
                            "splash") is True and attack_kind(action.params, grenade=grenade) == "shoot")
    return setup, attacker, target
