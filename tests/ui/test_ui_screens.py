"""Rules lookup, dice and the rules helper, driven through real Flet sessions."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.halo.attack import AttackSetup, hit_chance
from companion.session import Session
from companion.session.judging.service import Judging
from companion.store.matches import MatchStore
from companion.ui.app import main

from flet_harness import Harness, drawn, walk
from ui_flows_kit import add_unit, new_halo_match, new_match_of, start


@pytest.mark.asyncio
async def test_rules_lookup_tolerates_typos_and_follows_links(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)
    await h.click("home-rules")
    await h.type("rules-query", "granade")
    first = next(k for k in h.key_list() if k.startswith("hit-"))
    assert first == "hit-halo-actionclix-grenades"
    await h.click(first)
    assert "Grenade" in h.find("section-body").value
    link = next(k for k in h.key_list() if k.startswith("link-"))
    await h.click(link)
    assert h.top.route.startswith("/rules/halo-actionclix/")
    assert h.top.route != "/rules/halo-actionclix/grenades"


@pytest.mark.asyncio
async def test_dice_screen_shows_exact_odds_and_logs_rolls_in_the_match(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    await h.click("home-dice")
    await h.type("dice-expr", "2d6")
    await h.type("dice-target", "10")
    assert h.text_of("dice-odds") == "2 to 12, average 7.00 · at least 10: 1/6 (16.67%)"
    await h.type("dice-expr", "2d6+")
    assert h.text_of("dice-odds").startswith("Check the notation")
    await h.type("dice-expr", "d66")
    await h.click("dice-roll")
    assert "d66: [" in h.text_of("dice-history-0")
    assert h.text_of("roll-word") == "MISS" or h.text_of("roll-word") == "HIT"  # at least 10 is still typed
    assert not h.find("roll-undo").visible  # a roll outside a match is not stored: nothing to undo
    # from a match, a roll is drawn when Roll is tapped and its dice go into the match's log
    h2, session = await start(tmp_path)
    match_id = await new_halo_match(h2)
    await h2.click("open-dice")
    assert h2.has("quick-2d6") and not h2.has("roll-result")
    await h2.click("quick-2d6")
    await h2.click("dice-roll")
    logged = session.state(match_id).rolls[0]
    assert h2.text_of("roll-dice") == f"2d6: {logged.dice[0]} {logged.dice[1]} = {logged.total}"
    assert h2.text_of("roll-word") == "ROLLED"  # no "at least": neither a hit nor a miss
    # Undo takes it back, and the history still shows it, marked
    await h2.click("roll-undo")
    assert session.state(match_id).rolls == () and not h2.has("roll-result")
    assert h2.text_of("dice-undone").startswith("Undid: ")  # beside Roll, covering nothing
    assert not h2.has("toast") or not h2.text_of("toast").startswith("Undid")
    assert h2.text_of("dice-history-0").startswith("UNDONE ") and str(list(logged.dice)) in h2.text_of(
        "dice-history-0")


@pytest.mark.asyncio
async def test_the_dice_screen_shows_a_roll_from_another_phone_without_a_tap(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id

    h = await Harness.at(session, f"/match/{match_id}/dice")
    await h.type("dice-expr", "3d6")  # half typed when the other roll comes in: the field keeps it
    assert h.text_of("dice-history-0") == "No rolls in this match yet."
    other = Session(MatchStore(tmp_path / "data"))  # another phone (or the CLI) on the same data folder
    logged = other.roll(match_id, "d20", "initiative", by="p2")
    session.feed.changed(None)  # what the app hears when anything looks again (a hosted table's tick)
    await drawn()
    assert h.text_of("dice-history-0").endswith(f"Ben: {logged.expr} [{logged.total}] = {logged.total} (initiative)")
    assert h.find("dice-expr").value == "3d6"
    other.undo(match_id, by="p2")
    session.feed.changed(None)
    await drawn()
    assert h.text_of("dice-history-0").startswith("UNDONE ")


@pytest.mark.asyncio
async def test_halo_helper_lists_actions_and_commits_an_attack(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_halo_match(h)
    await add_unit(h, "Spartan", "8 10 17 3\n8 9 16 3\n7 9 15 2")
    await add_unit(h, "Grunt", "6 7 14 1", owner_index=1)
    await h.click("open-helper")
    assert h.has("do-move-u1") and h.has("do-attack-u1")
    assert "Grenade" in h.text_of("why-throw-grenade")  # no grenade token: refused with the reason
    await h.click("do-attack-u1")
    setup = AttackSetup(attack=10, defense=14)
    chance = hit_chance(setup)
    assert f"{chance.numerator}/{chance.denominator}" in h.text_of("action-odds")
    assert session.state(match_id).rolls == () and not h.has("roll-result")  # odds before, no dice yet
    await h.click("action-resolve")  # the commit: dice drawn now, the step stored at once
    state = session.state(match_id)
    dice = state.rolls[0].dice
    hit = sum(dice) + setup.attack >= setup.defense
    assert h.text_of("roll-word") == ("HIT" if hit else "MISS")
    assert h.find("roll-result").bgcolor == ("#009E73" if hit else "#D55E00")
    assert h.text_of("roll-dice") == f"2d6: {dice[0]} {dice[1]} = {sum(dice)}"
    grunt = state.unit("u2")
    assert state.unit("u1").tokens.action == 1
    if hit:  # 3 damage on a 1-click dial: eliminated, kill token, upgrade token, back to reserves
        assert (state.player("p1").kills, state.unit("u1").tokens["upgrade"], grunt.location) == (1, 1, "reserve")
        assert "Grunt is KO'd" in h.text_of("roll-result") and "Ann: +1 kill" in h.text_of("roll-result")
    # Undo takes the whole attack back; the roll stays in the log as undone
    await h.click("roll-undo")
    assert session.state(match_id).rolls == () and session.state(match_id).unit("u1").tokens.action == 0
    # said in the pinned bar above Roll, not in a snack bar over it (that covered Roll for four seconds)
    assert h.text_of("action-undone").startswith("Undid: ") and h.text_of("action-undone").endswith(
        "(its roll stays in the log, marked undone)")
    assert "action-undone" in [getattr(c, "key", None) for c in walk(h.find("action-body-bar"))]
    assert not h.has("toast") or not h.text_of("toast").startswith("Undid")  # no snack bar says it
    assert h.has("action-resolve") and not h.has("roll-result")
    assert session.log(match_id)[-1].type == "undo"
    await h.click("action-resolve")  # rolling again: drawn afresh, after the undone roll in everyone's log
    await h.click("roll-done")
    assert [e.type for e in session.log(match_id)[-2:]] == ["undo", "batch"]
    # on another app over the same data, the helper refuses a second action for the Spartan
    h3 = await Harness.start(lambda page: main(page, Session(MatchStore(tmp_path / "store"))))
    await h3.click(f"match-{match_id}")
    await h3.click("open-helper")
    assert h3.has("why-move") and not h3.has("do-move-u1")


SCARAB_DIALS = {"shell": "17\n16\n15", "chassis": "9 17 2\n8 16 2", "main-power-core": "10 18 3\n9 17 3",
                "event": "shift\nrotate special:plasma\nshift\nrotate"}


@pytest.mark.asyncio
async def test_scarab_turn_is_guided_step_by_step(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_match_of(h, "scarab", "Sam", "Ann")
    await add_unit(h, "Banshee", "10 9 17 2\n9 9 16 2", owner_index=1)
    await h.click("fixed-dials")
    event = h.find("dial-event")  # a dial of words says how to type it (from the pack), not a bare example
    assert "shift or rotate" in event.helper and "special:" in event.helper and event.hint_text.startswith("1-2:")
    assert h.find("dial-shell").helper == "defense: one click per line"  # a dial of numbers: their order
    for dial, text in SCARAB_DIALS.items():
        await h.type(f"dial-{dial}", text)
    await h.click("save-dials")
    state = session.state(match_id)
    assert {u.name for u in state.units if u.owner == "p1"} == {"Shell dial", "Chassis dial", "Main Power Core dial",
                                                               "Event dial"}
    await h.click("turn-guide")
    assert h.text_of("guide-step").startswith("Step 1 of 9")
    await h.click("guide-do-roll-event")  # rolls: its own screen with the roll and what it means
    await h.click("action-resolve")
    assert h.text_of("action-summary").startswith("Rolled ") and "read from your Event dial" in h.text_of(
        "action-summary")
    await h.click("roll-done")
    assert session.state(match_id).rolls[-1].expr in ("d6", "1d6")
    await h.click("guide-do-move")
    await h.click("guide-do-displaced")
    await h.choose("param-displaced-u1", True)
    await h.click("action-resolve")
    await h.click("roll-done")
    assert session.state(match_id).unit("u1").click == 1  # displaced: 1 damage
    await h.click("guide-do-event-specials")
    await h.click("guide-do-turn-event")
    assert session.state(match_id).unit("scarab-event").click == 1
    await h.click("guide-do-shell-specials")
    await h.click("guide-do-main-gun")
    assert "/" in h.text_of("action-odds")  # the exact chance before the roll
    await h.click("action-resolve")
    hit = "hit" in h.text_of("action-summary").split(",")[-1]
    assert h.text_of("roll-word") == ("HIT" if hit else "MISS")
    await h.click("roll-done")
    fired = session.state(match_id).rolls[-1]
    assert "main gun" in fired.purpose.lower()
    assert session.state(match_id).unit("u1").eliminated == hit  # 3 damage on a 2-click dial
    if hit:  # the only attacker is KO'd: the Scarab's side wins and the match ends
        assert "Sam won" in h.text_of("guide-over") and session.state(match_id).status == "finished"
        return
    await h.click("guide-do-hold-fire")  # the turret holds fire: it asks which gun, then applies
    await h.click("action-resolve")
    await h.click("roll-done")
    await h.click("guide-do-end-turn")
    state = session.state(match_id)
    assert (state.turn, state.active_player.name, state.phase) == (2, "Ann", "")
    session.undo(match_id)  # each step is one undoable entry: one undo goes back to the last step
    assert (session.state(match_id).turn, session.state(match_id).phase) == (1, "reinforcements")


@pytest.mark.asyncio
async def test_judge_mode_in_the_app(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)
    await h.click("home-judge")
    assert h.has("no-events")
    await h.type("event-name", "Friday Skirmish")
    await h.type("event-minutes", "abc")
    await h.click("event-create")
    assert "whole number of minutes" in h.text_of("toast")
    await h.type("event-minutes", "45")
    await h.click("event-create")
    await h.type("seat-names", "Ann, Ben")
    await h.click("seat-add")
    await h.click("start-all")
    store = Judging(tmp_path / "store")
    state = store.load(store.ids()[0]).state
    assert state.round_seconds == 45 * 60 and state.tables[0].players == ("Ann", "Ben")
    assert state.tables[0].timer.running
    # the table's timer as a QR code, read on a player's phone: the same deadline, counting down offline
    await h.click("timer-code-1")
    link = h.find("timer-link").value
    assert link.startswith("ttcomp://m/T-")
    phone, _ = await start(tmp_path / "phone")
    await phone.click("home-scan")
    await phone.type("scan-text", link)
    await phone.click("scan-add")
    assert state.tables[0].players[0] in phone.text_of("timer-label")
    minutes, seconds = phone.text_of("timer-clock").split(":")
    assert 44 * 60 <= int(minutes) * 60 + int(seconds) <= 45 * 60


@pytest.mark.asyncio
async def test_skirmish_setup_checks_forces_and_rolls_starting_squares(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_match_of(h, "heroclix-skirmish", "Ann", "Ben")
    for owner in (0, 0, 1):
        await add_unit(h, f"Hero {owner}", "8 10 17 3\n8 9 16 3", owner_index=owner)
    await h.click("open-setup")
    assert h.text_of("force-p1-min-characters").startswith(
        "Not OK: Ann has 2 characters in the starting force; the rules ask for at least 3.")
    await h.click("roll-squares")
    rolls = session.state(match_id).rolls
    kept = [r for r in rolls if r.purpose.startswith("starting square")]
    assert len(kept) == 3 and len({r.total for r in kept}) == 3
    assert h.text_of("square-0") == f"{kept[0].total:02d} (rolled for Hero 0)"
    assert h.text_of("snake-order") == "Placing order (snake draft): Ann, Ben, Ann"  # Ben has one character
    # seed 003 ¶16: a marker isn't the square of the character it was rolled for; the draft takes any marker left
    assert "take any marker left (yours or not)" in h.text_of("snake-rule")
    session.undo(match_id)  # the whole set-up roll is one step
    assert session.state(match_id).rolls == ()


@pytest.mark.asyncio
async def test_skirmish_round_ends_through_the_rules_helper(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_match_of(h, "heroclix-skirmish", "Ann", "Ben")
    await add_unit(h, "Hero", "8 10 17 3\n8 9 16 3")
    await h.click("open-helper")
    await h.click("do-move-u1")  # the round's costed action
    assert session.state(match_id).counters.get("round-costed") == 1
    assert not h.has("do-move-u1")  # one costed action per round
    state = session.state(match_id)
    assert state.unit("u1").tokens.action == 1
    # ending the round from the table goes through the helper: its round counters start again
    h2 = await Harness.start(lambda page: main(page, session))
    await h2.click(f"match-{match_id}")
    await h2.click("end-round")
    await h2.click("confirm-yes")  # ending a round is a risky control: it asks first
    state = session.state(match_id)
    assert (state.active_player.name, state.counters.get("round-costed", 0)) == ("Ben", 0)
