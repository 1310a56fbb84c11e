"""`companion library save-force|forces|force|share-force`: whole forces kept in the library, to start matches with."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.cli.output import emit_json, fail
from companion.session import Session
from companion.session.sharing.force_share import force_link_of, force_qr
from companion.session.table.forces import (
    find_force,
    save_force,
    saved_force_text,
    saved_forces,
    saved_words,
    units_word,
)


def register(sub: argparse._SubParsersAction) -> None:
    library = sub.add_parser("library")
    lsub = library.add_subparsers(dest="library_command", metavar="ACTION", required=True)

    p = lsub.add_parser("save-force", help="keep a player's units of a match as a force under a name (the same "
                        "name again replaces it)")
    p.add_argument("id", help="the match")
    p.add_argument("player", help="p1, p2 ... or the player's name")
    p.add_argument("name", help="the force's name, e.g. \"Ann's Spartans\"")
    _json_flag(p)
    p.set_defaults(run=_save_force)

    p = lsub.add_parser("forces", help="the saved forces, by game")
    p.add_argument("--system", help="only this game's forces")
    _json_flag(p)
    p.set_defaults(run=_forces)

    p = lsub.add_parser("share-force", help="a saved force as one link (and with --png a QR picture) for another "
                        "phone's Scan a code, or `companion share import LINK`")
    p.add_argument("system", help="its game")
    p.add_argument("name", help="its name or id")
    p.add_argument("--png", type=Path, metavar="OUT.png", help="also write the QR code as a picture")
    p.set_defaults(run=_share_force)

    p = lsub.add_parser("force", help="a saved force as force text (to read, or add with `match add-units`)")
    p.add_argument("system", help="its game (see `companion library forces`)")
    p.add_argument("name", help="its name or id")
    p.set_defaults(run=_force)


def _json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON for scripts")


def _save_force(args: argparse.Namespace) -> int:
    force, outcome = save_force(Session.open(), args.id, args.player, args.name)
    if args.json:
        emit_json({"id": force.id, "system": force.system, "name": force.name, "units": len(force.units),
                   "points": force.points, "replaced": outcome == "replaced", "outcome": outcome})
    else:
        print(f"{saved_words(force, outcome)}, {force.points} points, for {force.system}")
    return 0


def _forces(args: argparse.Namespace) -> int:
    found, damaged = saved_forces(Session.open(), args.system)
    if args.json:
        emit_json([{"id": f.id, "system": f.system, "name": f.name, "units": len(f.units), "points": f.points,
                    "unit_names": [str(u.get("name", "?")) for u in f.units]} for f in found])
    else:
        if not found:
            print("No saved forces yet: `companion library save-force MATCH_ID PLAYER NAME` keeps one.")
        for f in found:
            print(f"{f.system} · {f.name} · {units_word(len(f.units))}, {f.points} points · "
                  + ", ".join(str(u.get("name", "?")) for u in f.units))
    for d in damaged:
        print(f"companion: {d}", file=sys.stderr)
    return 0


def _force(args: argparse.Namespace) -> int:
    session = Session.open()
    print(saved_force_text(session, find_force(session, args.system, args.name)))
    return 0


def _share_force(args: argparse.Namespace) -> int:
    session = Session.open()
    link = force_link_of(session, find_force(session, args.system, args.name).id)
    print(link)
    if args.png:
        try:
            args.png.write_bytes(force_qr(link))
        except OSError as exc:
            return fail(f"can't write {args.png}: {exc.strerror or exc}")
    return 0
