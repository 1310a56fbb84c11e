"""The small HTML pages of a hosted table's join link: pick who you are, or hear that the code is spent.

Plain server-rendered HTML (a few hundred bytes): the phone's browser shows it before the Flet client loads.
Every text that comes from the match is escaped.
"""

from __future__ import annotations

from html import escape

STYLE = ("body{font-family:system-ui,sans-serif;margin:16px;max-width:480px;background:#121318;color:#e3e1e9}"
         "button{display:block;width:100%;min-height:56px;margin:8px 0;font-size:18px;border-radius:12px;"
         "border:0;background:#bbc3ff;color:#1a2479}a{color:#bbc3ff}")


def page(title: str, body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width,initial-scale=1"><title>{escape(title)}</title><style>{STYLE}</style>'
            f"</head><body>{body}</body></html>")


def choose_seat(match_name: str, code: str, seats: list[tuple[str, str]]) -> str:
    """The seat picker: one button per player; pressing one spends the code."""
    buttons = "".join(f'<button name="player" value="{escape(pid)}" type="submit">I am {escape(name)}</button>'
                      for pid, name in seats)
    return page("Join the table", f"<h2>Join {escape(match_name)}</h2><p>Who are you? This phone will act as "
                f'that player.</p><form method="post" action="/join"><input type="hidden" name="code" '
                f'value="{escape(code)}">{buttons}</form><p><a href="/">Only watch</a></p>')


def spent() -> str:
    return page("Join link spent", "<h2>This join code is spent or wrong</h2><p>Each join code works once. The "
                "host's screen shows a fresh one: scan it again.</p><p><a href=\"/\">Watch the table</a></p>")
