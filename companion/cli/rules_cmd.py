"""`companion rules search|show|list` (offline rules lookup) and `companion systems` (the rule packs)."""

from __future__ import annotations

import argparse
import sys
import textwrap

from companion.cli.output import emit_json
from companion.core.errors import UnknownSystem
from companion.session import Session, inputs
from companion.session.play.packs import Pack, RulesIndex, builtin_dir, index_for


def register(sub: argparse._SubParsersAction) -> None:
    rules = sub.add_parser("rules")
    rsub = rules.add_subparsers(dest="rules_command", metavar="ACTION", required=True)

    p = rsub.add_parser("search", help="find rules sections, e.g. `companion rules search swap weapons`")
    p.add_argument("query", nargs="+", help="words to look for (typos are fine)")
    p.add_argument("--limit", type=int, default=8, help="how many sections to list (default 8)")
    _common(p)
    p.set_defaults(run=_search)

    p = rsub.add_parser("show", help="a section's full text and its links")
    p.add_argument("section", help="section id, as listed by search (or SYSTEM/SECTION)")
    _common(p)
    p.set_defaults(run=_show)

    p = rsub.add_parser("list", help="every section of one system (or all)")
    _common(p)
    p.set_defaults(run=_list)

    p = sub.add_parser("systems")
    p.add_argument("--json", action="store_true", help="print JSON for scripts")
    p.set_defaults(run=_systems)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--system", help="only this game system (see `companion systems`)")
    p.add_argument("--json", action="store_true", help="print JSON for scripts")


def _packs(report: bool = True) -> dict[str, Pack]:
    packs, errors = Session.open().packs()
    if report:
        for error in errors:
            print(f"companion: skipped a rule pack: {error}", file=sys.stderr)
    return packs


def _index(system: str | None) -> tuple[RulesIndex, dict[str, Pack]]:
    packs = _packs()
    if system is not None and system not in packs:
        raise UnknownSystem(f"no rule pack for {system!r}; known systems: {', '.join(sorted(packs)) or 'none'}")
    return index_for(packs.values()), packs


def _search(args: argparse.Namespace) -> int:
    query = inputs.query(" ".join(args.query))
    index, _ = _index(args.system)
    hits = index.search(query + " ", args.system, limit=max(1, args.limit))
    if args.json:
        emit_json([h.to_json() for h in hits])
        return 0
    if not hits:
        print(f"no rules found for {query!r}")
        return 1
    for n, hit in enumerate(hits, 1):
        flag = "  [house rule]" if hit.option else ""
        print(f"{n}. {hit.title}{flag}  ({hit.system}/{hit.section})")
        print(textwrap.indent(textwrap.fill(hit.excerpt, 100), "   "))
    return 0


def _show(args: argparse.Namespace) -> int:
    index, packs = _index(args.system)
    pack, section = index.find(args.section, args.system)
    links = []
    for target in section.links:
        system, ident = target.split("/", 1) if "/" in target else (pack.id, target)
        other = packs.get(system)
        title = next((s.title for s in other.sections if s.id == ident), None) if other else None
        links.append({"system": system, "section": ident, "title": title})
    option = None
    if section.option:
        found = next((o for o in pack.entries("options", "option") if o["id"] == section.option), None)
        option = {"id": section.option, "title": found["title"] if found else section.option,
                  "default": found["default"] if found else False}
    if args.json:
        emit_json({"system": pack.id, "system_name": pack.name, "section": section.id, "title": section.title,
                   "keywords": list(section.keywords), "text": section.body, "links": links, "option": option})
        return 0
    print(f"{section.title}  ({pack.name} · {pack.id}/{section.id})")
    if option:
        state = "on" if option["default"] else "off"
        print(f"House-rule option '{option['title']}' ({state} unless your group decides otherwise)")
    print()
    print(section.body)
    if links:
        print()
        print("See also: " + "; ".join(f"{link['title'] or '(not installed)'} ({link['system']}/{link['section']})"
                                       for link in links))
    return 0


def _list(args: argparse.Namespace) -> int:
    _, packs = _index(args.system)
    chosen = [packs[args.system]] if args.system else sorted(packs.values(), key=lambda p: p.id)
    if args.json:
        emit_json([{"system": p.id, "section": s.id, "title": s.title, "keywords": list(s.keywords)}
                   for p in chosen for s in p.sections])
        return 0
    for p in chosen:
        print(f"{p.name} ({p.id})")
        for s in p.sections:
            print(f"  {s.id:<28} {s.title}")
    return 0


def _players(pack: Pack) -> str:
    return str(pack.min_players) if pack.min_players == pack.max_players else f"{pack.min_players}-{pack.max_players}"


def _systems(args: argparse.Namespace) -> int:
    packs = _packs()
    builtin = {p.id for p in packs.values() if p.path.parent.resolve() == builtin_dir().resolve()}
    rows = sorted(packs.values(), key=lambda p: p.id)
    if args.json:
        emit_json([{"id": p.id, "name": p.name, "version": p.version, "min_players": p.min_players,
                    "max_players": p.max_players, "players": _players(p), "source": p.source,
                    "builtin": p.id in builtin, "sections": len(p.sections)} for p in rows])
        return 0
    if not rows:
        print("no rule packs found")
        return 1
    for p in rows:
        mine = "" if p.id in builtin else "  (your pack)"
        print(f"{p.id:<22} {p.name}  v{p.version}  {_players(p)} players{mine}")
    return 0
