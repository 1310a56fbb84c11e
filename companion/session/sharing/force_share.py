"""Saved forces between phones: a force's link and QR code, and a scanned or pasted force link kept in this
device's library ("Saved force “Ann's Spartans” (5 units)").

A force code is not a match: it never goes through the match collector or the merge rules; taking one in saves
a force in the library. It never overwrites one silently: a force of that name with other units stays, and the
received one is kept as "Ben's force (2)"; the very same force again is only said to be saved already.
"""

from __future__ import annotations

import re

from companion.core.errors import CompanionError
from companion.core.records import SavedForce
from companion.session.matches import Session
from companion.share.force_code import ForceCode, force_link, is_force_link, read_force_link
from companion.store.forces import MAX_NAME, ForceLibrary

__all__ = ["force_link_of", "force_qr", "is_force_link", "saved_force", "take_force_link"]


def _library(session: Session) -> ForceLibrary:
    if session.store.root is None:
        raise CompanionError("this session keeps no files, so it has no library of forces")
    return ForceLibrary(session.store.root)


def saved_force(session: Session, force_id: str) -> SavedForce:
    for force in _library(session).entries()[0]:
        if force.id == force_id:
            return force
    raise CompanionError("that saved force is no longer on this device")


def force_link_of(session: Session, force_id: str) -> str:
    """The force's link (the text its QR code holds)."""
    force = saved_force(session, force_id)
    return force_link(ForceCode(force.system, force.name, force.units))


def force_qr(link: str) -> bytes:
    """The link as a PNG QR code."""
    from companion.share.qr import png

    return png(link)


def take_force_link(session: Session, text: str) -> tuple[SavedForce, str]:
    """Keep the force of a scanned or pasted link; returns it and what was done, as a sentence. A saved force of
    the same name is never replaced: the same units are already saved; other units go under a free name."""
    code = read_force_link(text)
    if code.system not in session.packs()[0]:
        raise CompanionError(f"“{code.name}” is a force of a game this app doesn't have ({code.system}): "
                             "update the app or add its rule pack")
    library = _library(session)
    units = list(code.units)
    count = f"{len(units)} unit{'' if len(units) == 1 else 's'}"
    old = library.find(code.system, code.name)
    same = next((f for f in _namesakes(library, code.system, code.name) if list(f.units) == units), None)
    if same is not None:  # scanned twice, or received before and kept as "(2)"
        return same, f"Force “{same.name}” ({count}) is already saved on this phone"
    name = code.name if old is None else _free_name(library, code.system, code.name)
    force, _ = library.save(code.system, name, units)
    if old is None:
        return force, f"Saved force “{force.name}” ({count})"
    return force, (f"Saved force “{force.name}” ({count}): your “{old.name}” has other units, "
                   "so it stays as it was")


def _namesakes(library: ForceLibrary, system: str, name: str) -> list[SavedForce]:
    """The saved forces of that game named `name` or `name (n)` (case and spacing aside)."""
    wanted = " ".join(name.split()).casefold()
    return [f for f in library.entries()[0] if f.system == system
            and re.fullmatch(re.escape(wanted) + r"( \(\d+\))?", f.name.casefold())]


def _free_name(library: ForceLibrary, system: str, name: str) -> str:
    """`name (2)`, `name (3)`…: the first no saved force of that game has (the name cut to fit the limit)."""
    for n in range(2, 1000):
        suffix = f" ({n})"
        candidate = name[:MAX_NAME - len(suffix)].rstrip() + suffix
        if library.find(system, candidate) is None:
            return candidate
    raise CompanionError(f"too many saved forces named “{name}”: delete or rename some first")
