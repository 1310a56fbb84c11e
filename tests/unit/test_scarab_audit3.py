"""The Scarab against its seed (000), third rules-lawyer audit: each hole reproduced as it was found on main, now
refused or answered by the system (its checks, its pack), on every path."""

from __future__ import annotations

from dataclasses import replace

from companion import rules
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action, ActionOption, advice

from builders import SEED, rng_for
from scarab_setup_kit import figure, scarab_match, strike_team
from scarab_turn_kit import at

SCARAB = rules.get("scarab")


def options(state: Match) -> dict[str, ActionOption]:
    return {o.action: o for o in SCARAB.legal_actions(state)}


def do(state: Match, name: str, unit: str | None = None, n: int = 0, **params: object) -> Match:
    return replay(state, list(SCARAB.resolve(state, Action(name, unit, dict(params)), rng_for(SEED, n)).events))


def attackers_turn(state: Match) -> Match:
    return replay(state, [Event("end_turn", {})])


# --- 1. a figure takes one action every turn, turn after turn (seed 001 ¶8; seed 000 ¶26, 91) ---------------------

def test_audit3_a_figure_may_take_its_one_action_every_turn_running() -> None:
    # neither seed caps how many turns running a figure acts (no HeroClix two-token rest): one action a turn
    state = attackers_turn(scarab_match(*strike_team()))
    for n in range(4):
        assert SCARAB.explain(state, Action("shoot-scarab", "batman", {})).legal, f"turn {state.turn}"
        state = do(state, "shoot-scarab", "batman", n)
        again = SCARAB.explain(state, Action("shoot-scarab", "batman", {}))
        assert not again.legal and "already had its action this turn" in again.reason
        state = replay(state, [Event("end_turn", {}), Event("end_turn", {})])  # the Scarab's turn between


# --- 2. the interior defenders' count is the Scarab's one power level, not picked anew each action (¶45, 115) ---

def test_audit3_interior_actions_of_a_turn_keep_the_first_ones_power_level() -> None:
    grunts = [figure(f"g{i}", "p1", attack=8, defense=15, damage=1, points=20, position="interior") for i in range(6)]
    state = at(scarab_match(figure("hero", "p2"), *grunts), "reinforcements")
    state = do(state, "interior-action", "g0", 0, level="normal")
    switched = SCARAB.explain(state, Action("interior-action", "g1", {"level": "heroic"}))
    assert not switched.legal and switched.rule == "interior-defence"
    assert switched.reason.startswith("this turn's interior actions are made at the Normal power level: the Scarab")
    for i in (1, 2):
        state = do(state, "interior-action", f"g{i}", i, level="normal")
    # three at Normal, then a fourth claimed at Heroic: refused, the turn's count is spent
    fourth = SCARAB.explain(state, Action("interior-action", "g3", {"level": "heroic"}))
    option = options(state)["interior-action"]
    assert not fourth.legal and not option.enabled
    assert fourth.reason == option.reason == "all 3 interior actions of this turn are used at the Normal power level"
    # the next turn starts afresh: its first interior action may be made at Heroic, and the form offers that after
    state = at(replay(state, [Event("end_turn", {}), Event("end_turn", {})]), "reinforcements")
    state = do(state, "interior-action", "g0", 5, level="heroic")
    level = next(p for p in options(state)["interior-action"].params if p.name == "level")
    assert level.default == "heroic"
    assert not SCARAB.explain(state, Action("interior-action", "g1", {"level": "normal"})).legal


# --- 3. the Event dial typed the pack's way tells the roll's move and the specials apart (¶15, 19-20, 70-75) ------

def typed_event_dial(state: Match) -> Match:
    """The Event dial as the set-up form types it (the pack's `typing`): a move per d6 band, then the specials."""
    dial = [{"stats": {}, "markers": ["1-2:shift", "3-4:rotate", "5:shift", "6:rotate", "special:plasma-mortar"]},
            {"stats": {}, "markers": ["1-2:rotate", "3-4:shift", "5:rotate", "6:shift"]}]
    return replay(state, [Event("remove_unit", {"unit": "scarab-event"}), Event("add_unit", {"unit": {
        "id": "scarab-event", "name": "Event dial", "points": 0, "owner": "p1", "cyclic": True,
        "ref": "scarab:event", "dial": dial}})])


def test_audit3_the_event_roll_names_the_move_its_band_shows() -> None:
    state = typed_event_dial(scarab_match(*strike_team()))
    odds = SCARAB.odds(state, Action("roll-event"))
    assert odds is not None
    assert odds.text == "d6 against the Event dial: 1-2 shift: 2/6, 3-4 rotate: 2/6, 5 shift: 1/6, 6 rotate: 1/6"
    for n in range(12):
        resolution = SCARAB.resolve(state, Action("roll-event"), rng_for(SEED, n))
        rolled = replay(state, list(resolution.events)).rolls[-1].dice[0]
        move = {1: "shift", 2: "shift", 3: "rotate", 4: "rotate", 5: "shift", 6: "rotate"}[rolled]
        band = {1: "1-2", 2: "1-2", 3: "3-4", 4: "3-4", 5: "5", 6: "6"}[rolled]
        assert resolution.summary.startswith(f"Rolled {rolled} on d6: band {band}, {move}. {move.capitalize()} the")


def test_audit3_the_move_step_says_the_move_the_roll_gave() -> None:
    state = typed_event_dial(scarab_match(*strike_team()))
    rolled_state = do(state, "roll-event", None, 3)
    rolled = rolled_state.rolls[-1].dice[0]
    move = {1: "shift", 2: "shift", 3: "rotate", 4: "rotate", 5: "shift", 6: "rotate"}[rolled]
    band = {1: "1-2", 2: "1-2", 3: "3-4", 4: "3-4", 5: "5", 6: "6"}[rolled]
    step = options(rolled_state)["move"]
    assert step.enabled and step.note is not None and step.note.startswith(f"This turn's roll: band {band}, {move}.")
    moved = SCARAB.resolve(rolled_state, Action("move"), rng_for(SEED, 0))
    assert moved.summary == f"{move.capitalize()} the Scarab (band {band} of this turn's roll): done"


def test_audit3_the_specials_steps_name_only_the_special_attacks() -> None:
    state = at(typed_event_dial(scarab_match(*strike_team())), "event-specials")
    shown = SCARAB.resolve(state, Action("event-specials"), rng_for(SEED, 0))
    assert shown.summary == "Event dial special attacks: plasma-mortar; resolve each as the dial's card says"
    turned = do(do(state, "event-specials"), "turn-event")  # the next position shows no special attack
    assert turned.unit("scarab-event").click == 1
    shell = SCARAB.resolve(turned, Action("shell-specials"), rng_for(SEED, 0))
    assert shell.summary == "Shell dial special attacks: none showing"


# --- 4. the advisor's points are the clicks that win: the core's, never the Shell's (¶46, 50, 116, 120) -------------

def test_audit3_the_advisor_counts_core_clicks_not_shell_clicks_toward_winning() -> None:
    state = attackers_turn(scarab_match(figure("hero", "p2", attack=12, damage=1, position="interior"),
                                        figure("ace", "p2", attack=12, damage=5), core_clicks=3))
    rows = advice.rank(SCARAB, state, "points")
    assert rows[0].action.name == "attack-core" and rows[0].win == 0 and rows[0].points > 0
    assert rows[0].scoring == "Main Power Core clicks"
    shell = [r for r in rows if r.action.name == "shoot-scarab"]
    assert shell and all(r.points == 0 and r.figures["Shell dial clicks"] > 0 for r in shell)


# --- 5. a reinforcement may throw a grenade as its attack, as the attacker's figures may (seed 001 ¶8; ¶105) ------

def test_audit3_a_reinforcement_throws_its_grenade_and_spends_the_token() -> None:
    grenadier = figure("elite", "p1", "Elite", attack=9, damage=2, tokens={"grenade": 1})
    state = at(scarab_match(figure("hero", "p2"), grenadier, figure("grunt", "p1", tokens={"grenade": 1},
                                                                    position="top")), "reinforcements")
    step = options(state)["reinforcements"]
    assert "grenade" in [p.name for p in step.params]
    throw = Action("reinforcements", "elite", {"target": "hero", "grenade": True})
    odds = SCARAB.odds(state, throw)
    assert odds is not None and odds.text.startswith("Elite throws a grenade at Hero")
    after = replay(state, list(SCARAB.resolve(state, throw, rng_for(SEED, 0)).events))
    assert after.unit("elite").tokens["grenade"] == 0 and after.rolls[-1].purpose == "Elite throws a grenade at Hero"
    spent = SCARAB.explain(at(replace(after, turn=after.turn + 2), "reinforcements"), throw)
    assert not spent.legal and spent.reason == "Elite has no Grenade token"
    top = SCARAB.explain(state, Action("reinforcements", "grunt", {"target": "hero", "grenade": True}))
    assert not top.legal and top.reason == "Grunt is on top of the Scarab: it can't use Throw a Grenade"


# --- 6. a count of 0 actions says so, not that actions were used (¶26, 91) ------------------------------------------

def test_audit3_a_heroclix_count_of_0_says_the_count_is_0_not_that_actions_were_used() -> None:
    state = replay(scarab_match(figure("hero", "p2", points=80), figure("kid", "p2", points=15)), [
        Event("house_rule", {"option": "heroclix-attacker-actions", "on": True}), Event("end_turn", {})])
    verdict = SCARAB.explain(state, Action("shoot-scarab", "hero", {}))
    assert not verdict.legal and verdict.reason == ("your count gives you 0 actions a turn: one per 100 points of your "
                                                    "95-point force (house rule)")
    assert options(state)["move"].reason == verdict.reason


# --- 7. the two-aerial limit counts a grenade under the bases and the shot a move ends in (¶29, 94) ---------------

def test_audit3_a_grenade_and_a_moves_shot_count_toward_the_two_aerial_attackers() -> None:
    flyers = [figure(f"a{i}", "p2", marks=("flying",) if i == 2 else ("aerial",), tokens={"grenade": 1})
              for i in range(3)]
    state = attackers_turn(scarab_match(*flyers, figure("b", "p2"), figure("c", "p2")))
    state = do(state, "move", "a0", 0, target="scarab", moved=2)
    state = do(state, "shoot-scarab", "a1", 1, grenade=True, under_base=True)
    for action in (Action("shoot-scarab", "a2", {}), Action("move", "a2", {"target": "scarab"})):
        verdict = SCARAB.explain(state, action)
        assert not verdict.legal and verdict.reason == "2 aerial figures already shot at the Scarab this turn"
    assert SCARAB.explain(state, Action("shoot-scarab", "b", {})).legal
