"""Reading share codes in pictures with OpenCV: the decoder phones have.

zxing-cpp has no Android/iOS wheels for Flet, but Flet builds opencv-python for both (pyproject.toml
[tool.flet.android/ios] dependencies), and `cv2.QRCodeDetectorAruco` reads our codes in photos: rotated,
blurred, in perspective, as long as the code spans a few hundred pixels. Desktops keep zxing-cpp (scan.py),
which is faster and reads smaller codes.
"""

from __future__ import annotations

from companion.share.errors import CodeTooLarge, NoCodeFound

MAX_PIXELS = 40_000_000
WORK_SIDE = 1600  # larger photos are read shrunk first (a 12 MP photo takes seconds at full size), then whole


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
    found = [(abs(_area(p)), t) for t, p in zip(texts, points, strict=False) if t]
    return [t for _, t in sorted(found, reverse=True)]


def _area(corners: object) -> float:
    xs, ys = corners[:, 0], corners[:, 1]  # type: ignore[index]
    return float(0.5 * abs(sum(xs[i] * ys[i - 1] - xs[i - 1] * ys[i] for i in range(len(xs)))))
