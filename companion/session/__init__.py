"""The service layer: the one door the UI, the CLI and scripts use (`from companion.session import Session`)."""

from companion.session.matches import EXPORT_FORMAT, EXPORT_VERSION, MatchExists, Session

__all__ = ["EXPORT_FORMAT", "EXPORT_VERSION", "MatchExists", "Session"]
