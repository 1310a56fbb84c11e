"""Rule packs' TOML files parsed once: the parser's result kept as JSON, keyed by the SHA-256 of the file's text.

Parsing the packs' TOML is most of the time it takes to load them (~60 %, every launch and every command that
lists systems); JSON of the same data loads many times faster. The key is the text itself, so an entry is never
stale: an edited file has another key. The folder is private to the user (0700, files 0600); an entry that
can't be read or doesn't hold what it should is ignored and written again. The data still goes through every
check of the pack loader, so an entry can't carry anything a pack file couldn't. Data JSON can't hold exactly
(TOML dates and times) is simply not cached.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from companion.store.atomic import private_dir

FORMAT = 1  # of an entry; another number is ignored (written again)


class ParsedToml:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def loads(self, text: str) -> dict[str, Any]:
        """What `tomllib.loads(text)` gives (and raises: its TOMLDecodeError is a ValueError)."""
        key = hashlib.sha256(text.encode("utf-8")).hexdigest()
        path = self.folder / f"{key}.json"
        kept = self._read(path, key)
        if kept is not None:
            return kept
        import tomllib  # only for a file not parsed before on this device

        data = tomllib.loads(text)
        self._write(path, key, data)
        return data

    @staticmethod
    def _read(path: Path, key: str) -> dict[str, Any] | None:
        try:
            entry = json.loads(path.read_bytes())
        except (OSError, ValueError, RecursionError):
            return None
        ok = type(entry) is dict and entry.get("format") == FORMAT and entry.get("sha256") == key
        return entry["data"] if ok and type(entry.get("data")) is dict else None

    def _write(self, path: Path, key: str, data: dict[str, Any]) -> None:
        try:
            text = json.dumps({"format": FORMAT, "sha256": key, "data": data}, ensure_ascii=False)
        except (TypeError, ValueError):  # dates and times: left to the parser every time
            return
        if json.loads(text)["data"] != data:  # anything JSON would not give back as it was
            return
        try:
            private_dir(self.folder)  # cache/ too, not only cache/packs: every folder of the data folder is 0700
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".", suffix=".tmp")  # created 0600
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(text)
                os.replace(tmp, path)  # a reader sees the whole entry or none (no fsync: a lost one is re-made)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError:  # a read-only or full disk: parse every time, as before
            return
