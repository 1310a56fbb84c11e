"""What the active player may do in Halo ActionClix now, and why not: the turn worked out once per query (the units
on the table and in the reserves, the actions used, captured spawn points), each action's refusals for the turn,
for a unit and for its params, and the options the helper lists.

The match does not know map positions, so rules that depend on squares (line of fire, spawn points under a unit)
come back as notes for the players to check. Captured spawn points are read from the player counter
`captured-spawn-points` when the pack declares it; otherwise respawning stays open with a reminder.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import IllegalAction
from companion.core.model import Match, Player, Unit
from companion.core.words import counted
from companion.rules.action import Action, ActionOption, Param, Refusal, param_int
from companion.rules.halo.attack import (
    MAX_MOVE,
    MOVING_ATTACKS,
    AttackError,
    attack_params,
    attack_setup,
    dial_value,
    squares_moved,
)
from companion.rules.halo.composed import follow_up_params, may_throw
from companion.rules.halo.exchange import UPGRADE_TOKEN_POINTS, incoming
from companion.rules.halo.reserves import (
    LOOTED,
    action_refusal,
    awaiting_respawn,
    barred,
    comes_in,
    had_action,
)
from companion.rules.halo.respawn import respawn_params, respawn_refusal
from companion.rules.halo.specs import (
    ACTIONS_PER_TURN,
    ATTACKS,
    CAPTURED_COUNTER,
    DICE,
    ENDS,
    ENEMY_SPAWN,
    MOVES,
    NOTES,
    OWN_SPAWN,
    SPAWN_POINTS,
    Spec,
)
from companion.rules.halo.splash import marked
from companion.rules.halo.tokens import GRENADE, UPGRADE, grenades_kept
from companion.rules.refusals import UnitRefusal, refusal_summary


@dataclass(frozen=True)
class TurnState:
    """What the active player has this turn, worked out once per query."""

    player: Player
    table: tuple[Unit, ...]  # own units on the table
    reserve: tuple[Unit, ...]
    reserve_points: frozenset[int]
    cheapest_reserve: int | None
    enemies: tuple[Unit, ...]  # opposing units on the table: the targets of an attack
    used: int
    captured: int | None  # None: the match doesn't track captures
    grenades_kept: bool = True  # the match keeps Grenade tokens

    @property
    def left(self) -> int:
        return max(0, ACTIONS_PER_TURN - self.used)


def actions_used(state: Match, player_id: str) -> int:
    """The actions the player's units were given this turn (a unit that left the table keeps its token)."""
    return sum(u.tokens.action for u in state.units if u.owner == player_id)


def turn_state(state: Match) -> TurnState:
    player = state.active_player
    mine = [u for u in state.units if u.owner == player.id]
    table = tuple(u for u in mine if u.location == "table" and not u.eliminated)
    reserve = tuple(u for u in mine if u.location == "reserve")
    tracked = CAPTURED_COUNTER in state.rules.counters.get("player", ())
    enemies = tuple(u for u in state.units if u.owner != player.id and u.location == "table" and not u.eliminated)
    return TurnState(player=player, table=table, reserve=reserve,
                 reserve_points=frozenset(u.points for u in reserve if comes_in(u)),
                 cheapest_reserve=min((u.points for u in reserve if comes_in(u)), default=None), enemies=enemies,
                 used=actions_used(state, player.id),
                 captured=player.counters.get(CAPTURED_COUNTER, 0) if tracked else None,
                 grenades_kept=grenades_kept(state))


def turn_refusal(state: Match, turn: TurnState, spec: Spec) -> Refusal | None:
    if state.status == "finished":
        return "the match is over", "actions"
    if spec.cost and not turn.left:
        return f"all {ACTIONS_PER_TURN} actions of this turn are used", "actions"
    if spec.id in ATTACKS and not turn.enemies:
        return "no opposing unit is on the table to attack", "attacking"
    if spec.id == "respawn":
        # a unit KO'd by damage entered by hand lies on the table until its player puts it in the reserves
        down = "".join(f"; {u.name} is KO'd on the table: put it in your reserves (Move to reserve on its unit "
                       "screen) and its respawn opens" for u in state.units
                       if u.owner == turn.player.id and u.location == "table" and u.eliminated)
        if not turn.reserve:
            return f"you have no units in your reserves{down}", "respawning"
        if turn.captured is not None and turn.captured >= SPAWN_POINTS:
            return ("all your spawn points are captured, so no unit can respawn until one is freed "
                    "(actions you can't use are lost)"), "respawning"
        if not awaiting_respawn(turn.reserve):
            held = sum(1 for u in state.units if u.owner == turn.player.id and u.location == "table")
            return (f"no unit of yours was eliminated and is waiting to respawn, and only an eliminated unit opens a "
                    f"respawn (the table holds {held} {'unit' if held == 1 else 'units'} of yours){down}"), "respawning"
    return None


def unit_refusal(turn: TurnState, spec: Spec, unit: Unit) -> UnitRefusal | None:
    """The first check of `spec` the unit fails, with how many it passed (its depth)."""
    name = unit.name
    if unit.owner != turn.player.id:
        return UnitRefusal(f"{name} is not {turn.player.name}'s unit", "actions")
    if spec.where == "reserve":
        if unit.location != "reserve":
            return UnitRefusal(f"{name} is not in your reserves", "respawning")
        why = action_refusal(unit)  # back in the reserves after acting this turn: one action per unit still holds
        if why:
            return UnitRefusal(*why, 1)
        why = respawn_refusal(turn.reserve, unit)
        return UnitRefusal(*why, 2) if why else None
    if unit.location != "table" or unit.eliminated:
        return UnitRefusal(f"{name} is not on the table", "reserves")
    acted = had_action(unit)
    if spec.id == "swap-weapons":
        if acted:
            return UnitRefusal(f"{name} was given an action this turn; only a unit without one can swap weapons",
                               "swap-weapons", 1)
        if unit.points not in turn.reserve_points:
            why = barred(turn.reserve, lambda u: u.points == unit.points)
            return UnitRefusal(f"no unit in your reserves that may come in is worth exactly {unit.points} points "
                               f"like {name}: {why}" if why else
                               f"no unit in your reserves is worth exactly {unit.points} points like {name}",
                               "swap-weapons", 2)
        return None
    if spec.id == "upgrade":
        if not unit.tokens[UPGRADE]:
            return UnitRefusal(f"{name} has no Upgrade tokens", "upgrade-tokens", 1)
        limit = unit.points + UPGRADE_TOKEN_POINTS * unit.tokens[UPGRADE]
        if turn.cheapest_reserve is None or turn.cheapest_reserve > limit:
            why = barred(turn.reserve, lambda u: u.points <= limit)
            held = counted(unit.tokens[UPGRADE], "Upgrade token")
            return UnitRefusal(f"{name} holds {held}, but no unit in your reserves"
                               f"{' that may come in' if why else ''} is worth {limit} points or less "
                               f"({unit.points} + {UPGRADE_TOKEN_POINTS} x {unit.tokens[UPGRADE]})"
                               + (f": {why}" if why else ""), "upgrading", 2)
        return None
    if spec.id == "loot-roll":
        if not acted:
            return UnitRefusal(f"{name} was not given an action this turn, so it can't make a loot roll",
                                    "loot-roll", 1)
        if LOOTED in unit.turn_marks:
            return UnitRefusal(f"{name} already made its loot roll for this turn's action", "loot-roll", 2)
        return None if unit.position == ENEMY_SPAWN else UnitRefusal(
            f"{name} is not on an opponent's spawn point", "loot-roll", 3)
    why = action_refusal(unit)
    if why:
        return UnitRefusal(*why, 1)
    if spec.id == "throw-grenade" and not unit.tokens[GRENADE]:
        return UnitRefusal(f"{name} has no Grenade token", "grenades", 2)
    return None


def loot_due(table: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """The units whose loot roll is open and not yet made (seed 001 ¶30): given an action this turn, standing on an
    opponent's spawn point; the roll is the turn's last chance, so ending the turn says who still has one."""
    return tuple(u for u in table if had_action(u) and u.position == ENEMY_SPAWN and LOOTED not in u.turn_marks)


def param_refusal(state: Match, spec: Spec, action: Action) -> Refusal | None:
    """What resolve would refuse in the action's params: the unit coming in, the target, where a move ends."""
    try:
        if spec.id in ("swap-weapons", "upgrade"):
            incoming(state, action, state.unit(action.unit or ""))
        if spec.id == "respawn" and (why := respawn_refusal(state.units, state.unit(action.unit or ""), action.params)):
            return why
        if spec.id in ATTACKS:
            _, attacker, target = attack_setup(state, action)
            marked(state, attacker, target, action.params)  # the units marked next to the target for a splash
            if target.owner == attacker.owner or target.location != "table" or target.eliminated:
                return f"{spec.title}: {target.name} is not an opposing unit on the table", "attacking"
            dial_value(attacker, "damage")
    except IllegalAction as exc:
        return str(exc), exc.rule or spec.rule
    except AttackError as exc:
        return f"{spec.title}: {exc}", "attacking"
    ends = action.params.get("ends", "")
    unit = state.unit(action.unit) if action.unit else None
    if spec.id == "move" and unit is not None and action.params.get("moved") not in (None, ""):
        speed = unit.current.stats.get("speed")  # a move is at most the unit's speed in squares (seed 001 ¶9)
        fast = speed if isinstance(speed, int) and not isinstance(speed, bool) else MAX_MOVE
        try:
            param_int(action.params, "moved", 0, fast, rule="moving")
        except IllegalAction as exc:
            said = f" ({unit.name}'s speed is {speed})" if fast == speed else ""
            return f"{spec.title}: {exc}{said}", "moving"
    if (spec.id in MOVING_ATTACKS and ends == ENEMY_SPAWN and unit is not None and unit.position != ENEMY_SPAWN
            and not squares_moved(action)):  # read by attack_setup above: a number by now
        return f"{spec.title}: it moves no squares, so it can't end on an opponent's spawn point", "moving"
    if spec.id in MOVES and ends not in ("", ENEMY_SPAWN):
        if ends == OWN_SPAWN:
            return f"{spec.title}: a unit can't end its move on one of your own spawn points", "moving"
        return f"{spec.title}: ends must be empty or {ENEMY_SPAWN}, not {ends!r}", "moving"
    return None


MOVED = Param("moved", "Squares moved (at most its speed)", "int", low=0, high=MAX_MOVE, default=0, rare=True)


def _candidates(turn: TurnState, spec: Spec) -> tuple[Unit, ...]:
    return {"table": turn.table, "reserve": turn.reserve}.get(spec.where, ())


def _params(turn: TurnState, action: str) -> tuple[Param, ...]:
    ends = (ENDS,) if action in MOVES else ()
    if action in ATTACKS:
        return attack_params(action, turn.enemies) + ends
    if action == "respawn":  # its own fields, then the one attack's (halo.composed)
        kept = turn.grenades_kept
        return (*respawn_params(turn.reserve), *follow_up_params(
            turn.enemies, any(may_throw(u, kept) for u in turn.reserve)), *ends)
    if action in MOVES:  # a plain move: the squares it moves, checked against the unit's speed when given
        return (MOVED, *ends)
    # only units a swap or an upgrade may bring in, cheapest first (the upgrade's default fits every unit offered)
    choices = tuple((u.id, f"{u.name} ({u.points} points)") for u in sorted(
        (u for u in turn.reserve if comes_in(u)), key=lambda u: u.points))
    if action == "swap-weapons":
        return (Param("into", "Reserve unit of the same points", "choice", choices),)
    if action == "upgrade":
        most = max(u.tokens[UPGRADE] for u in turn.table)
        return (Param("into", "Reserve unit to upgrade into", "choice", choices, default=choices[0][0]),
                Param("spend", "Upgrade tokens to spend", "int", low=1, high=most, default=1))
    return ()


def option(state: Match, turn: TurnState, spec: Spec) -> ActionOption:
    note = NOTES.get(spec.id)
    if spec.id == "respawn" and turn.captured is None:
        note = f"{note} (Captured spawn points aren't tracked in this match: check the map.)"
    if spec.id == "end-turn" and state.status != "finished":
        lines = ([f"{counted(turn.left, 'unused action')} will be lost."] if turn.left else []) + [
            f"{u.name} may still make its loot roll." for u in loot_due(turn.table)]
        note = " ".join(lines) or None
    refusal = turn_refusal(state, turn, spec)
    if refusal:
        return ActionOption(spec.id, spec.title, False, reason=refusal[0], rule=refusal[1], cost=spec.cost, note=note)
    if not spec.where:
        return ActionOption(spec.id, spec.title, True, rule=spec.rule, cost=spec.cost, note=note)
    candidates = _candidates(turn, spec)
    refused = {u.id: why for u in candidates if (why := unit_refusal(turn, spec, u))}
    allowed = tuple(u.id for u in candidates if u.id not in refused)
    if allowed:
        return ActionOption(spec.id, spec.title, True, allowed, rule=spec.rule, cost=spec.cost, note=note,
                            refused={uid: r.reason for uid, r in refused.items()}, params=_params(turn, spec.id),
                            dice=DICE.get(spec.id))
    if not candidates:
        return ActionOption(spec.id, spec.title, False, reason="you have no units on the table", rule="actions",
                            cost=spec.cost, note=note)
    reason, rule, reasons, shown = refusal_summary(refused)
    return ActionOption(spec.id, spec.title, False, reason=reason, rule=rule, cost=spec.cost, note=note,
                        refused=reasons, shown=shown)
