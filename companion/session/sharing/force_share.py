"""Saved forces between phones: a force's link and QR code, and a scanned or pasted force link kept in this
device's library ("Saved force “Ann's Spartans” (5 units)").

A force code is not a match: it never goes through the match collector or the merge rules; taking one in saves
(or replaces, by name within its game) a force in the library.
"""

from __future__ import annotations

from companion.core.errors import CompanionError
from companion.core.records import SavedForce
from companion.session.matches import Session
from companion.share.force_code import ForceCode, force_link, is_force_link, read_force_link
from companion.store.forces import ForceLibrary

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
    """Keep the force of a scanned or pasted link; returns it and what was done, as a sentence."""
    code = read_force_link(text)
    if code.system not in session.packs()[0]:
        raise CompanionError(f"“{code.name}” is a force of a game this app doesn't have ({code.system}): "
                             "update the app or add its rule pack")
    force, replaced = _library(session).save(code.system, code.name, list(code.units))
    count = len(force.units)
    return force, (f"{'Replaced' if replaced else 'Saved'} force “{force.name}” "
                   f"({count} unit{'' if count == 1 else 's'})")
