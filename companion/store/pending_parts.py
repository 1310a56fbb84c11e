"""Parts of multi-part share codes received so far, kept until the code is complete or discarded.

A phone's camera app opens each part of a long code as its own link, often launching the app anew for each:
the parts must outlive the process. One small JSON file per code under <root>/incoming/:

    <root>/incoming/<set>-<total>.json   {"format", "version", "total", "updated", "parts": {"1": "ttcomp://..."}}

The store keeps the link texts as given and knows nothing of their layout: the share layer reads every text
again (a file here is as hostile as any pasted link). Writes are atomic; a damaged file is moved aside.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.store.atomic import (
    DamagedFile,
    dump,
    move_aside,
    private_dir,
    read_json,
    write_atomic,
)
from companion.store.place import Place

FORMAT = "tabletop-companion/pending-parts"
VERSION = 1
KEY = re.compile(r"^[A-Z2-7]{4}-\d{1,2}$")  # <set id>-<total>, as the share links name them
MAX_TEXT = 20_000  # far above one part's link; a longer text is not ours and is not kept


@dataclass(frozen=True)
class PendingSet:
    key: str
    total: int
    texts: dict[int, str]
    updated: float

    @property
    def have(self) -> int:
        return len(self.texts)


def key_for(set_id: str, total: int) -> str:
    key = f"{set_id}-{total}"
    if not KEY.match(key) or total < 2:
        raise ValueError(f"{key!r} does not name a multi-part code")
    return key


class PendingParts:
    """Pending code parts under `root` (the data folder), or in memory when `root` is None."""

    def __init__(self, root: Path | None, *, clock: Callable[[], float] = time.time) -> None:
        self.root = root
        self.clock = clock
        self._place = Place(root, "incoming", make=False)  # the folder is made with the first part kept

    def add(self, set_id: str, total: int, index: int, text: str) -> PendingSet:
        """Keep one part's link (the same part twice is kept once) and return the set as it is now."""
        key = key_for(set_id, total)
        if not 1 <= index <= total or len(text) > MAX_TEXT:
            raise ValueError(f"part {index} of {total} can't be kept")
        with self._place.lock():  # one read-change-write at a time across processes (two links opened at once)
            current = self.get(key)
            texts = dict(current.texts) if current else {}
            texts[index] = text
            pending = PendingSet(key, total, texts, self.clock())
            self._write(pending)
        return pending

    def get(self, key: str) -> PendingSet | None:
        if self._place.in_memory:
            return self._place.value(key)
        path = self._place.path(key)
        if not path.is_file():
            return None
        try:
            return self._read(key, path)
        except DamagedFile:
            return None

    def all(self) -> list[PendingSet]:
        """Every set still waiting for parts, the most recently added to first."""
        if self._place.in_memory:
            found = self._place.values()
        else:
            found = [s for name in self._place.names() if KEY.match(name) and (s := self.get(name))]
        return sorted(found, key=lambda s: s.updated, reverse=True)

    def discard(self, key: str) -> None:
        with self._place.lock():
            self._place.remove(key)

    def _write(self, pending: PendingSet) -> None:
        if self._place.in_memory:
            self._place.keep(pending.key, pending)
            return
        path = self._place.path(pending.key)
        private_dir(path.parent)
        write_atomic(path, dump({
            "format": FORMAT, "version": VERSION, "total": pending.total, "updated": pending.updated,
            "parts": {str(i): t for i, t in sorted(pending.texts.items())}}))

    def _read(self, key: str, path: Path) -> PendingSet:
        data = read_json_or_aside(path)
        try:
            if data["format"] != FORMAT or data["version"] != VERSION:
                raise TypeError
            total = int(data["total"])
            texts = {int(i): t for i, t in data["parts"].items() if isinstance(t, str) and len(t) <= MAX_TEXT}
            if f"-{total}" != key[key.index("-"):] or not all(1 <= i <= total for i in texts):
                raise ValueError
            return PendingSet(key, total, texts, float(data["updated"]))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise move_aside(path, "not a file of received code parts") from None


def read_json_or_aside(path: Path) -> object:
    try:
        return read_json(path)
    except DamagedFile as exc:
        raise move_aside(path, str(exc)) from None
