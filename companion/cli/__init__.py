"""The `companion` command: `companion` alone starts the app; subcommands serve scripts and the desk."""

from __future__ import annotations

import argparse
import importlib
import sys

from companion.cli.output import fail
from companion.core.errors import CompanionError
from companion.session.app_info import version

# Each module registers its subcommands with `register(subparsers)`.
COMMAND_MODULES = ("app", "match", "rules", "dice", "share", "judge", "backup")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Tabletop Companion: your miniatures game table, "
                                     "tracked. Run with no command to start the app.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(f"companion.cli.{name}_cmd").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.command is None:
        from companion.cli.app_cmd import start_app

        return start_app(web=False, host="127.0.0.1", port=8550)
    try:
        return int(args.run(args) or 0)
    except CompanionError as exc:
        return fail(str(exc), getattr(args, "json", False))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and cut short: not an error
        sys.stderr.close()
        return 0
