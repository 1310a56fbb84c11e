"""Helpers shared by test_scan_opencv.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import io
import random

import pytest

from companion.share.qr import png

Image = pytest.importorskip("PIL.Image")


ImageFilter = pytest.importorskip("PIL.ImageFilter")


def photo(link: str, side: int, angle: float, blur: float, perspective: bool, rng: random.Random) -> bytes:
    """The code as a camera sees it: scaled, turned, on a grey table, warped, blurred, noisy, JPEG."""
    code = Image.open(io.BytesIO(png(link))).convert("L").resize((side, side), Image.NEAREST)
    code = code.rotate(angle, expand=True, fillcolor=255)
    table = Image.new("L", (code.width + 600, code.height + 500), 90)
    table.paste(code, (300, 250))
    if perspective:
        table = table.transform(table.size, Image.PERSPECTIVE, (1, 0.08, 0, 0.03, 1, 0, 0.00008, 0.00005),
                                Image.BICUBIC, fillcolor=90)
    table = table.filter(ImageFilter.GaussianBlur(blur))
    pixels = table.load()
    for _ in range(20_000):
        x, y = rng.randrange(table.width), rng.randrange(table.height)
        pixels[x, y] = max(0, min(255, pixels[x, y] + rng.randint(-40, 40)))
    out = io.BytesIO()
    table.convert("RGB").save(out, "JPEG", quality=80)
    return out.getvalue()
