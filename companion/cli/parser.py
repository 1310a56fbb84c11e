"""The `companion` command's parser: every command by name, each registered by the module that runs it."""

from __future__ import annotations

import argparse
import importlib
import sys

from companion.cli.output import fail
from companion.core.errors import CompanionError
from companion.session import version

# Every command, the module that registers it (`register(subparsers)` in companion/cli/<module>_cmd.py) and what
# `companion --help` says of it. Only the module of the command being run is imported: `companion --version` and
# `--help` load none of them, `companion match list` not the judge's pairing or the QR codes.
COMMANDS: dict[str, tuple[str, str]] = {
    "app": ("app", "start the app (a window, or a browser page with --web)"),
    "match": ("match", "create, list, show, change, export, import and delete matches"),
    "rules": ("rules", "look up rules offline: search, show a section, list sections"),
    "systems": ("rules", "the game systems (rule packs) available, built in and your own"),
    "roll": ("dice", "roll dice; every die is shown"),
    "odds": ("dice", "exact chances of a roll"),
    "attack": ("dice", "exact chance to hit, or roll an attack with --roll"),
    "advise": ("dice", "every attack of the player to move, ranked by its exact worth"),
    "share": ("share", "share a match as a link or QR code, and read or import one"),
    "judge": ("judge", "run an event: tables, round clocks, results, standings, live view"),
    "backup": ("backup", "back up every match, judge event, pack and the library to one file"),
    "table": ("table", "a live table: every phone at the table follows and plays one match"),
    "library": ("library", "whole forces kept to start matches with: save one, list them, show one as text"),
}


def command_word(argv: list[str]) -> str | None:
    """The command `argv` runs (its first word that is not an option), None for none or one we don't have."""
    word = next((a for a in argv if not a.startswith("-")), None)
    return word if word in COMMANDS else None


class _Commands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """Sub-commands whose line in `companion --help` comes from COMMANDS, wherever they are registered."""

    def add_parser(self, name: str, **kwargs: object) -> argparse.ArgumentParser:
        if name in COMMANDS:
            kwargs.setdefault("help", COMMANDS[name][1])
        return super().add_parser(name, **kwargs)  # type: ignore[arg-type]


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser for `argv`: the command it names in full, every other command as a name and a line of help.

    Without `argv` every command is registered in full (tests and docs walk the whole tree)."""
    parser = argparse.ArgumentParser(prog="companion", description="Tabletop Companion: your miniatures game table, "
                                     "tracked. Run with no command to start the app.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", action=_Commands)
    chosen = command_word(argv) if argv is not None else None
    wanted = {m for m, _ in COMMANDS.values()} if argv is None else {COMMANDS[chosen][0]} if chosen else set()
    registered: set[str] = set()
    for name, (module, _) in COMMANDS.items():
        if module not in wanted:
            sub.add_parser(name, add_help=False)  # never parsed: a command word loads its module
        elif module not in registered:
            importlib.import_module(f"companion.cli.{module}_cmd").register(sub)
            registered.add(module)
    return parser


def run(argv: list[str]) -> int:
    """Run the command `argv` names (none: start the app); its exit code. An error is one line for the person."""
    args = build_parser(argv).parse_args(argv)
    if args.command is None:
        from companion.cli.app_cmd import start_app

        return start_app(web=False, host="127.0.0.1", port=8550)
    as_json = getattr(args, "json", False)
    try:
        return int(args.run(args) or 0)
    except CompanionError as exc:
        return fail(str(exc), as_json)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and cut short: not an error
        sys.stderr.close()
        return 0
    except OSError as exc:  # a missing folder for -o, a full disk, no permission ...
        where = f" {exc.filename}" if exc.filename else ""
        return fail(f"can't do that with the file{where}: {exc.strerror or exc}", as_json)
    except (RecursionError, MemoryError):
        return fail("the input is too large or nested too deeply", as_json)
    except Exception as exc:  # noqa: BLE001 - a bug: one line for the person, never a traceback
        return fail(f"internal error ({type(exc).__name__}: {str(exc)[:200]}); nothing more was done", as_json)
