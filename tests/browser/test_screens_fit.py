"""Every screen at 360x640 and 320x568 in headless Chromium: a screenshot of each (docs/screenshots/fit-*.png), and
no clipped text, no texts or controls over each other, none off the window's side, no unnamed control and no tap
target under 48 px on any of them (tests/fit_check_kit.py says how they are read from Flutter's semantics tree;
tests/browser/test_fit_check.py shows it finds planted faults). The table of every game is in the tour.

Not in the tour: the host screen (a browser cannot host a table: the button shows only in the installed app) and
the live table's phone pages (tests/browser/test_live_browser.py drives them)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from companion.session.judging.judge import table_timer_payload
from companion.session.play.match_tools import Event
from companion.session.table.forces import save_force
from companion.share.timer_code import timer_link
from companion.store.matches import MatchStore

from browser import ARGS, CHROMIUM, Screen, at_rest, require_browser, served_app, tree
from builders import dial
from fit_check_kit import LIGHT, audit, brightness
from scarab_setup_kit import scarab_dials

SIZES = {"360": {"width": 360, "height": 640}, "320": {"width": 320, "height": 568}}
# Tooltip texts: Flutter gives a tooltip's message to the widget it wraps (a 20 px colour swatch), not a text box
TOOLTIPS = ("Player 1: blue", "Player 2: orange", "Player 3: green", "Player 4: purple")
# A dial field's name is said by a screen reader, not drawn (its label's semantics label): the field shows only the
# value copied from the click above, so the name's width is no fault
DIAL_FIELDS = tuple(f"click {i} {stat}" for i in range(1, 4) for stat in ("speed", "attack", "defense", "damage"))


def seed(data: Path) -> dict[str, str]:
    """Matches in every state the screens show, a table of each system, and judge events (a Skirmish one
    by hand, a Swiss one, Halo pods)."""
    session = Session(MatchStore(data))
    halo = session.new_match("halo-actionclix", ["Ann", "Ben"])
    for n, name in enumerate(("Spartan Mk VI", "Elite Zealot", "Grunt Major")):
        owner = halo.players[n % 2].id
        session.dispatch(halo.id, "add_unit", {"unit": {"id": f"u{n + 1}", "name": name, "points": 50,
                                                        "owner": owner, "dial": dial((8, 10, 17, 3),
                                                                                     (7, 9, 16, 2))}}, by=owner)
    done = session.new_match("heroclix-skirmish", ["Cat", "Dan"])
    session.dispatch(done.id, "score", {"player": done.players[0].id, "kind": "vp", "delta": 40})
    session.dispatch(done.id, "end_match", {"winners": [done.players[0].id]})
    scarab = session.new_match("scarab", ["Sam", "Ann"])
    guided = session.new_match("scarab", ["Sam", "Ann"])  # its dials typed in: the turn guide is open
    session.dispatch_events(guided.id, [Event("add_unit", {"unit": u}) for u in scarab_dials()],
                            "the game's own dials", by=guided.players[0].id)
    tables = {key: session.new_match(system, ["Ann", "Ben"]) for key, system in (
        ("skirmish", "heroclix-skirmish"), ("maze", "killer-of-the-maze"), ("empires", "armageddon-empires"))}
    for table in tables.values():  # two units, one a side: each system's card, fold and player counters
        for n, name in enumerate(("Captain Vex", "Rook Sentinel")):
            owner = table.players[n].id
            session.dispatch(table.id, "add_unit", {"unit": {"id": f"u{n + 1}", "name": name, "points": 50,
                                                             "owner": owner, "dial": dial((8, 10, 17, 3),
                                                                                          (7, 9, 16, 2))}}, by=owner)
    split = session.new_match("killer-of-the-maze", ["Ann", "Ben"])  # a team of three: the Lost form's party choices
    for n, name in enumerate(("Brother Tarn", "Brother Vale", "Trooper Osk")):
        session.dispatch(split.id, "add_unit", {"unit": {"id": f"m{n + 1}", "name": name, "points": 0,
                                                         "owner": split.players[0].id,
                                                         "dial": dial((8, 10, 17, 3), (7, 9, 16, 2))}})
    # points scored: the header's "Ann 12 of 15 VP" is at its widest beside End round and End turn
    session.dispatch(tables["skirmish"].id, "score", {"player": tables["skirmish"].players[0].id, "kind": "vp",
                                                     "delta": 12})
    event = session.judging.new_event("Friday Skirmish", [["Ann", "Ben"], ["Cat", "Dan", "Eve"]])
    swiss = session.judging.new_swiss("Swiss Night", ["Ann", "Ben", "Cat", "Dan", "Eve"])
    pods = session.judging.new_swiss("Halo Pods", ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"],
                                     game="halo-actionclix", table_size=4, placement=(6, 4, 2, 1))
    running = session.judging.write(event.id, "start", {"tables": [1]})
    timer = timer_link(table_timer_payload(running, running.tables[0]))  # the code a judge's QR shows
    empty = session.new_match("halo-actionclix", ["Ann", "Ben"])  # a fresh table: how to add units
    force, _ = save_force(session, halo.id, halo.players[0].id, "Ann's Spartans")  # New match offers it
    return {"halo": halo.id, "empty": empty.id, "force": force.id, "done": done.id, "scarab": scarab.id,
            "guided": guided.id, "event": event.id, "swiss": swiss.id, "pods": pods.id, "timer": timer,
            "split": split.id,
            **{key: table.id for key, table in tables.items()}}


Step = Callable[[Screen, str, dict[str, str]], None]


def go(route: str, text: str) -> Step:
    def step(s: Screen, url: str, ids: dict[str, str]) -> None:
        s.open(url + route.format(**ids).lstrip("/"))
        s.wait_text(text)
    return step


def tap(route: str, *names: str, text: str) -> Step:
    def step(s: Screen, url: str, ids: dict[str, str]) -> None:
        go(route, "")(s, url, ids)
        for name in names:
            for _ in range(6):  # Flutter names only what is near the visible part: scroll down to the button
                if any(name in label for label in s.labels()):
                    break
                s.page.mouse.move(SIZES["320"]["width"] / 2, 400)
                before = tree(s.page)
                s.page.mouse.wheel(0, 300)
                at_rest(s.page, before)
            s.tap(name, exact=False)
        s.wait_text(text)
    return step


def settled_at_top(s: Screen, step: Step, url: str, ids: dict[str, str]) -> None:
    """A step that scrolled down to its taps, audited from the screen's top (a line half under the app bar is
    what the scroll left there, not the layout)."""
    step(s, url, ids)
    back_to_top(s)


def read_code(s: Screen, url: str, link: str) -> None:
    """A player's phone reads a table's timer code (pasted: the camera is tested elsewhere)."""
    go("/scan", "Scan")(s, url, {})
    s.type_into("Shared link", link)
    s.tap("Read link")
    s.wait_text("Table clock")


TOUR: dict[str, Step] = {
    "home": go("/", "Your matches"),
    "new-match": go("/new", "Game"),  # a force is saved: the game chosen, its list folded, the force picks
    "new-match-games": tap("/new", "Change game", text="The Killer of the Maze"),
    "dice": go("/dice", "Dice"),
    "rules": go("/rules", "Rules"),
    "rules-section": go("/rules/halo-actionclix/move-attack-penalty", "Moving and attacking"),
    "scan": go("/scan", "Scan"),
    "about": go("/about", "Version "),
    "backup": tap("/", "Backup", text="Backup"),
    "judge-mode": go("/judge-mode", "Your events"),
    "judge-console": go("/judge-mode/{event}", "Standings"),
    "judge-swiss": go("/judge-mode/{swiss}", "Round 1 pairings"),
    "judge-new-pods": lambda s, url, ids: settled_at_top(
        s, tap("/judge-mode", "Halo ActionClix", "Pods of 4", text="Battle Royale placement"), url, ids),
    "judge-pods": go("/judge-mode/{pods}", "Halo ActionClix"),
    "judge-room": go("/judge-mode/{event}/room", "Open the room and every player"),
    "judge-room-open": tap("/judge-mode/{event}/room", "Open the room", text="Players scan this"),
    "judge-codes": go("/judge-mode/{event}/codes", "Hand each player their own code"),
    "timer-code": tap("/judge-mode/{event}", "Timer QR", text="Players scan this"),
    "player-timer": lambda s, url, ids: read_code(s, url, ids["timer"]),
    "table": go("/match/{halo}", "Ann to play"),
    "table-scarab": go("/match/{scarab}", "to play"),
    "scarab-guide": tap("/match/{guided}", "Scarab turn guide", text="Step 1 of 9"),
    "scarab-dials": tap("/match/{scarab}", "Enter the Scarab's dials", text="one click per line"),
    "table-skirmish": go("/match/{skirmish}", "'s round 1 of 2"),
    "table-maze": go("/match/{maze}", "to play"),
    "table-empires": go("/match/{empires}", "to play"),
    "add-unit": tap("/match/{halo}", "Add a unit", text="Type what changes"),
    "add-unit-typed": tap("/match/{halo}", "Add a unit", "Type the lines instead", text="One click per line"),
    "table-empty": go("/match/{empty}", "No units yet"),
    "paste-force": tap("/match/{empty}", "Paste a force", text="One unit a line"),
    "force-share": go("/force/{force}", "Scan this with the other phone"),
    "unit": tap("/match/{halo}", "Unit details", text="Spartan Mk VI"),
    "unit-skirmish": tap("/match/{skirmish}", "Unit details", text="Captain Vex"),
    "unit-maze": tap("/match/{maze}", "Unit details", text="Captain Vex"),
    "unit-empires": tap("/match/{empires}", "Unit details", text="Captain Vex"),
    "unit-edit": go("/match/{halo}/unit/u1/edit", "Type what changes"),
    "unit-gone": go("/match/{halo}/unit/u9", "no longer in the match"),
    "setup": go("/match/{halo}/setup", "Set-up"),
    "setup-rename": tap("/match/{halo}/setup", "Rename", text="Save name"),
    "table-menu": tap("/match/{halo}", "Table menu", text="End match"),
    "clock": tap("/match/{halo}", "Table menu", "Table clock", text="Set up the clock"),
    "log": go("/match/{halo}/log", "Match log"),
    "share": go("/match/{halo}/share", "Share"),
    "helper": go("/match/{halo}/helper", "what can I do?"),
    "advice": go("/match/{halo}/advice", "best moves"),
    "action": go("/match/{halo}/action/attack/u1?target=u2", "Roll 2d6"),
    "action-maze-split": go("/match/{split}/action/lost", "Trooper Osk's party"),
    "roll": tap("/match/{halo}/action/attack/u1?target=u2", "Roll 2d6", text="2d6: "),
    # after Undo on a result: what it took back in the pinned bar, above the odds and Roll (another unit than
    # the roll's above, which has acted this turn when both are in one part)
    "action-undone": tap("/match/{halo}/action/attack/u3?target=u2", "Roll 2d6", "Undo", text="Undid: "),
    "action-more": tap("/match/{halo}/action/attack/u1", "More options", text="Fewer options"),
    "action-skirmish": go("/match/{skirmish}/action/attack/u1", "Roll 2d6"),
    "match-dice": go("/match/{halo}/dice", "Dice"),
    "end": go("/match/{halo}/end", "End the match"),
    "result": go("/match/{done}/result", "Winner: Cat"),
}


# how long the same tree and pixels must hold: a screen opened at its address slides in over home (Flutter's page
# transition), and on a loaded machine its first frames can come late, so two quick reads alike showed home under
# the new screen's tree (fit-360-table.png at dcbd625)
HELD = 0.8


def settle(s: Screen) -> bytes:
    """The screen drawn and at rest, as a screenshot: reads (each the semantics tree at rest, then the pixels
    painted from it) agree for `HELD` seconds, and Flet's own light "Working..." overlay, which can still be up
    under load, is gone (or 10 s passed: the audit and the screenshot then show what is left)."""
    deadline = time.monotonic() + 10
    last, since = None, time.monotonic()
    while True:
        png = s.drawn()
        now = (tree(s.page), png)
        if now != last:
            last, since = now, time.monotonic()
            continue
        held = time.monotonic() - since >= HELD
        if (held and brightness(png) < LIGHT) or time.monotonic() > deadline:
            return png
        s.page.wait_for_timeout(200)  # the overlay lifts with the server's answer, a late slide-in with a frame


def back_to_top(s: Screen) -> None:
    """Scroll the screen back up after an audit took it to its end (the next size is audited from the top)."""
    for _ in range(20):
        before = tree(s.page)
        s.page.mouse.wheel(0, -2000)
        if at_rest(s.page, before) == before:
            return


PARTS = 4  # the tour in four parts (every fourth screen each), so the test workers share it and none runs long


def visit(browser: Any, name: str, step: Step, ids: dict[str, str], url: str) -> dict[str, Any]:
    """One screen reached at 360x640 and audited, then the same page narrowed to each smaller size and audited
    again: the findings by size and screen."""
    found: dict[str, Any] = {}
    # a fresh page each time: a reload would reattach Flet's session, with its stack of screens
    s = Screen(browser.new_page(viewport=SIZES["360"]))
    try:
        try:
            step(s, url, ids)
        except Exception as exc:  # noqa: BLE001 - one unreachable screen must not hide the others' findings
            return {f"360 {name}": {"unreached": str(exc).splitlines()[0][:300]}}
        for size, viewport in SIZES.items():
            if size != "360":
                back_to_top(s)
                s.page.set_viewport_size(viewport)
            s.shot(f"fit-{size}-{name}", settle(s))
            found[f"{size} {name}"] = audit(s.page, TOOLTIPS + DIAL_FIELDS)
        return found
    finally:
        s.page.close()


@pytest.mark.browser
@pytest.mark.parametrize("part", range(PARTS))
def test_every_screen_fits_a_small_phone(tmp_path: Path, part: int) -> None:
    """Each screen is reached once at 360x640, checked, then the same page narrowed to 320x568 and checked again:
    a phone turned or a window resized relays the same controls (no screen here reads its width, below the
    800 px of a wide table), and reaching each screen once halves the tour's time."""
    playwright = require_browser()
    mine = set(list(TOUR)[part::PARTS])
    ids = seed(tmp_path)
    found: dict[str, Any] = {}
    with served_app(tmp_path) as url, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        # e.g. FIT_ONLY=judge- or FIT_ONLY=new-match,action : the screens a change touched, not the tour
        only = tuple(os.environ.get("FIT_ONLY", "").split(","))
        for name, step in TOUR.items():
            if name not in mine or not name.startswith(only):
                continue
            try:
                found.update(visit(browser, name, step, ids, url))
            except playwright.Error as exc:  # Chromium drew no frame in 30 s (a loaded machine): once more, afresh
                print(f"{name}: tried again after {str(exc).splitlines()[0]}")
                found.update(visit(browser, name, step, ids, url))
        browser.close()
    for name, findings in found.items():
        print(f"{name}: {findings}")
    assert {n: f for n, f in found.items() if any(f.values())} == {}
