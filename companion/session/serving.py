"""What this installation of the app can serve, asked before anything is imported (a screen offers only what runs).

The room's players' pages need Starlette, uvicorn (with h11 and asyncio's loop), Jinja2 and itsdangerous: all pure
Python, listed in pyproject's dependencies, so every build has them, a phone's too (flet build packages those
dependencies; tests/unit/test_phone_room.py checks the list against what the room really imports). The judge's
screen on another device is a Flet app served to a browser: that needs flet-web, which desktops and servers install
and phone builds don't.
"""

from __future__ import annotations

import importlib.util

ROOM_MODULES = ("starlette", "anyio", "uvicorn", "h11", "jinja2", "markupsafe", "itsdangerous")


def missing_for_room() -> list[str]:
    """The room server's modules this installation lacks (none in any build made from pyproject)."""
    return [m for m in ROOM_MODULES if importlib.util.find_spec(m) is None]


def room_unavailable() -> str | None:
    """Why this copy of the app can't serve the room, in one sentence for the app's screen (None: it can)."""
    missing = missing_for_room()
    if not missing:
        return None
    return (f"This copy of the app can't serve the room (it lacks {', '.join(missing)}): open the room from a "
            "computer on the same Wi-Fi, with the desktop app or `companion judge serve --lan`.")


def judge_screen_served() -> bool:
    """Whether the room can serve the judge's screen to another device (flet-web is installed)."""
    return importlib.util.find_spec("flet_web") is not None
