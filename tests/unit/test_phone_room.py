"""*Open the room* on a phone build: everything the room imports is in what `flet build apk|ipa` packages, and the
room runs with nothing else.

What a phone build installs is read from flet-cli 1.0.5 itself: its build steps run offline up to the packager's
command line (tests/flet_build_kit.py), whose `-r` requirements come from pyproject's dependencies and
[tool.flet.android|ios] dependencies; pip adds what those require (read here from the installed packages'
metadata, with the phone's markers: Python 3.12 on Android or iOS). A fresh interpreter that can find no other
third-party module then opens the room as the app on a phone does and runs a player's day through it over
loopback (tests/phone_room_child.py). Each distribution it loaded must be in the phone's list and installable on a
phone: a pure-Python wheel (py3-none-any, the one file pip takes for every platform), or one Flet builds for
Android and iOS (its mobile-forge recipes, served from pypi.flet.dev).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import httpx
import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from companion.session.serving import ROOM_MODULES

from browser import free_port
from flet_build_kit import ROOT, app_folder, option_values, packager_command

PHONES = {  # the markers pip evaluates on each phone build (flet build's default Python: 3.12)
    "apk": {"sys_platform": "android", "platform_system": "Android", "platform_machine": "aarch64"},
    "ipa": {"sys_platform": "ios", "platform_system": "iOS", "platform_machine": "arm64"},
}
COMMON = {"python_version": "3.12", "python_full_version": "3.12.12", "os_name": "posix",
          "implementation_name": "cpython", "platform_python_implementation": "CPython", "platform_release": "",
          "platform_version": "", "implementation_version": "3.12.12"}
# The binary distribution the room loads that Flet builds for Android and iOS (flet-dev/mobile-forge
# recipes/markupsafe/meta.yaml, served from pypi.flet.dev): MarkupSafe, Jinja2's escaping (its recipe builds 2.1.5;
# PyPI has platform wheels and an sdist only). Every other one must be a py3-none-any wheel.
BUILT_BY_FLET = {"markupsafe"}
# What the room's server needs, by distribution: the proof that the child really served the room.
ROOM_DISTRIBUTIONS = {"starlette", "anyio", "uvicorn", "h11", "jinja2", "markupsafe", "itsdangerous"}
DESKTOP_ONLY = {"uvloop", "httptools", "websockets", "wsproto", "flet_web", "fastapi", "pydantic", "pydantic_core"}


def closure(requirements: list[str], markers: dict[str, str]) -> set[str]:
    """The distributions pip installs for `requirements` on a phone (installed metadata; extras followed)."""
    found: set[str] = set()
    todo = [(Requirement(r), {""}) for r in requirements]
    while todo:
        req, extras = todo.pop()
        if req.marker and not any(req.marker.evaluate({**markers, "extra": e}) for e in extras):
            continue
        name = canonicalize_name(req.name)
        if name in found:
            continue
        found.add(name)
        try:
            requires = metadata.distribution(name).requires or []
        except metadata.PackageNotFoundError:  # a phone-only build (opencv-python): nothing of it runs here
            continue
        todo += [(Requirement(r), {"", *req.extras}) for r in requires]
    return found


def top_level_modules(distributions: set[str]) -> set[str]:
    return {top for top, names in metadata.packages_distributions().items()
            if any(canonicalize_name(n) in distributions for n in names)}


def distribution_of(module: str) -> str | None:
    names = metadata.packages_distributions().get(module)
    return canonicalize_name(names[0]) if names else None


def is_pure_wheel(distribution: str) -> bool:
    wheel = metadata.distribution(distribution).read_text("WHEEL") or ""
    tags = [line.split(":", 1)[1].strip() for line in wheel.splitlines() if line.startswith("Tag:")]
    return bool(tags) and all(t.endswith("-none-any") for t in tags)


@pytest.fixture(scope="module")
def packager(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """The packager's command line flet-cli makes for each phone build."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        return {target: packager_command(app_folder(tmp_path_factory.mktemp(target), monkeypatch), target)
                for target in PHONES}


@pytest.fixture(scope="module")
def phone_lists(packager: dict[str, list[str]]) -> dict[str, set[str]]:
    """Each phone build's distributions, as flet-cli and pip make them."""
    return {target: closure(option_values(command, "-r"), {**COMMON, **PHONES[target]})
            for target, command in packager.items()}


@pytest.fixture(scope="module")
def phone_run(phone_lists: dict[str, set[str]], tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The room run in an interpreter that finds only what both phone builds install."""
    folder = tmp_path_factory.mktemp("phone")
    allowed = folder / "allowed.json"
    allowed.write_text(json.dumps(sorted(top_level_modules(phone_lists["apk"] & phone_lists["ipa"]))))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(ROOT / "tests" / "phone_room_child.py"), str(allowed),
                          str(folder / "data"), str(free_port())], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.splitlines()[-1])


def test_flet_build_packages_the_room_server_for_both_phones(phone_lists: dict[str, set[str]]) -> None:
    for target, installed in phone_lists.items():
        assert installed >= ROOM_DISTRIBUTIONS, (target, ROOM_DISTRIBUTIONS - installed)
        assert not {canonicalize_name(m) for m in DESKTOP_ONLY} & installed, target  # plain uvicorn, no flet-web


def test_the_room_s_pages_go_into_the_phone_bundle(packager: dict[str, list[str]]) -> None:
    """The room's templates (companion/templates/, read by Jinja2's PackageLoader) are not excluded."""
    for target, command in packager.items():
        excluded = [Path(e) for e in option_values(command, "--exclude")]
        assert excluded and "tests" in {e.name for e in excluded}  # the list is really read
        page = Path("companion", "templates", "room", "message.html")
        assert (ROOT / page).is_file()
        assert not [e for e in excluded if e == page or e in page.parents], (target, excluded)


def test_the_room_serves_a_players_day_with_only_the_phone_builds_packages(phone_run: dict) -> None:
    seen = phone_run["seen"]
    assert "Table 1" in seen["find"] and "Ben" in seen["find"]
    assert "Dan" in seen["room"] and "Friday" in seen["standings"]
    assert seen["stream"].startswith("retry:") and "tables" in seen["stream"]  # the clock's live stream
    assert seen["signed-Ann"] and seen["signed-Ben"]  # their codes, exchanged for signed cookies
    assert seen["report-Ann"] == seen["report-Ben"] == 200
    assert seen["result"] == {"vp": {"Ann": 15, "Ben": 9}, "winners": ["Ann"]}  # both reports agreed
    assert seen["judge_link"] is False  # the judge's screen on a phone is the app itself


def test_the_phone_room_takes_only_uvicorns_pure_python_paths(phone_run: dict) -> None:
    """Nothing desktop-only was even tried: no uvloop, no httptools, no WebSocket library, no flet-web."""
    assert not set(phone_run["tried"]) & DESKTOP_ONLY, phone_run["tried"]
    loaded = set(phone_run["loaded"])
    assert "uvicorn.protocols.http.h11_impl" in loaded and "uvicorn.loops.asyncio" in loaded
    assert not {m for m in loaded if m.split(".")[0] in DESKTOP_ONLY}


def test_every_distribution_the_room_loaded_is_packaged_and_installable_on_a_phone(
        phone_run: dict, phone_lists: dict[str, set[str]]) -> None:
    tops = {m.split(".")[0] for m in phone_run["loaded"]} - set(sys.stdlib_module_names) - {"companion"}
    used = {d for d in map(distribution_of, tops) if d is not None}
    assert used >= ROOM_DISTRIBUTIONS, ROOM_DISTRIBUTIONS - used  # the child really served the room
    for target, installed in phone_lists.items():
        assert used <= installed, (target, used - installed)
    assert {d for d in used if not is_pure_wheel(d)} <= BUILT_BY_FLET
    assert set(ROOM_MODULES) <= tops  # the app's "can the room run here?" asks for what the room really loads


def test_the_closure_follows_markers_and_extras() -> None:
    """The phone's list is computed, not assumed: a marker for another platform drops a requirement."""
    android = {**COMMON, **PHONES["apk"]}
    assert "h11" in closure(["uvicorn"], android)
    assert "uvloop" not in closure(["uvicorn"], android)  # only uvicorn[standard] brings it
    assert "uvloop" in closure(["uvicorn[standard]"], {**COMMON, "sys_platform": "linux", "platform_system": "Linux",
                                                      "platform_machine": "x86_64"})
    assert "typing-extensions" not in closure(['typing_extensions; python_version < "3.12"'], android)
    assert Marker('sys_platform == "android"').evaluate(android)



WITHOUT_FLET_WEB = """
import importlib.abc, importlib.util, sys

GONE = ("flet_web", "fastapi")


class NoFletWeb(importlib.abc.MetaPathFinder):  # an import of them fails ...
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in GONE:
            raise ModuleNotFoundError(name, name=name)


found = importlib.util.find_spec  # ... and asking whether they are there says no, as where they aren't
importlib.util.find_spec = lambda name, package=None: None if name.split(".")[0] in GONE else found(name, package)
sys.meta_path.insert(0, NoFletWeb())
from companion.cli import main
sys.argv = ["companion", "judge", "serve", "--port", sys.argv[1]]
main()
"""


def test_judge_serve_without_flet_web_serves_the_players_pages_and_says_how_to_judge(tmp_path: Path) -> None:
    """A computer with the app but not its web extra: the room's pages all the same, no judge's link."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_DATA_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-m", "companion", "judge", "new", "Friday", "--table", "Ann,Ben"], env=env,
                   check=True, capture_output=True, timeout=60)
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", WITHOUT_FLET_WEB, str(port)], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(3)]
        assert lines[0].startswith("Players follow their table at: http://127.0.0.1:")
        assert lines[1].startswith("No judge's screen here (flet-web is not installed") and "judge" in lines[1]
        assert not any("/judge/login" in line for line in lines)
        page = httpx.get(f"http://127.0.0.1:{port}/find", params={"name": "ben"}, timeout=20)
        assert page.status_code == 200 and "Table 1" in page.text
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
