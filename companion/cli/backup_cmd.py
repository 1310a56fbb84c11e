"""`companion backup create|restore|list`: everything in the data folder as one file, and back (merging)."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from companion.cli.output import emit_json, fail
from companion.session import Session
from companion.session.data.backup import automatic_backups, create_backup
from companion.session.data.restore import restore_backup


def register(sub: argparse._SubParsersAction) -> None:
    backup = sub.add_parser("backup")
    bsub = backup.add_subparsers(dest="backup_command", metavar="ACTION", required=True)

    p = bsub.add_parser("create", help="write the backup file")
    p.add_argument("-o", "--output", type=Path, help="the file to write (default: tabletop-companion-DATE.zip here)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=_create)

    p = bsub.add_parser("restore", help="merge a backup into this device's data (never overwrites unseen)")
    p.add_argument("file", type=Path)
    p.add_argument("--dry-run", action="store_true", help="say what a restore would do, write nothing")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=_restore)

    p = bsub.add_parser("list", help="the app's automatic backups (daily, and before each restore)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=_list)


def _create(args: argparse.Namespace) -> int:
    out = args.output or Path(f"tabletop-companion-{time.strftime('%Y%m%d-%H%M%S')}.zip")
    if not out.name or out.is_dir():  # '' or '.': a folder has no file name to write the backup under
        return fail(f"{str(out)[:200]!r} is a folder: give the backup's file name, e.g. -o backup.zip", args.json)
    manifest = create_backup(Session.open(), out)
    if args.json:
        emit_json({"file": str(out), "counts": manifest["counts"], "app_version": manifest["app_version"]})
    else:
        counts = ", ".join(f"{n} {kind}" for kind, n in manifest["counts"].items() if n) or "nothing yet"
        print(f"backed up {counts} to {out}")
    return 0


def _restore(args: argparse.Namespace) -> int:
    report = restore_backup(Session.open(), args.file, dry_run=args.dry_run)
    if args.json:
        emit_json(report.to_json())
        return 0
    print("a restore would do this (nothing written):" if args.dry_run else "restored:")
    for line in report.lines():
        print(f"  {line}")
    for note in report.notes:
        print(f"  - {note}")
    if report.safety_copy:
        print(f"the data as it was before is kept in {report.safety_copy}")
    return 0


def _list(args: argparse.Namespace) -> int:
    found = automatic_backups(Session.open())
    if args.json:
        emit_json([{"file": str(b.path), "kind": b.kind, "made": b.made, "size": b.size} for b in found])
        return 0
    if not found:
        print("no automatic backups yet")
    for b in found:
        print(f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(b.made))}  {b.kind:15} {b.size:>10} B  {b.path}")
    return 0
