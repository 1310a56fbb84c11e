"""Roll on screen (issue 39): at 360x640 and 320x568 with five enemies, the attack is three taps from the table
(card action → target → Roll) and from Best moves (Best moves → Take it → Roll), each tap on a button whose box
lies inside the window without scrolling (a click on a semantics node reaches a button wherever it is, so the
box is checked before each tap); the verdict is whole on screen after the roll. More options follows the target,
whole above the bar, and unfolds the splash marks of the units next to the chosen target, not the target itself.
A Skirmish form scrolled to its end still opens its result at the top, HIT/MISS banner whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.helper.roll_bar import BAR_GAP

from browser import ARGS, CHROMIUM, Screen, at_rest, require_browser, served_app, tree
from builders import dial

PHONES = ({"width": 360, "height": 640}, {"width": 320, "height": 568})
ANN = ("Sniper", "Spartan", "Marine", "ODST", "Warthog Crew")
BEN = ("Grunt A", "Grunt B", "Elite Minor", "Jackal", "Hunter")
APP_BAR = 56
CARD = "Card: two 6s also deal 1 damage to every enemy next to the target"


def mark(name: str) -> str:
    return f"{name} stands next to the target (splash on two 6s)"


def five_a_side(session: Session, system: str, tokens: dict[str, int] | None = None) -> str:
    """Five units a side; Ann's first holds `tokens` (a Halo grenade: a fourth action button, a second line)."""
    match = session.new_match(system, ["Ann", "Ben"])
    for n, name in enumerate((*ANN, *BEN)):
        owner = match.players[n // 5].id
        session.dispatch(match.id, "add_unit", {"unit": {
            "id": f"u{n + 1}", "name": name, "points": 40, "owner": owner,
            "dial": dial((8, 10, 17, 3), (8, 9, 16, 3), (7, 9, 15, 2)), **({"tokens": tokens} if n == 0 and tokens
                                                                          else {})}}, by=owner)
    return match.id


def box(s: Screen, label: str, first: bool = False) -> dict[str, float]:
    """The box of the last semantics node named exactly `label` (the screen on top is drawn last), or the first."""
    found = s.page.eval_on_selector_all("flt-semantics", """(els, [label, first]) => {
        const named = els.filter(e => (e.getAttribute('aria-label') || e.textContent).trim() === label);
        const el = first ? named[0] : named.pop();
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
    }""", [label, first])
    assert found is not None, f"{label!r} is not on screen: {s.labels()[:30]}"
    return found


def bar_top(s: Screen) -> float:
    """Where the pinned bar begins (where the form's view ends): its first line is the odds ("Chance: ..."),
    BAR_GAP under the bar's edge."""
    top = s.page.eval_on_selector_all("flt-semantics", """els => Math.min(...els
        .filter(e => (e.getAttribute('aria-label') || e.textContent).trim().startsWith('Chance: '))
        .map(e => e.getBoundingClientRect().top))""")
    assert top is not None and top < s.page.viewport_size["height"], top
    return float(top) - BAR_GAP


def assert_in_view(s: Screen, label: str, below: float = 0, first: bool = False, above: float | None = None
                   ) -> None:
    """The node lies wholly inside the window (and under `below`, the app bar's edge, and over `above`, the pinned
    bar's: a node of the scrolling form is kept in the tree a little past its view's edge) as the page is now."""
    b = box(s, label, first)
    height, width = s.page.viewport_size["height"], s.page.viewport_size["width"]
    bottom = height if above is None else above
    inside = b["top"] >= below - 0.5 and b["bottom"] <= bottom + 0.5 and b["left"] >= -0.5 and b["right"] <= width + 0.5
    assert inside, (label, b, s.page.viewport_size)


def assert_whole(s: Screen, label: str) -> None:
    """The line is whole above the pinned bar: Flutter cuts a node's box to the form's view, so a line the bar's
    edge cuts has a box shorter than its 48 px."""
    b = box(s, label)
    assert b["bottom"] - b["top"] >= 47.5, (label, b)


def tap_in_view(s: Screen, taps: list[str], label: str, above: float | None = None) -> None:
    assert_in_view(s, label, APP_BAR, above=above)
    taps.append(label)
    s.tap(label)


def scroll_down(s: Screen) -> None:
    for _ in range(4):
        before = tree(s.page)
        s.page.mouse.wheel(0, s.page.viewport_size["height"] / 2)
        at_rest(s.page, before)


def verdict(s: Screen) -> str:
    for _ in range(50):
        word = next((w for w in ("HIT", "MISS") if w in s.labels()), None)
        if word:
            return word
        s.page.wait_for_timeout(100)
    raise AssertionError(f"no verdict: {s.labels()[:30]}")


@pytest.mark.browser
@pytest.mark.parametrize("phone", PHONES, ids=lambda p: f"{p['width']}x{p['height']}")
def test_roll_is_on_screen_three_taps_from_the_table_and_from_best_moves(tmp_path: Path, phone: dict[str, int]
                                                                         ) -> None:
    playwright = require_browser()
    session = Session(MatchStore(tmp_path))
    halo, skirmish = five_a_side(session, "halo-actionclix", {"grenade": 1}), five_a_side(session, "heroclix-skirmish")
    size = f"{phone['width']}x{phone['height']}"
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport=phone))
        s.open(f"{url}match/{halo}")
        s.wait_text("Ann to play")
        at_rest(s.page)
        taps: list[str] = []
        tap_in_view(s, taps, "Attack: Sniper")
        s.wait_text("Chance: ")
        s.wait_text("More options")  # the modifier and the splash marks wait behind it
        assert "Throw a grenade" in s.labels()  # four action buttons: two lines of them above the form
        assert not any(label.startswith("Other attack modifiers") for label in s.labels())
        assert_whole(s, "Hunter")
        tap_in_view(s, taps, "Hunter", above=bar_top(s))  # the last of five targets, above the bar
        s.wait_text("defense 17")
        s.shot(f"roll-bar-attack-{size}")
        # the fold after the target, whole above the bar: what it unfolds speaks of the target chosen above it
        assert_whole(s, "More options")
        tap_in_view(s, [], "More options", above=bar_top(s))
        s.wait_text("Fewer options")
        below = int(phone["height"] - bar_top(s))
        s.into_view(CARD, below=below)
        s.tap(CARD)  # the card's splash: then the units next to the target, the target itself not among them
        s.wait_text("Grunt A stands next to the target")
        s.into_view(mark("Jackal"), below=below)
        assert_in_view(s, mark("Jackal"), APP_BAR, above=bar_top(s))
        assert mark("Hunter") not in s.labels() and {mark(n) for n in BEN[:4]} <= set(s.labels())
        s.shot(f"roll-bar-more-options-{size}")
        tap_in_view(s, taps, "Roll 2d6")
        assert_in_view(s, verdict(s), APP_BAR)
        for label in ("Undo", "Done"):
            assert_in_view(s, label, APP_BAR)
        s.shot(f"roll-bar-result-{size}")
        assert taps == ["Attack: Sniper", "Hunter", "Roll 2d6"]
        assert "Hunter" in Session(MatchStore(tmp_path)).log(halo)[-1].data["label"]
        s.tap("Done")
        s.wait_text("Ann to play")
        at_rest(s.page)

        taps = []
        tap_in_view(s, taps, "Best moves")
        s.wait_text("1. ")
        at_rest(s.page)  # the view slides in
        s.page.get_by_role("button", name="Take it").first.wait_for()
        assert_in_view(s, "Take it", APP_BAR, first=True)  # the best row's
        taps.append("Take it")
        s.page.get_by_role("button", name="Take it").first.click()
        s.wait_text("Chance: ")
        at_rest(s.page)
        tap_in_view(s, taps, "Roll 2d6")
        assert_in_view(s, verdict(s), APP_BAR)
        assert taps == ["Best moves", "Take it", "Roll 2d6"]
        assert len(Session(MatchStore(tmp_path)).state(halo).rolls) == 2

        # Skirmish: the form scrolled to its end (the player looked at the last field), then Roll
        s.page.goto(f"{url}match/{skirmish}/action/attack/u1")
        s.page.wait_for_function("!document.getElementById('loading')", timeout=60_000)
        s.page.locator("flt-semantics-placeholder").dispatch_event("click")
        s.wait_text("Chance: ")
        s.page.mouse.move(phone["width"] / 2, phone["height"] / 3)
        scroll_down(s)
        tap_in_view(s, [], "More options", above=bar_top(s))
        s.wait_text("Fewer options")  # the modifier fields are open (their labels are the textboxes' names)
        scroll_down(s)
        s.shot(f"roll-bar-skirmish-form-{size}")
        tap_in_view(s, [], "Roll 2d6")
        word = verdict(s)
        at_rest(s.page)
        assert_in_view(s, word, APP_BAR)  # the banner whole, under the app bar: the result opened at its top
        s.shot(f"roll-bar-skirmish-result-{size}")
        browser.close()


def thumb(s: Screen, label: str) -> None:
    """A tap where the button is drawn (not on its semantics node): whatever lies over it there takes the tap."""
    b = box(s, label)
    s.page.mouse.click((b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2)


@pytest.mark.browser
@pytest.mark.parametrize("phone", PHONES, ids=lambda p: f"{p['width']}x{p['height']}")
def test_after_an_undo_its_news_sits_above_roll_and_roll_takes_the_next_tap(tmp_path: Path,
                                                                             phone: dict[str, int]) -> None:
    """The undo's words used to come in a snack bar over the pinned bar, Roll included, for four seconds: a thumb
    on Roll then hit the snack bar. Now they are a line of the bar above the odds, and Roll takes a tap at once."""
    playwright = require_browser()
    session = Session(MatchStore(tmp_path))
    match_id = five_a_side(session, "halo-actionclix")
    size = f"{phone['width']}x{phone['height']}"
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport=phone))
        s.open(url + f"match/{match_id}/action/attack/u1?target=u6")
        s.wait_text("Chance: ")
        s.settle(s.target("Roll 2d6"))
        thumb(s, "Roll 2d6")
        s.target("Done").wait_for(timeout=10_000)
        s.settle(s.target("Undo"))
        thumb(s, "Undo")
        s.wait_text("Undid: ")
        news = s.page.eval_on_selector_all("flt-semantics", """els => {
            const el = els.find(e => (e.getAttribute('aria-label') || e.textContent).trim().startsWith('Undid: '));
            const r = el.getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, text: (el.getAttribute('aria-label') || el.textContent).trim()};
        }""")
        roll = box(s, "Roll 2d6")
        s.shot(f"{size}-undo-news")
        assert news["text"].endswith("(its roll stays in the log, marked undone)"), news
        # the news whole on screen, above Roll, Roll whole on screen under it
        assert news["top"] >= APP_BAR and news["bottom"] <= roll["top"] + 0.5, (news, roll)
        assert roll["bottom"] <= phone["height"] + 0.5, roll
        thumb(s, "Roll 2d6")  # within the four seconds a snack bar stayed
        s.target("Done").wait_for(timeout=3_000)  # the result again (the news quotes "2d6: " too: not that)
        state = Session(MatchStore(tmp_path)).state(match_id)
        assert len(state.rolls) == 1 and [e.type for e in Session(MatchStore(tmp_path)).log(match_id)[-2:]] == [
            "undo", "batch"]
        browser.close()


@pytest.mark.browser
@pytest.mark.parametrize("phone", PHONES, ids=lambda p: f"{p['width']}x{p['height']}")
def test_a_message_floats_above_the_pinned_bar_and_closes_with_a_tap(tmp_path: Path, phone: dict[str, int]) -> None:
    """A message (a snack bar) lay over the bottom of the screen for four seconds, Roll included: now it floats
    above the pinned bar, so Roll takes the next tap at once, and its ✕ closes it."""
    playwright = require_browser()
    size = f"{phone['width']}x{phone['height']}"
    wrong = "can't read '2x6' at 'x6': expected + or - between terms"
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport=phone))
        s.open(url + "dice")
        s.wait_text("History")
        s.focus("Dice")  # 2d6 in it: a typo made of it
        s.page.keyboard.press("Control+A")
        s.page.keyboard.type("2x6", delay=15)
        s.wait_text("Check the notation: ")
        s.settle(s.target("Roll"))
        thumb(s, "Roll")
        s.wait_text(wrong)
        s.page.wait_for_timeout(600)  # the snack bar has slid in
        # its node's box runs to the window's foot (the margin under it is in it): its ✕ says where it is drawn
        close, odds, roll = box(s, "Close"), box(s, f"Check the notation: {wrong}"), box(s, "Roll")
        s.shot(f"{size}-message-above-bar")
        assert close["bottom"] <= odds["top"] - BAR_GAP + 0.5, (close, odds)  # the whole bar stays in sight
        assert roll["bottom"] <= phone["height"] + 0.5, roll
        s.tap("Close")  # gone before its four seconds
        s.page.wait_for_timeout(800)
        assert wrong not in s.labels()
        thumb(s, "Roll")  # the message again; the typo mended with one tap, Roll takes the next tap at once
        s.wait_text(wrong)
        s.tap("2d6")
        s.wait_text("2 to 12, average 7.00")
        assert wrong in s.labels()  # still up
        thumb(s, "Roll")
        s.target("Done").wait_for(timeout=5_000)
        browser.close()
