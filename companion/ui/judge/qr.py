"""The room's address as a QR code.

The share codec (companion/share) will own QR rendering for table timers; this only draws a web address
for players' phones, with qrcode's pure-Python PNG writer (no Pillow on phones).
"""

from __future__ import annotations

import io

import qrcode
import qrcode.image.pure


def qr_png(text: str, box: int = 6) -> bytes:
    image = qrcode.make(text, image_factory=qrcode.image.pure.PyPNGImage, box_size=box, border=2)
    buf = io.BytesIO()
    image.save(buf)
    return buf.getvalue()
