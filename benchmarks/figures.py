"""Every figure of the README's Speed table, measured again in one run, printed as that table in Markdown.

    python benchmarks/figures.py [--quick] [--only GROUP ...] [--before REF]

Each row runs one of the benchmarks here (as a function, or as a subprocess with its own flags and shorter
settings) and carries the anchor it is judged against, measured in the same run: the disk's floor for the same
bytes, `python -S -c pass`, a bare Flet app's first text in the same browser, or the previous code (--before REF, a
git ref exported with `git archive`; default main). The table's first line says which commit, when, and the
machine's load and cores: a figure from a loaded 2-core machine reads differently from a quiet one.

--quick: fewer samples everywhere (minutes instead of a quarter of an hour; wider spread). A group that fails is
named under the table and its rows are left out: the table never shows a figure this run did not measure.
The README's Speed section is this command's output; a row it does not print is not in the README.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import io
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent


@dataclass(frozen=True)
class Row:
    what: str
    median: str
    p95: str = ""
    anchor: str = ""  # what the figure is judged against, measured in the same run
    ratio: str = ""
    goal: str = ""


@dataclass(frozen=True)
class Settings:
    quick: bool
    before: Path | None  # the previous code's source tree
    before_name: str
    before_ref: str
    tiny: bool = False  # the fewest samples that make a table (the test's)

    def pick(self, full: int, quick: int, tiny: int | None = None) -> int:
        if self.tiny:
            return quick if tiny is None else tiny
        return quick if self.quick else full


def bench_module(name: str) -> ModuleType:
    """A benchmark of this folder as a module (its functions are the measurements), under a name of its own."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def run(script: str, *args: str, timeout: float = 1800) -> str:
    """A benchmark's standard output, run as its own process (as a person runs it) from this tree."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(BENCH / script), *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"{script} {' '.join(args)} exited {done.returncode}: {last}")
    return done.stdout


def lines(out: str, label: str) -> list[list[float]]:
    """The numbers on each line of `out` that is `label` (after spaces), then spaces and a number."""
    found = []
    for text in out.splitlines():
        rest = text.strip()[len(label):]
        if text.strip().startswith(label) and re.match(r"\s+-?\d", rest):
            found.append([float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", rest.replace(",", ""))])
    return found


def line(out: str, label: str) -> list[float]:
    """The numbers on the first line of `out` that is `label`."""
    found = lines(out, label)
    if not found:
        raise RuntimeError(f"no line {label!r} in the output")
    return found[0]


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms"


def times(ratio: float) -> str:
    return f"{ratio:.2f}×"


# --- the groups of rows ---------------------------------------------------------------------------------


def storage_rows(s: Settings) -> list[Row]:
    storage = bench_module("storage")
    history, rounds = 1000, s.pick(100, 30, 3)
    columns = storage.measure(history if not s.tiny else 60, rounds)
    goals = {"step": 1.5, "step after undo": 1.5}
    rows = []
    for name, column in columns.items():
        c50, c95 = storage.percentiles(column.calls)
        f50, f95 = storage.percentiles(column.floors)
        goal = goals.get(name, 2.0)
        rows.append(Row(f"{name}, {history:,}-event match (`storage.py`: lock, apply, durable save)", ms(c50),
                        ms(c95), f"the disk's floor, same bytes (write, fsync, rename, folder fsync): {ms(f50)}",
                        times(column.ratio), f"≤ {goal}× the floor: {'met' if column.ratio <= goal else 'not met'}"))
    stock50, stock95 = storage.measure_stock(history if not s.tiny else 60, s.pick(20, 10, 3))
    step = statistics.median(columns["step"].calls)
    rows.append(Row(f"the same step in stock TinyDB (JSONStorage, every event a document of one table), "
                    f"{history:,} events", ms(stock50), ms(stock95), f"our step: {ms(step)}", times(stock50 / step),
                    "(baseline)"))
    return rows


def lookup_rows(s: Settings) -> list[Row]:
    median, p95 = line(run("lookup.py", "--repeat", str(s.pick(200, 30, 2))), "all")[1:3]
    return [Row("rules lookup query, all packs (`lookup.py`)", f"{median:.2f} ms", f"{p95:.2f} ms", "", "",
                f"p95 ≤ 5 ms: {'met' if p95 <= 5 else 'not met'}")]


def advisor_rows(s: Settings) -> list[Row]:
    rules = bench_module("rules")
    rows = []
    for name, fn, runs in rules.advice_rows():
        median, p95 = rules.cpu_measure(fn, s.pick(runs, max(3, runs // 3), 2))
        if name.startswith("advise"):
            goal = f"p95 ≤ {rules.ADVICE_GOAL_MS:.0f} ms: {'met' if p95 <= rules.ADVICE_GOAL_MS else 'not met'}"
        else:
            goal = ""
        rows.append(Row(f"the advisor (`rules.py`, CPU): {name.strip()}", f"{median:.1f} ms", f"{p95:.1f} ms",
                        "", "", goal))
    return rows


def replay_rows(s: Settings) -> list[Row]:
    events = s.pick(500, 500, 60)
    args = ["--runs", str(s.pick(20, 5, 2)), "--events", str(events)]
    out = run("replay.py", *args, *(["--before", str(s.before)] if s.before else []))
    now = line(out, "replay cpu       now")[-1]
    anchor, ratio = "", ""
    if s.before:
        before = line(out, "replay cpu       before")[-1]
        anchor, ratio = f"{s.before_name}: {before:.1f} µs/event", times(now / before)
    return [Row(f"replaying a {events}-event Skirmish log, apply + invariant check per event (`replay.py`, CPU)",
                f"{now:.1f} µs/event", "", anchor, ratio, "")]


CLI_GOALS = {"companion --version": 6, "companion match list": 15, "companion match show": 15,
             "companion match event": 20, "companion judge status": 20}


def cli_rows(s: Settings) -> list[Row]:
    args = ["--no-browser", "--runs", str(s.pick(15, 3, 1))]
    out = run("start.py", *args, *(["--before", str(s.before)] if s.before else []))
    base = line(out, "python -c pass")[0]
    rows = []
    for command, goal in CLI_GOALS.items():
        median, p95, ratio = line(out, command)[:3]
        anchor = f"`python -S -c pass`: {base:.0f} ms"
        if s.before:
            anchor += f"; {s.before_name}: {line(out, f'{command} (before)')[2]:.1f}×"
        rows.append(Row(f"whole process: `{command}` (`start.py --no-browser`)", f"{median:.0f} ms",
                        f"{p95:.0f} ms", anchor, times(ratio), f"≤ {goal}×: {'met' if ratio <= goal else 'not met'}"))
    return rows


ROOM_RUN = re.compile(r"round \d+, (this tree|before)\s*: +([\d.]+) % of a core, (\d+) viewers, \+(-?\d+) MB, "
                      r"\d+ updates each, pause seen p95 (\d+) ms, (\d+) errors")


def room_rows(s: Settings) -> list[Row]:
    """`room.py --before TREE` when it has it (runs of both trees, alternated: the previous code is the anchor),
    else one run of this tree."""
    clients, seconds, tables = s.pick(1000, 300, 20), s.pick(20, 15, 6), s.pick(64, 64, 4)  # a switch every 5 s
    args = ["--clients", str(clients), "--seconds", str(seconds), "--tables", str(tables), "--flet-pages", "0"]
    anchor = ratio = ""
    if s.before and "--before" in run("room.py", "--help"):
        out = run("room.py", *args, "--before", str(s.before), "--rounds", str(s.pick(3, 1, 1)))
        runs: dict[str, list[tuple[float, ...]]] = {"this tree": [], "before": []}
        for found in ROOM_RUN.finditer(out):
            runs[found[1]].append(tuple(float(x) for x in found.groups()[1:]))
        if not runs["this tree"] or not runs["before"]:
            raise RuntimeError("room.py printed no runs")
        cpu, _, rss, p95, errors = (statistics.median(column) for column in zip(*runs["this tree"], strict=True))
        then = statistics.median(r[0] for r in runs["before"])
        anchor, ratio = f"{s.before_name}: {then:.1f} %", times(cpu / then)
    else:
        out = run("room.py", *args)
        cpu = line(out, "server CPU (% of one core)")[0]
        rss = line(out, "RSS growth, all connected (MB)")[0]
        p95 = line(out, "judge's write -> seen, p95 (ms)")[0]
        errors = line(out, "errors")[0]
    met = rss <= 100 and p95 <= 1000 and not errors
    return [
        Row(f"the room: {clients:,} live table pages (SSE), {tables} running tables, server CPU (`room.py`)",
            f"{cpu:.1f} % of a core", "", anchor, ratio, f"≤ 10 %: {'met' if cpu <= 10 else 'not met'}"),
        Row("  the same: server memory growth; the judge's write → seen on a page", f"+{rss:.0f} MB",
            f"{p95:.0f} ms", "", "", f"≤ 100 MB, p95 ≤ 1 s, {errors:.0f} errors: {'met' if met else 'not met'}"),
    ]


def ui_rows(s: Settings) -> list[Row]:
    if not s.before_ref:
        raise RuntimeError("ui.py compares with a git ref: give --before")
    taps, rounds = s.pick(60, 12, 2), s.pick(3, 2, 1)
    out = run("ui.py", "--taps", str(taps), "--rounds", str(rounds), "--runs", "0", "--before", s.before_ref)
    rows = []
    for tap in ("VP +1", "damage: open the preview", "damage: apply", "undo"):
        median, p95 = line(out, f"{tap} (this tree)")[:2]
        then = line(out, f"{tap} ({s.before_ref})")[0]
        rows.append(Row(f"app tap → saved → screen drawn, 2 × 10 units, CPU (`ui.py`, no client): {tap}",
                        f"{median:.1f} ms", f"{p95:.1f} ms", f"{s.before_name}: {then:.1f} ms", times(median / then),
                        f"≤ 16 ms: {'met' if p95 <= 16 else 'not met'}"))
    return rows


def start_web_rows(s: Settings) -> list[Row]:
    out = run("start.py", "--no-cli", "--frames", str(s.pick(7, 2, 1)))
    bare = line(out, "bare Flet counter")[6]  # its first text: the third stage's median
    rows = []
    for name in ("home list, 2 matches", "home list, none stored"):
        whole, median, p95 = lines(out, name)[-1][:3]
        rows.append(Row(f"`companion app --web` start → {name} in headless Chromium (`start.py --no-cli`)",
                        f"{whole * bare:.2f} s", f"round ratio {p95:.2f}×",
                        f"a bare Flet counter app's first text: {bare:.2f} s", times(whole),
                        f"≤ 1.15×: {'met' if whole <= 1.15 else 'not met'}"))
    return rows


def share_rows(s: Settings) -> list[Row]:
    out = run("share.py", "--runs", str(s.pick(21, 5, 2)))
    found = re.search(r"whole match: (\d+) B, (\d+) code\S* of QR version (\d+)", out)
    if found is None:
        raise RuntimeError("share.py printed no whole-match code")
    size, parts, version = found.groups()
    median, p95, cpu = line(out, "encode + plan + render + decode, whole match")[:3]
    turn, turn95, turn_cpu = line(out, "encode a turn (4 steps)")[:3]
    return [Row(f"share code of a 6-turn Halo match (`share.py`): encode + plan + render + decode of the whole "
                f"match, {parts} code{'s' if parts != '1' else ''}, {size} B, QR v{version}",
                f"{median:.0f} ms (CPU {cpu:.0f} ms)", f"{p95:.0f} ms", "", "",
                f"≤ 50 ms, ≤ v15: {'met' if median <= 50 and int(version) <= 15 else 'not met'}"),
            Row("  the same: a turn code (4 steps), encode", f"{turn:.0f} ms (CPU {turn_cpu:.0f} ms)",
                f"{turn95:.0f} ms", "", "", "")]


def backup_rows(s: Settings) -> list[Row]:
    matches, events = s.pick(200, 50, 4), s.pick(500, 200, 30)
    out = run("backup.py", "--matches", str(matches), "--events", str(events), "--runs", str(s.pick(3, 1, 1)))
    rows = []
    for step in ("create the backup", "restore into an empty folder", "the same in one process (phones)",
                 "restore again (all unchanged)"):
        median, p95, cpu = line(out, step)[:3]
        rows.append(Row(f"backup of {matches} matches × {events} events (`backup.py`): {step}", f"{median:.2f} s",
                        f"{p95:.2f} s", "", "", f"≤ 2 s: {'met' if median <= 2 else 'not met'}" if matches >= 200
                        else "≤ 2 s at 200 × 500"))
    return rows


def pods_rows(s: Settings) -> list[Row]:
    out = run("pods.py", "--events", str(s.pick(10, 3, 1)), "--players", "17,32,64" if not s.tiny else "17")
    cells = [row.split("|")[1:-1] for row in out.splitlines() if re.match(r"\|\s*\d", row)]
    median = max(float(c[2]) for c in cells)
    p95 = max(float(c[3]) for c in cells)
    return [Row("pods with the fewest repeated pairs, 17 / 32 / 64 players, rounds 2-5, the slowest case "
                "(`pods.py`, CPU)", f"{median:.0f} ms", f"{p95:.0f} ms", "", "",
                f"≤ 1 s: {'met' if p95 <= 1000 else 'not met'}")]


def printed(fn: Callable[..., object], *args: object) -> str:
    """What a benchmark's function prints (run in this process)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn(*args)
    return out.getvalue()


def pairing_rows(s: Settings) -> list[Row]:
    judge = bench_module("judge")
    rows = []
    events, players = s.pick(8, 3, 1), 128 if not s.tiny else 16
    for label, size in (("head to head", 2), ("pods of 4", 4)):
        _, cpu = judge.pairing_times(players, size, events, 6)
        median, p95 = statistics.median(cpu), judge.pct(cpu, 0.95)
        rows.append(Row(f"Swiss pairing of a round, {players} players, {label}, rounds 2-6, {events} events "
                        "(`judge.py`, CPU)",
                        f"{median:.0f} ms", f"{p95:.0f} ms", "", "", f"≤ 100 ms: {'met' if p95 <= 100 else 'not met'}"))
    return rows


def thousand_rows(s: Settings) -> list[Row]:
    out = run("judge.py", "--thousand", "--runs", str(s.pick(5, 2, 1)),
              *(["--before", str(s.before)] if s.before else []))
    rows = []
    for case in ("first in a process", "head to head, round 5", "pods of 4, round 5", "pods of 3 (some of 4), round 5"):
        cells = line(out, case)
        if s.before:
            then, (median, p95) = cells[0], cells[2:4]
            anchor, ratio = f"{s.before_name}: {then:.0f} ms", times(median / then)
        else:
            (median, p95), anchor, ratio = cells[:2], "", ""
        rows.append(Row(f"1,000 players paired (`judge.py --thousand`, fresh processes, CPU): {case}",
                        f"{median:.0f} ms", f"{p95:.0f} ms", anchor, ratio,
                        f"≤ 1 s: {'met' if p95 <= 1000 else 'not met'}"))
    return rows


def event_rows(s: Settings) -> list[Row]:
    judge = bench_module("judge")
    players = 1000 if not s.tiny else 16
    out = printed(judge.event_scale, (players,))
    rows = []
    for cells in lines(out, str(players)):
        size, registered, median, p95, cpu, paired = cells[:6]
        what = "head to head" if size == 2 else f"pods of {size:.0f}"
        rows.append(Row(f"{players:,} players stored on disk, {what} (`judge.py --event-only`): `judge new` / a result "
                        "(wall; CPU) / the next round paired", f"{registered / 1000:.1f} s / {median:.0f} ms "
                        f"({cpu:.0f} ms CPU) / {paired / 1000:.1f} s", f"result {p95:.0f} ms", "", "",
                        "≤ 1 s / ≤ 50 ms / ≤ 1 s"))
    return rows


def judge_session_rows(s: Settings) -> list[Row]:
    judge = bench_module("judge")
    seconds = s.pick(10, 4, 1)
    with tempfile.TemporaryDirectory() as tmp:
        out = printed(lambda: asyncio.run(judge.real_time(64, 0, seconds, Path(tmp))))
    cpu = line(out, "CPU time per second of wall time")[0]
    return [Row(f"the judge's session, 64 running tables, clocks ticking (`judge.py`, {seconds} s)",
                f"{cpu:.1f} % of a core", "", "", "", f"≤ 5 %: {'met' if cpu <= 5 else 'not met'}")]


def reports_rows(s: Settings) -> list[Row]:
    players = s.pick(1000, 1000, 40)
    out = run("reports.py", "--players", str(players), "--tables", str(s.pick(60, 15, 2)))
    result = line(out, "2  the report that makes the result (agreeing)")
    judge = line(out, "2  a judge's result (judging service, same process)")
    return [Row(f"a result reported from two phones through the running server, {players:,} players (`reports.py`, "
                "CPU of client, server and room tick)", f"{result[2]:.0f} ms", f"{result[3]:.0f} ms",
                f"a judge's result in the same process: {judge[2]:.0f} ms", times(result[2] / judge[2]),
                f"≤ 50 ms: {'met' if result[2] <= 50 else 'not met'}")]


def share_first_rows(s: Settings) -> list[Row]:
    out = run("share_first.py", "--runs", str(s.pick(15, 3, 1)), *(["--before", str(s.before)] if s.before else []))
    rows = []
    for case in ("make a code", "read a code"):
        first, first95, second = line(out, f"{case:<14}{'after' if s.before else 'this tree'}")[:3]
        anchor = f"the second code: {second:.1f} ms"
        if s.before:
            anchor += f"; {s.before_name}'s first: {line(out, f'{case:<14}before')[0]:.1f} ms"
        rows.append(Row(f"the first share code of a fresh process (`share_first.py`, CPU): {case}",
                        f"{first:.1f} ms", f"{first95:.1f} ms", anchor, times(first / second), "first ≈ second"))
    return rows


def serve_rows(s: Settings) -> list[Row]:
    sessions, judges = s.pick(300, 60, 6), s.pick(30, 6, 2)
    out = run("serve.py", "--sessions", str(sessions), "--judge-sessions", str(judges))
    rows = []
    for name, what in (("not signed in (anyone)", f"{sessions} Flet sessions on `/judge` not signed in"),
                       ("the judge's screen", f"{judges} judge screens (64 tables each)"),
                       ("the judge's screen again", f"{judges} more judge screens")):
        _, _, before, _, after, growth, _, idle = line(out, name)[:8]
        rows.append(Row(f"`companion judge serve` after {what} opened and closed (`serve.py`): RSS; idle CPU after",
                        f"{before:.0f} → {after:.0f} MB; {idle:.1f} %", "", "the server's RSS before them",
                        f"{growth:+.0f} MB", "growth ≤ 50 MB, idle CPU ≤ 5 %: "
                        + ("met" if growth <= 50 and idle <= 5 else "not met")))
    return rows


def live_rows(s: Settings) -> list[Row]:
    taps = s.pick(20, 6, 2)
    out = run("live_table.py", "--taps", str(taps), "--phones", "2", "4", "8")
    rows = []
    for phones in (2, 4, 8):
        median, p95, size = line(out, f"server: tap -> {phones - 1} other phone(s) redrawn (12 units)")[:3]
        rows.append(Row(f"a live table, server alone (`live_table.py`, 12 units): a tap → {phones - 1} other phone"
                        f"{'s' if phones > 2 else ''} redrawn, ~{size:.0f} B sent to each", f"{median:.0f} ms",
                        f"{p95:.0f} ms", "", "", ""))
    median, p95 = line(out, "Chromium: Ann taps Kills +1 -> Ben sees it")[:2]
    rows.append(Row("a live table in Chromium at 360x640: one phone taps Kills +1 → the other phone shows it",
                    f"{median:.0f} ms", f"{p95:.0f} ms", "", "", ""))
    return rows


GROUPS: dict[str, Callable[[Settings], list[Row]]] = {
    "storage": storage_rows,
    "lookup": lookup_rows,
    "advisor": advisor_rows,
    "replay": replay_rows,
    "cli": cli_rows,
    "room": room_rows,
    "ui": ui_rows,
    "start-web": start_web_rows,
    "share": share_rows,
    "backup": backup_rows,
    "pods": pods_rows,
    "pairing": pairing_rows,
    "thousand": thousand_rows,
    "event": event_rows,
    "judge-session": judge_session_rows,
    "reports": reports_rows,
    "share-first": share_first_rows,
    "serve": serve_rows,
    "live": live_rows,
}


# --- the table ------------------------------------------------------------------------------------------


def machine() -> str:
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    return f"load {load} (1 / 5 / 15 min) on {os.cpu_count()} cores, {platform.system()} {platform.machine()}"


def commit() -> str:
    try:
        sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown commit"
    return f"{sha}{' with uncommitted changes' if dirty else ''}"


def markdown(rows: list[Row], header: str, failed: list[str]) -> str:
    out = [header, "", "| what | median | p95 | anchor, same run | ratio | goal |", "|---|---|---|---|---|---|"]
    out += [f"| {r.what} | {r.median} | {r.p95} | {r.anchor} | {r.ratio} | {r.goal} |" for r in rows]
    if failed:
        out += ["", *(f"Not measured in this run: {name}." for name in failed)]
    return "\n".join(out)


def export_tree(ref: str, into: Path) -> str:
    """The code of git ref `ref` written into `into`; its short commit."""
    sha = subprocess.run(["git", "rev-parse", "--short", ref], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return sha


def measure(groups: list[str], settings: Settings) -> tuple[list[Row], list[str]]:
    rows, failed = [], []
    for name in groups:
        started = time.perf_counter()
        try:
            rows += GROUPS[name](settings)
        except (RuntimeError, subprocess.SubprocessError, OSError) as exc:
            failed.append(f"{name} ({exc})")
        print(f"  {name}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return rows, failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer samples: minutes, a wider spread")
    parser.add_argument("--only", nargs="+", choices=list(GROUPS), help="these groups of rows only")
    parser.add_argument("--before", default="main", help="git ref of the previous code ('' for none)")
    parser.add_argument("--tiny", action="store_true", help=argparse.SUPPRESS)  # the test's: a table's shape
    args = parser.parse_args(argv)
    groups = args.only or list(GROUPS)
    with tempfile.TemporaryDirectory() as tmp:
        before, before_name = None, ""
        if args.before:
            sha = export_tree(args.before, Path(tmp))
            before, before_name = Path(tmp), f"{args.before} ({sha})"
        started, measured = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), commit()  # as the run begins
        load = machine()
        rows, failed = measure(groups, Settings(args.quick or args.tiny, before, before_name, args.before,
                                                 args.tiny))
    mode = " --quick" if args.quick else ""
    header = (f"Measured by `python benchmarks/figures.py{mode}` at commit {measured}, {started}, {load} at the "
              f"start" + (f"; the previous code: {before_name}" if before_name else "") + ".")
    print(markdown(rows, header, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
