"""The `companion` command: `companion` alone starts the app; subcommands serve scripts and the desk."""

from __future__ import annotations

import argparse
import importlib
import sys

from companion.cli.output import fail
from companion.core.errors import CompanionError
from companion.session.data.app_info import version

# Each module registers its subcommands with `register(subparsers)`.
COMMAND_MODULES = ("app", "match", "rules", "dice", "share", "judge", "backup", "table")


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
