"""Best moves on a 360x640 phone in headless Chromium (issue 28): from the table, the header's "Best moves", the
ranked list with its figures, then the top row's "Take it" and the action screen's Roll: three taps from the table
to the dice, with the exact odds on screen before the roll."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, Screen, at_rest, require_browser, served_app
from builders import unit

WIDTH, HEIGHT = 360, 640


@pytest.mark.browser
def test_table_to_best_moves_to_the_roll_in_three_taps_with_the_odds_first(tmp_path: Path) -> None:
    playwright = require_browser()
    session = Session(MatchStore(tmp_path))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    for u, name in ((unit("a0", "p1"), "Spartan"), (unit("a1", "p1", clicks=2), "Marine"),
                    (unit("b0", "p2", clicks=1), "Grunt"), (unit("b1", "p2"), "Elite")):
        session.dispatch(match_id, "add_unit", {"unit": {**u, "name": name}})
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}))
        s.open(f"{url}match/{match_id}")
        taps = 0
        s.tap("Best moves")
        taps += 1
        s.wait_text("1. Spartan: Attack Grunt")
        s.wait_text("hit 72% · damage 0.72 · KO 72% · 0.72 kills · upgrade tokens 0.72")
        at_rest(s.page)  # the views under it are pushed first: let the last one slide in
        s.shot("phone-best-moves")
        s.page.get_by_role("button", name="Take it").first.click()
        taps += 1
        s.wait_text("Chance: attack 10 vs defense 16: needs 6+ on 2d6, 13/18 (72.22%)")  # before any dice
        assert not any(label.startswith("2d6: ") for label in s.labels())
        s.tap("Roll 2d6")
        taps += 1
        s.wait_text("2d6: ")
        browser.close()
    assert taps == 3
    state = Session(MatchStore(tmp_path)).state(match_id)
    assert [r.expr for r in state.rolls] == ["2d6"] and state.unit("a0").tokens.action == 1
