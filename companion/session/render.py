"""Every HTML page the app serves or prints, rendered from the Jinja2 templates in companion/templates/.

One Environment for all of them: autoescape on (every value from an event or a match is escaped on its way into
a page, including the "internal words" such as a table's status), StrictUndefined (a template asking for a value
the code did not pass fails in the tests instead of printing nothing), trim_blocks/lstrip_blocks (a template's own
line breaks around its tags stay out of the page). No HTML is assembled in Python strings.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

ENV = Environment(loader=PackageLoader("companion", "templates"), autoescape=True, undefined=StrictUndefined,
                  trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def render(name: str, /, **context: Any) -> str:
    """A whole page, e.g. render("room/table.html", ...)."""
    return ENV.get_template(name).render(**context)


def fragment(name: str, /, **context: Any) -> Markup:
    """A part of a page, rendered (and so escaped) here, handed to another template that places it unescaped."""
    return Markup(ENV.get_template(name).render(**context).strip())


def trusted(text: str) -> Markup:
    """The app's own style sheet or script (constants in the code, never data) placed as they are."""
    return Markup(text)


def preload(folder: str) -> None:
    """Compile a folder's templates now, as a server starts, so the first phone's page waits on no compiling
    (tens of milliseconds a template on a busy machine; Jinja2 keeps them compiled after)."""
    for name in ENV.list_templates(filter_func=lambda n: n.startswith(f"{folder}/")):
        ENV.get_template(name)
