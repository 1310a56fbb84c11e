"""Argument types and input files for the commands: bad input is refused with one line before any work starts."""

from __future__ import annotations

import os
import stat
import sys

from companion.core.errors import CompanionError


class BadFile(CompanionError):
    pass


def read_input(name: str, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file (or standard input for '-'), refusing devices, FIFOs and anything over `limit`.

    Opened without blocking, so a FIFO with no writer is refused instead of waiting forever.
    """
    if name == "-":
        data = sys.stdin.buffer.read(limit + 1)
    else:
        try:
            fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except (OSError, ValueError) as exc:
            raise BadFile(f"can't read {name[:200]}: {getattr(exc, 'strerror', None) or exc}") from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise BadFile(f"{name[:200]} is not a {what} (a folder, a device or a pipe)")
        with os.fdopen(fd, "rb") as f:
            try:
                data = f.read(limit + 1)
            except OSError as exc:
                raise BadFile(f"can't read {name[:200]}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise BadFile(f"{name[:200]} is larger than the {limit // (1024 * 1024)} MB a {what} may be")
    return data


def is_file(name: str) -> bool:
    """Whether `name` is an existing regular file; text that can't be a path (too long, a NUL) is not one."""
    try:
        return stat.S_ISREG(os.stat(name).st_mode)
    except (OSError, ValueError):
        return False
