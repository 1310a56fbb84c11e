"""Every command, fed hostile arguments: no traceback, exit code 0, 1 or 2, done in seconds.

The verbs are read from the parser itself, so a command added later is fuzzed too. The CLI runs in-process
(fast); servers are replaced by stand-ins and files are written only inside the test's own folder.
"""

from __future__ import annotations

import argparse
import io
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import flet
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.cli.parser import build_parser
from companion.room import server as room_server
from companion.session import Session
from companion.ui.live import server as table_server

GUARD_SECONDS = 30  # one example; honest commands take well under a second
OUTPUT_OPTIONS = {"--output", "--png"}  # written files: names inside the test's folder only


class TooSlow(BaseException):  # noqa: N818 - not an Exception, so the CLI's own handlers can't swallow it
    pass


def verbs() -> list[tuple[list[str], argparse.ArgumentParser]]:
    def walk(parser: argparse.ArgumentParser, path: list[str]) -> Iterator[tuple[list[str], argparse.ArgumentParser]]:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            yield path, parser
            return
        for name, sub in subs[0].choices.items():
            yield from walk(sub, [*path, name])

    return list(walk(build_parser(), []))


VERBS = verbs()
TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=30)
SPECIAL = st.sampled_from([
    "", " ", "0", "1", "2", "-1", "99999", "65536", "9" * 400, "9" * 5000, "1e308", "-1e308", "nan", "inf", "-inf",
    "1.5", "1,5", "ⅷ", "١٢", "🎲", "Ann", "Ann,Ben", "Ann=12", ",,,", "Ann=", "=5", "2d6", "4d6kh3", "d66",
    "halo-actionclix", "heroclix-skirmish", "scarab", "p1", "u1", "judge", "damage", "end_turn", "batch",
    "-", ".", "/dev/zero", "/dev/null", "/", '{"unit": "u1", "amount": 2}', '{"player": "p1", "kind": "vp"}',
    "ttcomp://m/", "/ABCDEFGH", "null", "[]", "{}",
])
WILD = st.one_of(
    SPECIAL, TEXT,
    st.integers(-(10**30), 10**30).map(str),
    st.integers(50, 20_000).map(lambda n: "a" * n),
    st.integers(10, 60_000).map(lambda n: "[" * n + "]" * n),
    st.integers(10, 2_000).map(lambda n: '{"a":' * n + "1" + "}" * n),
)
OUTPUT = st.sampled_from(["out.csv", "out.png", "x.json", "", ".", "missing/x.json"])


@pytest.fixture
def known(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """Real ids to mix in (so commands get past "not found"), stand-in servers, and a folder to write in."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(flet, "run", lambda *a, **k: None)
    monkeypatch.setattr(room_server, "serve", lambda *a, **k: 0)
    monkeypatch.setattr(table_server, "serve", lambda *a, **k: 0)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    match = Session.open().new_match("halo-actionclix", ["Ann", "Ben"])
    assert main(["judge", "new", "Friday", "--table", "Ann,Ben", "--table", "Cat,Dan"]) == 0
    assert main(["match", "export", match.id, "-o", "export.json"]) == 0
    return [match.id, "export.json", "Ann", "Ben"]


@st.composite
def argv(draw: st.DrawFn, known: list[str]) -> list[str]:
    path, parser = draw(st.sampled_from(VERBS))
    value = st.one_of(WILD, st.sampled_from(known))
    args = list(path)
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if not action.option_strings:  # positional: usually given (sometimes several, sometimes none)
            count = 1 if action.nargs is None else draw(st.integers(0 if action.nargs in ("*", "?") else 1, 3))
            args += [draw(value) for _ in range(count)]
            continue
        if not action.required and not draw(st.booleans()):
            continue
        flag = action.option_strings[-1]
        if action.nargs == 0:
            args.append(flag)
        else:
            for _ in range(draw(st.integers(1, 2)) if isinstance(action, argparse._AppendAction) else 1):
                args.append(flag)
                nargs = action.nargs if isinstance(action.nargs, int) else 1
                args += [draw(OUTPUT if flag in OUTPUT_OPTIONS else value) for _ in range(nargs)]
    return args


def _too_slow(signum: int, frame: object) -> None:
    raise TooSlow


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                                   HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(data=st.data())
def test_every_verb_answers_hostile_arguments_with_a_line(data: st.DataObject, known: list[str],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    args = data.draw(argv(known))
    old = signal.signal(signal.SIGALRM, _too_slow)
    signal.setitimer(signal.ITIMER_REAL, GUARD_SECONDS)
    try:
        code = main(args)
    except SystemExit as exc:  # argparse's usage errors (2) and --help (0)
        code = exc.code
    except TooSlow:
        pytest.fail(f"took more than {GUARD_SECONDS} s: {[a[:60] for a in args]}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    out, err = capsys.readouterr()
    shown = [a[:60] for a in args]
    assert "Traceback" not in err and "internal error" not in err, (shown, err[-2000:])
    assert code in (0, 1, 2), (shown, code, err[-500:])
