"""A small schema language for rule-pack TOML files.

Specs (Str, Int, Table, ListOf ...) walk parsed TOML and stop at the first problem with the field's path
(`table[loot].row[2].token`) and what was expected. Ids are declared (`Id("token")`) and referenced
(`Ref("token")`) by kind; `Checker.check_refs` resolves every reference once all files of a pack are read,
so a typo in any file gives one message naming the file, the field and the ids that would have been valid.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import PackError

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class Violation(Exception):
    """A problem at one field path; the checker adds the file name when it turns this into a PackError."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path or 'top level'}: {message}")


def show(value: Any) -> str:
    """A value as a pack author would recognise it in an error message."""
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return f"{type(value).__name__} {value!r}"


def join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


@dataclass
class Checker:
    """State of one pack's check: which ids each kind declares, and every reference still to resolve."""

    file: str = ""
    declared: dict[str, dict[str, str]] = field(default_factory=dict)  # kind -> id -> "file: path"
    refs: list[tuple[str, str, str, str]] = field(default_factory=list)  # kind, id, file, path

    def error(self, exc: Violation) -> PackError:
        return PackError(f"{self.file}: {exc}")

    def run(self, file: str, spec: Spec, data: Any) -> None:
        self.file = file
        try:
            spec.check(data, "", self)
        except Violation as exc:
            raise self.error(exc) from None

    def declare(self, kind: str, ident: str, path: str) -> None:
        where = self.declared.setdefault(kind, {})
        if ident in where:
            raise Violation(path, f"the {kind} id {ident!r} is already used at {where[ident]}")
        where[ident] = f"{self.file}: {path}"

    def refer(self, kind: str, ident: str, path: str, file: str | None = None) -> None:
        self.refs.append((kind, ident, file or self.file, path))

    def ids(self, kind: str) -> set[str]:
        return set(self.declared.get(kind, {}))

    def check_refs(self) -> None:
        for kind, ident, file, path in self.refs:
            known = self.declared.get(kind, {})
            if ident not in known:
                listed = ", ".join(sorted(known)) if known else "none is declared in this pack"
                raise PackError(f"{file}: {path}: expected one of the pack's {kind} ids ({listed}); got {ident!r}")


class Spec:
    def check(self, value: Any, path: str, ctx: Checker) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    def wrong(self, value: Any, path: str) -> Violation:
        return Violation(path, f"expected {self.describe()}; got {show(value)}")


@dataclass(frozen=True)
class Str(Spec):
    choices: tuple[str, ...] = ()
    pattern: re.Pattern[str] | None = None
    hint: str = ""

    def check(self, value: Any, path: str, ctx: Checker) -> None:
        if not isinstance(value, str) or not value.strip():
            raise self.wrong(value, path)
        if self.choices and value not in self.choices:
            raise self.wrong(value, path)
        if self.pattern is not None and not self.pattern.match(value):
            raise self.wrong(value, path)

    def describe(self) -> str:
        if self.choices:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        return self.hint or "some text"


@dataclass(frozen=True)
class Int(Spec):
    lo: int | None = None
    hi: int | None = None

    def check(self, value: Any, path: str, ctx: Checker) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.wrong(value, path)
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise self.wrong(value, path)

    def describe(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"a whole number from {self.lo} to {self.hi}"
        if self.lo is not None:
            return f"a whole number of at least {self.lo}"
        if self.hi is not None:
            return f"a whole number of at most {self.hi}"
        return "a whole number"


@dataclass(frozen=True)
class Num(Spec):
    lo: float = 0.0
    hi: float = 1.0

    def check(self, value: Any, path: str, ctx: Checker) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float) or not self.lo <= value <= self.hi:
            raise self.wrong(value, path)

    def describe(self) -> str:
        return f"a number from {self.lo:g} to {self.hi:g}"


class Bool(Spec):
    def check(self, value: Any, path: str, ctx: Checker) -> None:
        if not isinstance(value, bool):
            raise self.wrong(value, path)

    def describe(self) -> str:
        return "true or false"


@dataclass(frozen=True)
class Id(Spec):
    """An id that declares a thing of `kind` (unique in its pack)."""

    kind: str

    def check(self, value: Any, path: str, ctx: Checker) -> None:
        if not isinstance(value, str) or not ID_PATTERN.match(value):
            raise self.wrong(value, path)
        ctx.declare(self.kind, value, path)

    def describe(self) -> str:
        return f"a {self.kind} id (lower-case letters, digits, '-' and '_')"


@dataclass(frozen=True)
class Ref(Spec):
    """The id of a thing of `kind` declared somewhere in the same pack (checked once all files are read)."""

    kind: str

    def check(self, value: Any, path: str, ctx: Checker) -> None:
        if not isinstance(value, str) or not value:
            raise self.wrong(value, path)
        ctx.refer(self.kind, value, path)

    def describe(self) -> str:
        return f"the id of a {self.kind}"


@dataclass(frozen=True)
class ListOf(Spec):
    item: Spec
    min_len: int = 0
    max_len: int | None = None

    def check(self, value: Any, path: str, ctx: Checker) -> None:
        if not isinstance(value, list) or len(value) < self.min_len or (
                self.max_len is not None and len(value) > self.max_len):
            raise self.wrong(value, path)
        for i, item in enumerate(value):
            # name list items by their id when they have one: "table[loot]" reads better than "table[3]"
            label = item.get("id") if isinstance(item, dict) and isinstance(item.get("id"), str) else i
            self.item.check(item, f"{path}[{label}]", ctx)

    def describe(self) -> str:
        size = ""
        if self.max_len is not None and self.max_len == self.min_len:
            size = f" of exactly {self.min_len}"
        elif self.min_len:
            size = f" of at least {self.min_len}"
        return f"a list{size} of {self.item.describe()}"


@dataclass(frozen=True)
class Opt:
    """Marks a table field as optional."""

    spec: Spec


@dataclass(frozen=True)
class Table(Spec):
    fields: dict[str, Spec | Opt]
    name: str = "a table"

    def check(self, value: Any, path: str, ctx: Checker) -> None:
        if not isinstance(value, dict):
            raise self.wrong(value, path)
        for key in value:
            if key not in self.fields:
                allowed = ", ".join(sorted(self.fields))
                raise Violation(join(path, key), f"unknown field; expected one of: {allowed}")
        for key, spec in self.fields.items():
            if key not in value:
                if isinstance(spec, Opt):
                    continue
                raise Violation(join(path, key), f"field is missing (expected {spec.describe()})")
            (spec.spec if isinstance(spec, Opt) else spec).check(value[key], join(path, key), ctx)

    def describe(self) -> str:
        return self.name


@dataclass(frozen=True)
class MapOf(Spec):
    """A table with free keys (optionally limited to `keys`) whose values all follow `value`."""

    value: Spec
    keys: tuple[str, ...] = ()

    def check(self, data: Any, path: str, ctx: Checker) -> None:
        if not isinstance(data, dict):
            raise self.wrong(data, path)
        for key, item in data.items():
            if self.keys and key not in self.keys:
                raise Violation(join(path, key), f"unknown key; expected one of: {', '.join(self.keys)}")
            self.value.check(item, join(path, key), ctx)

    def describe(self) -> str:
        return f"a table of {self.value.describe()}"


@dataclass(frozen=True)
class AnyOf(Spec):
    options: tuple[Spec, ...]

    def check(self, value: Any, path: str, ctx: Checker) -> None:
        for spec in self.options:
            try:
                spec.check(value, path, ctx)
                return
            except Violation:
                continue
        raise self.wrong(value, path)

    def describe(self) -> str:
        return " or ".join(s.describe() for s in self.options)


def entries(data: dict[str, Any], key: str) -> Iterable[dict[str, Any]]:
    """The array-of-tables `key` of checked data (empty when the optional field is absent)."""
    return data.get(key, [])
