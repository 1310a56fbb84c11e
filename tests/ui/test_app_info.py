"""The version from one place, the About screen, and a scan screen that shows only what the device can do."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import flet as ft
import pytest

import companion
from companion.cli.parser import build_parser
from companion.session import Session
from companion.session.data.app_info import app_info
from companion.store.matches import MatchStore
from companion.ui.app import main

from flet_harness import Harness

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_the_version_is_pyprojects_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    """pyproject.toml's project.version is the release's; the package repeats it as a constant (a quick
    `companion --version`, which skips the parser): all must say the same."""
    assert companion.__version__ == companion.version() == VERSION
    out = subprocess.run([sys.executable, "-m", "companion", "--version"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0 and out.stdout == f"companion {VERSION}\n"
    with pytest.raises(SystemExit) as done:  # the parser's own version action, as `companion --version -q` gets
        build_parser(["--version"]).parse_args(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out == out.stdout


def test_licence_file_matches_the_project_licence() -> None:
    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_app_info_lists_packs_with_versions_and_the_data_folder(tmp_path: Path) -> None:
    info = app_info(Session(MatchStore(tmp_path)))
    assert info.version == VERSION and info.license == "MIT" and info.data_folder == tmp_path
    assert {"halo-actionclix", "scarab"} <= {p.id for p in info.packs}
    assert all(p.version and p.builtin for p in info.packs)


async def launch(tmp_path: Path, platform: ft.PagePlatform | None = None) -> Harness:
    session = Session(MatchStore(tmp_path / "data"))

    async def app(page):  # type: ignore[no-untyped-def]
        if platform is not None:
            page.platform = platform
        await main(page, session)

    return await Harness.start(app)


@pytest.mark.asyncio
async def test_about_is_reachable_from_home(tmp_path: Path) -> None:
    h = await launch(tmp_path)
    await h.click("open-about")
    assert h.text_of("about-version") == f"Version {VERSION}"
    assert "MIT" in h.text_of("about-license")
    assert h.text_of("about-data") == str(tmp_path / "data")
    assert h.has("about-pack-halo-actionclix")


@pytest.mark.asyncio
async def test_a_phone_without_a_decoder_points_to_its_camera_app(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.ui.share.scan_screen.picture_decoder", lambda: None)
    h = await launch(tmp_path, ft.PagePlatform.ANDROID)
    await h.click("home-scan")
    assert "open your camera app" in h.text_of("scan-hint")
    assert not h.has("scan-image") and not h.has("scan-camera") and h.has("scan-add")


@pytest.mark.asyncio
async def test_a_phone_with_opencv_scans_in_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.ui.share.scan_screen.picture_decoder", lambda: "OpenCV")
    h = await launch(tmp_path, ft.PagePlatform.IOS)
    await h.click("home-scan")
    assert h.has("scan-camera") and h.has("scan-image")
