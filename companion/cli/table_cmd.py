"""`companion table host MATCH_ID [--lan] [--host H] [--port N]`: serve one match live to the phones at the table.

The terminal shows the address to watch (read-only) and a one-time join link; each time a phone joins with it
a fresh one is printed. Typing `rotate` (then Enter) signs every phone out and prints a new join link.
"""

from __future__ import annotations

import argparse
import sys
import threading

from companion.cli.output import fail
from companion.session.lan import port_problem, public_base
from companion.session.live_table import LiveTable, host_unavailable

DEFAULT_PORT = 8552
EVERYONE = "0.0.0.0"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("table")
    tsub = p.add_subparsers(dest="table_command", metavar="ACTION", required=True)
    h = tsub.add_parser("host", help="serve MATCH_ID to the players' phones (their browsers) until Ctrl+C")
    h.add_argument("match_id")
    h.add_argument("--lan", action="store_true", help="serve to the local network (host 0.0.0.0) for the phones")
    h.add_argument("--host", default="127.0.0.1", help="address to serve on (default 127.0.0.1: this device only)")
    h.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to serve on (default {DEFAULT_PORT})")
    h.set_defaults(run=_host)


def _host(args: argparse.Namespace) -> int:
    reason = host_unavailable()
    if reason:
        return fail(reason)
    from companion.ui.live.server import join_url, reach, serve

    host = EVERYONE if args.lan else args.host
    base = public_base(host, args.port)

    def announce(code: str) -> None:
        print(f"Join link for the next phone (works once): {join_url(base, code)}", flush=True)

    table = LiveTable(args.match_id, announce=announce)  # MatchNotFound is reported by the caller
    problem = port_problem(host, args.port)
    if problem:
        return fail(problem)
    print(f"Hosting {table.title()} (match {table.match_id})", flush=True)
    print(f"Watch (read-only): {base}/", flush=True)
    print(reach(host), flush=True)
    table.access.new_code()
    if sys.stdin is not None and sys.stdin.isatty():
        print("Type 'rotate' and Enter to sign every phone out.", flush=True)
        threading.Thread(target=_commands, args=(table,), daemon=True).start()
    return serve(table, host=host, port=args.port)


def _commands(table: LiveTable) -> None:
    for line in sys.stdin:
        if line.strip() == "rotate":
            table.sign_everyone_out()  # announces the new join link
            print("Every phone is signed out; they join again with the new link.", flush=True)
