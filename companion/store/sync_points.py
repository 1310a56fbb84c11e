"""Per match, the last point of its history another device is known to hold (for turn codes).

One small JSON file, `sync.json`, beside the matches: {match id: {"events": n, "check": crc}}. A device learns
a point when it reads the other device's code (whole or turn): that device holds every event in it. Written
atomically; a damaged or missing file only means the next code is a whole one. In memory when the store is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.store.atomic import DamagedFile, dump, private_dir, read_json, write_atomic

FILE = "sync.json"


class SyncPoints:
    def __init__(self, root: Path | None) -> None:
        self.path = root / FILE if root is not None else None
        self._memory: dict[str, Any] = {}

    def _read(self) -> dict[str, Any]:
        if self.path is None:
            return self._memory
        if not self.path.exists():
            return {}
        try:
            data = read_json(self.path)
        except DamagedFile:
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, match_id: str) -> tuple[int, int] | None:
        point = self._read().get(match_id)
        if not isinstance(point, dict):
            return None
        events, check = point.get("events"), point.get("check")
        if type(events) is not int or type(check) is not int or events < 0:
            return None
        return events, check

    def put(self, match_id: str, events: int, check: int) -> None:
        data = {**self._read(), match_id: {"events": events, "check": check}}
        if self.path is None:
            self._memory = data
            return
        private_dir(self.path.parent)
        write_atomic(self.path, dump(data))
