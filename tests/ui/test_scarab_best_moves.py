"""The Scarab's best moves in a real Flet session (issue 40): with the Main Power Core on its last click, the
attack that wins comes first, even when it is the attack an Enter ends in; "Take it" opens Enter with the core
filled in and the odds shown, and one tap stores the move and the attack as one step that ends the match."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main

from flet_harness import Harness
from scarab_setup_kit import figure, scarab_dials


async def launch(session: Session, route: str) -> Harness:
    async def app(page):  # type: ignore[no-untyped-def]
        page.route = route
        await main(page, session)

    return await Harness.start(app)


@pytest.mark.asyncio
async def test_the_core_attack_an_enter_ends_in_ranks_first_and_one_tap_wins(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    mid = session.new_match("scarab", ["Sam", "Ann"]).id
    # Hero on top (attack 16 against the core's 18: any roll hits); Ace on the map, 5 damage a Shell hit
    for u in (*scarab_dials(core_clicks=1), figure("hero", "p2", "Hero", attack=16, damage=1),
              figure("ace", "p2", "Ace", attack=12, damage=5)):
        session.dispatch(mid, "add_unit", {"unit": u})
    session.dispatch(mid, "end_turn")
    session.dispatch(mid, "set_position", {"unit": "hero", "position": "top"})
    h = await launch(session, f"/match/{mid}/advice")
    assert h.text_of("advice-title-0") == "1. Hero: Enter the Scarab Main Power Core dial"
    assert "wins 100%" in h.text_of("advice-line-0")
    assert h.text_of("advice-title-1").startswith("2. Ace: Shoot the Scarab")  # more clicks, but no win

    await h.click("advice-take-0")
    assert h.text_of("action-title") == "Hero: Enter the Scarab"
    assert h.text_of("action-odds").startswith("Chance: Hero attacks the Main Power Core: attack 16 vs defense 18")
    await h.click("action-resolve")
    state = session.state(mid)
    assert state.unit("hero").position == "ramp" and state.unit("scarab-main-power-core").eliminated
    assert state.status == "finished" and state.winners == ("p2",)
