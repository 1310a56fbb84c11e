"""The action screen's layout (issue 39): the form scrolls above a bar pinned at the bottom holding the odds and
Roll; the fields a system marks rare wait behind "More options" (open by themselves when one holds a value other
than its default, as the advice fills in); the result is a new scrolling page, so it opens at its top."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main

from builders import dial
from flet_harness import Harness, walk

ENEMIES = ("Grunt A", "Grunt B", "Elite Minor", "Jackal", "Hunter")


def halo_five_enemies(root: Path, enemies: tuple[str, ...] = ENEMIES) -> tuple[Session, str]:
    session = Session(MatchStore(root))
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    for n, (name, owner) in enumerate([("Sniper", "p1"), *((e, "p2") for e in enemies)]):
        session.dispatch(match.id, "add_unit", {"unit": {"id": f"u{n + 1}", "name": name, "points": 40,
                                                         "owner": owner, "dial": dial((8, 10, 17, 3), (8, 9, 16, 3))}})
    return session, match.id


def _keys_under(control: object) -> list[str]:
    return [str(c.key) for c in walk(control) if getattr(c, "key", None) is not None]


@pytest.mark.asyncio
async def test_the_odds_and_roll_are_in_the_pinned_bar_and_rare_fields_fold(tmp_path: Path) -> None:
    session, match_id = halo_five_enemies(tmp_path)
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{match_id}")
    await h.click("unit-u1-act")
    assert {"action-odds", "action-resolve"} <= set(_keys_under(h.find("action-body-bar")))
    assert "param-target" in _keys_under(h.find("action-body-form"))
    assert all(h.has(f"param-target-u{n}") for n in range(2, 7))  # five targets, no drop-down
    for rare in ("param-modifier", "param-splash", "param-adjacent_u3"):
        assert not h.has(rare)
    assert h.find("more-options").content == "More options" and h.find("more-options").height >= 48
    form = _keys_under(h.find("action-body-form"))  # the target chosen first, then the fold
    assert form.index("action-title") < form.index("param-target") < form.index("more-options")
    await h.click("more-options")
    assert h.has("param-modifier") and h.has("param-splash")
    form = _keys_under(h.find("action-body-form"))  # what it unfolds: right below it
    assert form.index("param-target") < form.index("more-options") < form.index("param-modifier")
    await h.type("param-modifier", "2")
    assert "+2 modifiers = 12" in h.text_of("action-odds")
    assert not h.find("more-options").visible  # a value set stays in sight: no folding it away unseen
    await h.type("param-modifier", "0")
    await h.click("more-options")  # "Fewer options"
    assert not h.has("param-modifier")
    await h.choose("param-target", "u6")
    await h.click("action-resolve")
    assert h.has("action-body-result") and not h.has("action-body-form")  # a new scroll view: opens at its top
    assert {"roll-undo", "roll-done"} <= set(_keys_under(h.find("action-body-bar")))
    assert "Hunter" in session.log(match_id)[-1].data["label"]


def _fields(h: Harness) -> list[str]:
    """The form's fields and its fold line, top to bottom."""
    return [k for k in _keys_under(h.find("action-body-form"))
            if k == "more-options" or (k.startswith("param-") and k.count("-") == 1)]


@pytest.mark.asyncio
async def test_the_form_reads_in_the_order_a_player_decides(tmp_path: Path) -> None:
    """The target, then More options, then the rare fields; the units next to the target are asked only with the
    card's splash on, and never the target itself (the rules refuse that mark), following the target chosen."""
    session, match_id = halo_five_enemies(tmp_path)
    h = await Harness.at(session, f"/match/{match_id}/action/move-and-attack/u1")
    assert _fields(h) == ["param-target", "param-moved", "param-ends", "more-options"]
    await h.click("more-options")
    assert _fields(h) == ["param-target", "param-moved", "param-ends", "more-options", "param-modifier", "param-kind",
                          "param-splash"]  # no marks while the card's splash is off: they would do nothing
    await h.choose("param-splash", True)
    marks = [f"param-adjacent_u{n}" for n in (3, 4, 5, 6)]  # u2 is the target chosen first
    assert _fields(h) == ["param-target", "param-moved", "param-ends", "more-options", "param-modifier", "param-kind",
                          "param-splash", *marks]
    await h.choose("param-adjacent_u4", True)
    await h.choose("param-target", "u4")  # the marked unit becomes the target: its mark goes, u2's comes
    assert "param-adjacent_u4" not in _fields(h) and "param-adjacent_u2" in _fields(h)
    assert h.text_of("action-odds").startswith("Chance: ")  # not refused: the mark is not sent
    await h.click("action-resolve")
    assert "Elite Minor" in session.log(match_id)[-1].data["label"]
    await h.click("roll-undo")
    await h.choose("param-kind", "special")  # a special ability has no splash: the switch and its marks go
    assert "param-splash" not in _fields(h) and not any(k.startswith("param-adjacent") for k in _fields(h))


@pytest.mark.asyncio
async def test_a_rare_field_filled_in_by_the_advice_is_shown_open(tmp_path: Path) -> None:
    session, match_id = halo_five_enemies(tmp_path)
    h = await Harness.start(lambda page: main(page, session))
    h.page.on_route_change(type("E", (), {"route": f"/match/{match_id}/action/attack/u1?target=u4&modifier=1"})())
    await h._settle()
    assert h.find("param-modifier").value == "1" and not h.find("more-options").visible


@pytest.mark.asyncio
async def test_ten_enemies_are_ten_radio_lines_two_to_a_line_not_a_drop_down(tmp_path: Path) -> None:
    session, match_id = halo_five_enemies(tmp_path, (*ENEMIES, *(f"{e} 2" for e in ENEMIES)))
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{match_id}")
    await h.click("unit-u1-act")
    assert all(h.has(f"param-target-u{n}") for n in range(2, 12))  # one tap chooses any of them
    await h.choose("param-target", "u11")
    await h.click("action-resolve")
    assert "Hunter 2" in session.log(match_id)[-1].data["label"]
