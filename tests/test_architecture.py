"""The house's rules, read from the code's own imports (ast), so a change that breaks one fails here:

- the screens (ui/), the command line (cli/) and the room pages (room/) import only the service layer
  (companion.session...) and the model's types and errors, besides their own folder (the command line also
  starts the app and the room server);
- core/ is plain Python (no Flet, no TinyDB, no QR or PNG library); rules/ builds on core/ only;
- no import circles anywhere;
- no folder with more than 14 modules side by side, no module over 400 lines.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "companion"
CONSUMERS = ("companion.ui", "companion.cli", "companion.room")
TYPES = ("companion.core.model", "companion.core.errors")
STARTS = {"companion.cli": ("companion.ui", "companion.room")}  # the command line starts the app and the servers
MAX_MODULES_PER_FOLDER = 14
MAX_LINES = 400


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import that runs (at module level or inside functions), not those only a type checker sees."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking_only(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules `name` imports: for `from X import Y`, X.Y when that is a module, else X."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in _import_nodes(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
        for alias in node.names:
            found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return found


def import_graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module, or a module importing itself (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in graph.get(v, ()):
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def layer_breaches(graph: dict[str, set[str]]) -> list[str]:
    """Imports from a consumer (ui/cli/room) past the service layer into the rest of the package."""
    out = []
    for name, targets in sorted(graph.items()):
        own = next((c for c in CONSUMERS if _within(name, (c,))), None)
        if own is None:
            continue
        for target in sorted(targets):
            allowed = (own, "companion.session", *TYPES, *STARTS.get(own, ()))
            if _within(target, ("companion",)) and not _within(target, allowed):
                out.append(f"{name} imports {target}")
    return out


def test_the_checks_catch_what_they_look_for() -> None:
    toy = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}, "e": {"a"}}
    assert circles(toy) == [["a", "b", "c"], ["d"]]
    graph = {"companion.ui.x": {"companion.store.matches", "companion.session.sharing.share", "companion.ui.y"},
             "companion.cli.z": {"companion.core.model", "companion.rules"}}
    assert layer_breaches(graph) == ["companion.cli.z imports companion.rules",
                                     "companion.ui.x imports companion.store.matches"]


def test_screens_and_commands_go_through_the_service_layer() -> None:
    assert layer_breaches(import_graph()) == []


def test_core_is_plain_python_and_rules_build_on_core_only() -> None:
    graph = import_graph()
    foreign = ("flet", "tinydb", "qrcode", "png", "zxingcpp", "PIL", "cv2")
    bad = [f"{n} imports {t}" for n, ts in graph.items() if _within(n, ("companion.core",))
           for t in ts if _within(t, foreign) or (_within(t, ("companion",)) and not _within(t, ("companion.core",)))]
    bad += [f"{n} imports {t}" for n, ts in graph.items() if _within(n, ("companion.rules",))
            for t in ts if _within(t, ("companion",)) and not _within(t, ("companion.core", "companion.rules"))]
    assert bad == []


def test_no_import_circles() -> None:
    assert circles(import_graph()) == []


@pytest.mark.parametrize("folder", sorted({p.parent for p in PACKAGE.rglob("*.py")}), ids=str)
def test_folders_stay_small(folder: Path) -> None:
    assert len(list(folder.glob("*.py"))) <= MAX_MODULES_PER_FOLDER, f"{folder} holds too many modules: split it"


def test_modules_stay_readable_in_one_sitting() -> None:
    long = {str(p.relative_to(PACKAGE)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


# --- one truth per rule: what differs between games is asked of the system (ARCHITECTURE.md principle 12) ---

CONTENT = PACKAGE.parent / "content"
# a frozen wire table: a share code's pack numbers can never change, so they are written out, not asked
SYSTEM_ID_ALLOWED = {"share/codec.py": "PACK_NUMBERS"}


def system_ids() -> set[str]:
    import tomllib

    return {tomllib.loads((d / "pack.toml").read_text())["pack"]["id"] for d in CONTENT.iterdir()
            if (d / "pack.toml").exists()}


def system_branches(relative: str, source: str, ids: set[str]) -> list[str]:
    """Where a module outside rules/ and content/ names a game system: a string that is a system id (or starts
    with one and a separator, like "scarab:shell"), or an import of one system's own rules package."""
    found = []
    allowed = SYSTEM_ID_ALLOWED.get(relative)
    tree = ast.parse(source)
    skip: set[int] = set()
    if allowed:  # the allowed table's own strings
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == allowed for t in node.targets):
                skip |= {id(c) for c in ast.walk(node.value)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
            if text in ids or any(text.startswith(f"{i}:") or text.startswith(f"{i}-") for i in ids):
                found.append(f"{relative}:{node.lineno} names the system {text!r}")
        if isinstance(node, ast.ImportFrom | ast.Import):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            if isinstance(node, ast.ImportFrom) and node.module == "companion.rules":
                names += [f"companion.rules.{a.name}" for a in node.names]
            for name in names:
                parts = name.split(".")
                if parts[:2] == ["companion", "rules"] and len(parts) > 2 and parts[2] != "base":
                    found.append(f"{relative}:{node.lineno} imports one system's rules ({name})")
    return found


def rules_file_reads(relative: str, source: str) -> list[str]:
    """Where a rules module opens a file: open(), Path reads, or the pack loader (pack data is handed in)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            fn = node.func
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
            if name in ("open", "read_text", "read_bytes", "get_pack", "discover", "load_pack"):
                found.append(f"{relative}:{node.lineno} calls {name}()")
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("pathlib", "io", "tomllib"):
            found.append(f"{relative}:{node.lineno} imports {node.module}")
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] in ("pathlib", "io", "tomllib")
                                                for a in node.names):
            found.append(f"{relative}:{node.lineno} imports a file module")
    return found


def test_the_system_checks_catch_a_planted_breach() -> None:
    ids = {"scarab", "halo-actionclix"}
    planted = ('from companion.rules.scarab.state import dial_id\n'
               'def f(m):\n    return m.system == "scarab" or m.unit("x").ref == "scarab:shell"\n')
    assert system_branches("ui/x.py", planted, ids) == [
        "ui/x.py:1 imports one system's rules (companion.rules.scarab.state)",
        "ui/x.py:3 names the system 'scarab'", "ui/x.py:3 names the system 'scarab:shell'"]
    assert system_branches("ui/x.py", 'from companion.rules.base import System\nx = "the Scarab"\n', ids) == []
    assert rules_file_reads("rules/x.py", "from pathlib import Path\ndef f(p):\n    return open(p).read()\n") == [
        "rules/x.py:1 imports pathlib", "rules/x.py:3 calls open()"]


def test_no_system_is_named_outside_rules_and_content() -> None:
    ids = system_ids()
    assert {"scarab", "halo-actionclix"} <= ids
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = str(path.relative_to(PACKAGE))
        if not relative.startswith("rules/"):
            found += system_branches(relative, path.read_text(), ids)
    assert found == []


def test_rules_open_no_file() -> None:
    found = []
    for path in sorted((PACKAGE / "rules").rglob("*.py")):
        found += rules_file_reads(str(path.relative_to(PACKAGE)), path.read_text())
    assert found == []
