"""Printing results for people (plain text) and scripts (`--json`)."""

from __future__ import annotations

import sys


def emit_json(data: object) -> None:
    import json  # here: `companion --version` and plain-text commands don't load it

    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def fail(message: str, as_json: bool = False, code: int = 1) -> int:
    """Report an error: always on stderr; with --json also as {"error": ...} on stdout. Returns the exit code."""
    if as_json:
        emit_json({"error": message})
    print(f"companion: {message}", file=sys.stderr)
    return code
