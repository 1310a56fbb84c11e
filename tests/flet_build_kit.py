"""flet-cli 1.0.5's own build steps, driven offline (no Flutter SDK, no downloads): what `flet build TARGET`
would hand to Flutter and to serious_python's packager, for tests/unit/test_flet_build.py and test_phone_room.py."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

build_cmd = pytest.importorskip("flet_cli.commands.build")
from flet_cli.commands.build_base import BaseBuildCommand  # noqa: E402
from flet_cli.commands.flutter_base import BaseFlutterCommand  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = {"default_python_version": "3.12", "pythons": {"3.12": {
    "full_version": "3.12.12", "pyodide_version": "0.27.7", "android_abis": ["arm64-v8a", "armeabi-v7a", "x86_64"]}}}
HOSTS = {"ipa": "Darwin", "macos": "Darwin", "windows": "Windows"}  # where flet-cli allows each build


class BuildStopped(Exception):
    pass


def app_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the app folder's top (build/ lands there, not in the repository), the package linked in."""
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps(MANIFEST))
    monkeypatch.setenv("FLET_PYTHON_BUILD_MANIFEST", str(manifest))
    app = tmp_path / "app"
    app.mkdir()
    for name in ("pyproject.toml", "main.py", "LICENSE"):
        shutil.copy(ROOT / name, app / name)
    shutil.copytree(ROOT / "assets", app / "assets")
    for name in ("companion", "content"):
        (app / name).symlink_to(ROOT / name)
    return app


def flet_build(app: Path, target: str) -> Any:
    """Run `flet build TARGET app` up to the template data, as flet-cli does, minus the Flutter SDK part."""
    parser = argparse.ArgumentParser()
    cmd = build_cmd.Command(parser)
    cmd.options = parser.parse_args([target, str(app), "--yes"])
    cmd.target_platform = target

    def cleanup(code: int, message: Any = None, no_border: bool = False) -> None:
        raise BuildStopped(f"flet build {target} stopped ({code}): {message}")

    cmd.cleanup = cleanup
    original = BaseFlutterCommand.initialize_command
    BaseFlutterCommand.initialize_command = lambda self: None  # finds/downloads Flutter: not here
    try:
        BaseBuildCommand.initialize_command(cmd)
    finally:
        BaseFlutterCommand.initialize_command = original
    cmd.current_platform = HOSTS.get(target, "Linux")  # ipa/macos need a Mac host, windows a Windows one
    cmd.validate_target_platform()
    cmd.validate_entry_point()
    cmd.setup_template_data()
    return cmd


class Packaged(Exception):
    """flet-cli reached serious_python's `package` command: its arguments are the test's answer."""

    def __init__(self, command: list[str]) -> None:
        super().__init__("serious_python package")
        self.command = command


def packager_command(app: Path, target: str) -> list[str]:
    """The command line flet-cli runs for serious_python's packager for TARGET: `-r` requirements (what pip installs
    into the build's site-packages, from pyproject's dependencies and [tool.flet.<platform>]'s) and `--exclude`
    paths (what stays out of the app folder)."""
    cmd = flet_build(app, target)
    cmd.dart_exe = "dart"  # never run: `run` below stops at the packager's command line
    cmd.update_status = lambda status: None  # a console spinner in flet-cli

    def run(args: list[str], **kwargs: Any) -> Any:
        raise Packaged([str(a) for a in args])

    cmd.run = run
    try:
        cmd.package_python_app()
    except Packaged as packaged:
        args = packaged.command
    else:
        raise AssertionError("flet-cli never called serious_python's package command")
    assert args[3:5] == ["serious_python:main", "package"], args
    return args


def option_values(command: list[str], option: str) -> list[str]:
    return [command[i + 1] for i, a in enumerate(command[:-1]) if a == option and not command[i + 1].startswith("-")]
