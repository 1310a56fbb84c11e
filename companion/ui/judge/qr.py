"""The room's address as a QR code, and which address that is.

The share codec (companion/share) will own QR rendering for table timers; this only draws a web address
for players' phones, with qrcode's pure-Python PNG writer (no Pillow on phones).
"""

from __future__ import annotations

import io
import socket

import qrcode
import qrcode.image.pure


def qr_png(text: str, box: int = 6) -> bytes:
    image = qrcode.make(text, image_factory=qrcode.image.pure.PyPNGImage, box_size=box, border=2)
    buf = io.BytesIO()
    image.save(buf)
    return buf.getvalue()


def lan_address() -> str:
    """This device's address on the local network (what players' phones can reach), else 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))  # UDP: picks the outgoing interface, sends nothing
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def room_url(host: str, port: int) -> str:
    """The address players open: the LAN address when serving to everyone, else the host itself."""
    shown = lan_address() if host in ("0.0.0.0", "", "::") else host
    return f"http://{shown}:{port}/"
