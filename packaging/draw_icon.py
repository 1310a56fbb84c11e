"""Draw the app's icon and splash: a combat dial (the app's heart) with its click window and a die's pips.

    python packaging/draw_icon.py        # writes assets/icon.png (1024x1024, opaque) and assets/splash.png

Pillow comes with the `scan` and `test` extras. The PNGs are committed; flet build reads them from assets/
(icons for every platform; the splash is drawn on [tool.flet.splash] color).
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 1024
SCALE = 4  # drawn 4x larger, then shrunk: smooth edges without an antialiasing library
INDIGO_TOP, INDIGO_BOTTOM = (48, 63, 159), (26, 35, 126)
RING, WINDOW, PIP = (236, 239, 241), (255, 179, 0), (26, 35, 126)
ASSETS = Path(__file__).resolve().parent.parent / "assets"


def _background(size: int) -> Image.Image:
    """A vertical indigo gradient filling the square (platforms cut their own shape out of it)."""
    image = Image.new("RGB", (size, size))
    draw = ImageDraw.Draw(image)
    for y in range(size):
        t = y / (size - 1)
        draw.line([(0, y), (size, y)], fill=tuple(round(a + (b - a) * t) for a, b in zip(INDIGO_TOP, INDIGO_BOTTOM,
                                                                                        strict=True)))
    return image


def _dial(size: int) -> Image.Image:
    """The dial on a transparent square: a ring of 12 clicks, the amber window, three pips inside it."""
    layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    c, outer, inner = size / 2, size * 0.34, size * 0.22
    draw.ellipse([c - outer, c - outer, c + outer, c + outer], fill=RING)
    for i in range(12):  # the clicks: short notches round the rim
        a = math.radians(i * 30)
        r1, r2 = outer * 0.86, outer * 0.97
        draw.line([(c + r1 * math.sin(a), c - r1 * math.cos(a)), (c + r2 * math.sin(a), c - r2 * math.cos(a))],
                  fill=INDIGO_BOTTOM, width=round(size * 0.012))
    draw.ellipse([c - inner, c - inner, c + inner, c + inner], fill=INDIGO_BOTTOM)
    # the stat window: a wedge of the ring in amber, at one o'clock like a dial at the table
    box = [c - outer * 0.8, c - outer * 0.8, c + outer * 0.8, c + outer * 0.8]
    draw.pieslice(box, start=-80, end=-20, fill=WINDOW)
    draw.ellipse([c - inner * 0.98, c - inner * 0.98, c + inner * 0.98, c + inner * 0.98], fill=INDIGO_BOTTOM)
    # a die face's three pips across the hub: dice are the other half of the app
    pip = size * 0.035
    for k in (-1, 0, 1):
        x, y = c + k * inner * 0.5, c + k * inner * 0.5
        draw.ellipse([x - pip, y - pip, x + pip, y + pip], fill=RING)
    return layer


def draw(size: int = SIZE) -> tuple[Image.Image, Image.Image]:
    big = size * SCALE
    dial = _dial(big)
    icon = _background(big).convert("RGBA")
    icon.alpha_composite(dial)
    return (icon.convert("RGB").resize((size, size), Image.LANCZOS),
            dial.resize((size, size), Image.LANCZOS))


def main() -> None:
    ASSETS.mkdir(exist_ok=True)
    icon, splash = draw()
    icon.save(ASSETS / "icon.png", optimize=True)
    splash.save(ASSETS / "splash.png", optimize=True)
    print(f"wrote {ASSETS / 'icon.png'} and {ASSETS / 'splash.png'}")


if __name__ == "__main__":
    main()
