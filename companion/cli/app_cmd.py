"""`companion` / `companion app`: start the app in its own window, or serve it to a browser."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import os
import sys
import threading
from typing import Any

from companion.session import inputs

DEFAULT_PORT = 8550


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("app")
    p.add_argument("--web", action="store_true", help="serve the app to a browser instead of opening a window")
    p.add_argument("--host", default="127.0.0.1", help="address to serve on (default 127.0.0.1: this device only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to serve on (default {DEFAULT_PORT})")
    p.set_defaults(run=lambda args: start_app(web=args.web, host=args.host, port=args.port))


def has_display() -> bool:
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def desktop_unavailable() -> str | None:
    """Why no window can open here, or None when one can."""
    if not has_display():
        return "no display here"
    try:
        import flet_desktop
    except ImportError:
        return "the desktop client is not installed (pip install 'tabletop-companion[desktop]')"
    try:  # fetched once from Flet's releases, then cached: offline on a first run it can't be had
        flet_desktop.ensure_client_cached()
    except Exception as exc:
        return f"the desktop client could not be fetched ({exc})"
    return None


APP = "companion.ui.app"
FIRST_SCREENS = (APP, "companion.ui.home")  # what the first page imports; other screens load when opened


async def main(page: Any) -> None:
    """The app's entry as Flet calls it for each page: the screens load here (warm_up started it already)."""
    await importlib.import_module(APP).main(page)


def prepare(page: Any) -> None:
    """Flet's before_main: the page's theme before the client draws its first frame (ui/app.py, prepare)."""
    importlib.import_module(APP).prepare(page)


LOADING_LIGHT = "background: #ffffff;"
LOADING_DARK = "background: #121318;"  # the dark theme's background: the loading page and the app match


def dark_loading_page() -> str | None:
    """A folder with Flet's index.html whose loading page is dark in every browser (Flet's is white where the
    browser prefers light colours: a white flash before the dark app on every load). Flet serves an index.html
    from the assets folder instead of its own. None (Flet's page) if this Flet's page is not the one known."""
    import atexit
    import shutil
    import tempfile
    from pathlib import Path

    import flet_web

    page = (Path(flet_web.get_package_web_dir()) / "index.html").read_text(encoding="utf-8")
    if LOADING_LIGHT not in page:
        return None
    folder = Path(tempfile.mkdtemp(prefix="companion-web-"))
    atexit.register(shutil.rmtree, folder, True)
    page = page.replace(LOADING_LIGHT, LOADING_DARK).replace(  # and the page under Flutter's first frames
        "</head>", "<style>html, body { background: #121318; }</style></head>", 1)
    (folder / "index.html").write_text(page, encoding="utf-8")
    return str(folder)


def warm_up(serving: tuple[str, int] | None = None) -> None:
    """Load the first screen, the store, the service layer and the parts of Flet the first frame draws with while
    the browser or window loads its client: the first page then finds them ready (Python's import lock makes it
    wait, never load twice). With `serving` (a web server's address) only once it answers: on a phone's few cores
    the imports would otherwise slow Flet's own start, and the browser can't ask for anything before the server
    answers. At a lower OS priority: the browser's start on the same cores comes first (benchmarks/start.py)."""
    def load() -> None:
        _yield_to_others()
        if serving is not None:
            _wait_until_answering(*serving)
        for name in FIRST_SCREENS:
            importlib.import_module(name)
        importlib.import_module(APP).load_first_frame()  # and the parts of Flet the first frame draws with

    threading.Thread(target=load, name="warm-up", daemon=True).start()


WARM_UP_NICE = 10  # the warm-up's OS priority (Linux "nice": 0 normal, 19 lowest)


def _yield_to_others() -> None:
    """Run this thread at a lower OS priority (Linux, where a thread has its own; best effort): while the
    browser loads and starts Flet's client on the same few cores, its work comes first and the warm-up takes what
    is left. Never raised: a process already started lower keeps its own priority."""
    if not (sys.platform.startswith("linux") and hasattr(os, "setpriority")):
        return
    me = threading.get_native_id()
    with contextlib.suppress(OSError):  # not allowed here: the warm-up runs as it did
        os.setpriority(os.PRIO_PROCESS, me, max(WARM_UP_NICE, os.getpriority(os.PRIO_PROCESS, me)))


def _wait_until_answering(host: str, port: int, most: float = 10.0) -> None:
    """Return once a connection to the server is accepted (or after `most` seconds: load anyway)."""
    import socket
    import time

    address = ("127.0.0.1" if host in ("", "0.0.0.0") else "::1" if host == "::" else host, port)  # noqa: S104
    end = time.monotonic() + most
    while time.monotonic() < end:
        try:
            socket.create_connection(address, timeout=0.1).close()
            return
        except (OSError, ValueError):  # not up yet; a host no address can have (UnicodeError) never will be
            time.sleep(0.02)


def start_app(*, web: bool, host: str, port: int) -> int:
    port = inputs.port(port)  # before anything starts: Flet would hang on a port that can't exist
    import flet as ft

    reason = None if web else desktop_unavailable()
    if reason:
        print(f"companion: {reason}; serving the app to a browser instead.", file=sys.stderr)
        web = True
    if web:
        port = int(os.environ.get("FLET_SERVER_PORT") or port)  # Flet itself obeys this variable
        if importlib.util.find_spec("flet_web") is None:
            print("companion: serving to a browser needs the web extra: pip install 'tabletop-companion[web]'",
                  file=sys.stderr)
            return 1
        print(f"Tabletop Companion is at http://{host}:{port}/  (Ctrl+C to stop)", flush=True)
        # no_cdn: the browser gets every file from us, so the app works with no internet at the table
        os.environ["FLET_FORCE_WEB_SERVER"] = "1"  # serve only: never try to open a desktop window
        warm_up((host, port))
        ft.run(main, before_main=prepare, host=host, port=port, view=ft.AppView.WEB_BROWSER, no_cdn=True,
               assets_dir=dark_loading_page())
    else:
        warm_up()
        ft.run(main, before_main=prepare)
    return 0
