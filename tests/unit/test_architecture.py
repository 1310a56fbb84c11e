"""The house's rules, read from the code's own imports (ast), so a change that breaks one fails here:

- the screens (ui/), the command line (cli/) and the room pages (room/) import only the service layer
  (companion.session...) and the model's types and errors, besides their own folder (the command line also
  starts the app and the room server, and judge mode opens the room from inside the app);
- core/ is plain Python (no Flet, no TinyDB, no QR or PNG library); rules/ builds on core/ only;
- no screen, command or room page reaches a store through an attribute (`session.store...`);
- no session module hands on a store, a rules module or function, a core module or a reducer (model types,
  constants and errors may pass: see `handed_on`);
- no import circles anywhere, and none between folders either (a folder's own parents aside);
- share/ is bytes and pictures: it builds on core/ only and takes no session;
- one module touches Flet's private parts (companion/flet_adapter.py): no other module names a Flet private
  (a name-mangled attribute, an internal module, the renderer or the update scheduler, a private attribute of a
  Flet object), and the adapter imports nothing of the package;
- split by concept, not by size: no cap on a folder's modules, and a module past 600 lines only warns;
- a game's words (its tokens, turn marks, reserve reasons) are its pack's and its rules': no other folder spells
  them.
"""

from __future__ import annotations

import ast
import re
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path

from companion.rules import SYSTEMS

PACKAGE = Path(__file__).resolve().parents[2] / "companion"
CONSUMERS = ("companion.ui", "companion.cli", "companion.room")
TYPES = ("companion.core.model", "companion.core.errors")
LOWER = ("companion.store", "companion.rules", "companion.core")
STARTS = {"companion.cli": ("companion.ui", "companion.room"),  # the command line starts the app and the servers
          "companion.ui": ("companion.room",)}  # judge mode opens the room from inside the app
FLET_ADAPTER = "companion.flet_adapter"  # beside the layers: the server assembly and the access checks use it
LONG_MODULE_LINES = 600  # past this a module warns (read it: does it hold one idea?); it never fails


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(p, package): p for p in package.rglob("*.py")}


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


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    mods = modules(package)
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


STORE_ATTRIBUTES = ("store", "_store")


def store_reaches(name: str, source: str) -> list[str]:
    """Attribute reads of a store (`x.store`, `x._store`) in a consumer's source. A call such as
    `incoming.store(choice)` is a method named store, not a store."""
    tree = ast.parse(source)
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    return [f"{name}:{node.lineno} reads .{node.attr}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in STORE_ATTRIBUTES and id(node) not in called]


def _bound_below(tree: ast.Module) -> dict[str, str]:
    """Names a module binds at its top level by importing from store/, rules/ or core/: name -> where from."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and _within(node.module, LOWER):
            found.update({a.asname or a.name: f"{node.module}.{a.name}" for a in node.names})
        elif isinstance(node, ast.Import):
            found.update({a.asname: a.name for a in node.names if a.asname and _within(a.name, LOWER)})
    return found


def _may_pass(origin: str, known: set[str]) -> bool:
    """The model's types, constants and errors may be handed on; a store's anything, a module, a rules function
    and a reducer (core's `*.events` functions, e.g. `apply`) may not. Other pure core functions that compute
    what a screen shows from model values (a clock's text, a log line) may."""
    module, _, attr = origin.rpartition(".")
    if origin in known or _within(origin, ("companion.store",)) or _within(module, ("companion.store",)):
        return False
    if attr[:1].isupper():
        return True  # a type, a constant or an error
    return _within(module, ("companion.core",)) and not module.endswith(".events")


def handed_on(sources: dict[str, str], known: set[str]) -> list[str]:
    """Objects from store/, rules/ or core/ that a session module hands on: named in its `__all__`, or imported
    from it by a consumer (ui/, cli/, room/). `sources` maps module names to their source."""
    trees = {name: ast.parse(text) for name, text in sources.items()}
    bound = {name: _bound_below(tree) for name, tree in trees.items() if _within(name, ("companion.session",))}
    out = set()
    for name, tree in trees.items():
        for node in tree.body:
            if name in bound and isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
                for item in ast.literal_eval(node.value):
                    if item in bound[name] and not _may_pass(bound[name][item], known):
                        out.add(f"{name} hands on {bound[name][item]}")
        if not _within(name, CONSUMERS):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in bound:
                for a in node.names:
                    origin = bound[node.module].get(a.name)
                    if origin is not None and not _may_pass(origin, known):
                        out.add(f"{node.module} hands on {origin} (to {name})")
    return sorted(out)


def folder_circles(graph: dict[str, set[str]], packages: set[str]) -> list[list[str]]:
    """Circles between folders: folder A imports from folder B and B from A. A folder and its parents are one
    house (screens use the shell in ui/, ui/app.py starts the screens), so those edges do not count."""
    def folder(module: str) -> str:
        return module if module in packages else module.rpartition(".")[0]

    def related(a: str, b: str) -> bool:
        return a == b or a.startswith(b + ".") or b.startswith(a + ".")

    folders: dict[str, set[str]] = {}
    for name, targets in graph.items():
        edges = folders.setdefault(folder(name), set())
        edges.update(folder(t) for t in targets if t in graph and not related(folder(name), folder(t)))
    return circles(folders)


def share_breaches(graph: dict[str, set[str]], sources: dict[str, str]) -> list[str]:
    """share/ reaching past core/ into the package, or a share/ function that takes a session."""
    out = [f"{n} imports {t}" for n, ts in sorted(graph.items()) if _within(n, ("companion.share",))
           for t in sorted(ts) if _within(t, ("companion",)) and not _within(t, ("companion.core", "companion.share"))]
    for name, text in sorted(sources.items()):
        if _within(name, ("companion.share",)):
            out += [f"{name}:{node.lineno} {node.name}() takes a session" for node in ast.walk(ast.parse(text))
                    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                        a.arg == "session" for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs))]
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


def test_long_modules_are_named() -> None:
    """Size is no rule (modules cut only to stay under a cap were cut where no concept ends): a long module
    warns, so a reader looks at whether it still holds one idea."""
    import warnings
    for path in PACKAGE.rglob("*.py"):
        if (n := len(path.read_text().splitlines())) > LONG_MODULE_LINES:
            warnings.warn(f"{path.relative_to(PACKAGE)} has {n} lines: does it still hold one idea?", stacklevel=1)


# --- one truth per rule: what differs between games is asked of the system (ARCHITECTURE.md principle 12) ---

CONTENT = PACKAGE.parent / "content"
# a frozen wire table: a share code's pack numbers can never change, so they are written out, not asked
SYSTEM_ID_ALLOWED = {"share/codec.py": "PACK_NUMBERS"}
# one system's own rules packages (rules/base, rules/advice ... serve every system alike)
SYSTEM_PACKAGES = {s.module.split(".")[2] for s in SYSTEMS}


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
                if parts[:2] == ["companion", "rules"] and len(parts) > 2 and parts[2] in SYSTEM_PACKAGES:
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


def _sources() -> dict[str, str]:
    return {name: path.read_text() for name, path in modules().items()}


def test_no_screen_command_or_page_reaches_a_store() -> None:
    found = [hit for name, text in _sources().items() if _within(name, CONSUMERS) for hit in store_reaches(name, text)]
    assert found == []


def test_the_service_layer_hands_on_no_store_rules_or_core_machinery() -> None:
    assert handed_on(_sources(), set(modules())) == []


def test_share_is_bytes_and_pictures_only() -> None:
    assert share_breaches(import_graph(), _sources()) == []


def test_planted_share_breaches_are_caught() -> None:
    graph = {"companion.share.merge": {"companion.session.matches", "companion.core.model", "companion.share.payload"}}
    source = "def import_shared(session, theirs):\n    return session.import_match(theirs)\n"
    assert share_breaches(graph, {"companion.share.merge": source}) == [
        "companion.share.merge imports companion.session.matches",
        "companion.share.merge:1 import_shared() takes a session"]


def test_no_circles_between_folders() -> None:
    packages = {module_name(p) for p in PACKAGE.rglob("__init__.py")}
    assert folder_circles(import_graph(), packages) == []


# --- each breach, planted: the checks above must see it ---------------------------------------------------


def test_a_planted_store_reach_is_caught() -> None:
    planted = "def f(app):\n    return app.session.store.summaries()\n"
    assert store_reaches("companion.ui.home", planted) == ["companion.ui.home:2 reads .store"]
    assert store_reaches("companion.ui.x", "def f(s):\n    return s._store.ids()\n") != []
    assert store_reaches("companion.ui.x", "def f(incoming, c):\n    return incoming.store(c)\n") == []


PLANTED_SERVICE = """
from companion.core.match.events import Event, apply
from companion.core.tournament.clock import clock_text
from companion.rules.halo import attack as halo_attack
from companion.store.tournaments import TournamentStore
from companion.store.paths import data_dir
__all__ = ["Event", "TournamentStore", "clock_text", "data_dir", "halo_attack"]
"""


def test_planted_re_exports_are_caught() -> None:
    known = {"companion.rules.halo.attack", "companion.store.tournaments", "companion.store.paths"}
    consumer = "from companion.session.planted import apply, clock_text, Event\n"
    found = handed_on({"companion.session.planted": PLANTED_SERVICE, "companion.cli.x": consumer}, known)
    assert found == [
        "companion.session.planted hands on companion.core.match.events.apply (to companion.cli.x)",
        "companion.session.planted hands on companion.rules.halo.attack",
        "companion.session.planted hands on companion.store.paths.data_dir",
        "companion.session.planted hands on companion.store.tournaments.TournamentStore",
    ]


def test_planted_folder_circle_is_caught() -> None:
    graph = {"companion.ui.match.table": {"companion.ui.live.host", "companion.ui.shell"},
             "companion.ui.live.host": {"companion.ui.match.board"}, "companion.ui.match.board": set(),
             "companion.ui.shell": set(), "companion.ui.app": {"companion.ui.match.table"}}
    packages = {"companion.ui", "companion.ui.match", "companion.ui.live"}
    assert folder_circles(graph, packages) == [["companion.ui.live", "companion.ui.match"]]
    del graph["companion.ui.live.host"]
    assert folder_circles(graph, packages) == []  # ui/ and ui/match using each other is one house


def test_planted_layer_breach_and_module_circle_fail_on_a_copy_of_the_package(tmp_path: Path) -> None:
    """The whole checker on a real copy of the package with two breaches written into it."""
    copy = tmp_path / "companion"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "ui" / "home.py").write_text((copy / "ui" / "home.py").read_text()
                                         + "\nfrom companion.store.tournaments import TournamentStore\n")
    (copy / "core" / "plain.py").write_text((copy / "core" / "plain.py").read_text()
                                            + "\nfrom companion.core import records\n")
    (copy / "core" / "records.py").write_text((copy / "core" / "records.py").read_text()
                                              + "\nfrom companion.core import plain\n")
    graph = import_graph(copy)
    assert "companion.ui.home imports companion.store.tournaments" in layer_breaches(graph)
    assert ["companion.core.plain", "companion.core.records"] in circles(graph)


# --- Flet behind one adapter (ARCHITECTURE.md principle 19) ----------------------------------------------------

FLET_PACKAGES = ("flet", "flet_web", "flet_desktop", "flet_cli", "flet_audio", "flet_camera", "flet_charts",
                 "flet_notifications")
FLET_PUBLIC_MODULES = ("flet_web.fastapi",)  # flet-web's documented way to serve an app with FastAPI
# what Flet keeps to itself though Python lets anyone call it (none starts with an underscore)
FLET_INTERNAL_NAMES = ("Renderer", "start_updates_scheduler", "is_isolated", "enable_components_mode",
                       "schedule_update", "schedule_effect", "get_page_patch",
                       "handle_invoke_method_results", "apply_page_patch")
MANGLED = re.compile(r"\b_[A-Z][A-Za-z0-9]*__[A-Za-z_][A-Za-z0-9_]*")


def flet_private_attributes() -> set[str]:
    """The private attributes Flet's own classes keep (`self._i = ...`, a dataclass field `_c: str`), read from the
    installed flet and flet-web: what a module reaching `control._i` would depend on."""
    import flet
    import flet_web

    names: set[str] = set()
    for package in (flet, flet_web):
        for path in Path(package.__file__).parent.rglob("*.py"):
            text = path.read_text(errors="replace")
            names |= set(re.findall(r"self\.(_[a-z]\w*)\s*[:=]", text))
            names |= set(re.findall(r"^\s+(_[a-z]\w*)\s*:", text, re.MULTILINE))
    return names


def flet_private_uses(relative: str, source: str, private: set[str]) -> list[str]:
    """Where a module names a part of Flet that is not its public API: a name-mangled attribute (`_FletApp__x`,
    `_Page__y`), an import from inside a Flet package (anything but its top level and flet-web's FastAPI entry),
    one of Flet's internal names, or a private attribute of Flet's (`_i`) on anything but `self`."""
    found = [f"{relative}:{source.count(chr(10), 0, m.start()) + 1} names {m.group()}"
             for m in MANGLED.finditer(source)]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            modules_named = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            for module in modules_named:
                inner = "." in module and module.split(".")[0] in FLET_PACKAGES
                if inner and not _within(module, FLET_PUBLIC_MODULES) and module not in FLET_PUBLIC_MODULES:
                    found.append(f"{relative}:{node.lineno} imports {module}")
            if isinstance(node, ast.ImportFrom):
                found += [f"{relative}:{node.lineno} imports {a.name}" for a in node.names
                          if a.name in FLET_INTERNAL_NAMES and (node.module or "").split(".")[0] in FLET_PACKAGES]
        elif isinstance(node, ast.Attribute):
            if node.attr in FLET_INTERNAL_NAMES:
                found.append(f"{relative}:{node.lineno} names {node.attr}")
            elif node.attr in private and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{relative}:{node.lineno} reads {ast.unparse(node)}")
        elif isinstance(node, ast.Name) and node.id in FLET_INTERNAL_NAMES:
            found.append(f"{relative}:{node.lineno} names {node.id}")
        elif isinstance(node, ast.FunctionDef) and node.name in FLET_INTERNAL_NAMES:
            found.append(f"{relative}:{node.lineno} overrides {node.name}")
    return sorted(set(found), key=lambda hit: (int(hit.split(":")[1].split()[0]), hit))


def test_only_the_adapter_touches_flets_private_parts() -> None:
    private = flet_private_attributes()
    assert {"_i", "_c"} <= private  # read from Flet itself: the check knows what it looks for
    found = []
    for name, path in sorted(modules().items()):
        if name != FLET_ADAPTER:
            found += flet_private_uses(str(path.relative_to(PACKAGE)), path.read_text(), private)
    assert found == []


def test_the_adapter_builds_on_flet_alone() -> None:
    graph = import_graph()
    assert [t for t in graph[FLET_ADAPTER] if _within(t, ("companion",))] == []
    users = sorted(n for n, ts in graph.items() if FLET_ADAPTER in ts)
    # the screens need none of Flet's private parts: every page is drawn by a root component (page.render_views)
    assert users and all(_within(n, ("companion.session",)) for n in users), users


def test_planted_flet_private_uses_are_caught() -> None:
    planted = ("from flet.components.component import Renderer\n"
               "from flet_web.fastapi import FletStaticFiles\n"
               "import flet.messaging.session\n"
               "def f(page, connection, control):\n"
               "    page.session.start_updates_scheduler()\n"
               "    queue = getattr(connection, '_FletApp__send_queue', None)\n"
               "    return control._i, Renderer\n"
               "class Island:\n"
               "    def is_isolated(self):\n"
               "        return self._i\n")
    assert flet_private_uses("ui/x.py", planted, {"_i"}) == [
        "ui/x.py:1 imports Renderer", "ui/x.py:1 imports flet.components.component",
        "ui/x.py:3 imports flet.messaging.session", "ui/x.py:5 names start_updates_scheduler",
        "ui/x.py:6 names _FletApp__send_queue", "ui/x.py:7 names Renderer", "ui/x.py:7 reads control._i",
        "ui/x.py:9 overrides is_isolated"]
    assert flet_private_uses("ui/y.py", "import flet as ft\nimport flet_web\nx = ft.Text('a')._key\n", {"_i"}) == []


# Where a game's words may still be written outside its pack and rules: share format data whose bytes are the
# format (a preset dictionary and the name model's word list, pinned by their checksums: an edit would make every
# code written with them unreadable), and HTTP's own "upgrade" of a connection to a WebSocket.
FROZEN_TEXT = ("share/codes/dictionary.py", "share/codes/name_words.py")
NOT_A_GAME_WORD = re.compile(r"websocket|upgraded sockets", re.IGNORECASE)
PLAIN_WORDS = {"eliminated", "replaced"}  # the app's own words too: a unit's KO flag, a saved force written over


def game_words(folder: str = "halo-actionclix") -> tuple[set[str], set[str]]:
    """Halo ActionClix's words for its tokens (besides the core's action), and its turn marks and reserve
    reasons, read from its pack: what the core, the share format, the screens, the session, the store and the
    command line never spell."""
    units = tomllib.loads((PACKAGE.parent / "content" / folder / "units.toml").read_text(encoding="utf-8"))
    tokens = {t["id"] for t in units["token"] if t["scope"] == "unit"} - {"action"}
    marks = {m["id"] for m in units["mark"]} | {r["id"] for r in units["reserve"]}
    return tokens, marks - PLAIN_WORDS


def game_word_uses(relative: str, source: str, tokens: set[str], marks: set[str]) -> list[str]:
    """Where a module spells a game's token (in any code, string or comment: "grenade", "Upgrade tokens") or
    names one of its turn marks or reserve reasons as a word of its own (a string "swapped")."""
    found = []
    spelled = re.compile(r"\b(" + "|".join(map(re.escape, sorted(tokens))) + r")(s|d)?\b", re.IGNORECASE)
    for number, line in enumerate(source.splitlines(), 1):
        hit = spelled.search(line)
        if hit and not NOT_A_GAME_WORD.search(line):
            found.append(f"{relative}:{number} spells {hit.group(0)!r}")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and node.value in marks | {f"{t}-icon" for t in tokens}:
            found.append(f"{relative}:{node.lineno} names {node.value!r}")
    return found


def test_the_game_words_check_catches_a_planted_word() -> None:
    tokens, marks = game_words()
    assert {"grenade", "upgrade"} <= tokens and {"swapped", "looted", "upgraded"} <= marks
    planted = 'LABELS = {"upgrade": "Upgrade"}\n# two Grenades\nif "swapped" in marks: pass\nx = "grenade-icon"\n'
    assert sorted(game_word_uses("ui/x.py", planted, tokens, marks)) == [
        "ui/x.py:1 spells 'upgrade'", "ui/x.py:2 spells 'Grenades'", "ui/x.py:3 names 'swapped'",
        "ui/x.py:4 names 'grenade-icon'", "ui/x.py:4 spells 'grenade'"]
    assert game_word_uses("session/x.py", "# a WebSocket upgrade\nx = 'swapped places'\n", tokens, marks) == []


def test_a_games_words_live_in_its_pack_and_rules_only() -> None:
    """Issue 41 §1: tokens, turn marks and reserve reasons are declared by each pack and kept by the core as
    words; a rule about them lives in its system (rules/). No other folder spells Halo's."""
    tokens, marks = game_words()
    found = []
    for folder in ("core", "share", "ui", "session", "store", "cli", "room"):
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            relative = str(path.relative_to(PACKAGE))
            if relative not in FROZEN_TEXT:
                found += game_word_uses(relative, path.read_text(encoding="utf-8"), tokens, marks)
    assert found == []
