"""Every HTML page the app serves or prints comes from an autoescaping template: a hostile name planted in each
page arrives escaped, and no module under companion/ assembles an HTML document or form in a Python string."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from markupsafe import escape

from companion.core.match.events import Event
from companion.core.tournament.state import new_tournament
from companion.room import pages, report_pages
from companion.session.judging.printout import pairings_html, slips_html, standings_html
from companion.session.judging.room import RoomFeed
from companion.session.judging.service import Judging
from companion.session.render import ENV
from companion.ui.live import join_page

T0 = 1_800_000_000.0
HOSTILE = "<script>alert(\"x\" & 'y')</script>"
BYE = HOSTILE + " 2"  # a second hostile player, given the round's bye
PACKAGE = Path(__file__).resolve().parents[2] / "companion"
DOCUMENT_MARKS = ("<!doctype", "<html", "<head", "<body", "<form", "<input", "<button")


def hostile_feed(root: Path) -> RoomFeed:
    """A Swiss event named HOSTILE: HOSTILE plays Bo at table 1, BYE has the bye."""
    store = Judging(root)
    store.create(new_tournament("ev-1", HOSTILE, now=T0))
    for player in (HOSTILE, "Bo", BYE):
        store.apply("ev-1", Event("register", {"player": player}, "judge", T0))
    store.apply("ev-1", Event("pair", {"tables": [[HOSTILE, "Bo"]], "byes": [BYE]}, "judge", T0))
    return RoomFeed(store, "ev-1", clock=lambda: T0)


def every_page(root: Path) -> dict[str, str]:
    feed = hostile_feed(root)
    t = feed.state
    table = t.table(1)
    # the words the room once placed unescaped because they were internal: now escaped like everything else
    view = dataclasses.replace(feed.tables(T0)[0], status=HOSTILE, level=HOSTILE, clock=HOSTILE, warning=HOSTILE,
                               extensions=(HOSTILE,), result=HOSTILE, reports=HOSTILE)
    return {
        "table with report form": pages.table_page(feed, view, report_pages.report_form(table, HOSTILE, False, 1)),
        "table with placings form": pages.table_page(feed, view, report_pages.report_form(table, HOSTILE, True, 1)),
        "table, signed in elsewhere": pages.table_page(feed, view, report_pages.elsewhere(HOSTILE, 2)),
        "table, sign in": pages.table_page(feed, view, report_pages.sign_in(1)),
        "room": pages.room_page(feed, [view]),
        "find": pages.find_page(feed, HOSTILE, feed.seats(HOSTILE[:20])),
        "find nobody": pages.find_page(feed, HOSTILE, []),
        "standings": pages.standings_page(feed, feed.standings()),
        "not found": pages.not_found(HOSTILE),
        "refused": report_pages.refused(HOSTILE, HOSTILE, back=HOSTILE),
        "join": join_page.choose_seat(HOSTILE, HOSTILE, [(HOSTILE, HOSTILE)]),
        "slips": slips_html(t, {HOSTILE: HOSTILE, BYE: "ABCD-EFGH"}),
        "printed standings": standings_html(t),
        "printed pairings": pairings_html(t, game=HOSTILE),
    }


def test_a_hostile_name_arrives_escaped_on_every_page(tmp_path: Path) -> None:
    pages_ = every_page(tmp_path)
    planted = str(escape(HOSTILE))
    assert "&lt;script&gt;" in planted and "&amp;" in planted and "&#34;" in planted and "&#39;" in planted
    for name, page in pages_.items():
        assert HOSTILE not in page and "<script>alert" not in page, name
        assert planted in page, name
        assert page.count("<script>") <= 1, name  # the room's own live script at most


def test_the_report_form_keeps_its_round_and_seats_escaped(tmp_path: Path) -> None:
    feed = hostile_feed(tmp_path)
    form = report_pages.report_form(feed.state.table(1), HOSTILE, False, 1)
    assert '<input type="hidden" name="round" value="1">' in form
    assert f'<input type="hidden" name="seat-0" value="{escape(HOSTILE)}">' in form
    assert '<input type="hidden" name="seat-1" value="Bo">' in form
    assert f'<option value="0">{escape(HOSTILE)}</option>' in form


def document_strings(source: str) -> list[str]:
    """The string literals (f-string parts included) of a module that hold a piece of an HTML document or form."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            low = node.value.lower()
            found += [f"line {node.lineno}: {mark}" for mark in DOCUMENT_MARKS if mark in low]
    return found


def test_no_module_builds_an_html_document_in_a_string() -> None:
    bad = [f"{path.relative_to(PACKAGE)} {hit}" for path in sorted(PACKAGE.rglob("*.py"))
           for hit in document_strings(path.read_text())]
    assert bad == []


def test_the_document_check_finds_a_planted_page() -> None:
    planted = 'def page(t):\n    return f"<!DOCTYPE html><body><form>{t}</form>"\n'
    assert document_strings(planted) == ["line 2: <!doctype", "line 2: <body", "line 2: <form"]
    assert document_strings('"""Pages: a `<section id="tN">` per table."""\nx = "<b>"\n') == []


def test_every_template_compiles_and_autoescapes() -> None:
    names = ENV.list_templates()
    assert {"room/table.html", "join/choose_seat.html", "print/slips.html"} <= set(names)
    for name in names:
        ENV.get_template(name)  # a syntax error raises here, not on a judge's phone
    assert ENV.autoescape is True
