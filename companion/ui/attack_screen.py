"""Attack calculator: the exact chance to hit before the roll, the roll with its dice and why, then apply."""

from __future__ import annotations

import flet as ft

from companion import rules
from companion.core.dice import rng_for
from companion.core.errors import CompanionError
from companion.core.model import Match, Unit
from companion.rules.halo_actionclix import AttackResult, AttackSetup, chance_text, resolve_attack
from companion.ui.app import App, app_bar

TITLES = {"attack": "Attack", "move-and-attack": "Move and attack", "throw-grenade": "Throw a grenade"}


class AttackScreen:
    def __init__(self, match_id: str, attacker: str, action: str) -> None:
        self.match_id = match_id
        self.attacker = attacker
        self.action = action
        self.route = f"/match/{match_id}/attack/{attacker}"
        self.target = ""
        self.moved = "5" if action == "move-and-attack" else "0"
        self.modifier = "0"
        self.splash = False
        self.result: AttackResult | None = None

    def build(self, app: App) -> ft.View:
        match = app.session.state(self.match_id)
        attacker = match.unit(self.attacker)
        targets = [u for u in match.units if u.owner != attacker.owner and u.location == "table" and not u.eliminated]
        if not self.target and targets:
            self.target = targets[0].id
        controls: list[ft.Control] = [
            ft.Text(f"{attacker.name}: attack {attacker.current.stats.get('attack', '?')}, "
                    f"damage {attacker.current.stats.get('damage', '?')}", key="attacker-line"),
            ft.Dropdown(key="attack-target", label="Target", value=self.target or None,
                        options=[ft.DropdownOption(key=u.id, text=f"{u.name} (defense "
                                                   f"{u.current.stats.get('defense', '?')})") for u in targets],
                        on_select=lambda e: self._set("target", e.control.value or "", app)),
        ]
        if self.action == "move-and-attack":
            controls.append(ft.TextField(key="attack-moved", label="Squares moved before attacking",
                                         value=self.moved, keyboard_type=ft.KeyboardType.NUMBER,
                                         on_change=lambda e: self._set("moved", e.control.value or "", app)))
        controls += [
            ft.TextField(key="attack-modifier", label="Other modifiers (card abilities)", value=self.modifier,
                         keyboard_type=ft.KeyboardType.NUMBER,
                         on_change=lambda e: self._set("modifier", e.control.value or "", app)),
            ft.Switch(key="attack-splash", label="Card: two 6s also hit every adjacent enemy for 1", value=self.splash,
                      on_change=lambda e: self._set("splash", bool(e.control.value), app)),
        ]
        setup = self._setup(match, attacker)
        if isinstance(setup, str):
            controls.append(ft.Text(setup, key="attack-chance", color=ft.Colors.ERROR))
        else:
            controls.append(ft.Text(f"Chance to hit: {chance_text(setup)}", key="attack-chance",
                                    weight=ft.FontWeight.BOLD))
            controls.append(ft.FilledButton("Roll 2d6", icon=ft.Icons.CASINO, key="attack-roll",
                                            on_click=lambda: self._roll(app, match, setup)))
        if self.result is not None:
            r = self.result
            controls += [
                ft.Text(f"Dice {r.roll.dice[0]} and {r.roll.dice[1]}: {'HIT' if r.hit else 'MISS'}",
                        key="attack-outcome", size=20, weight=ft.FontWeight.BOLD),
                ft.Text(r.why, key="attack-why"),
                *[ft.Text(effect, italic=True) for effect in r.effects],
                ft.FilledButton("Apply to the match", icon=ft.Icons.CHECK, key="attack-apply",
                                on_click=lambda: self._apply(app)),
            ]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, TITLES.get(self.action, "Attack")), controls=controls)

    def _set(self, field: str, value: object, app: App) -> None:
        setattr(self, field, value)
        self.result = None  # a changed set-up needs a new roll
        app.refresh()

    def _setup(self, match: Match, attacker: Unit) -> AttackSetup | str:
        if not self.target:
            return "No opposing unit on the table to attack."
        target = match.unit(self.target)
        attack, defense = attacker.current.stats.get("attack"), target.current.stats.get("defense")
        if not isinstance(attack, int) or not isinstance(defense, int):
            return "This dial has no attack or defense value; enter the numbers from the units' dials."
        try:
            return AttackSetup(attack=attack, defense=defense, moved=int(self.moved or 0),
                               modifier=int(self.modifier or 0),
                               kind="grenade" if self.action == "throw-grenade" else "shoot",
                               double_six_splash=self.splash)
        except (ValueError, CompanionError) as exc:
            return f"Check the numbers: {exc}"

    def _roll(self, app: App, match: Match, setup: AttackSetup) -> None:
        # the match's seed and roll count decide the dice: leaving and coming back rolls the same dice
        self.result = resolve_attack(setup, rng_for(match.seed, len(match.rolls)))
        app.refresh()

    def _apply(self, app: App) -> None:
        match = app.session.state(self.match_id)
        if self.result is None:
            return
        attacker, target = match.unit(self.attacker), match.unit(self.target)
        damage = attacker.current.stats.get("damage", 0)
        try:
            events = rules.get(match.system).attack_events(  # type: ignore[attr-defined]
                match, self.attacker, self.target, self.result, damage if isinstance(damage, int) else 0,
                self.action)
            app.session.dispatch_events(self.match_id, events, f"{attacker.name} attacks {target.name}: "
                                        f"{'hit' if self.result.hit else 'miss'}", by=attacker.owner)
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.tick()
        app.back()
