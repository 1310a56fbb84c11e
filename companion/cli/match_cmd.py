"""`companion match new|add-units|list|show|event|house-rules|rename-player|undo|redo|export|import|delete`."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from companion.cli.args import read_input
from companion.cli.output import emit_json, fail
from companion.core.errors import CompanionError
from companion.core.model import Match, Player, to_json
from companion.session import Session, inputs
from companion.session.play.house_rules import house_rules, set_house_rule
from companion.session.play.match_settings import settings_line
from companion.session.table.forces import add_force_text, bring_forces, chosen_forces, player_of, units_word
from companion.session.table.full_log import log_lines
from companion.session.table.header import header, points_line, victory_rules
from companion.session.table.players import rename_player
from companion.session.table.words import said, unit_line

FORCE_TEXT_BYTES = 256 * 1024  # 40 units with 30-click dials are under 40 KB


def register(sub: argparse._SubParsersAction) -> None:
    match = sub.add_parser("match")
    msub = match.add_subparsers(dest="match_command", metavar="ACTION", required=True)

    p = msub.add_parser("new", help="start a new match")
    p.add_argument("--system", required=True, help="game system id (see `companion systems`)")
    p.add_argument("--player", action="append", required=True, help="a player's name; repeat for 2-4 players")
    p.add_argument("--colour", action="append", help="a player's colour (#RRGGBB), in player order")
    p.add_argument("--seed", type=int, help="ignored, kept for old scripts: a match's dice come from the device "
                   "when a player rolls (repeatable desk rolls: companion roll --seed)")
    p.add_argument("--build", type=int, help="build total in points (Skirmish: 200 or 300, one round per 100)")
    p.add_argument("--rounds", type=int, help="rounds per turn (Skirmish: 2 or 3, one per 100 points of build)")
    p.add_argument("--house-rule", action="append", default=[], metavar="OPTION",
                   help="switch on one of the pack's house rules (see `companion match house-rules ID`); repeat")
    # generic, not one flag per game: the pack declares its settings, so a new pack's work without a new flag
    p.add_argument("--setting", action="append", default=[], metavar="ID=N",
                   help="a number the pack leaves to the players, e.g. kill-points-to-win=10 or max-force-points=300 "
                        "(Halo); repeat; a wrong id lists the pack's settings")
    p.add_argument("--force", action="append", default=[], metavar="PLAYER=NAME",
                   help="a player (p1, p2 ... or a name) brings a saved force (see `companion library forces`); "
                   "repeat")
    _json_flag(p)
    p.set_defaults(run=_new)

    p = msub.add_parser("add-units", help="add a player's units from force text (one unit a line; see README)")
    p.add_argument("id")
    p.add_argument("--from", dest="source", required=True, metavar="FILE", help="the force text ('-': standard input)")
    p.add_argument("--player", help="whose units (p1, p2 ... or a name); default the player to play")
    _json_flag(p)
    p.set_defaults(run=_add_units)

    p = msub.add_parser("house-rules", help="a match's house rules; with OPTION on|off, switch one (undoable)")
    p.add_argument("id")
    p.add_argument("option", nargs="?", help="the house rule's id")
    p.add_argument("switch", nargs="?", choices=("on", "off"), help="on or off")
    _json_flag(p)
    p.set_defaults(run=_house_rules)

    p = msub.add_parser("rename-player", help="give a player a new name (undoable; the log says who was renamed)")
    p.add_argument("id")
    p.add_argument("player", help="the player's id (p1, p2 ...) or current name")
    p.add_argument("name", help="the new name")
    p.add_argument("--by", help="who does it (player id or 'judge'), named in the log")
    _json_flag(p)
    p.set_defaults(run=_rename_player)

    p = msub.add_parser("list", help="stored matches, most recent first")
    _json_flag(p)
    p.set_defaults(run=_list)

    p = msub.add_parser("show", help="a match's state (and with --log its history)")
    p.add_argument("id")
    p.add_argument("--log", action="store_true", help="also print every event")
    _json_flag(p)
    p.set_defaults(run=_show)

    p = msub.add_parser("event", help="apply one event, e.g. `damage --data '{\"unit\": \"u1\", \"amount\": 2}'`")
    p.add_argument("id")
    p.add_argument("type", help="event type: damage, heal, set_click, token, score, end_turn ...")
    p.add_argument("--data", default="{}", help="the event's data as a JSON object")
    p.add_argument("--by", help="who does it (player id or 'judge')")
    _json_flag(p)
    p.set_defaults(run=_event)

    for name, helptext in (("undo", "take back the last step (the undo is kept in the log)"),
                           ("redo", "bring back the step undone last (the redo is kept in the log)")):
        p = msub.add_parser(name, help=helptext)
        p.add_argument("id")
        p.add_argument("--by", help="who does it (player id or 'judge'), named in the log")
        _json_flag(p)
        p.set_defaults(run=_undo if name == "undo" else _redo)

    p = msub.add_parser("export", help="the match with its whole history as JSON")
    p.add_argument("id")
    p.add_argument("-o", "--output", type=Path, help="write to this file instead of the screen")
    p.set_defaults(run=_export, json=True)

    p = msub.add_parser("import", help="store a match from an exported JSON file ('-' reads standard input)")
    p.add_argument("file")
    p.add_argument("--as-new", action="store_true", help="store it under a new id (keeps any local copy)")
    _json_flag(p)
    p.set_defaults(run=_import)

    p = msub.add_parser("delete", help="delete a match and its history")
    p.add_argument("id")
    p.add_argument("--yes", action="store_true", help="don't ask for confirmation")
    _json_flag(p)
    p.set_defaults(run=_delete)


def _json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON for scripts")


def _describe(session: Session, match: Match) -> str:
    """The match as text, in the app's words: what the table's header says (the turn and the actions used, each
    player's points against what wins, and "Match over?" once the rules say so: session.table.header), then each
    unit's click, reserve and tokens, and its stats."""
    head = header(match, victory_rules(session, match.system))
    lines = [f"match {match.id} · {match.system} · {head.when}" + (f" · {head.actions}" if head.actions else "")]
    for p in match.players:
        score = points_line(match, head, p)
        lines.append(f"  {p.name} ({p.id})" + (f": {score}" if score else ""))
        lines += [f"    {line}" for line in _counter_lines(session, match, p)]
        for u in (u for u in match.units if u.owner == p.id):
            stats = "" if u.eliminated else ", ".join(f"{k} {v}" for k, v in u.current.stats.items())
            line = f"    {u.name} [{u.id}] {u.points} pts · {unit_line(match, u)}"
            lines.append(line + (f" · {stats}" if stats else ""))
    if head.over is not None:
        winners = json.dumps({"winners": list(head.over.winners)})
        lines.append(f"  Match over? {head.over.reason} End it: companion match event {match.id} end_match "
                     f"--data '{winners}'")
    return "\n".join(lines)


def _counter_lines(session: Session, match: Match, player: Player) -> list[str]:
    """The system's own player counters in its pack's words, as the table says them ("Ann: 2 spawn points
    captured"; without a sentence, "Ann: Captured spawn points 2")."""
    pack = session.packs()[0].get(match.system)
    found = {c["id"]: c for c in pack.entries("units", "counter")} if pack else {}
    lines = []
    for cid in match.rules.counters.get("player", ()):
        c, value = found.get(cid, {}), player.counters.get(cid, 0)
        lines.append(said(c["says"], player.name, value, c.get("count", ""), c.get("counts")) if c.get("says")
                     else f"{player.name}: {c.get('name', cid)} {value}")
    return lines


def _print_match(match: Match, as_json: bool, session: Session | None = None) -> None:
    if as_json:
        emit_json(to_json(match))
    else:
        print(_describe(session or Session.open(), match))


def _new(args: argparse.Namespace) -> int:
    session = Session.open()
    forces = chosen_forces(session, args.system, _force_choices(args.force))  # before: a wrong name makes no match
    if args.seed is not None:
        print("companion: --seed is ignored: a match's dice come from the device when a player rolls",
              file=sys.stderr)
    settings: dict[str, int] = {}
    for given in args.setting:
        key, _, text = given.partition("=")
        value = inputs.whole(text)
        if not key.strip() or value is None:
            return fail(f"--setting takes ID=N with N a whole number, e.g. kill-points-to-win=10; not {given!r}",
                        args.json)
        settings[key.strip()] = value
    match = session.new_match(args.system, args.player, colours=args.colour, rounds_per_turn=args.rounds,
                              build_total=args.build, house_rules=args.house_rule, settings=settings)
    match = bring_forces(session, match, forces)
    _print_match(match, args.json)
    if not args.json and (agreed := settings_line(session, match)):
        print(f"  settings: {agreed}")
    return 0


def _force_choices(given: list[str]) -> dict[str, str]:
    """`--force p1=NAME` as {player: force name}."""
    choices: dict[str, str] = {}
    for item in given:
        who, sep, name = item.partition("=")
        if not sep or not who.strip() or not name.strip():
            raise CompanionError(f"--force {item!r}: write a player and a saved force's name, e.g. p1=Ann's Spartans")
        choices[who.strip()] = name.strip()
    return choices


def _add_units(args: argparse.Namespace) -> int:
    raw = read_input(args.source, FORCE_TEXT_BYTES, "force text")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return fail(f"{args.source} is not text (UTF-8): expected one unit a line", args.json)
    session = Session.open()
    player = player_of(session.state(args.id), args.player)
    match, count = add_force_text(session, args.id, text, player.id)
    if not args.json:
        print(f"{units_word(count)} added for {player.name}")
    _print_match(match, args.json)
    return 0


def _house_rules(args: argparse.Namespace) -> int:
    session = Session.open()
    if args.option is not None:
        if args.switch is None:
            return fail("say on or off after the house rule's id", args.json)
        set_house_rule(session, args.id, args.option, args.switch == "on")
    rules = house_rules(session, session.state(args.id))
    if args.json:
        emit_json([{"id": r.id, "title": r.title, "on": r.on} for r in rules])
    elif not rules:
        print("this game has no house rules")
    for r in [] if args.json else rules:
        print(f"[{'on ' if r.on else 'off'}] {r.id}: {r.title}")
    return 0


def _rename_player(args: argparse.Namespace) -> int:
    session = Session.open()
    match = rename_player(session, args.id, args.player, args.name, by=args.by)
    if not args.json:
        print(log_lines(session, args.id)[-1].text)  # "renamed Ben to Benjamin", as the log has it
    _print_match(match, args.json)
    return 0


def _list(args: argparse.Namespace) -> int:
    session = Session.open()
    summaries, damaged = session.summaries()
    for d in damaged:
        print(f"companion: {d}", file=sys.stderr)
    if args.json:
        emit_json([{"id": s.id, "system": s.system, "players": list(s.players), "created": s.created,
                    "updated": s.updated, "events": s.events, "turn": s.turn, "status": s.status, "label": s.label}
                   for s in summaries])
        return 0
    if not summaries:
        print("no matches yet: start one with `companion match new --system ID --player A --player B`")
    for s in summaries:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(s.updated))
        label = f" ({s.label})" if s.label else ""  # a copy kept beside another: "their copy, kept 25 Nov 14:30"
        print(f"{s.id}  {when}  {s.system:<20} {' vs '.join(s.players)}{label}  turn {s.turn}  {s.status}")
    return 0


def _show(args: argparse.Namespace) -> int:
    session = Session.open()
    match = session.state(args.id)
    if args.json:
        data: dict[str, Any] = to_json(match)
        if args.log:
            data = {"state": data, "log": [e.to_json() for e in session.log(args.id)]}
        emit_json(data)
        return 0
    print(_describe(session, match))
    if agreed := settings_line(session, match):
        print(f"  settings: {agreed}")
    if args.log:
        for n, line in enumerate(log_lines(session, args.id), 1):
            when = time.strftime("%H:%M:%S", time.localtime(line.at))
            mark = "UNDONE " if line.kind == "undone" and not line.text.startswith("UNDONE") else ""
            print(f"  {n:>4}. {when} {line.who or '-':<8} {mark}{line.text}")
    return 0


def _event(args: argparse.Namespace) -> int:
    data = inputs.event_data(args.data)
    _print_match(Session.open().dispatch(args.id, args.type, data, by=args.by), args.json)
    return 0


def _undo(args: argparse.Namespace) -> int:
    session = Session.open()
    return _taken(session, args, session.undo(args.id, by=args.by))


def _redo(args: argparse.Namespace) -> int:
    session = Session.open()
    return _taken(session, args, session.redo(args.id, by=args.by))


def _taken(session: Session, args: argparse.Namespace, match: Match) -> int:
    if not args.json:
        print(session.undo_news(args.id, short=True)[0])  # "Undid: Ana: +5 VP"
    _print_match(match, args.json)
    return 0


def _export(args: argparse.Namespace) -> int:
    text = json.dumps(Session.open().export(args.id), ensure_ascii=False, indent=1)
    if args.output:
        try:
            args.output.write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            return fail(f"can't write {args.output}: {exc.strerror or exc}", args.json)
    else:
        print(text)
    return 0


def _import(args: argparse.Namespace) -> int:
    raw = read_input(args.file, inputs.IMPORT_BYTES, "match export")
    try:
        data = json.loads(raw)
    except RecursionError:
        return fail(f"{args.file} is nested too deeply to be a match export", args.json)
    except ValueError:
        return fail(f"{args.file} is not JSON: expected a file made by `companion match export`", args.json)
    match = Session.open().import_match(data, as_new=args.as_new)
    _print_match(match, args.json)
    return 0


def _delete(args: argparse.Namespace) -> int:
    session = Session.open()
    match = session.state(args.id)
    if not args.yes:
        if not sys.stdin.isatty():
            return fail("deleting needs confirmation: add --yes", args.json)
        answer = input(f"Delete match {match.id} ({' vs '.join(p.name for p in match.players)})? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("kept")
            return 1
    session.delete(args.id)
    if args.json:
        emit_json({"deleted": args.id})
    else:
        print(f"deleted {args.id}")
    return 0



