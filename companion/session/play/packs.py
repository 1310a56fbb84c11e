"""Rule packs and rules lookup for the screens and the CLI: the packs shipped with the app, the user's own, and
the offline search over their rules text."""

from __future__ import annotations

from companion.core.packs.load import Pack, builtin_dir
from companion.core.packs.lookup import RulesIndex, index_for

__all__ = ["Pack", "RulesIndex", "builtin_dir", "index_for"]
