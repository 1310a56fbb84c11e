"""The package ships what it needs, and the pure core stays free of UI and storage libraries."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from companion.core.packs.load import builtin_dir, discover

ROOT = Path(__file__).resolve().parents[2]


def test_pyproject_lists_every_subpackage() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "companion").rglob("*.py")}
    assert listed == found | {"companion.content"}


def test_every_folder_of_modules_is_a_package() -> None:
    """A folder of modules without __init__.py imports from a checkout but setuptools leaves it out of a wheel."""
    folders = {p.parent for p in (ROOT / "companion").rglob("*.py")}
    assert sorted(str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").exists()) == []


def test_builtin_packs_are_found_and_load() -> None:
    assert (builtin_dir() / "halo-actionclix" / "pack.toml").is_file()
    packs, errors = discover()
    assert errors == []
    assert {"halo-actionclix", "scarab", "heroclix-skirmish", "killer-of-the-maze", "armageddon-empires"} <= set(packs)


def test_core_imports_without_flet_tinydb_or_qrcode() -> None:
    code = (
        "import sys\n"
        "for name in ('flet', 'tinydb', 'qrcode', 'png'): sys.modules[name] = None\n"
        "import pkgutil, importlib, companion.core as core\n"
        "for m in pkgutil.iter_modules(core.__path__): importlib.import_module('companion.core.' + m.name)\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_every_page_template_ships_as_package_data() -> None:
    """session.render reads companion/templates/ from the installed package: a template the package-data globs
    miss renders from a checkout and fails in a wheel or a phone build."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["companion"]
    package = ROOT / "companion"
    shipped = {p for pattern in patterns for p in package.glob(pattern)}
    templates = {p for p in (package / "templates").rglob("*") if p.is_file()}
    assert templates and sorted(str(p.relative_to(package)) for p in templates - shipped) == []
