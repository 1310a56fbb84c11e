"""Load on first use: the service layer, `companion --version` and the registry of game systems start without
the heavy libraries and the rule systems, so the first frame and a quick command never pay for them again
(each checked in a fresh interpreter: sys.modules shows what really got imported)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion import rules

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("networkx", "icepool", "qrcode", "zxingcpp", "cv2", "flet")
# What a list of matches (home's first frame, `Session.summaries`) doesn't need: the systems' base and the force
# checks it brings, dice, the pack loader's schema checks and rules text, the table's wording and the helper.
DEFERRED = ("companion.rules.base", "companion.core.match.force_check", "companion.core.dice",
            "companion.core.packs.load", "companion.core.packs.pack_schema", "companion.core.packs.schema",
            "companion.core.packs.rules_text", "companion.session.play", "companion.session.table")


def probe(code: str, tmp_path: Path) -> Any:
    """What `code` run in a fresh interpreter prints last, as JSON (this tree's package first on the path)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_DATA_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True)
    return json.loads(out.stdout.splitlines()[-1])


def loaded_after(code: str, tmp_path: Path) -> set[str]:
    """The modules a fresh interpreter holds after running `code`."""
    return set(probe(f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))", tmp_path))


def heavy_among(modules: set[str]) -> list[str]:
    systems = {f"companion.rules.{s.module.split('.')[2]}" for s in rules.SYSTEMS}
    return sorted(m for m in modules if m.split(".")[0] in HEAVY or ".".join(m.split(".")[:3]) in systems)


def test_the_service_layer_loads_no_system_and_no_heavy_library(tmp_path: Path) -> None:
    modules = loaded_after("from companion.session import Session\nSession.open().list_matches()", tmp_path)
    assert "companion.session.matches" in modules  # the probe really reached the store
    assert heavy_among(modules) == []


def test_the_first_screen_loads_no_qr_or_picture_library(tmp_path: Path) -> None:
    """QR codes (qrcode brings PIL) load with the first code planned or drawn, not on the way to the first frame."""
    modules = loaded_after("import companion.ui.app, companion.ui.home", tmp_path)
    assert "companion.session.matches" in modules  # the probe really reached the service layer
    assert sorted(m for m in modules if m.split(".")[0] in ("qrcode", "PIL", "zxingcpp", "cv2")) == []
    assert not [m for m in modules if m.startswith("companion.share.")]  # not even the codecs: the scanner has them


def test_home_draws_with_what_the_warm_up_loaded_and_opens_no_other_screen(tmp_path: Path) -> None:
    """The web server's warm-up (cli/app_cmd.py) loads the first screen and the parts of Flet it draws with while
    the browser loads Flet's client: drawing home for a returning player (a match stored: the list has a row) then
    loads no more of Flet and no screen (the table, New match, judge mode ... load when tapped), and no rule
    system: home names each game from its pack.toml alone."""
    from companion.session import Session

    Session.open(tmp_path).new_match("halo-actionclix", ["Ann", "Ben"])
    code = ("import asyncio, json, sys\n"
            f"sys.path.insert(0, {str(ROOT / 'tests')!r})\n"
            "from flet_harness import Harness\n"
            "import companion.ui.app as app, companion.ui.home\n"
            "app.load_first_frame()\n"
            "warm = set(sys.modules)\n"
            "h = asyncio.run(Harness.start(app.main))\n"
            "assert 'Ann vs Ben' in h.texts(), h.texts()\n"
            "print(json.dumps(sorted(set(sys.modules) - warm)))")
    drawing = set(probe(code, tmp_path))
    assert [m for m in drawing if m.startswith(("flet", "companion.ui.", "companion.rules."))] == []
    assert "companion.store.matches" not in drawing and heavy_among(drawing) == []


def deferred_among(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == d or m.startswith(f"{d}.") for d in DEFERRED))


def test_home_first_frame_names_its_matches_without_the_rules_dice_or_pack_schema(tmp_path: Path) -> None:
    """The whole start of the web app as `companion app --web` makes it (the warm-up's imports, then the page's
    first build) shows the stored matches, their players and their game's name, and never loads the modules the
    list doesn't need: they load with the first match opened or the first roll."""
    from companion.session import Session

    Session.open(tmp_path).new_match("halo-actionclix", ["Ann", "Ben"])
    code = ("import asyncio, json, sys\n"
            f"sys.path.insert(0, {str(ROOT / 'tests')!r})\n"
            "from flet_harness import Harness\n"
            "from companion.cli.app_cmd import FIRST_SCREENS\n"
            "import importlib\n"
            "for name in FIRST_SCREENS: importlib.import_module(name)\n"
            "import companion.ui.app as app\n"
            "app.load_first_frame()\n"
            "h = asyncio.run(Harness.start(app.main))\n"
            "texts = h.texts()\n"
            "assert 'Ann vs Ben' in texts and any(t.startswith('Halo ActionClix · turn 1') for t in texts), texts\n"
            "print(json.dumps(sorted(sys.modules)))")
    modules = set(probe(code, tmp_path))
    assert "companion.ui.home" in modules and "companion.core.packs.files" in modules  # it drew from the packs
    assert deferred_among(modules) == []


def test_a_list_of_matches_loads_neither_the_rules_nor_dice_nor_the_pack_schema(tmp_path: Path) -> None:
    from companion.session import Session

    Session.open(tmp_path).new_match("killer-of-the-maze", ["Ann", "Ben"])
    code = ("from companion.session import Session\ns = Session.open()\n"
            "[m] = s.list_matches()\nassert m.players == ('Ann', 'Ben') and m.turn == 1, m\n"
            "assert s.pack_names()['killer-of-the-maze'] == 'The Killer of the Maze'")
    modules = loaded_after(code, tmp_path)
    assert "companion.rules" in modules  # the registry counted the Maze's turn
    assert deferred_among(modules) == []
    # and what was deferred still comes when named: the systems' base through the registry, as before
    assert probe("from companion.rules import Action, System\nimport json, sys\n"
                 "print(json.dumps([Action.__module__, System.__module__]))", tmp_path) == [
                     "companion.rules.action", "companion.rules.base"]


@pytest.mark.parametrize("flag", ["--version", "--help"])
def test_companion_version_and_help_load_nothing_else(flag: str, tmp_path: Path) -> None:
    code = f"import sys\nfrom companion.cli import main\nsys.argv = ['companion', '{flag}']\ntry:\n    main()\n" \
           "except SystemExit:\n    pass"
    modules = loaded_after(code, tmp_path)
    assert heavy_among(modules) == []
    assert not {m for m in modules if m.startswith(("companion.session.", "companion.store", "tinydb", "tomllib",
                                                     "importlib.metadata", "companion.cli.", "companion.core.model"))
                } - {"companion.cli.output", "companion.cli.parser"}
    if flag == "--version":  # answered before the parser: not even argparse, typing or what reads a file
        started = loaded_after("pass", tmp_path)  # what this interpreter's start-up loaded already (site ...)
        assert not {"argparse", "typing", "pathlib", "re", "companion.cli.parser"} & (modules - started)


def test_a_match_command_loads_the_one_system_in_hand(tmp_path: Path) -> None:
    code = ("from companion.session import Session\nfrom companion.session.play.helper import Action, helper_for\n"
            "s = Session.open()\nm = s.new_match('heroclix-skirmish', ['Ann', 'Ben'])\n"
            "o = next(o for o in helper_for(m.system).legal_actions(m) if o.enabled and not o.units and not o.params)"
            "\ns.act(m.id, Action(o.action))")
    modules = loaded_after(code, tmp_path)
    assert {m for m in heavy_among(modules) if m.startswith("companion.rules.")} == {
        m for m in modules if m.startswith("companion.rules.skirmish")}
    assert not {m for m in heavy_among(modules) if not m.startswith("companion.")}


@pytest.mark.parametrize("registered", rules.SYSTEMS, ids=lambda s: s.id)
def test_the_registry_knows_each_system_as_its_class_does(registered: rules.Registered) -> None:
    system = rules.get(registered.id)
    assert (system.id, system.name, type(system).__module__, type(system).__name__) == (
        registered.id, registered.name, registered.module, registered.cls)
    # a list of matches counts turns as the header does (the Maze's game turn holds two of the match's turns)
    assert [rules.game_turn(registered.id, t) for t in range(1, 9)] == [system.game_turn(t) for t in range(1, 9)]


def test_the_match_commands_load_the_store_and_at_most_the_system_in_hand(tmp_path: Path) -> None:
    from companion.session import Session

    match = Session.open(tmp_path).new_match("halo-actionclix", ["Ann", "Ben"])
    event = ["match", "event", match.id, "score", "--data", '{"player": "p1", "kind": "kills", "delta": 1}']
    for argv in (["match", "list"], ["match", "show", match.id], event):
        code = f"import sys\nfrom companion.cli import main\nsys.argv = {['companion', *argv]!r}\nmain()"
        modules = loaded_after(code, tmp_path)
        assert "companion.store.matches" in modules, argv
        # an event is checked by its match's system (the reducer asks it), and `show` words a match as its system
        # does (the tokens a unit holds, the points it scores): that one system, nothing else heavy
        allowed = ("companion.rules.halo",) if argv[1] != "list" else ()
        assert [m for m in heavy_among(modules) if not m.startswith(allowed) or not allowed] == [], argv
