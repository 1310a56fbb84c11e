"""`companion share encode|decode|import`: match codes as links and QR pictures, and importing them."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.cli.args import is_file, read_input
from companion.cli.output import emit_json, fail
from companion.session import Session, inputs
from companion.session.sharing.force_share import is_force_link, take_force_link
from companion.session.sharing.share import (
    Choice,
    ChoiceNeeded,
    Collector,
    NotOurCode,
    SharedMatch,
    encode,
    library_for,
    plan,
    png,
)
from companion.session.sharing.share_sync import import_code, read_code, share_code


def register(sub: argparse._SubParsersAction) -> None:
    share = sub.add_parser("share")
    ssub = share.add_subparsers(dest="share_command", metavar="ACTION", required=True)

    p = ssub.add_parser("encode", help="the link text for a match (or its numbered parts), and with --png its QR "
                                       "code pictures")
    p.add_argument("source", help="a stored match's id, or a JSON file from `companion match export`")
    p.add_argument("--png", type=Path, metavar="OUT.png", help="write the QR code here (OUT-1.png, OUT-2.png ... "
                   "when the match needs several codes)")
    p.add_argument("--no-history", action="store_true", help="only the current state: smaller, but a device "
                   "that has the match can't merge it event by event")
    p.add_argument("--full", action="store_true", help="the whole match even when a turn code (only the events "
                   "the other device lacks since the last exchange) would do")
    _json_flag(p)
    p.set_defaults(run=_encode)

    p = ssub.add_parser("decode", help="print the match in a code (link text or picture) as JSON")
    p.add_argument("codes", nargs="+", metavar="TEXT|IMAGE", help="a link, a picture of a QR code, or '-' to read "
                   "links from standard input; give every part of a multi-part code, in any order")
    _json_flag(p)
    p.set_defaults(run=_decode)

    p = ssub.add_parser("import", help="store the match in a code, merging with the copy here if there is one "
                        "(a force code: save the force in the library)")
    p.add_argument("codes", nargs="+", metavar="TEXT|IMAGE", help="as for decode")
    choice = p.add_mutually_exclusive_group()
    choice.add_argument("--mine", dest="choice", action="store_const", const=Choice.MINE,
                        help="if the two copies went different ways: keep the copy here")
    choice.add_argument("--theirs", dest="choice", action="store_const", const=Choice.THEIRS,
                        help="if the two copies went different ways: replace the copy here with theirs")
    choice.add_argument("--both", dest="choice", action="store_const", const=Choice.BOTH,
                        help="if the two copies went different ways: keep both (theirs under a new id)")
    _json_flag(p)
    p.set_defaults(run=_import)


def _json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON for scripts")


def _load(session: Session, source: str) -> SharedMatch:
    if source.lower().endswith(".json") or is_file(source):
        try:
            data = json.loads(read_input(source, inputs.IMPORT_BYTES, "match export"))
        except (ValueError, RecursionError):
            raise NotOurCode(f"{source[:200]} (not JSON)") from None
        return SharedMatch.from_export(data)
    return SharedMatch.from_export(session.export(source))


def _encode(args: argparse.Namespace) -> int:
    session = Session.open()
    turn, base = False, 0
    if not args.no_history and not Path(args.source).is_file() and Path(args.source).suffix.lower() != ".json":
        code = share_code(session, args.source, full=args.full)  # the smallest safe code: a turn, or the whole
        shared_id, codes, size, turn, base = args.source, code.plan, code.size, code.turn, code.base
    else:
        shared = _load(session, args.source)
        data = encode(shared.squashed() if args.no_history else shared, library_for(session))
        shared_id, codes, size = shared.id, plan(data), len(data)
    files: list[str] = []
    if args.png:
        for i, text in enumerate(codes.texts, 1):
            out = args.png if codes.parts == 1 else args.png.with_name(f"{args.png.stem}-{i}{args.png.suffix}")
            out.write_bytes(png(text))
            files.append(str(out))
    if args.json:
        emit_json({"match": shared_id, "kind": "turn" if turn else "whole", "base": base, "bytes": size,
                   "parts": codes.parts, "versions": list(codes.versions), "texts": list(codes.texts), "png": files})
        return 0
    for text in codes.texts:
        print(text)
    detail = f"{size} bytes, QR version {codes.version} at error correction M"
    parts = "one code" if codes.parts == 1 else f"{codes.parts} codes (scan them in any order)"
    kind = f"turn code (the events after the first {base})" if turn else "whole match"
    print(f"match {shared_id}: {kind}, {parts}, {detail}" + (f"; pictures: {', '.join(files)}" if files else ""),
          file=sys.stderr)
    return 0


def _collect(codes: list[str]) -> Collector:
    collector = Collector()
    for code in codes:
        if code == "-":
            for line in sys.stdin.read(inputs.IMPORT_BYTES).split():
                collector.add(line)
            continue
        try:  # a code first: the app's route form "/<code>" also looks like a path
            collector.add(code)
        except NotOurCode:
            if not is_file(code):
                raise
            collector.add_image(code)
    return collector


def _read(session: Session, codes: list[str]) -> SharedMatch:
    """A whole code's match, or a turn code read onto the copy here (refused when it lacks the code's base)."""
    return read_code(session, _collect(codes))


def _decode(args: argparse.Namespace) -> int:
    shared = _read(Session.open(), args.codes)
    emit_json(shared.to_export())
    return 0


def _import(args: argparse.Namespace) -> int:
    session = Session.open()
    if all(is_force_link(c) for c in args.codes):  # saved forces, not a match: each kept in the library
        for code in args.codes:
            force, said = take_force_link(session, code)
            if args.json:
                emit_json({"force": force.id, "name": force.name, "system": force.system})
            else:
                print(said)
        return 0
    shared = _read(session, args.codes)
    try:
        result = import_code(session, shared, args.choice)
    except ChoiceNeeded as exc:
        if not sys.stdin.isatty():
            return fail(f"{exc}: add --mine, --theirs or --both", args.json)
        choice = _ask(str(exc))
        if choice is None:
            print("nothing imported")
            return 1
        result = import_code(session, shared, choice)
    report: dict[str, Any] = {"match": result.match_id, "relation": result.comparison.relation.value,
                              "action": result.action}
    if args.json:
        emit_json(report)
    else:
        print(f"match {result.match_id}: {result.comparison.describe()}; {result.action}")
    return 0


def _ask(question: str) -> Choice | None:
    answer = input(f"{question}.\nKeep [m]ine, take [t]heirs, keep [b]oth, or anything else to stop? ")
    return {"m": Choice.MINE, "t": Choice.THEIRS, "b": Choice.BOTH}.get(answer.strip().lower()[:1])
