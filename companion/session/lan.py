"""This device on the local network: the address other phones can reach and whether a port can be served (the
room pages, a hosted table)."""

from __future__ import annotations

import socket


def lan_address() -> str:
    """This device's address on the local network (what players' phones can reach), else 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))  # UDP: picks the outgoing interface, sends nothing
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def public_base(host: str, port: int) -> str:
    """The address phones open: this device's LAN address when serving to the network, else `host` itself."""
    shown = lan_address() if host in ("0.0.0.0", "", "::") else host
    return f"http://{shown}:{port}"


def port_problem(host: str, port: int) -> str | None:
    """Why `port` can't be served on `host` (None: it can)."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
    except OSError as exc:
        return f"can't serve on {host}:{port}: {exc.strerror or exc}"
    return None
