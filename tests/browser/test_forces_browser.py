"""A force in seconds, as a new player does it on a phone in headless Chromium (360x640 and 320x568): two 5-unit
forces pasted on an empty table and saved from Set-up, then a second match started with both saved forces (the same
players: their names and forces come back by themselves) makes its first attack. The taps of each flow are
counted (typing a field counts as one tap: the tap that focuses it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, Screen, at_rest, require_browser, served_app, tree

SIZES = {"360": {"width": 360, "height": 640}, "320": {"width": 320, "height": 568}}
ANN = "\n".join(f"Spartan {n}, 45: 8 10 17 3 / 7 10 16 2 / 6 9 16 2" for n in range(1, 6))
BEN = "\n".join(f"Elite {n}, 30: 7 9 16 2 / 6 9 15 2 / 5 8 15 1" for n in range(1, 6))


class Taps:
    def __init__(self, s: Screen) -> None:
        self.s = s
        self.count = 0

    def reach(self, name: str) -> None:
        """Scroll down until `name` is on the page (Flutter names only what is near the visible part)."""
        for _ in range(8):
            if any(name in label for label in self.s.labels()):
                return
            self.s.page.mouse.move(100, 300)
            before = tree(self.s.page)
            self.s.page.mouse.wheel(0, 250)
            at_rest(self.s.page, before)

    def tap(self, name: str, exact: bool = True, nth: int = 0) -> None:
        self.count += 1
        self.reach(name)
        self.s.tap(name, exact=exact, nth=nth)

    def type(self, label: str, text: str) -> None:
        self.count += 1
        self.s.type_into(label, text)


def start_match(t: Taps, *names: str) -> None:
    """New match on a first start: Halo chosen, the names typed."""
    t.tap("New match")
    t.s.wait_text("Game")
    t.tap("Halo ActionClix")
    for i, name in enumerate(names):
        t.type(f"Player {i + 1} ({('blue', 'orange')[i]})", name)


@pytest.mark.browser
@pytest.mark.parametrize("size", SIZES)
def test_paste_two_forces_save_them_and_attack_in_a_match_started_with_them(tmp_path: Path, size: str) -> None:
    playwright = require_browser()
    counts: dict[str, int] = {}
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport=SIZES[size]))
        s.open(url)
        t = Taps(s)
        start_match(t, "Ann", "Ben")
        t.tap("Start match")
        s.wait_text("No units yet")
        t.tap("Paste a force")  # for the first player without units: Ann
        s.wait_text("One unit a line")
        t.type("Force", ANN)
        t.tap("Add force")
        s.wait_text("5 units added for Ann")
        s.wait_text("Ben has no units yet")  # the table still says whose force is missing
        t.tap("Paste a force")  # now for Ben, the first player without units
        t.type("Force", BEN)
        s.shot(f"force-{size}-paste")
        t.tap("Add force")
        s.wait_text("5 units added for Ben")
        counts["paste two forces"] = t.count
        t.count = 0
        t.tap("Table menu", exact=False)  # the table's tools: Menu, then the tool
        t.tap("Set-up and forces")
        t.tap("Save force")
        s.wait_text("Saved force “Ann's force” (5 units)")
        s.page.mouse.move(SIZES[size]["width"] / 2, 300)
        for _ in range(6):  # Ben's block is further down: scroll until it is laid out, then into sight
            if len(s.page.get_by_role("button", name="Save force", exact=True).all()) > 1:
                break
            before = tree(s.page)
            s.page.mouse.wheel(0, 400)
            at_rest(s.page, before)
        s.into_view("Save force", nth=1, below=0)
        t.tap("Save force", nth=1)
        s.wait_text("Saved force “Ben's force” (5 units)")
        counts["save both forces"] = t.count
        stored = Session(MatchStore(tmp_path))
        first = stored.list_matches()[0].id
        assert len(stored.state(first).units) == 10

        t.count = 0
        s.open(url)
        t.tap("New match")  # the last match's players come back typed in, each one's saved force picked by name
        s.wait_text("Change game")  # the saved forces' game is chosen, its list folded to one line
        assert "Halo ActionClix" in s.labels()
        start = s.target("Start match").bounding_box()
        for who in ("Force for Ann", "Force for Ben"):  # both picks in sight as the screen opens, above Start
            pick = s.target(who, exact=False).bounding_box()
            assert pick["y"] >= 56 and pick["y"] + pick["height"] <= start["y"] - 8, (who, pick, start)
        s.shot(f"force-{size}-new-match")
        t.tap("Start match")
        s.wait_text("Ann to play")
        counts["new match with two saved forces"] = t.count
        t.count = 0
        t.tap("Attack: Spartan 1")
        s.wait_text("Chance: ")
        t.tap("Elite 1")
        t.tap("Roll 2d6")
        s.wait_text("2d6: ")
        labels = s.labels()
        assert "HIT" in labels or "MISS" in labels, labels[:20]
        counts["first attack"] = t.count
        s.shot(f"force-{size}-first-attack")
        second = next(m.id for m in Session(MatchStore(tmp_path)).list_matches() if m.id != first)
        match = Session(MatchStore(tmp_path)).state(second)
        assert [u.owner for u in match.units] == ["p1"] * 5 + ["p2"] * 5 and match.rolls
        browser.close()
    print(size, counts)
    assert counts["first attack"] <= 3 and counts["new match with two saved forces"] == 2, counts
