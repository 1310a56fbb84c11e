"""Start-up speed: the app's home list beside a bare Flet app's first text, and whole-process times of CLI
commands beside `python -c pass`, all in one run (runs alternate, so a machine that slows down slows every column
alike).

    python benchmarks/start.py [--runs N] [--frames N] [--before SRC] [--no-browser | --no-cli]

--before SRC adds the same measurements for another source tree of the app (e.g. `git archive main | tar -x -C
/tmp/before`), run in turn with this one: before/after figures from one run.

The app is timed to its home list, the screen a player uses: the first row of a stored match (two stored) and
the empty list's line (none stored), not Flet's "Working..." placeholder nor the first text of any kind (both come
earlier). Goals (issues 26, 39), as multiples in the same run: the home list <= 1.15x the bare Flet counter's first
text; `companion --version` <= 6x, `match list`/`match show` <= 15x, `match event` <= 20x `python -c pass`.
Printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser import ARGS, CHROMIUM, free_port  # noqa: E402

BARE_FLET = textwrap.dedent("""
    import os, sys
    import flet as ft

    def main(page: ft.Page) -> None:
        count = ft.Text("0", size=40)

        def plus(_):
            count.value = str(int(count.value) + 1)
            page.update()

        page.add(ft.Text("Counter"), count, ft.Button("Add one", on_click=plus))

    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    ft.run(main, host="127.0.0.1", port=int(sys.argv[1]), view=ft.AppView.WEB_BROWSER, no_cdn=True)
""")
PYCACHE = Path(tempfile.gettempdir()) / "companion-start-bench-pycache"
FRAME_STAGES = ("server answering", "loading screen gone", "first text")
BARE = "bare Flet counter"
CPU = "server CPU"  # at the last stage timed: the bare counter's first text, the app's home list
# Any text at all in Flutter's semantics tree: the first frame the app's Python side drew.
ANY_TEXT = """() => [...document.querySelectorAll('flt-semantics')]
    .some(e => (e.getAttribute('aria-label') || e.textContent || '').trim().length > 0)"""


def env_for(tree: Path | None, data: Path) -> dict[str, str]:
    """The environment of a run: `tree`'s package first on the path (the run's working folder is the tree too:
    `python -m` puts it first), byte code cached as an installed app has it (in a folder of our own: with
    PYTHONDONTWRITEBYTECODE every run would compile every module again, `python -c pass` included)."""
    env = {**os.environ, "COMPANION_DATA_DIR": str(data), "PYTHONPYCACHEPREFIX": str(PYCACHE)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    return env


def stats(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


# --- the command line -------------------------------------------------------------------------------------------

def prepared_data(tree: Path | None, root: Path) -> tuple[Path, str]:
    """A data folder with one played Halo match (units, a few turns) and a judge event; the match's id."""
    data = root / "data"
    env = env_for(tree, data)

    def cli(*args: str) -> str:
        out = subprocess.run([sys.executable, "-m", "companion", *args], env=env, cwd=tree, capture_output=True,
                             text=True, check=True)
        return out.stdout

    match_id = json.loads(cli("match", "new", "--system", "halo-actionclix", "--player", "Ann", "--player", "Ben",
                              "--json"))["id"]
    for n, owner in enumerate(("p1", "p1", "p2", "p2")):
        unit = {"id": f"u{n}", "name": f"Spartan {n}", "owner": owner, "points": 40,
                "dial": [*({"stats": {"speed": 6, "attack": 9, "defense": 16, "damage": 2}} for _ in range(6)),
                         {"stats": {}, "markers": ["ko"]}]}
        cli("match", "event", match_id, "add_unit", "--data", json.dumps({"unit": unit}))
    for turn in range(6):
        cli("match", "event", match_id, "damage", "--data", json.dumps({"unit": f"u{turn % 4}", "amount": 1}))
        cli("match", "event", match_id, "end_turn")
    cli("judge", "new", "Friday Night", "--table", "Ann,Ben", "--table", "Cat,Dan")
    return data, match_id


def cli_commands(match_id: str) -> dict[str, list[str]]:
    return {
        "companion --version": ["--version"],
        "companion match list": ["match", "list"],
        "companion match show": ["match", "show", match_id],
        "companion match event": ["match", "event", match_id, "score", "--data",
                                  '{"player": "p1", "kind": "kills", "delta": 1}'],
        "companion judge status": ["judge", "status"],
    }


def bare_python(env: dict[str, str]) -> dict[str, str]:
    """Runs with `python -S` see the tree and the installed packages but not the start-up work of this
    development set-up (its editable install's path finder alone costs more than all of `python -c pass` does
    elsewhere): both sides of each ratio start as an installed app would, with nothing extra."""
    tree = env.get("PYTHONPATH")
    return {**env, "PYTHONPATH": os.pathsep.join([*([tree] if tree else []), sysconfig.get_paths()["purelib"]])}


def time_process(argv: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-S", *argv], env=bare_python(env), cwd=env.get("PYTHONPATH", "/"),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


def cli_times(trees: dict[str, Path], runs: int, root: Path) -> dict[str, list[float]]:
    """Wall seconds of each command, every command once a round (so drift hits all alike)."""
    jobs: dict[str, Callable[[], float]] = {
        "python -c pass": lambda: time_process(["-c", "pass"], env_for(None, root))}
    for label, tree in trees.items():
        data, match_id = prepared_data(tree, root / label)
        env = env_for(tree, data)
        for name, args in cli_commands(match_id).items():
            argv = ["-m", "companion", *args]
            jobs[f"{name}{label}"] = lambda argv=argv, env=env: time_process(argv, env)
    for job in jobs.values():  # warm the file cache once
        job()
    out: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(runs):
        for name, job in jobs.items():
            out[name].append(job())
    return out


def print_cli(times: dict[str, list[float]]) -> None:
    base, _ = stats(times["python -c pass"])
    print(f"\nWhole-process time of CLI commands ({len(times['python -c pass'])} alternating runs each)")
    print(f"{'command':<42} {'median':>9} {'p95':>9} {'x python -c pass':>17}")
    for name, values in times.items():
        median, p95 = stats(values)
        print(f"{name:<42} {median * 1e3:>7.1f}ms {p95 * 1e3:>7.1f}ms {median / base:>16.1f}x")


# --- the first frame and the home list ---------------------------------------------------------------------

def labels_with(text: str) -> str:
    """A page test: some node of Flutter's semantics tree reads `text`."""
    return f"""() => [...document.querySelectorAll('flt-semantics')]
        .some(e => (e.getAttribute('aria-label') || e.textContent || '').includes({json.dumps(text)}))"""


def cpu_seconds(pid: int) -> float:
    """User + system seconds the process has run so far (Linux: /proc; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_frame(browser: object, argv: list[str], env: dict[str, str], port: int,
                screen: str | None) -> dict[str, float]:
    """Seconds from starting the process to each stage, seen from a fresh browser page; with `screen` (a text
    only the player's screen shows) also to that text, the first frame a player can use."""
    url = f"http://127.0.0.1:{port}/"
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, cwd=env.get("PYTHONPATH", "/"), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = t0 + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                if time.perf_counter() > deadline:
                    raise
                time.sleep(0.01)
        out = {"server answering": time.perf_counter() - t0}
        context = browser.new_context(viewport={"width": 390, "height": 844})  # type: ignore[attr-defined]
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("!document.getElementById('loading')", timeout=60_000, polling=20)
        out["loading screen gone"] = time.perf_counter() - t0
        page.locator("flt-semantics-placeholder").dispatch_event("click")  # Flutter's text tree on
        page.wait_for_function(ANY_TEXT, timeout=60_000, polling=20)
        out["first text"] = time.perf_counter() - t0
        if screen is not None:
            page.wait_for_function(labels_with(screen), timeout=60_000, polling=20)
            out["home list"] = time.perf_counter() - t0
        out[CPU] = cpu_seconds(proc.pid)  # the server's own work up to here, whatever else the machine ran
        context.close()
        return out
    finally:
        proc.terminate()
        proc.wait(timeout=20)


Subject = Callable[[int], tuple[list[str], dict[str, str], str | None]]


def frame_times(trees: dict[str, Path], runs: int, root: Path) -> dict[str, dict[str, list[float]]]:
    """Each subject once a round, in turn: the bare counter's first text, then for each tree the home list with
    two matches stored (its first row: "Ann vs Ben") and with none ("No matches yet")."""
    from playwright.sync_api import sync_playwright

    bare = root / "bare_flet.py"
    bare.write_text(BARE_FLET)
    subjects: dict[str, Subject] = {
        BARE: lambda port: ([sys.executable, str(bare), str(port)], env_for(None, root), None)}
    for label, tree in trees.items():
        played, _ = prepared_data(tree, root / f"frame{label}")  # a returning player: the home list has rows
        subprocess.run([sys.executable, "-m", "companion", "match", "new", "--system", "heroclix-skirmish",
                        "--player", "Cat", "--player", "Dan"], env=env_for(tree, played), cwd=tree,
                       capture_output=True, check=True)
        empty = root / f"empty{label}"  # a first start: nothing stored yet
        empty.mkdir()
        for data, name, text in ((played, "2 matches", "Ann vs Ben"), (empty, "none stored", "No matches yet")):
            subjects[f"home list, {name}{label}"] = lambda port, tree=tree, data=data, text=text: (
                [sys.executable, "-m", "companion", "app", "--web", "--port", str(port)], env_for(tree, data), text)
    out: dict[str, dict[str, list[float]]] = {name: {} for name in subjects}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for n in range(runs + 1):  # the first round warms the file cache and is not counted
            for name, subject in subjects.items():
                port = free_port()
                argv, env, screen = subject(port)
                seen = first_frame(browser, argv, env, port, screen)
                if n:
                    for stage, seconds in seen.items():
                        out[name].setdefault(stage, []).append(seconds)
        browser.close()
    return out


def print_frames(times: dict[str, dict[str, list[float]]]) -> None:
    """Medians and p95 of each stage; the ratios are to the bare counter's same stage, and the home list's to
    the bare counter's first text (the goal): the ratio of the medians, then the median of each round's ratio."""
    bare = times[BARE]
    runs = len(bare["first text"])
    print(f"\nIn headless Chromium, seconds from process start ({runs} alternating runs; median / p95, and the "
          f"median as a multiple of the bare counter's)")
    print(f"{'':<30}" + "".join(f"{s:>27}" for s in (*FRAME_STAGES, "home list")))
    for name, stages in times.items():
        cells = []
        for stage in (*FRAME_STAGES, "home list"):
            if stage not in stages:
                cells.append("")
                continue
            median, p95 = stats(stages[stage])
            base = stats(bare["first text" if stage == "home list" else stage])[0]
            cells.append(f"{median:.2f} / {p95:.2f}s ({median / base:.2f}x)")
        print(f"{name:<30}" + "".join(f"{c:>27}" for c in cells))
    print("\nThe home list as a multiple of the bare counter's first text (goal <= 1.15x): the ratio of the medians; "
          "each round's own ratio, median / p95; the server process's CPU seconds by then, median (x the bare's)")
    base_cpu = stats(bare[CPU])[0]
    for name, stages in times.items():
        if "home list" in stages:
            rounds = [h / b for h, b in zip(stages["home list"], bare["first text"], strict=True)]
            median, p95 = stats(rounds)
            whole = stats(stages["home list"])[0] / stats(bare["first text"])[0]
            cpu = stats(stages[CPU])[0]
            print(f"{name:<30} {whole:>6.2f}x   {median:.2f}x / {p95:.2f}x   CPU {cpu:.2f}s ({cpu / base_cpu:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="runs of each CLI command (default 15)")
    parser.add_argument("--frames", type=int, default=5, help="first-frame runs of each app (default 5)")
    parser.add_argument("--before", type=Path, help="another source tree, measured in turn with this one")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--no-browser", action="store_true", help="the CLI table only")
    only.add_argument("--no-cli", action="store_true", help="the browser's table only")
    args = parser.parse_args()
    trees: dict[str, Path] = {"": ROOT}
    if args.before:
        trees = {" (before)": args.before.resolve(), "": ROOT}
    with tempfile.TemporaryDirectory() as tmp:
        if not args.no_cli:
            print_cli(cli_times(trees, args.runs, Path(tmp)))
        if args.no_browser:
            return
        if not Path(CHROMIUM).exists():
            print("\n(no /usr/bin/chromium: first-frame timing skipped)")
            return
        print_frames(frame_times(trees, args.frames, Path(tmp)))


if __name__ == "__main__":
    main()
