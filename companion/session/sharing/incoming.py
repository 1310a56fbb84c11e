"""Codes coming into this device: links (pasted, or opened by the phone's camera app), pictures, camera frames.

    incoming = Incoming(session)
    incoming.add_text("ttcomp://m/2-3-ABCD-...")   # -> Progress "1 of 3": the part is kept in the data folder
    incoming.waiting()                             # codes with parts still missing, e.g. "2 of 3 received"
    incoming.store(choice=None)                    # all parts in: check, replay and store by the merge rules

A phone's camera app opens each part of a long code as its own launch of the app, so every part of a
multi-part code is kept (store/pending_parts.py) until the code is complete and imported, or discarded.
Parts of several codes may wait side by side; the latest part decides which code is being collected.
"""

from __future__ import annotations

from pathlib import Path

from companion.core.errors import CompanionError
from companion.session.matches import Session
from companion.session.sharing.keeping import ImportResult, local_copy, read_collected
from companion.session.sharing.share_sync import import_code
from companion.session.sharing.waiting import Waiting, waiting_in
from companion.share import (
    Choice,
    ChoiceNeeded,
    Collector,
    IncompleteCode,
    NoCodeFound,
    Progress,
    ScanUnavailable,
    compare,
    read_text,
)
from companion.share.collect import part_link
from companion.share.text import Piece
from companion.share.timer_code import is_timer_link, read_timer_link
from companion.store.pending_parts import PendingParts, key_for


class Incoming:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.kept = PendingParts(session.store.root)
        self.collector = Collector()

    @property
    def progress(self) -> Progress:
        return self.collector.progress

    @property
    def current_key(self) -> str | None:
        return key_for(self.collector.set_id, self.collector.total) if self.collector.total > 1 else None

    def add_text(self, text: str) -> Progress:
        """One link; raises NotOurCode or DamagedCode (CompanionError) for anything else."""
        return self._add([read_text(text)])

    def add_image(self, picture: bytes | str | Path) -> Progress:
        """The codes in a photo, screenshot or camera frame (NoCodeFound, ScanUnavailable when it can't)."""
        return self._add(self.collector.pieces_in_image(picture))

    def take_force(self) -> str:
        """The force link the last picture held instead of a match code ("" for none), handed over once: the
        scanner keeps it with force_share.take_force_link."""
        link, self.collector.force_link = self.collector.force_link, ""
        return link

    def _add(self, pieces: list[Piece]) -> Progress:
        for piece in pieces:
            if piece.total == 1:
                self.collector.reset()
            else:
                if (piece.set_id, piece.total) != (self.collector.set_id, self.collector.total):
                    self.resume(key_for(piece.set_id, piece.total))
                self.kept.add(piece.set_id, piece.total, piece.index, part_link(piece))
            self.collector.add_piece(piece)
        return self.collector.progress

    def resume(self, key: str) -> Progress:
        """Collect the kept code `key`: its parts received so far are read again (each checked like a new link)."""
        self.collector.reset()
        kept = self.kept.get(key)
        for text in (kept.texts.values() if kept else ()):
            try:
                piece = read_text(text)
            except CompanionError:
                continue  # a kept text that no longer reads is dropped, never trusted
            if key_for(piece.set_id, piece.total) == key:
                self.collector.add_piece(piece)
        return self.collector.progress

    def waiting(self) -> list[Waiting]:
        """Codes with parts still missing, the most recently added to first."""
        return waiting_in(self.kept)

    def discard(self, key: str | None = None) -> None:
        """Forget a kept code (the current one by default): its parts are deleted from this device."""
        key = key or self.current_key
        if key is not None:
            self.kept.discard(key)
        if key is None or key == self.current_key:
            self.collector.reset()

    def describe_conflict(self) -> str:
        """What an import would do to this device's copy (asked before "take theirs")."""
        shared = read_collected(self.session, self.collector)
        return compare(local_copy(self.session, shared.id), shared).describe()

    def store(self, choice: Choice | None) -> ImportResult:
        """Import the collected code by the merge rules; raises ChoiceNeeded when the person must choose.

        Once stored, the kept parts are deleted. A code that can't be imported is dropped from the collector
        (and its kept parts), since scanning the same parts again would give the same result."""
        key = self.current_key
        try:
            # import_code also remembers that the other device holds all of it (its next turn code builds on it)
            result = import_code(self.session, read_collected(self.session, self.collector), choice)
        except (ChoiceNeeded, IncompleteCode):
            raise
        except CompanionError:
            self.discard(key)
            raise
        if key is not None:
            self.kept.discard(key)
        self.collector.reset()
        return result


__all__ = ["Choice", "ChoiceNeeded", "ImportResult", "IncompleteCode", "Incoming", "NoCodeFound", "Progress",
           "ScanUnavailable", "Waiting", "is_timer_link", "read_timer_link"]
