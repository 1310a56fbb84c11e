"""Reading codes in photo-like pictures: OpenCV (the phones' decoder) against zxing-cpp (desktops).

    .venv/bin/python benchmarks/scan_phone.py [--runs N]

Each case is one 534-byte share link (QR version 19, a long match with its history) drawn as a camera sees it:
scaled to SIDE px, turned, on a grey table, optionally in perspective, blurred, with sensor noise, saved as JPEG
(tests/unit/test_scan_opencv.py makes the same pictures). Figures: read or not, and the time to read, median and p95
over the runs. Needs the test extra (Pillow, zxing-cpp, opencv-python-headless).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from companion.share.scan import read_image, read_image_cv  # noqa: E402
from companion.share.text import to_text  # noqa: E402

from scan_opencv_kit import photo  # noqa: E402

CASES = [(700, 0, 0.0, False), (600, 8, 1.2, False), (450, 5, 1.0, False), (500, 15, 1.5, True),
         (900, 20, 2.0, True), (1800, 10, 2.0, False), (2400, 10, 3.0, True)]


def timed(read: object, picture: bytes, link: str, runs: int) -> tuple[str, float, float]:
    times, ok = [], True
    for _ in range(runs):
        start = time.perf_counter()
        try:
            ok = read(picture)[0] == link and ok  # type: ignore[operator]
        except Exception:
            ok = False
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return ("yes" if ok else "no"), statistics.median(times), times[max(0, round(0.95 * len(times)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    rng = random.Random(19)
    link = to_text(rng.randbytes(534))
    print(f"{'side px':>7} {'turn':>4} {'blur':>4} {'persp':>5} {'JPEG KB':>7} | "
          f"{'OpenCV':>6} {'median':>8} {'p95':>8} | {'zxing':>5} {'median':>8} {'p95':>8}")
    for side, angle, blur, perspective in CASES:
        picture = photo(link, side, angle, blur, perspective, random.Random(side))
        cv = timed(read_image_cv, picture, link, runs)
        zx = timed(read_image, picture, link, runs)
        print(f"{side:>7} {angle:>4} {blur:>4} {'yes' if perspective else 'no':>5} {len(picture) // 1024:>7} | "
              f"{cv[0]:>6} {cv[1]:>6.0f}ms {cv[2]:>6.0f}ms | {zx[0]:>5} {zx[1]:>6.0f}ms {zx[2]:>6.0f}ms")


if __name__ == "__main__":
    main()
