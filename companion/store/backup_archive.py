"""The backup file: a zip archive with a manifest, written in one go and read as hostile input.

    manifest.json            format, version, app version, when, counts per kind, and per entry its size and SHA-256
    matches/<id>.json        one match: its export (the start, every event, the state), older history included
    events/<id>.json         one judge event: its state and log (never the judge's token)
    packs/<dir>/<file>       the user's own rule packs, byte for byte
    library/<file>           the personal unit library, byte for byte
    settings.json            the app's settings

Reading checks, before anything is used: that it is a zip at all, the manifest's format and version, every
name (no `..`, no absolute path, no link, no duplicate, nothing unlisted, nothing missing), every size against
the documented limits (declared sizes first, then the bytes actually inflated, counted while streaming so a
zip bomb stops at the limit) and every checksum. See docs/backup-format.md.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import time
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO, Any

from companion.core.errors import CompanionError

BACKUP_FORMAT = "tabletop-companion/backup"
BACKUP_VERSION = 1
MANIFEST = "manifest.json"
KINDS = ("matches", "events", "packs", "library", "settings")

# Limits no honest data folder reaches (a 5,000-event match exports to about 2 MB), checked before work starts.
MAX_ARCHIVE_BYTES = 512 * 1024 * 1024
MAX_ENTRIES = 20_000
MAX_ENTRY_BYTES = 32 * 1024 * 1024
MAX_TOTAL_BYTES = 512 * 1024 * 1024
MAX_MANIFEST_BYTES = 4 * 1024 * 1024
CHUNK = 1024 * 1024


class BackupRefused(CompanionError):
    """The file is not a backup this app can trust; nothing was stored."""


@dataclass(frozen=True)
class Entry:
    name: str  # the path inside the archive, e.g. "matches/0a1b2c3d4e5f.json"
    data: bytes

    @property
    def kind(self) -> str:
        return kind_of(self.name)


def kind_of(name: str) -> str:
    return "settings" if name == "settings.json" else name.split("/", 1)[0]


def write_backup(out: Path | IO[bytes], entries: Iterable[Entry], *, app_version: str) -> dict[str, Any]:
    """Write every entry and then the manifest that lists them; returns the manifest."""
    listed: list[dict[str, Any]] = []
    counts = dict.fromkeys(KINDS, 0)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for entry in entries:
            check_name(entry.name)
            zf.writestr(_info(entry.name), entry.data)
            listed.append({"name": entry.name, "size": len(entry.data),
                           "sha256": hashlib.sha256(entry.data).hexdigest()})
            counts[entry.kind] += 1
        manifest = {"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "app_version": app_version,
                    "created": time.time(), "counts": counts, "entries": listed}
        zf.writestr(_info(MANIFEST), json.dumps(manifest, separators=(",", ":")).encode())
    return manifest


def _info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # the same data gives the same bytes
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (stat.S_IFREG | 0o600) << 16
    return info


def check_name(name: str) -> None:
    path = PurePosixPath(name)
    if (not name or name.startswith("/") or "\\" in name or ":" in name or path.is_absolute()
            or any(part in ("", ".", "..") for part in name.split("/"))):
        raise BackupRefused(f"the backup holds an unsafe file name ({name[:80]!r}); nothing was restored")
    if name != MANIFEST and kind_of(name) not in KINDS:
        raise BackupRefused(f"the backup holds a file this app doesn't know ({name[:80]!r}); nothing was restored")


class BackupReader:
    """A backup checked whole on opening (names, sizes, checksums); entries are then read one at a time."""

    def __init__(self, source: Path | bytes | IO[bytes]) -> None:
        self._zf = _open_zip(source)
        try:
            self.manifest = self._read_manifest()
            self._sizes = self._check_listing()
            for name in self._sizes:  # every checksum before anything is used
                self.read(name)
        except BaseException:
            self._zf.close()
            raise

    def close(self) -> None:
        self._zf.close()

    def __enter__(self) -> BackupReader:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def names(self) -> list[str]:
        return list(self._sizes)

    def entries(self, kind: str) -> Iterator[Entry]:
        for name in self._sizes:
            if kind_of(name) == kind:
                yield Entry(name, self.read(name))

    def read(self, name: str) -> bytes:
        """One entry's bytes, inflated in chunks and stopped at its listed size; its checksum verified."""
        size, digest = self._sizes[name]
        sha = hashlib.sha256()
        parts: list[bytes] = []
        got = 0
        try:
            with self._zf.open(name) as f:
                while chunk := f.read(CHUNK):
                    got += len(chunk)
                    if got > size:
                        raise BackupRefused(f"{name} holds more than its manifest says; nothing was restored")
                    sha.update(chunk)
                    parts.append(chunk)
        except (zipfile.BadZipFile, EOFError, OSError, ValueError) as exc:
            raise BackupRefused(f"the backup is damaged ({name}: {exc}); nothing was restored") from None
        if got != size or sha.hexdigest() != digest:
            raise BackupRefused(f"{name} does not match its checksum: the backup is damaged; nothing was restored")
        return b"".join(parts)

    def _read_manifest(self) -> dict[str, Any]:
        try:
            info = self._zf.getinfo(MANIFEST)
        except KeyError:
            raise BackupRefused("this is not a Tabletop Companion backup (no manifest); nothing was restored") from None
        if info.file_size > MAX_MANIFEST_BYTES:
            raise BackupRefused("the backup's manifest is too large; nothing was restored")
        try:
            with self._zf.open(info) as f:
                raw = f.read(MAX_MANIFEST_BYTES + 1)
            manifest = json.loads(raw)
        except (zipfile.BadZipFile, EOFError, OSError, ValueError, RecursionError):
            raise BackupRefused("the backup's manifest is damaged; nothing was restored") from None
        if not isinstance(manifest, dict) or manifest.get("format") != BACKUP_FORMAT:
            raise BackupRefused("this is not a Tabletop Companion backup; nothing was restored")
        version = manifest.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise BackupRefused("the backup's manifest is damaged (no version); nothing was restored")
        if version > BACKUP_VERSION:
            raise BackupRefused("this backup was made by a newer version of the app; update the app to restore it")
        return manifest

    def _check_listing(self) -> dict[str, tuple[int, str]]:
        infos = self._zf.infolist()
        if len(infos) > MAX_ENTRIES + 1:
            raise BackupRefused(f"the backup holds more than {MAX_ENTRIES} files; nothing was restored")
        seen: set[str] = set()
        for info in infos:
            check_name(info.filename)
            if info.filename in seen:
                raise BackupRefused(f"the backup holds {info.filename!r} twice; nothing was restored")
            seen.add(info.filename)
            kind = stat.S_IFMT(info.external_attr >> 16)  # 0 when the writer set no file type (plain zip tools)
            if info.is_dir() or kind not in (0, stat.S_IFREG):
                raise BackupRefused(f"the backup holds a link or folder entry ({info.filename!r}); "
                                    "nothing was restored")
            if info.flag_bits & 0x1:
                raise BackupRefused("the backup is encrypted; nothing was restored")
        listed = self.manifest.get("entries")
        if not isinstance(listed, list) or len(listed) > MAX_ENTRIES:
            raise BackupRefused("the backup's manifest is damaged (entries); nothing was restored")
        sizes: dict[str, tuple[int, str]] = {}
        total = 0
        for item in listed:
            name, size, digest = _listed(item)
            if name in sizes or name == MANIFEST:
                raise BackupRefused(f"the manifest lists {name!r} twice; nothing was restored")
            if name not in seen:
                raise BackupRefused(f"the backup is incomplete: {name} is missing; nothing was restored")
            declared = self._zf.getinfo(name).file_size
            if size > MAX_ENTRY_BYTES or declared > MAX_ENTRY_BYTES:
                raise BackupRefused(f"{name} is larger than {MAX_ENTRY_BYTES // 2**20} MB; nothing was restored")
            if declared != size:
                raise BackupRefused(f"{name} does not match its manifest; the backup is damaged")
            total += size
            if total > MAX_TOTAL_BYTES:
                raise BackupRefused(f"the backup unpacks to more than {MAX_TOTAL_BYTES // 2**20} MB; "
                                    "nothing was restored")
            sizes[name] = (size, digest)
        unlisted = seen - set(sizes) - {MANIFEST}
        if unlisted:
            raise BackupRefused(f"the backup holds a file its manifest doesn't list ({sorted(unlisted)[0]!r}); "
                                "nothing was restored")
        return sizes


def _listed(item: Any) -> tuple[str, int, str]:
    if not isinstance(item, dict):
        raise BackupRefused("the backup's manifest is damaged (an entry); nothing was restored")
    name, size, digest = item.get("name"), item.get("size"), item.get("sha256")
    if (not isinstance(name, str) or not isinstance(size, int) or isinstance(size, bool) or size < 0
            or not isinstance(digest, str) or len(digest) != 64):
        raise BackupRefused("the backup's manifest is damaged (an entry); nothing was restored")
    check_name(name)
    return name, size, digest


def _open_zip(source: Path | bytes | IO[bytes]) -> zipfile.ZipFile:
    if isinstance(source, Path):
        try:
            st = os.stat(source)
        except OSError as exc:
            raise BackupRefused(f"can't read {source}: {exc.strerror or exc}") from None
        if not stat.S_ISREG(st.st_mode):
            raise BackupRefused(f"{source} is not a file")
        if st.st_size > MAX_ARCHIVE_BYTES:
            raise BackupRefused(f"{source} is larger than {MAX_ARCHIVE_BYTES // 2**20} MB: not a backup of this app")
        if st.st_size == 0:
            raise BackupRefused(f"{source} is empty: not a backup")
    elif isinstance(source, bytes):
        if not source:
            raise BackupRefused("the file is empty: not a backup")
        if len(source) > MAX_ARCHIVE_BYTES:
            raise BackupRefused(f"the file is larger than {MAX_ARCHIVE_BYTES // 2**20} MB: not a backup of this app")
        source = io.BytesIO(source)
    try:
        return zipfile.ZipFile(source)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError):
        raise BackupRefused("this is not a backup (not a zip archive, or cut short); nothing was restored") from None
