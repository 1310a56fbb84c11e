"""Reading share codes out of pictures (a photo, a screenshot, a camera frame): zxing-cpp, else OpenCV.

zxing-cpp and Pillow are an optional extra (native wheels, not for phones): desktops and servers use them.
Phones have OpenCV instead: Flet builds opencv-python for Android and iOS (pyproject.toml [tool.flet.android/ios]
dependencies), and `cv2.QRCodeDetectorAruco` reads our codes in photos (rotated, blurred, in perspective) when
the code spans a few hundred pixels. With neither this raises ScanUnavailable naming the install command, and
the app falls back to the camera app's link or pasting.
"""

from __future__ import annotations

import io
from pathlib import Path

from companion.share.errors import CodeTooLarge, NoCodeFound, ScanUnavailable

MAX_IMAGE_BYTES = 25 * 1024 * 1024
MAX_PIXELS = 40_000_000  # a 48-megapixel phone photo is refused; anything a screen or camera frame gives is fine
WORK_SIDE = 1600  # OpenCV reads larger photos shrunk first (a 12 MP photo takes seconds at full size), then whole


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


# --- OpenCV: the phones' decoder ---------------------------------------------------------------------


def opencv_available() -> bool:
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def read_image_cv(raw: bytes) -> list[str]:
    """The text of every QR code in the encoded picture (PNG, JPEG ...), largest first."""
    import cv2
    import numpy as np

    image = cv2.imdecode(np.frombuffer(raw, np.uint8), cv2.IMREAD_GRAYSCALE)
    if image is None:
        raise NoCodeFound("that file is not a picture this app can read (use PNG or JPEG)")
    height, width = image.shape[:2]
    if height * width > MAX_PIXELS:
        raise CodeTooLarge("the picture has too many pixels; take a closer, smaller picture of the code")
    scale = WORK_SIDE / max(height, width)
    tries = [cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)] if scale < 1 else []
    for candidate in (*tries, image):
        texts = _decode(cv2, candidate)
        if texts:
            return texts
    raise NoCodeFound("no QR code could be read in that picture: fill the frame with the code and hold still")


def _decode(cv2: object, image: object) -> list[str]:
    detector = cv2.QRCodeDetectorAruco()  # type: ignore[attr-defined]
    ok, texts, points, _ = detector.detectAndDecodeMulti(image)
    if not ok:
        return []
    found = [(_polygon_area(p), t) for t, p in zip(texts, points, strict=False) if t]
    return [t for _, t in sorted(found, reverse=True)]


def _polygon_area(corners: object) -> float:
    xs, ys = corners[:, 0], corners[:, 1]  # type: ignore[index]
    return float(0.5 * abs(sum(xs[i] * ys[i - 1] - xs[i - 1] * ys[i] for i in range(len(xs)))))
