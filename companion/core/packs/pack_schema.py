"""What each file of a rule pack may hold (see content/README.md for the authoring guide).

pack.toml is required; the other data files are optional and checked when present. Every `section` field
names a section of the pack's Markdown rules text; every `token`, `item`, `option` ... names an id declared
in one of the pack's files.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from companion.core.model import COUNTER_SCOPES, MAX_POSITION, TURN_STYLES
from companion.core.packs.schema import (
    AnyOf,
    Bool,
    Checker,
    Id,
    Int,
    ListOf,
    MapOf,
    Num,
    Opt,
    PackError,
    Ref,
    Str,
    Table,
    entries,
)

DICE = Str(pattern=re.compile(r"^(?:[1-9]\d?)?d(?:4|6|8|10|12|20|66)$"), hint="dice such as 'd6', '2d6', 'd66', '2d10'")
TEXT = Str()
SECTION = Opt(Ref("section"))
PLAYERS = ListOf(Int(2, 4), 2, 2)  # [fewest, most] players the entry applies to

PACK_FILE = Table({
    "pack": Table({
        "id": Str(pattern=re.compile(r"^[a-z0-9][a-z0-9-]*$"), hint="the pack id (the folder's name)"),
        "name": TEXT, "version": TEXT, "source": TEXT,
        "min_players": Int(2, 4), "max_players": Int(2, 4),
        "turn": TEXT, "round": TEXT,
    }, "the [pack] table"),
    "match": Opt(Table({
        "turn_style": Opt(Str(TURN_STYLES)),
        "rounds_per_turn": Opt(Int(1, 10)),
        "stats": Opt(ListOf(TEXT)),
        "phases": Opt(ListOf(TEXT)),
        "token_limits": Opt(MapOf(Int(lo=-1))),  # -1: no limit
        "action_tokens_carry": Opt(Bool()),
        "counters": Opt(MapOf(ListOf(TEXT), COUNTER_SCOPES)),
    }, "the [match] table")),
})

UNITS_FILE = Table({
    "units": Table({"noun": TEXT, "plural": TEXT, "text": TEXT}),
    "stat": ListOf(Table({"id": Id("stat"), "name": TEXT, "text": TEXT, "section": SECTION}), 1),
    "trait": Opt(ListOf(Table({"id": Id("trait"), "name": TEXT, "text": TEXT}))),
    # the game's words for what a unit holds, did this turn and why it waits in the reserves: the core keeps them
    # as words, the screens and the log say them as written here; a code sends a mark or a reason as its place in
    # this file, so add new ones at the end and never reorder them
    "token": Opt(ListOf(Table({
        "id": Id("token"), "name": TEXT, "scope": Str(("unit", "player")), "limit": Int(lo=-1),
        "points": Opt(Int(lo=0)), "text": TEXT, "section": SECTION,
        # the word a unit's card shows before the count ("Action 1"; default: the name), and the name's plural
        # when it isn't the name + "s"
        "label": Opt(TEXT), "plural": Opt(TEXT),
    }))),
    "mark": Opt(ListOf(Table({"id": Id("mark"), "name": TEXT, "text": TEXT, "section": SECTION}))),
    "reserve": Opt(ListOf(Table({"id": Id("reserve"), "name": TEXT, "text": TEXT, "section": SECTION}))),
    "counter": Opt(ListOf(Table({
        "id": Id("counter"), "name": TEXT, "scope": Str(COUNTER_SCOPES), "tracked_as": Opt(Str(("vp", "kills"))),
        "text": TEXT, "section": SECTION,
        # a player's counter as the table says it: a sentence with {player} and {count} ("Ann: 2 spawn points
        # captured": says "{player}: {count} captured", count "spawn point", counts when not count + "s")
        "says": Opt(TEXT), "count": Opt(TEXT), "counts": Opt(TEXT),
        "score": Opt(ListOf(Table({"points": Int(), "when": TEXT, "section": SECTION}), 1)),
    }))),
    "dial": Opt(ListOf(Table({
        "id": Id("dial"), "name": TEXT, "stats": ListOf(Ref("stat")), "cyclic": Opt(Bool()),
        "text": TEXT, "section": SECTION,
        # how to type a dial with no stats (one position per line), and an example of the lines
        "typing": Opt(TEXT), "example": Opt(TEXT),
    }))),
})

FORMULAS = ("fixed", "per_points", "half_units_up", "by_level", "none", "not_in_source")
STEP = Table({"id": Id("step"), "title": TEXT, "text": TEXT, "table": Opt(Ref("table")), "dial": Opt(Ref("dial")),
              "option": Opt(Ref("option")), "section": SECTION})
TURN_FILE = Table({
    "turn": Table({"text": TEXT}),
    "allowance": Opt(ListOf(Table({
        "id": Id("allowance"), "title": TEXT, "who": TEXT, "formula": Str(FORMULAS),
        "value": Opt(Int(lo=0)), "per_points": Opt(Int(lo=1)), "levels": Opt(MapOf(Int(lo=0))),
        "adjust": Opt(Int()), "max_per_unit": Opt(Int(lo=1)), "when": Opt(TEXT), "variant": Opt(TEXT),
        "option": Opt(Ref("option")), "text": TEXT, "section": SECTION,
    }))),
    "phase": Opt(ListOf(Table({"id": Id("phase"), "title": TEXT, "parent": Opt(Ref("phase")), "text": TEXT,
                               "section": SECTION}))),
    "sequence": Opt(ListOf(Table({
        "id": Id("sequence"), "title": TEXT, "when": TEXT, "section": SECTION,
        "group": ListOf(Table({"id": Id("group"), "title": TEXT, "order": Str(("fixed", "any")),
                               "step": ListOf(STEP, 1)}), 1),
    }))),
    "action": Opt(ListOf(Table({
        "id": Id("action"), "title": TEXT, "phase": Opt(Ref("phase")), "cost": Int(lo=0),
        "only": Opt(ListOf(Ref("trait"))), "first": Opt(Bool()), "max_per_phase": Opt(Int(lo=1)),
        "excludes": Opt(ListOf(Ref("action"))), "needs_token": Opt(Ref("token")), "option": Opt(Ref("option")),
        "text": TEXT, "section": SECTION,
    }))),
})

EFFECT = Table({
    "token": Opt(Ref("token")), "amount": Opt(Int()), "item": Opt(Ref("item")), "heal": Opt(Int(lo=0)),
    "damage": Opt(Int(lo=0)), "wounds": Opt(Int(lo=0)), "morale": Opt(Int()), "note": Opt(TEXT),
}, "an effect table")
ROW = Table({
    "id": Opt(Str(pattern=re.compile(r"^[a-z0-9][a-z0-9-]*$"), hint="a row id")),
    "roll": Opt(AnyOf((Int(), ListOf(Int(), 2, 2)))), "result": TEXT, "item": Opt(Ref("item")),
    "read_from": Opt(Ref("dial")), "effects": Opt(ListOf(EFFECT)),
})
TABLES_FILE = Table({
    "roll": Opt(ListOf(Table({"id": Id("roll"), "title": TEXT, "dice": DICE, "text": TEXT,
                              "table": Opt(Ref("table")), "section": SECTION}))),
    "table": Opt(ListOf(Table({
        "id": Id("table"), "title": TEXT, "dice": DICE, "kind": Str(("lookup", "number")),
        "read": Opt(Str(("sum", "tens-ones"))), "reroll_duplicates": Opt(Bool()),
        "numbers_missing": Opt(TEXT), "text": TEXT, "section": SECTION, "row": Opt(ListOf(ROW)),
    }))),
    "challenge": Opt(ListOf(Table({
        "id": Id("challenge"), "title": TEXT, "ability": TEXT, "target": TEXT,
        "attacker_pool": TEXT, "defender_pool": TEXT, "win": Str(("exceed", "equal_or_exceed")),
        "result": Str(("wounds", "damage", "card")), "removed_at": Opt(TEXT), "reverse": Opt(Bool()),
        "choose_target": Opt(TEXT), "text": TEXT, "section": SECTION,
    }))),
})

ITEMS_FILE = Table({
    "ammo": Opt(ListOf(Table({"id": Id("item"), "name": TEXT, "text": TEXT, "section": SECTION}))),
    "weapon": Opt(ListOf(Table({
        "id": Id("item"), "name": TEXT,
        "profile": ListOf(Table({"range": Int(lo=0), "to_wound": Int(2, 6), "damage": Int(lo=1)}), 1),
        "ap": Int(hi=0), "min_shots": Int(lo=1), "max_shots": Int(lo=1), "recharge": Opt(Int(lo=1)),
        "only": Opt(ListOf(Ref("trait"))), "ammo": Opt(Ref("item")), "slot": Str(("weapon", "equipment")),
        "auto_hit": Opt(Bool()), "notes": Opt(TEXT), "section": SECTION,
    }))),
    "equipment": Opt(ListOf(Table({
        "id": Id("item"), "name": TEXT, "only": Opt(ListOf(Ref("trait"))), "not_with": Opt(ListOf(Ref("item"))),
        "slots": Int(lo=1), "uses": AnyOf((Int(lo=1), Str(("unlimited", "always-active")))),
        "effect": TEXT, "section": SECTION,
    }))),
})

UNIT_KINDS = ("object", "bystander")  # a unit's kind is the head of its ref ("object:..."); others are characters
FORCE_KINDS = ("build_total", "min_units", "max_units", "max_unit_fraction", "max_unit_points",
               "max_total_points", "max_multibase", "note")
FORCE_FILE = Table({
    "force": Table({"text": TEXT}),
    "rule": ListOf(Table({
        "id": Id("force-rule"), "kind": Str(FORCE_KINDS), "value": Opt(Int(lo=0)), "choices": Opt(ListOf(Int(lo=1), 1)),
        "fraction": Opt(Num()), "players": Opt(PLAYERS), "missing": Opt(TEXT), "text": TEXT, "section": SECTION,
        "apart": Opt(ListOf(Str(UNIT_KINDS))),
        "setting": Opt(Ref("setting")),  # the match setting that holds the number the source lacks, once agreed
    }), 1),
    "list": Opt(ListOf(Table({
        "id": Id("figure-list"), "title": TEXT, "kind": Str(("banned", "restricted")), "per_force": Opt(Int(lo=1)),
        "text": TEXT, "section": SECTION,
        "figure": ListOf(Table({"set": TEXT, "number": TEXT, "name": TEXT}), 1),
    }))),
})

VICTORY_KINDS = ("score", "last_standing", "time_limit", "dial_click", "eliminate_side", "not_in_source")
VICTORY_FILE = Table({
    "victory": ListOf(Table({
        "id": Id("victory"), "kind": Str(VICTORY_KINDS), "value": Opt(Int(lo=1)), "players": Opt(PLAYERS),
        "minutes": Opt(Int(lo=1)), "counter": Opt(Ref("counter")), "dial": Opt(Ref("dial")),
        "option": Opt(Ref("option")), "immediate": Opt(Bool()), "text": TEXT, "section": SECTION,
        "setting": Opt(Ref("setting")),  # a score target the players agree: the match setting that holds it
    }), 1),
})

OPTIONS_FILE = Table({
    "option": Opt(ListOf(Table({"id": Id("option"), "title": TEXT, "default": Bool(), "source": TEXT, "text": TEXT,
                                "section": SECTION}))),
    "setting": Opt(ListOf(Table({
        "id": Id("setting"), "title": TEXT, "kind": Str(("int",)), "default": Opt(Int()), "min": Opt(Int()),
        "max": Opt(Int()), "missing": Opt(TEXT), "text": TEXT, "section": SECTION,
    }))),
})

# The data files a pack may hold, checked in this order; `*.md` files are its rules text.
DATA_FILES = {
    "units.toml": UNITS_FILE,
    "turn.toml": TURN_FILE,
    "tables.toml": TABLES_FILE,
    "items.toml": ITEMS_FILE,
    "force.toml": FORCE_FILE,
    "victory.toml": VICTORY_FILE,
    "options.toml": OPTIONS_FILE,
}


def check_semantics(folder: Path, files: dict[str, dict[str, Any]], ctx: Checker) -> None:
    """Rules a type check can't express: numbers that must come with their kind, limits that must agree."""
    match = files["pack.toml"].get("match", {})
    units = files.get("units.toml")
    pack_toml, units_toml = folder / "pack.toml", folder / "units.toml"
    if units is not None:
        stats = ctx.ids("stat")
        for i, name in enumerate(match.get("stats", [])):
            if name not in stats:
                raise PackError(f"{pack_toml}: match.stats[{i}]: expected one of the stats declared in units.toml "
                                f"({', '.join(sorted(stats))}); got {name!r}")
        tokens = {t["id"]: t for t in entries(units, "token")}
        for kind, limit in match.get("token_limits", {}).items():
            if tokens and kind not in tokens and limit != 0:  # 0: a kind this system doesn't use
                raise PackError(f"{pack_toml}: match.token_limits.{kind}: expected a token declared in units.toml "
                                f"({', '.join(sorted(tokens))})")
            if kind in tokens and tokens[kind]["limit"] != limit:
                raise PackError(f"{units_toml}: token[{kind}].limit: expected {limit} as in pack.toml "
                                f"match.token_limits; got {tokens[kind]['limit']}")
        for key in ("mark", "reserve"):  # kept on a unit as a short word (core.model.is_word)
            for entry in entries(units, key):
                if len(entry["id"]) > MAX_POSITION:
                    raise PackError(f"{units_toml}: {key}[{entry['id']}].id: at most {MAX_POSITION} characters")
        counters = ctx.ids("counter")
        for counter in entries(units, "counter"):
            says = counter.get("says")
            if says is not None and ("{player}" not in says or "{count}" not in says or "count" not in counter):
                raise PackError(f"{units_toml}: counter[{counter['id']}].says: expected a sentence with {{player}} "
                                f"and {{count}}, and the counted noun in `count`; got {says!r}")
        for scope, names in match.get("counters", {}).items():
            for name in names:
                if name not in counters:
                    raise PackError(f"{pack_toml}: match.counters.{scope}: expected counters declared in units.toml "
                                    f"({', '.join(sorted(counters))}); got {name!r}")
    force = files.get("force.toml")
    for rule in entries(force or {}, "rule"):
        path = f"{folder / 'force.toml'}: rule[{rule['id']}]"
        kind = rule["kind"]
        if kind == "build_total" and "choices" not in rule:
            raise PackError(f"{path}.choices: field is missing (expected the allowed build totals)")
        if kind == "max_unit_fraction" and "fraction" not in rule:
            raise PackError(f"{path}.fraction: field is missing (expected a share of the build total, e.g. 0.5)")
        if kind not in ("build_total", "max_unit_fraction", "note") and ("value" in rule) == ("missing" in rule):
            raise PackError(f"{path}.value: expected either a value or a 'missing' note saying the source lacks it")
    for rule in entries(files.get("victory.toml", {}), "victory"):
        path = f"{folder / 'victory.toml'}: victory[{rule['id']}]"
        needs = {"score": "value", "time_limit": "minutes", "dial_click": "dial"}.get(rule["kind"])
        if needs == "value" and "setting" in rule:
            needs = None  # the players agree the target: a match setting holds it
        if needs and needs not in rule:
            raise PackError(f"{path}.{needs}: field is missing (a {rule['kind']} victory needs it)")
    for setting in entries(files.get("options.toml", {}), "setting"):
        if ("default" in setting) == ("missing" in setting):
            raise PackError(f"{folder / 'options.toml'}: setting[{setting['id']}].default: expected either a "
                            "default or a 'missing' note saying the source lacks the number")
