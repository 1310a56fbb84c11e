"""`companion` opens a window where a desktop can show one, and serves the browser page everywhere else."""

from __future__ import annotations

import sys
import types

import pytest

from companion.cli import app_cmd


def fake_desktop(monkeypatch: pytest.MonkeyPatch, fetch: object) -> None:
    module = types.ModuleType("flet_desktop")
    module.ensure_client_cached = fetch  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "flet_desktop", module)


def test_no_display_means_the_browser_page(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_cmd, "has_display", lambda: False)
    assert app_cmd.desktop_unavailable() == "no display here"


def test_without_the_desktop_extra_it_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_cmd, "has_display", lambda: True)
    monkeypatch.setitem(sys.modules, "flet_desktop", None)
    assert "tabletop-companion[desktop]" in (app_cmd.desktop_unavailable() or "")


def test_a_client_that_cannot_be_fetched_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    def offline() -> None:
        raise OSError("network unreachable")

    monkeypatch.setattr(app_cmd, "has_display", lambda: True)
    fake_desktop(monkeypatch, offline)
    assert "could not be fetched (network unreachable)" in (app_cmd.desktop_unavailable() or "")


def test_a_display_and_the_client_open_a_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_cmd, "has_display", lambda: True)
    fake_desktop(monkeypatch, lambda: "/cache/flet-client")
    assert app_cmd.desktop_unavailable() is None
    calls: list[dict[str, object]] = []
    monkeypatch.setattr("flet.run", lambda main, **kw: calls.append(kw))
    assert app_cmd.start_app(web=False, host="127.0.0.1", port=8550) == 0
    # ft.run(main): Flet's desktop window, its theme set before the first frame
    assert calls == [{"before_main": app_cmd.prepare}]


def test_the_web_warm_up_waits_for_the_server_to_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first screen's imports start only once the server accepts a connection (or after the time allowed)."""
    import socket

    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        app_cmd._wait_until_answering("0.0.0.0", server.getsockname()[1], most=30)  # noqa: S104 - any address
        server.settimeout(5)
        server.accept()[0].close()  # it connected
        free = server.getsockname()[1]
    app_cmd._wait_until_answering("127.0.0.1", free, most=0.1)  # nobody answers: it gives up and loads anyway


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's own OS priority is Linux's")
def test_the_warm_up_runs_below_the_browser_and_the_server() -> None:
    """Its thread alone goes down to nice 10 (the process, the server's thread, stays); one already lower stays."""
    import os
    import threading

    seen: list[int] = []

    def run() -> None:
        app_cmd._yield_to_others()
        seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 15)
        app_cmd._yield_to_others()
        seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))

    before = os.getpriority(os.PRIO_PROCESS, 0)
    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert seen == [max(before, app_cmd.WARM_UP_NICE), max(before, 15)]
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == before
