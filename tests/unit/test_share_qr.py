"""QR pictures: rendered PNGs read back with zxing-cpp (also shrunk, tilted and blurred), and sequences."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest
import qrcode
from PIL import Image, ImageFilter
from qrcode.image.pure import PyPNGImage

from companion.share import (
    Collector,
    NoCodeFound,
    NotOurCode,
    ScanUnavailable,
    SharedMatch,
    decode,
    encode,
    plan,
    png,
    read_image,
)
from companion.share.errors import CodeTooLarge
from companion.share.qr import MAX_VERSION, QUIET_ZONE, version_of
from companion.share.text import PREFIX, b32, set_id, to_parts, to_text

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def reference(name: str) -> SharedMatch:
    return SharedMatch.from_export(json.loads((BENCH / name).read_text(encoding="utf-8")))


def as_png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


@pytest.mark.parametrize("name", ["share_halo.json", "share_scarab.json"])
def test_a_rendered_code_reads_back_to_the_identical_match(name: str) -> None:
    shared = reference(name)
    codes = plan(encode(shared))
    assert codes.parts == 1 and codes.version <= MAX_VERSION
    picture = png(codes.texts[0])
    image = Image.open(io.BytesIO(picture))
    assert image.format == "PNG" and 500 <= image.width <= 900  # phone-screen sized
    assert image.getpixel((2, 2)) != 0  # quiet zone: white at the edge
    assert read_image(picture) == [codes.texts[0]]
    collector = Collector()
    collector.add_image(picture)
    assert decode(collector.data()) == shared


def degrade(picture: bytes, size: int, angle: float, blur: float) -> bytes:
    image = Image.open(io.BytesIO(picture)).convert("L")
    image = image.resize((size, size), Image.Resampling.BILINEAR)
    image = image.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=255)
    return as_png(image.filter(ImageFilter.GaussianBlur(blur)))


@pytest.mark.parametrize(("size", "angle", "blur"), [(400, 0, 0.0), (520, 5, 0.8), (640, -7, 1.0), (760, 3, 1.2)])
def test_codes_still_read_when_shrunk_tilted_and_blurred(size: int, angle: float, blur: float) -> None:
    shared = reference("share_scarab.json")
    text = plan(encode(shared)).texts[0]
    picture = degrade(png(text), size, angle, blur)
    assert read_image(picture) == [text]
    assert decode(_collect(picture)) == shared


def _collect(picture: bytes) -> bytes:
    collector = Collector()
    collector.add_image(picture)
    return collector.data()


def test_a_jpeg_photo_of_a_code_reads() -> None:
    text = plan(encode(reference("share_halo.json"))).texts[0]
    image = Image.open(io.BytesIO(png(text))).convert("RGB").resize((600, 600))
    out = io.BytesIO()
    image.rotate(4, expand=True, fillcolor=(250, 250, 245)).save(out, format="JPEG", quality=70)
    assert read_image(out.getvalue()) == [text]


def test_a_long_match_splits_into_parts_read_in_any_order(tmp_path: Path) -> None:
    shared = reference("share_skirmish.json")
    codes = plan(encode(shared), max_version=12)
    assert codes.parts >= 3 and codes.version <= 12
    files = []
    for i, text in enumerate(codes.texts):
        files.append(tmp_path / f"part{i}.png")
        files[-1].write_bytes(degrade(png(text), 500, random.Random(i).uniform(-4, 4), 0.6))
    random.Random(5).shuffle(files)
    collector = Collector()
    progress = [str(collector.add_image(f)) for f in files]
    assert progress == [f"{i} of {codes.parts}" for i in range(1, codes.parts + 1)]
    assert decode(collector.data()) == shared


def test_plan_picks_one_code_when_it_fits_and_refuses_what_never_fits() -> None:
    data = encode(reference("share_halo.json"))
    one = plan(data)
    assert one.parts == 1 and one.versions == (version_of(to_text(data)),)
    with pytest.raises(CodeTooLarge):
        plan(data * 40, max_version=5)


def test_png_has_a_quiet_zone_of_four_modules() -> None:
    text = plan(encode(reference("share_halo.json"))).texts[0]
    image = Image.open(io.BytesIO(png(text))).convert("L")
    modules = version_of(text) * 4 + 17
    box = image.width // (modules + 2 * QUIET_ZONE)
    edge = QUIET_ZONE * box
    assert all(image.getpixel((x, edge // 2)) == 255 for x in range(image.width))
    assert image.getpixel((edge + 1, edge + 1)) == 0  # the finder pattern starts right after it


def test_pictures_without_our_codes_say_so(tmp_path: Path) -> None:
    blank = as_png(Image.new("L", (300, 300), 255))
    with pytest.raises(NoCodeFound):
        read_image(blank)
    with pytest.raises(NoCodeFound, match="not a picture"):
        read_image(b"%PDF-1.4 not an image")
    with pytest.raises(NoCodeFound, match="can't read"):
        read_image(tmp_path / "missing.png")
    out = io.BytesIO()
    qrcode.make("https://example.com", image_factory=PyPNGImage).save(out)
    with pytest.raises(NotOurCode):
        Collector().add_image(out.getvalue())


def test_missing_scan_extra_names_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "zxingcpp", None)
    monkeypatch.setitem(sys.modules, "cv2", None)  # and no OpenCV either (phones have it)
    with pytest.raises(ScanUnavailable, match=r"pip install 'tabletop-companion\[scan\]'"):
        read_image(b"anything")


def _base32_parts(data: bytes, total: int) -> list[str]:
    """Parts as the app wrote them before they were digits (Base32 after a '-')."""
    size = -(-len(data) // total)
    chunks = [data[i:i + size] for i in range(0, len(data), size)]
    return [f"{PREFIX}{i}-{len(chunks)}-{set_id(data)}-{b32(c)}" for i, c in enumerate(chunks, 1)]


def test_parts_are_digits_in_numeric_mode_and_smaller_than_base32_parts() -> None:
    data = random.Random(3).randbytes(2400)
    digits = to_parts(data, 3)
    assert all(".".join(t.split(".")[:-1]).endswith(set_id(data)) and t.split(".")[-1].isdigit() for t in digits)
    old = _base32_parts(data, 3)
    assert sum(version_of(t) for t in digits) < sum(version_of(t) for t in old)
    collector = Collector()
    for text in digits:
        collector.add(text)
    assert collector.data() == data


def test_parts_written_in_base32_still_read() -> None:
    data = encode(reference("share_skirmish.json"))
    collector = Collector()
    for text in reversed(_base32_parts(data, 3)):
        collector.add(text)
    assert decode(collector.data()) == reference("share_skirmish.json")
