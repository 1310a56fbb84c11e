"""Share-code figures for the three reference matches: sizes, QR versions, parts and timings.

    .venv/bin/python benchmarks/share.py [--runs N]

Reference matches (JSON exports beside this file; `benchmarks/share_refs.py` rebuilds them):
  (a) Halo ActionClix, 2 players x 5 pack units, six turns in     goal: <= 120 bytes, one code of version <= 6
  (b) HeroClix Skirmish, 4 players x 5 custom 10-click characters  goal: one code of version <= 25
  (c) Scarab: its four dials, 7 attackers, 5 reinforcements        goal: one code of version <= 15

Rows: "history" is what `companion share encode` sends (start state + every event, mergeable);
"times in s" is the same log with its event times rounded to whole seconds (a what-if: the app records
milliseconds, and the codec steps in whole seconds when every time allows it); "state only" is `--no-history`;
"+ catalogue" is the same with the pack units in a unit catalogue (packs don't ship one yet, so it is built
here from the match's own pack units, as a pack would give it). Time = encode + plan + render every PNG + read
the texts back + decode, median and p95 over the runs (the zxing scan is timed apart).
"""

from __future__ import annotations

import argparse
import base64
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from qrcode.util import MODE_8BIT_BYTE, MODE_ALPHA_NUM, QRData

from companion.core.model import Tokens
from companion.share import Collector, Library, SharedMatch, decode, encode, plan, png, read_image
from companion.share.text import PREFIX, to_text

HERE = Path(__file__).resolve().parent
REFERENCES = {"a": ("share_halo.json", 120, 6), "b": ("share_skirmish.json", None, 25),
              "c": ("share_scarab.json", None, 15)}
B45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def b45(data: bytes) -> str:
    """RFC 9285 Base45, only to measure it against Base32 here (the app does not use it)."""
    out = []
    for i in range(0, len(data) - 1, 2):
        n = data[i] * 256 + data[i + 1]
        out += [B45[n % 45], B45[n // 45 % 45], B45[n // 2025]]
    if len(data) % 2:
        out += [B45[data[-1] % 45], B45[data[-1] // 45]]
    return "".join(out)


def version(*segments: tuple[str, int]) -> int:
    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M)
    for text, mode in segments:
        qr.add_data(QRData(text.encode("ascii"), mode=mode))
    try:
        return int(qr.best_fit())
    except (qrcode.exceptions.DataOverflowError, ValueError):
        return 41


def text_forms(data: bytes) -> list[tuple[str, int, int]]:
    """(form, characters, QR version at ECC M as one code; 41 = doesn't fit)."""
    head = PREFIX[:-1]
    b64 = PREFIX + base64.urlsafe_b64encode(data).decode().rstrip("=")
    b32 = to_text(data)
    raw45 = b45(data)
    link45 = "/" + raw45.replace("%", "%25").replace(" ", "%20")
    return [
        ("byte mode: link with base64url", len(b64), version((b64, MODE_8BIT_BYTE))),
        ("alphanumeric: link with Base32 (used)", len(b32), version((head, MODE_8BIT_BYTE),
                                                                     (b32[len(head):], MODE_ALPHA_NUM))),
        ("alphanumeric: link with Base45, escaped", len(head + link45), version((head, MODE_8BIT_BYTE),
                                                                                 (link45, MODE_ALPHA_NUM))),
        ("alphanumeric: bare Base45 (no link)", len(raw45), version((raw45, MODE_ALPHA_NUM))),
    ]


def with_catalogue(shared: SharedMatch) -> Library:
    base = Library.load()
    cards = {u.ref: replace(u, id=u.ref, owner="", click=u.start, eliminated=False, location="table",
                            tokens=Tokens(), counters={}) for u in shared.state.units if u.ref}
    return Library(base.packs, lambda system, version: cards if system == shared.initial.system else {})


def whole_seconds(shared: SharedMatch) -> SharedMatch:
    """What-if: the same match had the app recorded event times to the second (it records milliseconds)."""
    return SharedMatch.of(shared.initial, [replace(e, at=float(round(e.at))) for e in shared.events])


def timed(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]


def round_trip(shared: SharedMatch, library: Library) -> Callable[[], object]:
    def run() -> object:
        codes = plan(encode(shared, library))
        pictures = [png(t) for t in codes.texts]
        collector = Collector()
        for text in reversed(codes.texts):
            collector.add(text)
        back = decode(collector.data(), library)
        assert back == shared and len(pictures) == codes.parts
        return back

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    print(f"{'match':<6}{'form':<22}{'events':>7}{'bytes':>7}{'text':>7}{'one code':>9}{'parts':>6}{'versions':>16}"
          f"{'median ms':>10}{'p95 ms':>8}  goal")
    forms: dict[str, list[tuple[str, int, int]]] = {}
    scans = []
    for key, (name, max_bytes, max_version) in REFERENCES.items():
        shared = SharedMatch.from_export(json.loads((HERE / name).read_text(encoding="utf-8")))
        plain, catalogue = Library.load(), with_catalogue(shared)
        rows = [("history", shared, plain), ("history, times in s", whole_seconds(shared), plain),
                ("state only", shared.squashed(), plain)]
        if any(u.ref for u in shared.state.units):
            rows += [("history + catalogue", shared, catalogue), ("state + catalogue", shared.squashed(), catalogue)]
        for label, payload, library in rows:
            data = encode(payload, library)
            codes = plan(data)
            one = version((PREFIX[:-1], MODE_8BIT_BYTE), (to_text(data)[len(PREFIX) - 1:], MODE_ALPHA_NUM))
            median, p95 = timed(round_trip(payload, library), args.runs)
            met = (codes.parts == 1 and codes.version <= max_version and (max_bytes is None or len(data) <= max_bytes))
            goal = (f"<= {max_bytes} B, " if max_bytes else "") + f"one code v<={max_version}: " + ("met" if met else
                                                                                                   "NOT met")
            print(f"({key})   {label:<22}{len(payload.events):>7}{len(data):>7}{len(to_text(data)):>7}"
                  f"{'v' + str(one) if one <= 40 else '-':>9}{codes.parts:>6}{','.join(map(str, codes.versions)):>16}"
                  f"{median:>10.1f}{p95:>8.1f}  {goal}")
            if label == "history":
                forms[key] = text_forms(data)
                picture = png(codes.texts[0])
                scans.append((key, timed(lambda p=picture: read_image(p), args.runs)))
    print("\nText forms of the history codes (characters, QR version at ECC M as one code; '-': over version 40)")
    for key, rows in forms.items():
        for form, chars, v in rows:
            print(f"({key})   {form:<42}{chars:>6}{'v' + str(v) if v <= 40 else '-':>6}")
    print("\nScanning one rendered PNG with zxing-cpp (median / p95 ms): "
          + ", ".join(f"({k}) {m:.1f} / {p:.1f}" for k, (m, p) in scans))


if __name__ == "__main__":
    main()
