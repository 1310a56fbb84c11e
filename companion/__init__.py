"""Tabletop Companion: the table's state for miniatures games (`companion.__version__`, `version()`).

Importing the package loads nothing else: `companion --version` and the app's first frame pay only for what
they use (tests/unit/test_lazy_imports.py keeps it so).
"""

# project.version of pyproject.toml, which releases change (the wheel's metadata and flet's --build-name come
# from there), repeated here so that `companion --version`, About and backups read a constant instead of a file
# or the installed metadata (importlib.metadata alone is ~40 ms): tests/ui/test_app_info.py fails when they differ.
__version__ = "0.1.0"


def version() -> str:
    """The app's version (project.version in pyproject.toml)."""
    return __version__
