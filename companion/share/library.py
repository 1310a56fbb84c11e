"""What two devices must share for a compact code: the rule packs (their rules) and the packs' unit catalogues.

A match made from a pack carries the pack's rules; a code leaves them out when they equal the pack's, and the
reader takes them from its own copy of the same pack id and version. A unit whose `ref` names an entry of the
pack's catalogue, and whose dial and card equal that entry, travels as the entry's number plus its current
click and tokens; custom units travel with their whole dial. Packs don't carry catalogues yet: `catalogues` is
the hook a pack loader plugs into, and a digest in the code makes a reader with a different catalogue refuse
the code ("update the app") instead of reading wrong dials.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from companion.core.model import Click, Rules, Unit
from companion.core.packs.load import Pack, discover
from companion.share.errors import MissingPack

Catalogue = Mapping[str, Unit]  # ref -> the unit as the pack defines it (its id and owner are ignored)
CatalogueSource = Callable[[str, str], Catalogue]  # (pack id, pack version) -> catalogue


def no_catalogue(system: str, version: str) -> Catalogue:
    return {}


def card(unit: Unit) -> tuple[str, int, tuple[Click, ...], int, bool, str | None]:
    """The parts of a unit that come from its card and dial, not from play."""
    return unit.name, unit.points, unit.dial, unit.start, unit.cyclic, unit.ref


@dataclass(frozen=True)
class RefTable:
    """One pack's catalogue, numbered in ref order so a ref costs one or two bytes."""

    refs: tuple[str, ...]
    templates: tuple[Unit, ...]
    digest: int  # 16 bits of CRC-32 over the numbered cards: both sides must hold the same catalogue
    index: Mapping[str, int]

    @staticmethod
    def of(catalogue: Catalogue) -> RefTable:
        refs = tuple(sorted(catalogue))
        templates = tuple(catalogue[r] for r in refs)
        text = json.dumps([[r, t.name, t.points, [[c.stats, c.markers] for c in t.dial], t.start, t.cyclic]
                           for r, t in zip(refs, templates, strict=True)], sort_keys=True)
        return RefTable(refs, templates, zlib.crc32(text.encode()) & 0xFFFF, {r: i for i, r in enumerate(refs)})

    def number(self, unit: Unit) -> int | None:
        """The catalogue number of a unit that is exactly its catalogue entry, else None."""
        number = self.index.get(unit.ref) if unit.ref is not None else None
        if number is None or card(self.templates[number])[:5] != card(unit)[:5]:
            return None
        return number

    def template(self, number: int) -> Unit:
        return self.templates[number]


@dataclass(frozen=True)
class Library:
    packs: Mapping[str, Pack]
    catalogues: CatalogueSource = field(default=no_catalogue)

    @staticmethod
    def load(user_pack_dirs: tuple[Path, ...] = (), catalogues: CatalogueSource = no_catalogue) -> Library:
        """The built-in packs plus the user's own (a session passes its pack folders)."""
        packs, _errors = discover(user_pack_dirs)
        return Library(packs, catalogues)

    def pack_rules(self, system: str, version: str) -> Rules | None:
        pack = self.packs.get(system)
        return pack.rules if pack is not None and pack.version == version else None

    def require_rules(self, system: str, version: str) -> Rules:
        rules = self.pack_rules(system, version)
        if rules is None:
            pack = self.packs.get(system)
            have = f"this app has version {pack.version}" if pack else "this app doesn't have that pack"
            raise MissingPack(f"the match uses rule pack {system!r} version {version} ({have}); "
                              "update the app on both devices, or share it from the same version")
        return rules

    def words(self, system: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The turn marks and reserve reasons of a system's pack, in its order (none without the pack): a code
        sends each as its place there, so a pack adds new ones at the end."""
        pack = self.packs.get(system)
        return (pack.marks(), pack.reserve_reasons()) if pack is not None else ((), ())

    def ref_table(self, system: str, version: str) -> RefTable:
        return RefTable.of(self.catalogues(system, version))
