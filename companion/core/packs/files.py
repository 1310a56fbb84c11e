"""Pack folders and their files: where packs are (built in, then the user's), each file read as size-capped UTF-8
text and TOML parsed by the parser installed (tomllib, or a session's parsed copies), and each pack's name read from
its pack.toml alone.

Apart from the loader (load.py), which checks every file against the pack schema and builds dice tables: a list of
matches (the app's home, `match list`) names each game through this module and loads none of that.
"""

from __future__ import annotations

import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from companion.core.errors import PackError
from companion.core.limits import PACK_FILE_BYTES


def builtin_dir() -> Path:
    """The packs shipped with the app: inside the installed package, or content/ in a source checkout."""
    here = Path(__file__).resolve().parents[2]
    installed = here / "content"
    return installed if installed.is_dir() else here.parent / "content"


def read_text(file: Path) -> str:
    """A pack file's text: a regular file (links followed) of at most PACK_FILE_BYTES, in UTF-8; else PackError."""
    try:
        st = file.stat()
        if not stat.S_ISREG(st.st_mode):
            raise PackError(f"{file}: not a file (a folder or a device); a pack holds plain text files")
        if st.st_size > PACK_FILE_BYTES:
            raise PackError(f"{file}: {st.st_size:,} bytes, more than the {PACK_FILE_BYTES:,} a pack file may have")
        with open(file, "rb") as f:
            data = f.read(PACK_FILE_BYTES + 1)  # the file may have grown since stat
    except FileNotFoundError:
        what = "a link to a file that is not there" if file.is_symlink() else "missing"
        raise PackError(f"{file}: {what}") from None
    except OSError as exc:
        raise PackError(f"{file}: can't read it ({exc.strerror or exc})") from None
    if len(data) > PACK_FILE_BYTES:
        raise PackError(f"{file}: more than the {PACK_FILE_BYTES:,} bytes a pack file may have")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise PackError(f"{file}: not UTF-8 text") from None


def parse_toml(text: str) -> dict[str, Any]:
    import tomllib  # here: a session's parsed cache (store/pack_cache.py) mostly spares loading it

    return tomllib.loads(text)


# How TOML text becomes data: tomllib, or what a session installs (the same data, parsed once per device)
_parse: Callable[[str], dict[str, Any]] = parse_toml


def use_parser(parse: Callable[[str], dict[str, Any]]) -> None:
    """Parse pack files with `parse` from now on (it must give what tomllib gives, and raise ValueError where it
    does: TOMLDecodeError is one)."""
    global _parse
    _parse = parse


def read_toml(file: Path) -> dict[str, Any]:
    if not file.exists() and not file.is_symlink():
        raise PackError(f"{file}: no {file.name} in this pack folder")
    text = read_text(file)
    try:
        return _parse(text)
    except ValueError as exc:  # tomllib.TOMLDecodeError
        raise PackError(f"{file}: not valid TOML ({exc})") from None
    except RecursionError:
        raise PackError(f"{file}: not valid TOML (nested too deeply)") from None


def pack_folders(extra_dirs: tuple[Path, ...], errors: list[str]) -> Iterator[Path]:
    """Every pack folder, the built-in ones first; a packs folder that can't be read adds to `errors`."""
    for root in (builtin_dir(), *extra_dirs):
        try:
            folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
        except FileNotFoundError:
            continue
        except OSError as exc:
            errors.append(f"{root}: can't read the packs folder ({exc.strerror or exc})")
            continue
        yield from folders


def names(extra_dirs: tuple[Path, ...] = ()) -> dict[str, str]:
    """Each pack's name by id, read from its pack.toml alone: what a list of matches shows, without reading and
    checking every file of every pack (that waits for the first match opened). A pack whose pack.toml can't be
    read, or names another folder, is left out, as `discover` leaves it out; the first of an id wins, as there."""
    found: dict[str, str] = {}
    for folder in pack_folders(extra_dirs, []):
        try:
            head = read_toml(folder / "pack.toml").get("pack")
        except (PackError, OSError, RecursionError):
            continue
        if isinstance(head, dict) and head.get("id") == folder.name and isinstance(head.get("name"), str):
            found.setdefault(folder.name, head["name"])
    return found
