"""Where a store keeps its files: one folder under the data root, or memory when there is no root (tests, a
preview, a session opened without a folder). The one "root or memory" decision every store makes, made here:
the stores ask a `Place` for names, handles, locks and signatures and never branch on the root themselves.

On disk a file's TinyDB handle is an `AtomicJSONStorage` (atomic writes, see atomic.py); in memory it is a
`MemoryStorage` kept for the life of the store. A store whose file is one JSON document rewritten whole (an
event) reads and writes it as plain JSON (`document`, `write_document`): on disk through the atomic writer, in
memory as the same bytes. Other kept values (a small label, a pending set of code parts)
are plain values in memory and the store's own file on disk.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import MemoryStorage

from companion.store.atomic import (
    AtomicJSONStorage,
    DamagedFile,
    dump,
    folder_lock,
    move_aside,
    private_dir,
    read_json,
    remove_stale_temps,
    write_atomic,
)


class Place:
    """`root / name` on disk, or memory when `root` is None."""

    def __init__(self, root: Path | None, name: str, *, make: bool = True) -> None:
        self.root = root
        self.folder = None if root is None else root / name
        self._dbs: dict[str, TinyDB] = {}  # memory: the files themselves; disk: handles kept by the caller's wish
        self._values: dict[str, Any] = {}  # memory only: small values a store keeps beside its files
        self._documents: dict[str, tuple[int, bytes]] = {}  # memory only: plain JSON files (writes so far, bytes)
        # a file's path made once, not at each of the several times a tap asks for its head's (bounded: any name
        # can be asked about, a match that doesn't exist too)
        self._path = lru_cache(maxsize=256)(self._make_path)
        if self.folder is not None and (make or self.folder.is_dir()):
            private_dir(root)  # the whole data folder is the player's alone
            private_dir(self.folder)
            remove_stale_temps(self.folder)

    @property
    def in_memory(self) -> bool:
        return self.folder is None

    def path(self, name: str, suffix: str = ".json") -> Path:
        return self._path(name, suffix)

    def _make_path(self, name: str, suffix: str) -> Path:
        assert self.folder is not None, "a store in memory has no files"
        return self.folder / f"{name}{suffix}"

    # --- which files there are ----------------------------------------------------------------------

    def names(self) -> list[str]:
        """Every stored file's name (without .json), sorted; the caller filters out what is not its own."""
        if self.folder is None:
            return sorted({*self._dbs, *self._documents})
        return sorted(p.stem for p in self.folder.glob("*.json"))

    def exists(self, name: str) -> bool:
        if self.folder is None:
            return name in self._dbs or name in self._documents
        return self.path(name).exists()

    def signature(self, name: str) -> Any:
        """Changes whenever the file changes on disk (another process wrote it); None when absent, and in memory
        but for a plain JSON document (then the count of its writes)."""
        if self.folder is None:
            kept = self._documents.get(name)
            return None if kept is None else kept[0]
        try:
            st = self.path(name).stat()
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    # --- handles --------------------------------------------------------------------------------------

    def db(self, name: str, *, create: bool = False, cache: bool = False) -> TinyDB | None:
        """The file's TinyDB handle, or None when there is no such file and `create` is False. On disk a fresh
        handle each time unless `cache` (another process may have replaced the file since)."""
        db = self._dbs.get(name)
        if db is not None:
            return db
        if self.folder is None:
            if not create:
                return None
            db = self._dbs[name] = TinyDB(storage=MemoryStorage)
            return db
        if not create and not self.path(name).exists():
            return None
        private_dir(self.folder)
        db = TinyDB(self.path(name), storage=AtomicJSONStorage)
        if cache:
            self._dbs[name] = db
        return db

    def document(self, name: str) -> Any:
        """A plain JSON file parsed afresh (a new value each call: the caller may keep it), None when absent;
        DamagedFile when it is not JSON."""
        if self.folder is None:
            kept = self._documents.get(name)
            return None if kept is None else json.loads(kept[1])
        try:
            return read_json(self.path(name))
        except FileNotFoundError:
            return None

    def write_document(self, name: str, document: Any) -> None:
        """Replace a plain JSON file whole, atomically (a kill leaves the old file or the new, never half)."""
        data = dump(document)
        if self.folder is None:
            writes = self._documents.get(name, (0, b""))[0]
            self._documents[name] = (writes + 1, data)
            return
        private_dir(self.folder)
        write_atomic(self.path(name), data)

    def forget(self, name: str) -> None:
        """Drop a cached disk handle, so the next read comes from the file (memory files are the files)."""
        if self.folder is not None:
            self._dbs.pop(name, None)

    def remove(self, name: str) -> None:
        self._dbs.pop(name, None)
        self._documents.pop(name, None)
        self._values.pop(name, None)
        if self.folder is not None:
            self.path(name).unlink(missing_ok=True)

    def set_aside(self, name: str, reason: str, what: str) -> DamagedFile:
        """A file that can't be read: moved out of the way on disk (never overwritten), named in the error."""
        self._dbs.pop(name, None)  # gone from the store, as the moved file is from the folder
        self._documents.pop(name, None)
        if self.folder is None:
            return DamagedFile(f"{what} could not be read ({reason})", Path(name))
        return move_aside(self.path(name), reason)

    def lock(self) -> AbstractContextManager[None]:
        """One read-change-write at a time across processes; a store in memory lives in one process."""
        return folder_lock(self.folder)

    def batch(self, db: TinyDB, files: list[tuple[Path, bytes]] | None = None) -> AbstractContextManager[None]:
        """Write a handle's tables (and `files` with them, on disk) as one atomic step."""
        storage = db.storage
        return storage.batch(files or []) if isinstance(storage, AtomicJSONStorage) else _nothing()

    # --- small values kept in memory (on disk each store writes its own file) ----------------------------

    def value(self, name: str) -> Any:
        return self._values.get(name)

    def keep(self, name: str, value: Any) -> None:
        self._values[name] = value

    def values(self) -> list[Any]:
        return list(self._values.values())

    def drop(self, name: str) -> None:
        self._values.pop(name, None)


@contextmanager
def _nothing() -> Iterator[None]:
    yield
