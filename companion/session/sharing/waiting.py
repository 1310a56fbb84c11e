"""Multi-part share codes with parts still missing, as home lists them: read from the parts kept on the device
(store/pending_parts.py) without loading the share codecs, which the home screen's first frame never needs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.store.pending_parts import PendingParts

if TYPE_CHECKING:
    from companion.session.matches import Session


@dataclass(frozen=True)
class Waiting:
    """A multi-part code with parts still missing."""

    key: str
    have: int
    total: int
    updated: float

    def __str__(self) -> str:
        return f"{self.have} of {self.total} received"


def waiting_in(kept: PendingParts) -> list[Waiting]:
    """Codes with parts still missing, the most recently added to first."""
    return [Waiting(s.key, s.have, s.total, s.updated) for s in kept.all() if s.have < s.total]


def waiting_codes(session: Session) -> list[Waiting]:
    """The codes this session's device holds parts of, still waiting for the rest."""
    return waiting_in(PendingParts(session.store.root))
