"""One route table (ui/routes.py) serves navigation, reload and back: every route in it, opened by its address on a
real Flet session, is that screen over the screens its back arrow leads to, and the browser's back returns to the
one below; every screen class of the app is a route of the table, every route a screen opens by name is in it, and
no screen writes an address of its own."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from companion.core.tournament.clock import table_timer_payload
from companion.session import Session
from companion.session.table.forces import save_force
from companion.share.timer_code import timer_link
from companion.store.matches import MatchStore
from companion.ui import routes
from companion.ui.routes import BY_NAME, TABLE

from builders import unit
from flet_harness import Harness, browser_goes_to, pushed
from flet_harness import routes as shown
from scarab_setup_kit import scarab_dials

UI = Path(routes.__file__).parent


def _values(tmp_path: Path) -> tuple[Session, dict[str, dict[str, Any]]]:
    """A device holding a Halo match with Ann's Spartan, a Scarab match with its dials typed in (its guided turn
    open), a saved force and a judge's event: each route's values on it."""
    session = Session(MatchStore(tmp_path / "data"))
    halo = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    session.dispatch(halo, "add_unit", {"unit": unit("u1", "p1", clicks=3, name="Spartan", points=45)})
    scarab = session.new_match("scarab", ["Sam", "Ann"]).id
    for dial in scarab_dials():
        session.dispatch(scarab, "add_unit", {"unit": dial}, by="p1")
    force, _ = save_force(session, halo, "p1", "Ann's Spartans")
    event = session.judging.new_event("Friday", [["Ann", "Ben"]])
    code = timer_link(table_timer_payload(event, event.tables[0])).rsplit("/", 1)[-1]
    m = {"match_id": halo}
    special: dict[str, dict[str, Any]] = {
        "rules": {"first": "scarab"},
        "rules.section": {"system": "halo-actionclix", "section": "actions"},
        "timer": {"code": code},
        "force": {"force_id": force.id},
        "match.guide": {"match_id": scarab, "sequence": "scarab-turn"},
        "match.dials": {"match_id": scarab},
        "match.action": {**m, "action": "attack", "unit": "u1", "values": {"target": "u1"}},
        "match.unit": {**m, "unit_id": "u1"},
        "match.unit.edit": {**m, "unit_id": "u1"},
        "judge.timer-code": {"event_id": event.id, "table": 1},
    }
    values = {}
    for route in TABLE:
        base = {"event_id": event.id} if "{event_id}" in route.pattern else m if "{match_id}" in route.pattern else {}
        values[route.name] = special.get(route.name, base)
    return session, values


def _chain(name: str, values: dict[str, Any]) -> list[str]:
    """The addresses of a route and those below it, home first."""
    out = []
    step: str | None = name
    while step is not None:
        out.append(routes.address(step, **(values if step == name else {
            k: v for k, v in values.items() if k not in ("values", "first")})))
        step = BY_NAME[step].below
    return out[::-1]


@pytest.mark.asyncio
async def test_every_route_reloads_to_itself_over_the_screens_below_and_back_leads_down(tmp_path: Path) -> None:
    session, values = _values(tmp_path)
    for route in TABLE:
        address = routes.address(route.name, **values[route.name])
        chain = _chain(route.name, values[route.name])
        h = await Harness.at(session, address)
        assert shown(h) == chain, route.name  # that screen, over those its back arrow leads to
        assert pushed(h) == [], route.name  # the address stays as it was typed
        texts = " ".join(h.texts())
        assert "can't be opened" not in texts and "no longer in the match" not in texts, (route.name, texts)
        if len(chain) > 1:  # the browser's back: the screen below, as it was
            await browser_goes_to(h, chain[-2])
            assert shown(h) == chain[:-1], route.name


@pytest.mark.asyncio
async def test_screens_opened_by_taps_carry_the_address_a_reload_gives_back(tmp_path: Path) -> None:
    """Navigation and reload agree: the table's tools, a unit's card and the judge's console push the addresses
    the table parses back into the same stack."""
    session, values = _values(tmp_path)
    match_id = values["match.log"]["match_id"]
    h = await Harness.at(session, f"/match/{match_id}")
    await h.click("unit-u1-open")
    await h.click("unit-edit")
    stack = shown(h)
    assert stack == _chain("match.unit.edit", {"match_id": match_id, "unit_id": "u1"})
    again = await Harness.at(session, stack[-1])
    assert shown(again) == stack
    scarab = values["match.guide"]["match_id"]
    h = await Harness.at(session, f"/match/{scarab}")
    await h.click("turn-guide")
    again = await Harness.at(session, shown(h)[-1])
    assert shown(again) == shown(h) and again.has("guide-step")


@pytest.mark.asyncio
@pytest.mark.parametrize(("typed", "lands"), [
    ("/no-such-screen", ["/"]), ("/rules/halo-actionclix", ["/"]), ("/match/0000deadbeef/log", ["/"]),
    ("/timer/T-DAMAGED", ["/"]), ("/judge-mode/nope-0000", ["/"]), ("/match/{m}/nothing", ["/", "/match/{m}"]),
    ("/judge-mode/{e}/nothing", ["/", "/judge-mode", "/judge-mode/{e}"]),
    ("/judge-mode/{e}/table/x/code", ["/", "/judge-mode", "/judge-mode/{e}"]),
])
async def test_an_address_no_route_takes_opens_the_nearest_thing_or_home(tmp_path: Path, typed: str,
                                                                          lands: list[str]) -> None:
    session, values = _values(tmp_path)
    m, e = values["match.log"]["match_id"], values["judge.event"]["event_id"]
    h = await Harness.at(session, typed.format(m=m, e=e))
    assert shown(h) == [r.format(m=m, e=e) for r in lands]


def _classes_with_build() -> set[str]:
    """Every class under ui/ with a `build(self, app)` method: the app's screens."""
    found = set()
    for path in UI.rglob("*.py"):
        module = "companion." + ".".join(path.relative_to(UI.parent).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text())):
            protocol = isinstance(node, ast.ClassDef) and any(getattr(b, "id", "") == "Protocol" for b in node.bases)
            if isinstance(node, ast.ClassDef) and not protocol and any(
                    isinstance(f, ast.FunctionDef) and f.name == "build" and [a.arg for a in f.args.args[:2]] ==
                    ["self", "app"] for f in node.body):
                found.add(f"{module}:{node.name}")
    return found


def test_every_screen_class_is_a_route_of_the_table() -> None:
    assert _classes_with_build() == {r.target for r in TABLE}


def test_every_route_a_screen_opens_is_in_the_table_and_no_screen_writes_an_address() -> None:
    named, addresses = [], []
    for path in sorted(UI.rglob("*.py")):
        if path.name == "routes.py":
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") in ("go", "replace_with") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant):
                    named.append(first.value)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.match(
                    r"^/(match|judge-mode|rules|scan|timer|force|new|dice|about|backup)\b", node.value):
                addresses.append(f"{path.relative_to(UI)}:{node.lineno} {node.value!r}")
    assert named and set(named) <= set(BY_NAME), set(named) - set(BY_NAME)
    assert addresses == []


@pytest.mark.asyncio
async def test_host_this_table_by_its_address_in_a_browser_says_it_cannot_host(tmp_path: Path) -> None:
    """The table offers hosting only where the device can serve (the app on a computer); the address reaches the
    screen anywhere, and in a browser tab it says why there is nothing to start."""
    from companion.ui.app import main

    session, values = _values(tmp_path)
    address = routes.address("match.host", **values["match.host"])

    async def in_a_browser(page: Any) -> None:
        page.web = True
        page.route = address
        await main(page, session)

    h = await Harness.start(in_a_browser)
    assert shown(h)[-1] == address and not h.has("start-hosting")
    assert h.text_of("host-body").startswith("This device can't host the table: only the app on a computer")
