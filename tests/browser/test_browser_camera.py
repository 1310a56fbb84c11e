"""Scanning a match's QR code with the camera in headless Chromium (a fake camera plays a video of the code)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.session import Session
from companion.session.sharing.keeping import share_match
from companion.share import png
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, Screen, require_browser, served_app

WIDTH, HEIGHT = 640, 480


def y4m_of(picture: bytes, path: Path, frames: int = 10) -> None:
    """A still video (YUV 4:2:0) of a picture: what Chromium's fake camera plays."""
    image = pytest.importorskip("PIL.Image")
    code = image.open(io.BytesIO(picture)).convert("L")
    side = HEIGHT - 40
    frame = image.new("L", (WIDTH, HEIGHT), 255)
    frame.paste(code.resize((side, side)), ((WIDTH - side) // 2, 20))
    chroma = bytes([128]) * (WIDTH // 2 * HEIGHT // 2)
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + frame.tobytes() + chroma + chroma)


@pytest.mark.browser
def test_scan_a_match_with_the_camera(tmp_path: Path) -> None:
    playwright = require_browser()
    pytest.importorskip("zxingcpp")
    source = Session(MatchStore(tmp_path / "phone-a"))
    match = source.new_match("halo-actionclix", ["Ann", "Ben"])
    source.dispatch(match.id, "score", {"player": "p2", "kind": "kills", "delta": 2})
    plan = share_match(source, match.id)
    assert plan.parts == 1
    video = tmp_path / "code.y4m"
    y4m_of(png(plan.texts[0]), video)
    camera = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
              f"--use-file-for-fake-video-capture={video}"]
    with served_app(tmp_path / "phone-b") as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, *camera])
        s = Screen(browser.new_page(viewport={"width": 390, "height": 844}))
        s.open(url)
        s.tap("Scan a code")
        s.tap("Use the camera")
        s.wait_text("Ann to play", timeout=40)
        s.wait_text("Kills 2")
        browser.close()
    assert Session(MatchStore(tmp_path / "phone-b")).state(match.id) == source.state(match.id)
