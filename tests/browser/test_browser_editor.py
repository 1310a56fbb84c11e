"""A force entered on a phone (issue 39), in headless Chromium at 360x640 and 320x568: Add a unit, Ben chosen
once as the owner, the dial typed click by click in number fields (only what changes; Enter goes on to the next
stat), *Save and add next* keeps Ben and opens the next empty form; and a player renamed from Set-up. Taps are
counted; screenshots are kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.model import Click
from companion.session import Session
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, FOCUSED, Screen, require_browser, served_app
from fit_check_kit import unnamed

SIZES = {"360": {"width": 360, "height": 640}, "320": {"width": 320, "height": 568}}
STATS = ("speed", "attack", "defense", "damage")
# The keyboard's Enter (Next) moved the focus on: another field's editing element has it than the one that held it
NEXT_FIELD = "held => document.activeElement !== held && 'value' in document.activeElement"


def _on_screen(s: Screen, name: str) -> bool:
    """The button or field named `name` lies wholly on the screen (a thumb reaches it without scrolling)."""
    return bool(s.page.eval_on_selector_all("flt-semantics", """(els, name) => els.some(e => {
        const t = (e.getAttribute('aria-label') || e.textContent || '').trim();
        const r = e.getBoundingClientRect();
        return t === name && r.top >= 0 && r.bottom <= innerHeight;
    })""", name))


@pytest.mark.browser
@pytest.mark.parametrize("size", SIZES)
def test_two_units_of_bens_click_by_click_and_a_rename(tmp_path: Path, size: str) -> None:
    playwright = require_browser()
    session = Session(MatchStore(tmp_path))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    taps: list[str] = []

    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport=SIZES[size]))

        def tap(name: str) -> None:
            taps.append(name)
            s.tap(name)

        def field(label: str, text: str) -> None:
            taps.append(label)
            s.type_into(label, text)

        def stat(label: str, text: str) -> None:
            """A dial's number field, by the name a screen reader says ("click 2 attack"): its input's own."""
            taps.append(label)
            box = s.page.get_by_role("textbox", name=label, exact=True).first
            for _ in range(3):  # as Screen.focus: tap until the field's own editing element has the focus
                box.click()
                try:
                    s.page.wait_for_function(FOCUSED, arg=box.element_handle(), timeout=3_000)
                    break
                except Exception:  # noqa: BLE001 - Playwright's timeout: tap again
                    continue
            s.page.keyboard.type(text, delay=15)

        s.open(url + f"match/{match_id}")
        s.wait_text("Ann to play")
        tap("Add a unit")
        s.wait_text("Type what changes")
        taps.append("Owner")
        s.page.get_by_role("button", name="Owner").first.click()
        taps.append("Ben")
        s.page.get_by_role("menuitem", name="Ben").or_(s.page.get_by_text("Ben", exact=True)).last.click()
        for name, points, clicks in (("Grunt", "20", (("8", "10", "17", "3"), ("", "9", "", ""), ("7", "", "16", "2"))),
                                     ("Jackal", "25", (("7", "9", "16", "2"), ("", "", "15", "")))):
            field("Name", name)
            field("Points", points)
            for i, row in enumerate(clicks):
                if i:
                    tap("+ click")
                if name == "Jackal" and i == 0:  # one tap, then the keyboard's Enter (Next) from stat to stat
                    stat("click 1 speed", row[0])
                    for value in row[1:]:
                        held = s.page.evaluate_handle("document.activeElement")
                        s.page.keyboard.press("Enter")
                        s.page.wait_for_function(NEXT_FIELD, arg=held)  # the next field takes the focus
                        s.page.keyboard.type(value, delay=15)
                    continue
                for name_of, value in zip(STATS, row, strict=True):
                    if value:
                        stat(f"click {i + 1} {name_of}", value)
            s.wait_text(f"{len(clicks) + 1}. KO")  # the preview: the clicks typed and the KO click
            if name == "Grunt":
                s.shot(f"{size}-add-unit-per-click")
                # every field says its name to a screen reader, the copied ones too (the input's own name)
                assert unnamed(s.page) == [], unnamed(s.page)
                assert s.page.get_by_role("textbox", name="click 2 speed", exact=True).count() == 1
            assert _on_screen(s, "Save and add next"), s.labels()[:30]  # pinned: in reach, however long the dial
            tap("Save and add next")
            s.wait_text(f"{name} joins Ben's force")
            s.wait_text("A KO click is added after your last click.")  # the next unit's form is the empty one
        s.shot(f"{size}-add-unit-next")
        stored = Session(MatchStore(tmp_path)).state(match_id)
        assert [(u.name, u.owner) for u in stored.units] == [("Grunt", "p2"), ("Jackal", "p2")]
        assert [tuple(c.stats.values()) for c in stored.units[0].dial[:-1]] == [(8, 10, 17, 3), (8, 9, 17, 3),
                                                                                (7, 9, 16, 2)]
        assert [tuple(c.stats.values()) for c in stored.units[1].dial[:-1]] == [(7, 9, 16, 2), (7, 9, 15, 2)]
        assert stored.units[1].dial[-1] == Click(markers=("ko",))
        # one owner choice for both units; per unit: name, points, the fields typed, + click and Save
        # Add a unit, Owner, Ben; Grunt: 2 + 4 + (1 + 1) + (1 + 3) + Save; Jackal: 2 + 1 (Enter between its
        # first click's stats) + (1 + 1) + Save
        assert taps.count("Owner") == 1 and len(taps) == 3 + 13 + 6, taps
        s.page.go_back()
        s.wait_text("Ann to play")
        s.tap("Table menu", exact=False)  # the table's tools: Menu, then the tool
        tap("Set-up and forces")
        s.wait_text("Ben's force")
        s.page.get_by_role("button", name="Rename Ben").click()  # the player's name on the button
        s.focus("New name for Ben")
        s.page.keyboard.press("Control+A")
        s.page.keyboard.type("Benjamin", delay=15)
        s.shot(f"{size}-setup-rename")
        s.tap("Save name")
        s.wait_text("Benjamin's force")
        browser.close()
    renamed = Session(MatchStore(tmp_path))
    assert [p.name for p in renamed.state(match_id).players] == ["Ann", "Benjamin"]
    assert renamed.log(match_id)[-1].type == "rename_player"
