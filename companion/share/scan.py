"""Reading share codes out of pictures (a photo, a screenshot, a camera frame) with zxing-cpp.

zxing-cpp and Pillow are an optional extra (native wheels, not for phones). Without them OpenCV reads the
picture where it is installed (phones: scan_cv.py); with neither this raises ScanUnavailable naming the install
command, and the app falls back to the camera app's link or pasting.
"""

from __future__ import annotations

import io
from pathlib import Path

from companion.share.errors import CodeTooLarge, NoCodeFound, ScanUnavailable
from companion.share.scan_cv import opencv_available, read_image_cv

MAX_IMAGE_BYTES = 25 * 1024 * 1024
MAX_PIXELS = 40_000_000  # a 48-megapixel phone photo is refused; anything a screen or camera frame gives is fine


def read_image(source: bytes | str | Path) -> list[str]:
    """The text of every QR code in the picture (file path or encoded bytes), largest first."""
    try:
        import zxingcpp
        from PIL import Image, UnidentifiedImageError
    except ImportError:
        if not opencv_available():
            raise ScanUnavailable() from None
        return read_image_cv(_read_source(source))
    raw = _read_source(source)
    try:
        with Image.open(io.BytesIO(raw)) as image:
            if image.width * image.height > MAX_PIXELS:
                raise CodeTooLarge("the picture has too many pixels; take a closer, smaller picture of the code")
            image.load()
            grey = image.convert("L")
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        raise NoCodeFound("that file is not a picture this app can read (use PNG or JPEG)") from None
    found = zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormat.QRCode)
    texts = [r.text for r in sorted(found, key=_area, reverse=True) if r.valid and r.text]
    if not texts:
        raise NoCodeFound("no QR code could be read in that picture: fill the frame with the code and hold still")
    return texts


def _read_source(source: bytes | str | Path) -> bytes:
    if isinstance(source, bytes):
        raw = source
    else:
        path = Path(source)
        try:
            if path.stat().st_size > MAX_IMAGE_BYTES:
                raise CodeTooLarge(f"{path.name} is too large to be a picture of a code")
            raw = path.read_bytes()
        except OSError as exc:
            raise NoCodeFound(f"can't read {path.name}: {exc.strerror or exc}") from None
    if len(raw) > MAX_IMAGE_BYTES:
        raise CodeTooLarge("the picture is too large to be a picture of a code")
    return raw


def _area(result: object) -> int:
    p = result.position  # type: ignore[attr-defined]
    return abs((p.bottom_right.x - p.top_left.x) * (p.bottom_right.y - p.top_left.y))
