"""A pack's rules text: Markdown files cut into sections a player can look up.

    # Any title (optional, first line)

    ## Moving and attacking {#move-attack}
    keywords: moved more than 4 squares, run and shoot
    see: moving, shooting
    option: some-house-rule

    Body text in Markdown; [links](#shooting) to other sections count as cross-links too.

Every `##` heading starts a section and must carry an id. The metadata lines (keywords, see, option) follow
the heading directly; `see` and inline links name sections of the same pack, or `other-pack/section-id`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from companion.core.packs.schema import ID_PATTERN, Checker, PackError, Violation

HEADING = re.compile(r"^##\s+(?P<title>.+?)\s*(?:\{#(?P<id>[^}]*)\})?\s*$")
META = re.compile(r"^(?P<key>[a-z_]+):\s*(?P<value>.*)$")
LINK = re.compile(r"\]\(#(?P<target>[^)\s]+)\)")
META_KEYS = ("keywords", "see", "option")


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    keywords: tuple[str, ...]
    links: tuple[str, ...]  # section ids, "pack-id/section-id" for another pack's section
    option: str | None  # the house-rule option this section describes, if any
    body: str  # Markdown
    file: str
    line: int

    @property
    def plain(self) -> str:
        """The body without Markdown marks, for excerpts and plain-text output."""
        return plain_text(self.body)


def plain_text(markdown: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"[*_`]+", "", text)
    text = re.sub(r"^\s*(?:[-+]|\d+\.)\s+", "", text, flags=re.M)
    text = re.sub(r"^#+\s*", "", text, flags=re.M)
    return text.strip()


def _link_ok(target: str) -> bool:
    parts = target.split("/")
    return len(parts) <= 2 and all(ID_PATTERN.match(p) for p in parts)


def parse_rules(file: Path, text: str, ctx: Checker) -> list[Section]:
    """Cut one Markdown file into sections, declaring their ids and recording their links in `ctx`."""
    sections: list[Section] = []
    current: dict | None = None
    lines = text.splitlines()

    def close() -> None:
        if current is None:
            return
        body = "\n".join(current["body"]).strip()
        if not body:
            raise PackError(f"{file}: line {current['line']}: section {current['id']!r} has no text")
        links = list(current["see"])
        for m in LINK.finditer(body):
            target = m.group("target")
            if not _link_ok(target):
                raise PackError(f"{file}: line {current['line']}: link #{target} should be a section id "
                                "or other-pack/section-id")
            if target not in links:
                links.append(target)
        ctx.file = str(file)
        for target in links:
            if "/" not in target:
                ctx.refer("section", target, f"section[{current['id']}].see")
        sections.append(Section(current["id"], current["title"], tuple(current["keywords"]), tuple(links),
                                current["option"], body, file.name, current["line"]))

    in_meta = False
    for n, line in enumerate(lines, 1):
        heading = HEADING.match(line)
        if heading:
            close()
            ident = heading.group("id")
            if ident is None or not ID_PATTERN.match(ident):
                raise PackError(f"{file}: line {n}: heading {heading.group('title')!r} needs an id like "
                                "{#moving} (lower-case letters, digits and '-')")
            ctx.file = str(file)
            try:
                ctx.declare("section", ident, f"line {n}")
            except Violation as exc:
                raise PackError(f"{file}: {exc}") from None
            current = {"id": ident, "title": heading.group("title"), "keywords": [], "see": [], "option": None,
                       "body": [], "line": n}
            in_meta = True
            continue
        if current is None:
            if line.strip() and not (line.startswith("# ") and n == 1):
                raise PackError(f"{file}: line {n}: text before the first '## Title {{#id}}' section")
            continue
        meta = META.match(line) if in_meta else None
        if meta and meta.group("key") in META_KEYS:
            key, value = meta.group("key"), meta.group("value").strip()
            items = [v.strip() for v in value.split(",") if v.strip()]
            if key == "keywords":
                current["keywords"].extend(items)
            elif key == "see":
                bad = [v for v in items if not _link_ok(v)]
                if bad:
                    raise PackError(f"{file}: line {n}: see: expected section ids; got {bad[0]!r}")
                current["see"].extend(items)
            else:
                ctx.file = str(file)
                ctx.refer("option", value, f"section[{current['id']}].option")
                current["option"] = value
            continue
        if meta and in_meta:
            raise PackError(f"{file}: line {n}: unknown field {meta.group('key')!r}; expected one of: "
                            f"{', '.join(META_KEYS)}")
        in_meta = False
        current["body"].append(line)
    close()
    return sections
