"""Warning signals for clocks: a short beep and a vibration, where the device has them.

The beep is made here (two short 880 Hz tones as a WAV), so it plays offline and ships no sound file.

These are the fallback and the on-screen signal: where the build has scheduled notifications (flet-notifications,
ui/notices.py) the table clock's warnings also reach a locked phone.
"""

from __future__ import annotations

import asyncio
import io
import logging
import math
import struct
import wave
from functools import cache

import flet as ft
import flet_audio as fa

log = logging.getLogger(__name__)
RATE = 16_000
TIMEOUT = 3.0  # a device that never answers must not hold a task forever


@cache
def beep() -> bytes:
    tone = [int(12000 * math.sin(2 * math.pi * 880 * i / RATE)) for i in range(int(RATE * 0.18))]
    silence = [0] * int(RATE * 0.12)
    samples = tone + silence + tone
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(struct.pack(f"<{len(samples)}h", *samples))
    return out.getvalue()


class Alerts:
    """Made once per page session (services register with the page that is current when they are made)."""

    def __init__(self) -> None:
        self.audio = fa.Audio(src=beep())
        self.haptics = ft.HapticFeedback()

    async def warn(self) -> None:
        for call in (self.audio.play, self.haptics.vibrate):
            try:
                await asyncio.wait_for(call(), TIMEOUT)
            except Exception:  # no speaker, no vibration motor, or the page went away: the screen still shows it
                log.debug("warning signal failed", exc_info=True)
