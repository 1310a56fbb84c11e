"""A backup is untrusted input: each kind of bad file is refused with one clear line, nothing is stored, nothing
is written anywhere, and it ends within bounded time and memory."""

from __future__ import annotations

import hashlib
import io
import json
import stat
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.cli import main
from companion.session import Session
from companion.session.data.backup import create_backup
from companion.session.data.restore import restore_backup
from companion.store.backup_archive import BACKUP_FORMAT, MAX_ENTRY_BYTES, BackupRefused

from backup_data import add_match, snapshot


def good_backup(tmp_path: Path) -> bytes:
    source = Session.open(tmp_path / "source")
    add_match(source, 3)
    buffer = io.BytesIO()
    create_backup(source, buffer)
    return buffer.getvalue()


def rebuilt(data: bytes, change: Callable[[dict[str, bytes], dict], None]) -> bytes:
    """The same backup with its members (and manifest) changed, re-zipped."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        members = {n: zf.read(n) for n in zf.namelist()}
    manifest = json.loads(members.pop("manifest.json"))
    change(members, manifest)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, body in members.items():
            zf.writestr(name, body)
        zf.writestr("manifest.json", json.dumps(manifest))
    return out.getvalue()


def listed(manifest: dict, name: str, body: bytes) -> None:
    manifest["entries"].append({"name": name, "size": len(body), "sha256": hashlib.sha256(body).hexdigest()})


def with_member(name: str, body: bytes = b"{}") -> Callable[[dict[str, bytes], dict], None]:
    def change(members: dict[str, bytes], manifest: dict) -> None:
        members[name] = body
        listed(manifest, name, body)
    return change


def symlink_backup(data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as zf:
        for info in src.infolist():
            body = src.read(info)
            if info.filename.startswith("matches/"):
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, body)
    return out.getvalue()


def duplicate_backup(data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as zf:
        for info in src.infolist():
            zf.writestr(info, src.read(info))
        first = src.infolist()[0]
        with pytest.warns(UserWarning):
            zf.writestr(first.filename, b"{}")
    return out.getvalue()


def bomb(declared_small: bool) -> bytes:
    """A member that inflates to far more than any limit (64 MB of zeros packs into about 64 KB)."""
    size = MAX_ENTRY_BYTES * 2
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        with zf.open("matches/aaaaaaaaaaaa.json", "w", force_zip64=True) as f:
            chunk = b"\0" * (1 << 20)
            for _ in range(size >> 20):
                f.write(chunk)
        manifest = {"format": BACKUP_FORMAT, "version": 1, "entries": [
            {"name": "matches/aaaaaaaaaaaa.json", "size": 10 if declared_small else size, "sha256": "0" * 64}]}
        zf.writestr("manifest.json", json.dumps(manifest))
    data = out.getvalue()
    if declared_small:  # lie in the zip's own header too: say the member is 10 bytes
        data = _patch_sizes(data, "matches/aaaaaaaaaaaa.json", 10)
    return data


def _patch_sizes(data: bytes, name: str, size: int) -> bytes:
    buf = bytearray(data)
    encoded = name.encode()
    at = buf.find(b"PK\x01\x02")
    while at != -1:  # central directory entries: uncompressed size at +24 (or in the zip64 extra)
        name_len = int.from_bytes(buf[at + 28:at + 30], "little")
        if bytes(buf[at + 46:at + 46 + name_len]) == encoded:
            buf[at + 24:at + 28] = size.to_bytes(4, "little")
            extra = at + 46 + name_len
            if int.from_bytes(buf[extra:extra + 2], "little") == 1:  # zip64: the real sizes live here
                buf[extra + 4:extra + 12] = size.to_bytes(8, "little")
                buf[at + 24:at + 28] = size.to_bytes(4, "little")
        at = buf.find(b"PK\x01\x02", at + 4)
    return bytes(buf)


def hostile(tmp_path: Path) -> dict[str, tuple[bytes, str]]:
    """Each bad file, and the words its refusal must carry."""
    data = good_backup(tmp_path)
    return {
        "truncated": (data[: len(data) // 2], "cut short"),
        "corrupted": (rebuilt(data, lambda m, _: m.update({k: v.replace(b'"vp"', b'"VP"') for k, v in m.items()})),
                      "checksum"),
        "empty": (b"", "empty"),
        "not a backup": (b"hello, this is a text file\n" * 10, "not a zip"),
        "a zip without a manifest": (_zip({"a.txt": b"hi"}), "no manifest"),
        "a newer format": (rebuilt(data, lambda _, man: man.update(version=99)), "update the app"),
        "another app's zip": (rebuilt(data, lambda _, man: man.update(format="someone-else/backup")),
                              "not a Tabletop Companion backup"),
        "dot-dot": (rebuilt(data, with_member("matches/../../escape.json")), "unsafe file name"),
        "absolute path": (rebuilt(data, with_member("/tmp/escape.json")), "unsafe file name"),
        "unknown folder": (rebuilt(data, with_member("scripts/run.sh", b"rm -rf /")), "doesn't know"),
        "unlisted member": (rebuilt(data, lambda m, _: m.update({"matches/zzzzzzzzzzzz.json": b"{}"})),
                            "doesn't list"),
        "missing member": (rebuilt(data, lambda m, _: m.clear()), "incomplete"),
        "link": (symlink_backup(data), "link"),
        "duplicate names": (duplicate_backup(data), "twice"),
        "bomb, declared small": (bomb(True), "damaged"),
        "bomb, declared large": (bomb(False), "larger than 32 MB"),
    }


def _zip(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, body in members.items():
            zf.writestr(name, body)
    return out.getvalue()


def test_every_hostile_file_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    cases = hostile(tmp_path)
    home = tmp_path / "home"
    device = Session.open(home / "data")
    add_match(device, 2)
    for name, (data, reason) in cases.items():
        path = tmp_path / "in.zip"
        path.write_bytes(data)
        before = snapshot(home)
        for dry_run in (True, False):
            tracemalloc.start()
            with pytest.raises(BackupRefused) as refused:
                restore_backup(device, path, dry_run=dry_run)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            message = str(refused.value)
            assert reason in message and "\n" not in message and len(message) < 200, (name, message)
            assert peak < 3 * MAX_ENTRY_BYTES, (name, peak)  # bounded, whatever the file says
        assert snapshot(home) == before, name
        assert not (tmp_path / "escape.json").exists() and not Path("/tmp/escape.json").exists()


def test_the_command_line_says_one_line_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "bad.zip").write_bytes(b"PK\x03\x04 not really")
    assert main(["backup", "restore", str(tmp_path / "bad.zip"), "--json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["error"].startswith("this is not a backup")
    assert err.count("\n") == 1
    assert main(["backup", "restore", str(tmp_path / "missing.zip")]) == 1
    assert main(["backup", "restore", str(tmp_path)]) == 1  # a folder, not a file
    assert "is not a file" in capsys.readouterr().err
