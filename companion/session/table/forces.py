"""Whole forces: a force typed or pasted as text, saved to the library under a name, and brought into a match
(a new one takes one saved force per player).

Adding a force is one step of the log (one undo takes every unit back), and all or nothing: a wrong line, or a
unit the match refuses, adds none.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.match.events import Event
from companion.core.match.force_text import (
    ForceTextError,
    ForceUnit,
    example,
    force_text,
    force_title,
    parse_force,
)
from companion.core.model import Click, Match, Player
from companion.core.records import SavedForce
from companion.core.words import counted
from companion.session.matches import Session
from companion.session.table.library import KEPT, _click_json, _json
from companion.store.atomic import DamagedFile
from companion.store.forces import ForceLibrary

__all__ = ["ForceTextError", "SavedForce", "add_force_text", "add_saved_force", "bring_forces", "chosen_forces",
           "own_force", "save_titled_force", "saved_as",
           "example_line", "find_force", "force_as_text",
           "new_match_with_forces", "player_of", "save_force", "saved_force_text", "saved_forces", "units_word"]


def example_line(stats: tuple[str, ...]) -> str:
    """A force line in these stats, to show what to type."""
    return example(stats)


def units_word(n: int) -> str:
    """"1 unit", "5 units": the one plural helper, for the screens and commands that speak of a force."""
    return counted(n, "unit")


def _library(session: Session) -> ForceLibrary:
    root: Path | None = session.store.root
    if root is None:
        raise CompanionError("this session keeps no files, so it has no library of forces")
    return ForceLibrary(root)


def player_of(match: Match, who: str | None) -> Player:
    """The player named by id ("p2") or by name (any case); None: the player to play."""
    if who is None or not who.strip():
        return match.active_player
    wanted = who.strip().casefold()
    for p in match.players:
        if p.id == who.strip() or p.name.casefold() == wanted:
            return p
    names = ", ".join(f"{p.id} ({p.name})" for p in match.players)
    raise CompanionError(f"no player {who!r} in this match: its players are {names}")


def add_force_text(session: Session, match_id: str, text: str, owner: str | None = None) -> tuple[Match, int]:
    """Every unit of the force text for the player (the one to play when None), as one step; returns the match
    and how many units joined. ForceTextError names the first wrong line, and then nothing is added."""
    match = session.state(match_id)
    player = player_of(match, owner)
    units = parse_force(text, match.rules.stats)
    return _add(session, match, player, [_unit_json(u) for u in units], "a force"), len(units)


def save_force(session: Session, match_id: str, player: str, name: str) -> tuple[SavedForce, str]:
    """The player's units in this match, as they are at the start (not their damage), kept under `name` for
    this match's game; returns the force and what saving did: "saved" (a new name), "replaced" (other units were
    kept under that name) or "unchanged" (these very units were)."""
    match = session.state(match_id)
    who = player_of(match, player)
    units = _kept_units(match, who)
    if not units:
        raise CompanionError(f"{who.name} has no units in this match to save")
    old = _library(session).find(match.system, name)
    force, _ = _library(session).save(match.system, name, units)
    return force, "saved" if old is None else "unchanged" if list(old.units) == units else "replaced"


def saved_words(force: SavedForce, outcome: str) -> str:
    """What saving a force did, in one sentence (Set-up's message, the CLI's line)."""
    size = units_word(len(force.units))
    if outcome == "unchanged":
        return f"“{force.name}” is already saved with these {size}"
    return f"{'Replaced' if outcome == 'replaced' else 'Saved'} force “{force.name}” ({size})"


def save_titled_force(session: Session, match_id: str, text: str, player: str) -> str:
    """After a pasted force: when its text starts with a title line ("# Ann's Spartans"), the player's units kept
    under that title; a saved force of that name is never replaced. Returns what was done, as words to follow
    "2 units added for Ann" ("" when the text has no title)."""
    title = force_title(text)
    if not title:
        return ""
    match = session.state(match_id)
    old = _library(session).find(match.system, title)
    if old is None:
        force, _ = save_force(session, match_id, player, title)
        return f"saved as “{force.name}”"
    if list(old.units) == _kept_units(match, player_of(match, player)):
        return f"already saved as “{old.name}”"
    return f"not saved: a saved force is already named “{old.name}” (Set-up can save it under another name)"


def saved_as(session: Session, match_id: str, player: str) -> str:
    """The name of a saved force of this game holding exactly the player's units (e.g. kept under a pasted
    force's title), "" when none: Set-up offers it as the name to save (and share) under."""
    match = session.state(match_id)
    units = _kept_units(match, player_of(match, player))
    try:
        forces = _library(session).entries()[0]
    except CompanionError:  # a session that keeps no files
        return ""
    return next((f.name for f in forces if units and f.system == match.system and list(f.units) == units), "")


def own_force(player: str, saved: list[SavedForce]) -> str | None:
    """The id of the saved force named for the player (whose name is `player`): "Ann's force" (as Set-up saves
    it), else the one force whose name is Ann's ("Ann's Spartans", a pasted force's title) when exactly one is;
    None when it is unclear. New match picks it for the player until another pick is made."""
    who = player.strip().casefold()
    if not who:
        return None
    names = {f.id: f.name.strip().casefold().replace("\u2019", "'") for f in saved}
    for own in ([i for i, n in names.items() if n == f"{who}'s force"],
                [i for i, n in names.items() if n.startswith(f"{who}'s ")]):
        if own:
            return own[0] if len(own) == 1 else None
    return None


def _kept_units(match: Match, who: Player) -> list[dict[str, Any]]:
    return [{k: v for k, v in _json(u).items() if k in KEPT} for u in match.units if u.owner == who.id]


def saved_forces(session: Session, system: str | None = None) -> tuple[list[SavedForce], list[DamagedFile]]:
    """The saved forces (of one game when `system` is given), and the files that couldn't be read."""
    found, damaged = _library(session).entries()
    return [f for f in found if system is None or f.system == system], damaged


def find_force(session: Session, system: str, name: str) -> SavedForce:
    force = _library(session).find(system, name)
    if force is None:
        raise CompanionError(f"no saved force {name!r} for this game (see `companion library forces`)")
    return force


def add_saved_force(session: Session, match_id: str, name: str, owner: str | None = None) -> Match:
    """A saved force (by name or id) for the player, as one step."""
    match = session.state(match_id)
    force = find_force(session, match.system, name)
    return _add(session, match, player_of(match, owner), list(force.units), f"“{force.name}”")


def force_as_text(session: Session, match_id: str, player: str | None = None) -> str:
    """The player's units as force text (to read back, copy, or paste on another phone)."""
    match = session.state(match_id)
    who = player_of(match, player)
    return force_text([u for u in match.units if u.owner == who.id], match.rules.stats, f"{who.name}'s force")


def saved_force_text(session: Session, force: SavedForce) -> str:
    """A saved force as force text, in its game's stats."""
    pack = session.packs()[0].get(force.system)
    if pack is None:
        raise CompanionError(f"the game of “{force.name}” ({force.system}) is not on this device")
    units = [ForceUnit(str(u.get("name", "?")), int(u.get("points", 0)),
                       tuple(Click(stats=dict(c.get("stats", {})), markers=tuple(c.get("markers", ())))
                             for c in u.get("dial", []))) for u in force.units]
    return force_text(units, pack.rules.stats, force.name)


def _add(session: Session, match: Match, player: Player, units: list[dict[str, Any]], what: str) -> Match:
    taken = {u.id for u in match.units}
    events = []
    for unit in units:
        uid = next(f"u{n}" for n in range(1, len(taken) + 2) if f"u{n}" not in taken)
        taken.add(uid)
        events.append(Event("add_unit", {"unit": {**unit, "id": uid, "owner": player.id}}))
    label = f"{player.name} brings {what}: {units_word(len(units))}"
    return session.dispatch_events(match.id, events, label, by=player.id)


def _unit_json(unit: ForceUnit) -> dict[str, Any]:
    return {"name": unit.name, "points": unit.points, "dial": [_click_json(c) for c in unit.dial]}


def new_match_with_forces(session: Session, system: str, players: list[str], forces: dict[str, str],
                          **settings: Any) -> Match:
    """A new match (as Session.new_match, with its `settings`) where each player of `forces` (by id, "p1", or
    by name) brings a saved force of this game (by name or id)."""
    chosen = chosen_forces(session, system, forces)
    return bring_forces(session, session.new_match(system, players, **settings), chosen)


def chosen_forces(session: Session, system: str, forces: dict[str, str]) -> dict[str, SavedForce]:
    """The saved forces named for players, each looked up before a match is made (an unknown name makes none)."""
    return {who: find_force(session, system, name) for who, name in forces.items()}


def bring_forces(session: Session, match: Match, chosen: dict[str, SavedForce]) -> Match:
    """Each chosen force into the new match, one step per player. If one can't join (a player not in it, a unit
    it refuses), the new match is deleted again: nothing is half made."""
    try:
        for who, force in chosen.items():
            match = add_saved_force(session, match.id, force.id, player_of(match, who).id)
    except CompanionError:
        session.delete(match.id)
        raise
    return match
