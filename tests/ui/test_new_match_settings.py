"""New match asks the numbers the pack leaves to the players (issue 40: Halo's Kill points to win and force
limits), only for the games whose pack declares them; the header then shows the score against the target."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui_flows_kit import start


@pytest.mark.asyncio
async def test_halo_asks_the_kill_target_and_the_header_counts_against_it(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    await h.click("new-match")
    await h.choose("system", "heroclix-skirmish")
    assert not h.has("setting-kill-points-to-win")  # Skirmish's pack declares no settings
    await h.choose("system", "halo-actionclix")
    assert h.has("setting-kill-points-to-win") and h.has("setting-max-force-points")
    assert "The rules leave this number out" in h.find("setting-kill-points-to-win").helper
    await h.type("player-0", "Ann")
    await h.type("player-1", "Ben")
    await h.type("setting-kill-points-to-win", "0")
    await h.click("create-match")  # one sentence, nothing lost, no match
    assert "Kill points to win must be a whole number of 1 or more, not 0" in h.text_of("toast")
    assert session.list_matches() == [] and h.find("player-0").value == "Ann"
    await h.type("setting-kill-points-to-win", "10")
    await h.type("setting-max-force-points", "300")
    await h.click("create-match")
    match_id = h.top.route.removeprefix("/match/")
    assert session.state(match_id).counters == {"kill-points-to-win": 10, "max-force-points": 300}
    assert "Ann 0 of 10 kills" in h.texts() and "Ben 0 of 10 kills" in h.texts()

