"""The app's entry file for `flet build` and `flet run` (pyproject.toml [tool.flet.app] module = "main.py").

The package's own entry is the `companion` command; this file is what a phone, desktop or web bundle starts.
"""

import flet as ft

from companion.ui.app import main

if __name__ == "__main__":
    ft.run(main)
