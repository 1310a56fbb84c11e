"""The tests' own house rules: every test file sits in one of the five folders by concern, and no test file
imports another one (what two test files share lives in a helper module at tests/ root, next to conftest.py).

A test importing a test runs the imported file's module-level set-up twice under two names and ties two
concerns together; pytest's prepend import mode also needs each test file's basename to be unique.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
FOLDERS = ("unit", "property", "ui", "browser", "fault")


def imports_of_tests(sources: dict[str, str]) -> list[str]:
    """`file imports test_x` for each import of a test module in the given {file name: source}."""
    found = []
    for name, source in sorted(sources.items()):
        for node in ast.walk(ast.parse(source)):
            targets = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{name} imports {t}" for t in targets if t.split(".")[0].startswith("test_")]
    return found



def misplaced(tests_root: Path) -> list[str]:
    """Test files outside the five folders (tests/<folder>/test_*.py), or sharing a basename with another."""
    files = sorted(tests_root.rglob("test_*.py"))
    out = [str(f.relative_to(tests_root)) for f in files
           if f.parent.parent != tests_root or f.parent.name not in FOLDERS]
    names = [f.name for f in files]
    return out + sorted({f"{n} appears twice" for n in names if names.count(n) > 1})


def test_no_test_file_imports_another() -> None:
    sources = {str(f.relative_to(TESTS)): f.read_text() for f in TESTS.rglob("*.py")}
    assert imports_of_tests(sources) == []


def test_every_test_file_sits_in_one_of_the_five_folders() -> None:
    assert misplaced(TESTS) == []
    assert all(any((TESTS / folder).glob("test_*.py")) for folder in FOLDERS)


def test_planted_breaches_are_caught(tmp_path: Path) -> None:
    planted = {"unit/test_a.py": "from test_b import helper\n", "ui/test_c.py": "import test_d as d\n",
               "unit/test_e.py": "def f():\n    from test_f import g\n", "kit.py": "from builders import x\n"}
    assert imports_of_tests(planted) == ["ui/test_c.py imports test_d", "unit/test_a.py imports test_b",
                                     "unit/test_e.py imports test_f"]
    for path in ("test_root.py", "unit/test_same.py", "fault/test_same.py", "misc/test_x.py", "unit/deep/test_y.py"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("")
    assert misplaced(tmp_path) == [
        "misc/test_x.py", "test_root.py", "unit/deep/test_y.py", "test_same.py appears twice"]
