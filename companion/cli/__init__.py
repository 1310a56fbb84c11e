"""The `companion` command: `companion` alone starts the app; subcommands serve scripts and the desk.

The parser and the commands live in cli/parser.py and the *_cmd.py modules; `companion --version` is answered
here, before any of them loads (argparse alone, with what it loads to format its version line, costs about as
much as the rest of that answer: tests/unit/test_lazy_imports.py keeps it so).
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--version"]:  # what the parser's version action prints (tests/ui/test_app_info.py compares)
        from companion.session import version

        print(f"companion {version()}")
        return 0
    from companion.cli.parser import run

    return run(argv)
