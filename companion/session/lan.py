"""This device on the local network: the address other phones can reach (room pages, a hosted table)."""

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
