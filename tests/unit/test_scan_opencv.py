"""The phones' decoder: OpenCV reads our share codes in photo-like pictures (rotated, blurred, in perspective,
JPEG-compressed, on a grey table), the way a phone's camera gives them."""

from __future__ import annotations

import io
import random
import sys

import pytest

from companion.share.errors import NoCodeFound
from companion.share.scan import read_image
from companion.share.text import to_parts, to_text

pytest.importorskip("cv2")

from companion.share.scan import read_image_cv  # noqa: E402

from scan_opencv_kit import Image, photo


@pytest.mark.parametrize(("side", "angle", "blur", "perspective"), [
    (700, 0, 0.0, False), (600, 8, 1.2, False), (500, 15, 1.5, True), (900, 20, 2.0, True), (1800, 10, 2.0, False),
])
def test_opencv_reads_a_534_byte_code_in_a_photo(side: int, angle: float, blur: float, perspective: bool) -> None:
    rng = random.Random(side)
    link = to_text(rng.randbytes(534))  # a long match with its history: QR version 19
    assert read_image_cv(photo(link, side, angle, blur, perspective, rng)) == [link]


def test_phones_read_pictures_through_opencv_when_zxing_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    parts = to_parts(rng.randbytes(300), 3)
    monkeypatch.setitem(sys.modules, "zxingcpp", None)  # as on a phone
    assert read_image(photo(parts[1], 600, 6, 1.0, False, rng)) == [parts[1]]


def test_a_picture_without_a_code_says_so() -> None:
    blank = io.BytesIO()
    Image.new("RGB", (800, 600), (90, 90, 90)).save(blank, "JPEG")
    with pytest.raises(NoCodeFound):
        read_image_cv(blank.getvalue())
    with pytest.raises(NoCodeFound):
        read_image_cv(b"not a picture")
