"""Rules lookup: a small full-text index over every pack's rules sections, tolerant of typos.

The index is built once per set of packs (cached by the packs' fingerprints) and answers in well under a
millisecond. Scoring is BM25 per field: a word in a section's title counts most, then its keywords and id,
then the pack's name, then body text. A query word missing from the vocabulary is matched to words one or
two edits away (typos such as "granade", "scarb"); a last word that is still being typed matches as a
prefix. A query that appears as a whole phrase in a title or keyword gets a bonus.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import islice, takewhile

from companion.core.errors import CompanionError
from companion.core.limits import QUERY_CHARS
from companion.core.packs.load import Pack
from companion.core.packs.rules_text import Section, plain_text

STOPWORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "could", "do", "does", "did", "for", "from", "has", "have",
    "how", "i", "if", "in", "is", "it", "its", "me", "my", "of", "on", "or", "our", "so", "that", "the", "their",
    "them", "then", "there", "this", "to", "was", "we", "what", "when", "where", "which", "who", "why", "will",
    "with", "you", "your",
})
# field: (weight, BM25 length normalisation b)
# "overview": the system's name, on its first section only, so searching a system's name opens its overview
FIELDS = {"title": (6.0, 0.5), "keywords": (4.0, 0.3), "id": (1.0, 0.3), "pack": (1.0, 0.0), "overview": (3.0, 0.0),
          "body": (1.0, 0.75)}
K1 = 1.2
IRREGULAR = {"dice": "die", "died": "die", "dies": "die", "armor": "armour", "wepon": "weapon"}
EXCERPT_CHARS = 180


class SectionNotFound(CompanionError):
    """A section id that no loaded pack has (or that several have, without a system to choose)."""


def normalise(text: str) -> str:
    text = text.lower().replace("\u2019", "'").replace("'s ", " ").replace("'", "")
    return re.sub(r"[^a-z0-9+]+", " ", text).replace("+", " ").strip()


def stem(word: str) -> str:
    """A light suffix stripper: enough for 'moved'/'moving'/'moves' and 'rounds'/'round' to meet."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]
            break
    # "assassination", "assassinate(d)" -> "assassin"; "elimination", "eliminate(d)" -> "elimin"
    for suffix in ("ation", "ate", "at"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 5:
            return word[: -len(suffix)]
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def terms(text: str) -> list[str]:
    return [stem(w) for w in normalise(text).split() if w not in STOPWORDS]


def distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (edits incl. swapping neighbours), or limit + 1 when beyond it."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def _deletes(word: str, depth: int) -> set[str]:
    out = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1:] for w in frontier for i in range(len(w))}
        out |= frontier
    return out


def _max_edits(word: str) -> int:
    return 0 if len(word) <= 3 else 1 if len(word) <= 5 else 2


@dataclass(frozen=True)
class Hit:
    system: str
    system_name: str
    section: str
    title: str
    excerpt: str
    score: float
    keywords: tuple[str, ...] = ()
    option: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"system": self.system, "system_name": self.system_name, "section": self.section,
                "title": self.title, "excerpt": self.excerpt, "score": round(self.score, 3),
                "keywords": list(self.keywords), "option": self.option}


class RulesIndex:
    def __init__(self, packs: Iterable[Pack]) -> None:
        self.docs: list[tuple[Pack, Section]] = [(p, s) for p in sorted(packs, key=lambda p: p.id) for s in p.sections]
        fields = [self._fields(pack, section) for pack, section in self.docs]
        avg = {f: max(1.0, sum(len(d[f]) for d in fields) / max(1, len(fields))) for f in FIELDS}
        weights: dict[str, dict[int, float]] = {}
        for doc, per_field in enumerate(fields):
            for name, words in per_field.items():
                weight, b = FIELDS[name]
                norm = 1 - b + b * len(words) / avg[name]
                for word in set(words):
                    tf = words.count(word) if name == "body" else 1  # a repeated title word is no stronger
                    score = weight * tf * (K1 + 1) / (tf + K1 * norm)
                    weights.setdefault(word, {}).setdefault(doc, 0.0)
                    weights[word][doc] += score
        n = len(self.docs)
        self.postings = {w: tuple(d.items()) for w, d in weights.items()}
        self.idf = {w: math.log(1 + (n - len(d) + 0.5) / (len(d) + 0.5)) for w, d in weights.items()}
        self.vocab = sorted(self.postings)
        self.by_delete: dict[str, list[str]] = {}
        for word in self.vocab:
            for variant in _deletes(word, _max_edits(word)):
                self.by_delete.setdefault(variant, []).append(word)
        # " title | keyword | ... " and body as stems without stop words (like a query), for phrase matches
        self.heads = [" " + " | ".join(" ".join(terms(t)) for t in (s.title, *s.keywords)) + " " for _, s in self.docs]
        self.bodies = [" " + " ".join(terms(s.plain)) + " " for _, s in self.docs]
        self.sentences = [[(t, frozenset(terms(t))) for t in sentences(s.body)] for _, s in self.docs]

    @staticmethod
    def _fields(pack: Pack, section: Section) -> dict[str, list[str]]:
        name = terms(f"{pack.id.replace('-', ' ')} {pack.name}")
        return {"title": terms(section.title), "keywords": terms(" ".join(section.keywords)),
                "id": terms(section.id.replace("-", " ")), "pack": name,
                "overview": name if section is pack.sections[0] else [], "body": terms(section.plain)}

    def expand(self, word: str, last: bool = False) -> list[tuple[str, float]]:
        """Vocabulary words a query word stands for, with a weight: exact 1.0, typo or prefix less."""
        if word in self.postings:
            return [(word, 1.0)]
        edits = _max_edits(word)
        found: dict[str, int] = {}
        for variant in _deletes(word, edits):
            for candidate in self.by_delete.get(variant, ()):
                if candidate not in found:
                    found[candidate] = distance(word, candidate, edits)
        best = min((d for d in found.values() if d <= edits), default=None)
        out = [(w, 0.8 if best == 1 else 0.6) for w, d in found.items() if d == best]
        if last and len(word) >= 3:
            typed = {w for w, _ in out}
            prefixed = takewhile(lambda w: w.startswith(word), self.vocab[self._first_at(word):])
            out += [(w, 0.6) for w in islice(prefixed, 20) if w not in typed]
        return out

    def _first_at(self, prefix: str) -> int:
        lo, hi = 0, len(self.vocab)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.vocab[mid] < prefix:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def search(self, query: str, system: str | None = None, limit: int = 10) -> list[Hit]:
        if len(query) > QUERY_CHARS:  # pasted pages of text: the cost grows with the words, so cut first
            query = query[:QUERY_CHARS].rstrip() + " "
        words = terms(query)
        if not words:
            return []
        typing = not query[-1:].isspace()
        scores: dict[int, float] = {}
        matched: dict[int, int] = {}
        resolved: list[str] = []
        for i, word in enumerate(words):
            options = self.expand(word, last=typing and i == len(words) - 1)
            resolved.append(max(options, key=lambda o: (o[1], self.idf[o[0]]))[0] if options else word)
            hit_docs: set[int] = set()
            for candidate, quality in options:
                idf = self.idf[candidate]
                for doc, weight in self.postings[candidate]:
                    scores[doc] = scores.get(doc, 0.0) + idf * quality * weight
                    hit_docs.add(doc)
            for doc in hit_docs:
                matched[doc] = matched.get(doc, 0) + 1
        phrase = " " + " ".join(resolved) + " " if len(resolved) > 1 else None
        results = []
        for doc, score in scores.items():
            pack, section = self.docs[doc]
            if system is not None and pack.id != system:
                continue
            score *= (matched[doc] / len(words)) ** 2
            if phrase and phrase in self.heads[doc]:
                score *= 1.5
            elif phrase and phrase in self.bodies[doc]:
                score *= 1.2
            results.append((score, doc))
        results.sort(key=lambda r: (-r[0], r[1]))
        return [self._hit(doc, score, resolved) for score, doc in results[:limit]]

    def _hit(self, doc: int, score: float, words: list[str]) -> Hit:
        pack, section = self.docs[doc]
        return Hit(pack.id, pack.name, section.id, section.title, excerpt(self.sentences[doc], words), score,
                   section.keywords, section.option)

    def find(self, section_id: str, system: str | None = None) -> tuple[Pack, Section]:
        """A section by id ("moving", or "halo-actionclix/moving"), optionally within one system."""
        if "/" in section_id:
            system, section_id = section_id.split("/", 1)
        found = [(p, s) for p, s in self.docs if s.id == section_id and (system is None or p.id == system)]
        if len(found) == 1:
            return found[0]
        if not found:
            where = f" in {system}" if system else ""
            raise SectionNotFound(f"no rules section {section_id!r}{where}; try `companion rules search`")
        systems = ", ".join(p.id for p, _ in found)
        raise SectionNotFound(f"section {section_id!r} is in several systems ({systems}); add --system ID")


def sentences(markdown: str) -> list[str]:
    """Plain-text sentences of a Markdown body; paragraphs and list items are hard-wrapped over lines."""
    blocks = re.split(r"\n\s*\n|\n(?=\s*(?:[-+*]|\d+\.)\s)", markdown)
    out = []
    for block in blocks:
        text = plain_text(" ".join(line.strip() for line in block.splitlines()))
        out += [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]
    return out


def excerpt(parts: list[tuple[str, frozenset[str]]], words: list[str]) -> str:
    """The sentence that holds the most query words (the first one on a tie), cut to a short line that
    starts at the clause holding the first of those words."""
    if not parts:
        return ""
    wanted = set(words)
    best = max(enumerate(parts), key=lambda p: (len(wanted & p[1][1]), -p[0]))[1][0]
    if len(best) <= EXCERPT_CHARS:
        return best
    start = 0
    for m in re.finditer(r"[A-Za-z0-9']+", best):
        if stem(normalise(m.group())) in wanted:
            clause = max(best.rfind(mark, 0, m.start()) for mark in ":;,")
            start = clause + 1 if clause >= 0 and m.start() > EXCERPT_CHARS // 2 else 0
            break
    text = best[start:].strip()
    if len(text) > EXCERPT_CHARS:
        text = text[:EXCERPT_CHARS].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return ("…" if start else "") + text


_INDEXES: dict[tuple[tuple[str, str, str], ...], RulesIndex] = {}


def index_for(packs: Iterable[Pack]) -> RulesIndex:
    """The index over these packs, built on first use and reused while no pack file changes."""
    packs = list(packs)
    key = tuple(sorted((p.id, str(p.path), p.fingerprint) for p in packs))
    index = _INDEXES.get(key)
    if index is None:
        if len(_INDEXES) >= 4:  # packs changed on disk: drop stale indexes
            _INDEXES.clear()
        index = _INDEXES[key] = RulesIndex(packs)
    return index
