"""The service layer: the one door the UI, the CLI and scripts use (`from companion.session import Session`).

Names load on first use (`companion --version` asks only `version`; the store loads with `Session`).
"""

from companion.core.lazy import lazy_exports

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (`companion --version` comes through here)

__getattr__ = lazy_exports(__name__, {
    "companion.session.matches": ("EXPORT_FORMAT", "EXPORT_VERSION", "MatchExists", "Session"),
    "companion": ("version",),
})

if TYPE_CHECKING:
    from companion import version
    from companion.session.matches import EXPORT_FORMAT, EXPORT_VERSION, MatchExists, Session

__all__ = ["EXPORT_FORMAT", "EXPORT_VERSION", "MatchExists", "Session", "version"]
