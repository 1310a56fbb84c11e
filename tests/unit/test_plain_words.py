"""Words a newcomer reads: no noun with a bracketed "s" ("3 click(s)") in any string of the app, the CLI, the room's
pages, a game's pack or the manual (README, docs); counts say "1 click" and "3 clicks" through the one helper
(core/words.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.core.words import counted, plural

ROOT = Path(__file__).resolve().parents[2]
BRACKETED = "(s)"


def strings_of(source: str) -> list[tuple[int, str]]:
    """Every string in a Python source with its line: literals, docstrings, the text parts of f-strings (code such
    as `icepool.d(s)` is not a string, so it is not read)."""
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def bracketed_plurals(root: Path) -> list[str]:
    """`path:line: text` for each string of the app's source and each line of its packs and manual with a "(s)"."""
    found = []
    for path in sorted((root / "companion").rglob("*.py")):
        found += [f"{path.relative_to(root)}:{line}: {text.strip()[:80]}"
                  for line, text in strings_of(path.read_text(encoding="utf-8")) if BRACKETED in text]
    texts = [p for folder in (root / "content", root / "companion", root / "docs") if folder.is_dir()
             for p in sorted(folder.rglob("*")) if p.is_file() and p.suffix in (".toml", ".md", ".json", ".html",
                                                                                 ".js", ".txt")]
    for path in [*texts, *([root / "README.md"] if (root / "README.md").exists() else [])]:
        found += [f"{path.relative_to(root)}:{n}: {line.strip()[:80]}"
                  for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if BRACKETED in line]
    return found


def test_no_string_of_the_app_or_its_packs_says_s_in_brackets() -> None:
    assert bracketed_plurals(ROOT) == []


def test_the_check_finds_a_bracketed_plural_in_code_and_in_a_pack(tmp_path: Path) -> None:
    (tmp_path / "companion").mkdir()
    (tmp_path / "content" / "halo").mkdir(parents=True)
    (tmp_path / "companion" / "x.py").write_text('def f(n, s):\n    g(s)\n    return f"{n} click(s)"\n')
    (tmp_path / "content" / "halo" / "rules.toml").write_text('text = "Spend 1 Upgrade token(s)"\n')
    assert bracketed_plurals(tmp_path) == ["companion/x.py:3: click(s)",  # the f-string's text; g(s) is code
                                           'content/halo/rules.toml:1: text = "Spend 1 Upgrade token(s)"']


def test_counted_says_one_and_many() -> None:
    assert [counted(n, "click") for n in (0, 1, 2)] == ["0 clicks", "1 click", "2 clicks"]
    assert counted(1, "unused action") == "1 unused action" and counted(3, "Upgrade token") == "3 Upgrade tokens"
    assert counted(2, "VP", "VP") == "2 VP" and counted(-1, "click") == "-1 click"
    assert plural(1, "was", "were") == "was" and plural(4, "was", "were") == "were"


def test_a_counter_in_the_log_names_its_player_in_words() -> None:
    from companion.core.match.describe import describe
    from companion.core.match.events import Event

    from builders import match

    halo = match()
    assert describe(halo, Event("counter", {"scope": "player", "target": "p1", "name": "captured-spawn-points",
                                            "delta": 1})) == "Ann: captured spawn points +1"
    costed = Event("counter", {"scope": "match", "name": "round-costed", "delta": -1})
    assert describe(halo, costed) == "round costed -1"
