"""Share-code figures: a realistic Halo match as whole and turn codes, both directions, and the time per step.

    .venv/bin/python benchmarks/share.py [--runs N]

The realistic reference (benchmarks/share_play.py): Halo ActionClix, 2 players x 5 units with typed 4-7-click
dials, six turns played through the rules helper (attacks, moves, respawns, end of turn; seeded dice and
clock), exactly as the app logs them. Goals (issue 16): the whole match in one code of version <= 15 (ECC M);
one turn in one code of version <= 8, both directions; encode + render + decode <= 50 ms.
Then forces whose unit names no list of the app holds (issue 26: 2 x 5 units with names of 15-30 characters in
one code of version <= 15, 2 x 10 in one code), and the three older reference matches (JSON exports beside
this file, rebuilt by share_refs.py).
Times are median / p95 over the runs, in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cbor2
import qrcode
from qrcode.constants import ERROR_CORRECT_M
from qrcode.util import MODE_8BIT_BYTE, MODE_ALPHA_NUM, QRData
from share_play import BIG_FORCES, LONG_NAMES, ROSTER, Clock, play_halo, play_turn

from companion.session import Session
from companion.session.sharing.share_sync import import_code, read_code, share_code
from companion.share import Collector, Library, SharedMatch, decode, encode, encode_turn, plan, png, read_any
from companion.share.codes import context_coder, name_model, render
from companion.share.codes.dictionary import APP_V1, APP_V2, CURRENT, preset
from companion.share.codes.scope import Scope
from companion.share.event_layout import events_out
from companion.share.layout import match_out
from companion.share.qr import version_of
from companion.share.text import PREFIX, b32, to_text
from companion.store.matches import MatchStore

HERE = Path(__file__).resolve().parent
REFERENCES = {"a": "share_halo.json", "b": "share_skirmish.json", "c": "share_scarab.json"}


def timed(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """Wall-clock median and p95 in ms."""
    return timed_cpu(fn, runs)[:2]


def timed_cpu(fn: Callable[[], object], runs: int) -> tuple[float, float, float]:
    """Wall-clock median and p95, and the median of this process's CPU time (steadier on a busy machine)."""
    times, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, round(0.95 * (len(times) - 1)))], \
        statistics.median(cpu)


def base32_version(data: bytes) -> int:
    """The QR version the link would need as format 1 wrote it (Base32 in alphanumeric mode)."""
    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M)
    qr.add_data(QRData(PREFIX[:-1].encode(), mode=MODE_8BIT_BYTE))
    qr.add_data(QRData(("/" + b32(data)).encode(), mode=MODE_ALPHA_NUM))
    try:
        return int(qr.best_fit())
    except (qrcode.exceptions.DataOverflowError, ValueError):
        return 41


def pack_words(library: Library, system: str) -> bytes:
    """Measured, not used: a dictionary part from the pack's names (stats, tokens, actions, tables)."""
    pack = library.packs[system]
    words: list[str] = [*pack.rules.stats, *pack.rules.token_limits, *pack.rules.phases, pack.name]

    def titles(data: Any) -> None:
        if isinstance(data, dict):
            for key, value in data.items():
                words.append(value) if key in ("id", "name", "title") and isinstance(value, str) else titles(value)
        elif isinstance(data, list):
            for item in data:
                titles(item)

    titles(pack.data)
    return "\n".join(dict.fromkeys(w for w in words if w)).encode()


def ideas(shared: SharedMatch, library: Library) -> None:
    """What each idea gives on the realistic match (body bytes after deflate, and the QR version as digits)."""
    m = shared.initial

    def body(packed: bool, code_format: int = 3, names: tuple[str, ...] = ()) -> bytes:
        scope = Scope(packed=packed, format=code_format, name_table=names)
        return cbor2.dumps([match_out(m, scope, library.pack_rules(m.system, m.pack_version)),
                            events_out(shared.events, scope)])

    def deflated(plain: bytes, dictionary: bytes) -> int:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zdict=dictionary) if dictionary else \
            zlib.compressobj(9, zlib.DEFLATED, -15, 9)
        return len(packer.compress(plain) + packer.flush())

    names = tuple(name_model.unit_names(tuple(p.name for p in m.players), m.units, shared.events))
    body4 = body(True, 4, names)
    export = json.dumps(shared.to_export(), separators=(",", ":")).encode()
    print("\nWhat each idea gives (realistic match; bytes of the body; the code adds ~12 bytes of header and CRC)")
    rows = [("export JSON (state included), zlib", len(zlib.compress(export, 9))),
            ("compact layout, deflate, no dictionary", deflated(body(True), b"")),
            ("  without worn-dial bits and time bytes", deflated(body(False), b"")),
            ("  with the app's dictionary (format 2)", deflated(body(True), preset(APP_V1))),
            ("  with the pack's names before it (not used)",
             deflated(body(True), pack_words(library, m.system) + preset(APP_V1))),
            ("context coder, no dictionary", len(context_coder.pack(body(True), b""))),
            ("context coder after the app's dictionary (format 3)",
             len(context_coder.pack(body(True), preset(APP_V1), shaped=False))),
            ("format 4: names in front by the name model, then the body",
             len(name_model.pack(name_model.segment(list(names)) + body4, preset(APP_V2)))),
            ("  the names alone (by the name model)", len(name_model.pack(name_model.segment(list(names)),
                                                                          preset(APP_V2)))),
            ("  the body alone, 5 contexts (used) / 4 as format 3",
             f"{len(context_coder.pack(body4, preset(APP_V2)))} / "
             f"{len(context_coder.pack(body4, preset(APP_V2), shaped=False))}")]
    for label, size in rows:
        print(f"  {label:<56}{size:>10} B")
    data = encode(shared, library)
    print(f"  text form: digits in numeric mode v{version_of(to_text(data))} (used), "
          f"Base32 in alphanumeric mode v{base32_version(data)}")


def realistic(runs: int) -> None:
    library = Library.load()
    a, match_id = play_halo(seed=16, turns=6)
    clock = a.clock
    assert isinstance(clock, Clock)
    shared = SharedMatch.from_export(a.export(match_id))
    whole = encode(shared, library)
    codes = plan(whole)
    inner = sum(len(e.data.get("events", [None])) for e in shared.events)
    print(f"Realistic Halo match (6 turns through the rules helper): {len(shared.events)} steps, {inner} events")
    print(f"  whole match: {len(whole)} B, {codes.parts} code(s) of QR version {codes.version} at ECC M "
          f"(goal <= 15: {'met' if codes.parts == 1 and codes.version <= 15 else 'NOT met'}); "
          "issue 16's figure before: 1,336 B, two codes of version 22")
    ideas(shared, library)

    b = Session(MatchStore(None), clock=clock)
    rng = random.Random(16)
    print("\nTurn codes (after one whole code A->B and one code back B->A); goal one code of version <= 8")
    print(f"  {'turn':<6}{'direction':<11}{'steps':>6}{'events':>7}{'bytes':>7}{'version':>8}  goal")
    _send(a, b, match_id)
    _send(b, a, match_id)
    for turn in range(1, 7):
        src, dst, label = (b, a, "B -> A") if turn % 2 else (a, b, "A -> B")
        before = len(src.log(match_id))
        play_turn(src, match_id, clock, rng)
        log = src.log(match_id)[before:]
        code = _send(src, dst, match_id)
        events = sum(len(e.data.get("events", [None])) for e in log)
        print(f"  {turn:<6}{label:<11}{len(log):>6}{events:>7}{code[0]:>7}{'v' + str(code[1]):>8}  "
              + ("met" if code[2] and code[1] <= 8 else "NOT met"))

    turn_data = encode_turn(shared, len(shared.events) - 4, library)
    local = SharedMatch.of(shared.initial, shared.events[:-4])
    text = codes.texts[0]

    def fresh_plan() -> object:
        version_of.cache_clear()  # plan finds the QR version; the picture reuses it
        return plan(whole)

    def fresh_png() -> bytes:
        render.grid.cache_clear()
        return png(text)

    def everything() -> object:
        version_of.cache_clear()
        render.grid.cache_clear()
        data = encode(shared, library)
        return decode(data, library), [png(t) for t in plan(data).texts]

    steps = [("encode whole (checked by reading it back)", lambda: encode(shared, library)),
             ("plan: link text and QR version", fresh_plan),
             ("render the PNG (grid and mask, first time)", fresh_png),
             ("render the PNG again (cached grid)", lambda: png(text)),
             ("decode whole", lambda: decode(whole, library)),
             ("encode a turn (4 steps)", lambda: encode_turn(shared, len(shared.events) - 4, library)),
             ("read a turn onto the base", lambda: read_any(turn_data, library, {shared.id: local}.get)),
             ("encode + plan + render + decode, whole match", everything)]
    print(f"\nTime per step at QR version {codes.version}, ms over {runs} runs (wall median, p95; CPU median); "
          "goal: the last row <= 50")
    for label, fn in steps:
        median, p95, cpu = timed_cpu(fn, runs)
        print(f"  {label:<46}{median:>8.1f}{p95:>8.1f}{cpu:>8.1f}")


def _send(src: Session, dst: Session, match_id: str) -> tuple[int, int, bool]:
    code = share_code(src, match_id)
    collector = Collector()
    for t in code.plan.texts:
        collector.add(t)
    import_code(dst, read_code(dst, collector))
    return code.size, code.plan.version, code.turn


def other_names(seeds: int, runs: int) -> None:
    """Whole-match codes of forces whose names the preset dictionary and the name model's word list have never
    seen (issue 26's goals), beside the reference: size and QR version over seeds, time to encode and decode."""
    library = Library.load()
    seen = preset(CURRENT).decode("utf-8", "replace") + name_model.primer().decode()
    print(f"\nWhole-match codes by forces, 6 turns through the rules helper: bytes and QR versions over {seeds} "
          f"seeds; encode / decode ms over {runs} runs of the first (median, p95)")
    print(f"  {'forces':<42}{'bytes':>9}{'versions':>10}{'parts':>6}{'encode':>16}{'decode':>16}  goal")
    for label, roster, goal in (("2 x 5 units, the reference's names", ROSTER, "one code <= v15"),
                                ("2 x 5 units, names of 15-30 characters", LONG_NAMES, "one code <= v15"),
                                ("2 x 10 units, names of 15-30 characters", BIG_FORCES, "one code")):
        names = [name for units in roster.values() for name, *_ in units]
        if roster is not ROSTER:
            assert not any(word in seen for name in names for word in name.split() if len(word) > 3)
            assert all(15 <= len(name) <= 30 for name in names)
        sizes, versions, parts, first = [], set(), 1, None
        for seed in range(16, 16 + seeds):
            session, match_id = play_halo(seed=seed, turns=6, roster=roster)
            shared = SharedMatch.from_export(session.export(match_id))
            data = encode(shared, library)
            codes = plan(data)
            sizes.append(len(data))
            versions.update(codes.versions)
            parts = max(parts, codes.parts)
            first = first or (shared, data)
        assert first is not None
        enc = timed(lambda m=first[0]: encode(m, library), runs)
        dec = timed(lambda d=first[1]: decode(d, library), runs)
        met = parts == 1 and (max(versions) <= 15 or goal == "one code")
        print(f"  {label:<42}{f'{min(sizes)}-{max(sizes)}':>9}{','.join(f'v{v}' for v in sorted(versions)):>10}"
              f"{parts:>6}{enc[0]:>8.1f}{enc[1]:>8.1f}{dec[0]:>8.1f}{dec[1]:>8.1f}  "
              f"{goal}: {'met' if met else 'NOT met'}")


def older_references(runs: int) -> None:
    library = Library.load()
    print("\nOlder reference matches (hand-made logs): whole code with history, and state only")
    print(f"  {'match':<8}{'form':<12}{'events':>7}{'bytes':>7}{'parts':>6}{'versions':>10}{'median':>8}{'p95':>7}")
    for key, name in REFERENCES.items():
        shared = SharedMatch.from_export(json.loads((HERE / name).read_text(encoding="utf-8")))
        for label, payload in (("history", shared), ("state only", shared.squashed())):
            data = encode(payload, library)
            codes = plan(data)
            median, p95 = timed(lambda p=payload: [png(t) for t in plan(encode(p, library)).texts], runs)
            print(f"  ({key})     {label:<12}{len(payload.events):>7}{len(data):>7}{codes.parts:>6}"
                  f"{','.join(map(str, codes.versions)):>10}{median:>8.1f}{p95:>7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    realistic(args.runs)
    other_names(max(3, args.runs // 2), args.runs)
    older_references(max(3, args.runs // 4))


if __name__ == "__main__":
    main()
