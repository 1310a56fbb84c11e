"""Names a package offers without importing the modules that define them until first asked for (PEP 562).

A package's `__init__` says where each name lives; `from package import name` then loads that one module, so
the app's first frame and `companion --version` don't pay for QR libraries, codecs or rule systems they never
use. Type checkers see the same names through an `if TYPE_CHECKING:` block of ordinary imports beside it.
"""

from __future__ import annotations

import importlib
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing: `companion --version` loads this module
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


def lazy_exports(package: str, where: Mapping[str, tuple[str, ...]]) -> Callable[[str], Any]:
    """The module `__getattr__` of `package`: `where` maps each defining module to the names it gives."""
    home = {name: module for module, names in where.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)  # the next look-up finds it without coming here
        return value

    return __getattr__
