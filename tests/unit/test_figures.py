"""benchmarks/figures.py, the command whose output is the README's Speed table: its quickest mode on tiny inputs
prints a Markdown table of the right shape (never a timing asserted: speed is measured, not tested)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def figures_module():  # noqa: ANN201 - a module loaded from a file
    spec = importlib.util.spec_from_file_location("bench_figures", BENCH / "figures.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_quickest_run_prints_one_row_per_figure_with_commit_date_and_load(
        capsys: pytest.CaptureFixture[str]) -> None:
    figures = figures_module()
    code = figures.main(["--tiny", "--only", "storage", "lookup", "pods", "--before", ""])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    header, blank, columns, rule, *rows = out
    assert re.search(r"at commit [0-9a-f]{7}", header) and re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", header)
    assert re.search(r"load [\d.]+ / [\d.]+ / [\d.]+", header) and "cores" in header
    assert blank == "" and columns == "| what | median | p95 | anchor, same run | ratio | goal |"
    assert rule == "|---|---|---|---|---|---|"
    assert all(row.startswith("| ") and row.count(" | ") == 5 and row.endswith(" |") for row in rows)
    whats = [row.split(" | ")[0] for row in rows]
    # the player's six storage columns, each beside the floor, then stock TinyDB, the lookup and the pods
    assert [w.split(",")[0].lstrip("| ") for w in whats[:6]] == [
        "step", "undo", "redo", "step after undo", "20 undos", "20 redos"]
    assert all("floor" in row.split(" | ")[3] and row.split(" | ")[4].endswith("×") for row in rows[:6])
    assert "stock TinyDB" in whats[6] and "lookup" in whats[7] and "pods" in whats[8] and len(rows) == 9


def test_a_group_that_fails_is_named_and_leaves_no_row(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    figures = figures_module()

    def broken(settings: object) -> list[object]:
        raise RuntimeError("lookup.py exited 1: boom")

    monkeypatch.setitem(figures.GROUPS, "lookup", broken)
    assert figures.main(["--tiny", "--only", "lookup", "--before", ""]) == 1
    out = capsys.readouterr().out
    assert "| rules lookup" not in out and "Not measured in this run: lookup (lookup.py exited 1: boom)." in out


def test_numbers_are_read_from_the_line_that_is_the_label() -> None:
    figures = figures_module()
    out = "companion --version (before)   352.0ms  434.2ms   4.7x\ncompanion --version   300.5ms 400.0ms  1.7x\n"
    assert figures.line(out, "companion --version") == [300.5, 400.0, 1.7]
    assert figures.lines(out, "companion --version (before)") == [[352.0, 434.2, 4.7]]
    with pytest.raises(RuntimeError, match="no line"):
        figures.line(out, "companion match list")
