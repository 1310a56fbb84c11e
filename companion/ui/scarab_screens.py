"""The Scarab: entering its four dials, and the guided Scarab turn that walks the pack's sequence step by step.

The dials are units of the Scarab player (player 1) with `ref` "scarab:<dial id>"; the Event dial turns round.
Every step taken is recorded in the match (phase = the step, rolls, damage, the Event dial's turn), so the log
shows the sequence and a reopened match resumes at the same step.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.core.dial_text import parse_dial
from companion.core.errors import CompanionError
from companion.core.events import Event
from companion.core.model import Match, Unit
from companion.core.packs import Pack
from companion.ui.app import App, app_bar
from companion.ui.unit_card import stats_line

SEQUENCE = "scarab-turn"
SCARAB_PLAYER = "p1"


def scarab_dials(match: Match) -> dict[str, Unit]:
    """The Scarab's dials present in the match, by dial id."""
    return {u.ref.removeprefix("scarab:"): u for u in match.units if u.ref and u.ref.startswith("scarab:")}


def dial_specs(pack: Pack) -> list[dict[str, Any]]:
    return pack.entries("units", "dial")


class ScarabDialsScreen:
    """Type the four dials from the Scarab's cards, one click per line."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/scarab-dials"
        self.texts: dict[str, str] = {}

    def build(self, app: App) -> ft.View:
        pack = app.session.packs()[0]["scarab"]
        fields: list[ft.Control] = [ft.Text("Type each dial from its card, one click per line. A KO (all-black) "
                                            "click is added after the last line; the Event dial turns round.")]
        for spec in dial_specs(pack):
            stats = tuple(spec["stats"])
            hint = "shift\nrotate special:name" if spec.get("cyclic") else " ".join(["5"] * len(stats))
            label = f"{spec['name']} ({' '.join(stats)})" if stats else f"{spec['name']}: one position per line"
            fields.append(ft.TextField(key=f"dial-{spec['id']}", label=label, hint_text=hint, multiline=True,
                                       min_lines=3, value=self.texts.get(spec["id"], ""),
                                       on_change=partial(self._typed, spec["id"])))
        fields.append(ft.FilledButton("Put the Scarab on the table", key="save-dials",
                                      on_click=lambda: self._save(app)))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, "The Scarab's dials"), controls=fields)

    def _typed(self, dial_id: str, e: ft.Event) -> None:
        self.texts[dial_id] = e.control.value or ""

    def _save(self, app: App) -> None:
        pack = app.session.packs()[0]["scarab"]
        match = app.session.state(self.match_id)
        events = []
        for spec in dial_specs(pack):
            if spec["id"] in scarab_dials(match):
                continue
            try:
                dial = parse_dial(self.texts.get(spec["id"], ""), tuple(spec["stats"]),
                                  cyclic=bool(spec.get("cyclic")))
            except CompanionError as exc:
                app.toast(f"{spec['name']}: {exc}")
                return
            events.append(Event("add_unit", {"unit": {
                "id": f"scarab-{spec['id']}", "name": spec["name"], "points": 0, "owner": SCARAB_PLAYER,
                "cyclic": bool(spec.get("cyclic")), "ref": f"scarab:{spec['id']}",
                "dial": [{"stats": dict(c.stats), "markers": list(c.markers)} for c in dial]}}))
        try:
            app.session.dispatch_events(self.match_id, events, "the Scarab's dials", by=SCARAB_PLAYER)
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.back()


class ScarabTurnScreen:
    """The Scarab's turn in the pack's order, one step at a time."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/scarab-turn"
        self.note = ""
        self.target = ""

    def build(self, app: App) -> ft.View:
        pack = app.session.packs()[0]["scarab"]
        match = app.session.state(self.match_id)
        steps = pack.steps(SEQUENCE)
        ids = [s["id"] for s in steps]
        index = ids.index(match.phase) if match.phase in ids else 0
        step = steps[index]
        dials = scarab_dials(match)
        progress = ft.Text(f"Step {index + 1} of {len(steps)} · {step['title']}", key="scarab-step",
                           weight=ft.FontWeight.BOLD)
        controls: list[ft.Control] = [
            progress, ft.ProgressBar(value=(index + 1) / len(steps)), ft.Text(step["text"], key="scarab-step-text"),
            *self._dial_lines(match, dials),
            *self._step_controls(app, match, step, dials),
        ]
        if self.note:
            controls.append(ft.Text(self.note, key="scarab-note", weight=ft.FontWeight.BOLD))
        last = index == len(steps) - 1
        controls.append(ft.FilledButton("End the Scarab's turn" if last else "Next step", key="scarab-next",
                                        on_click=lambda: self._next(app, steps, index)))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=10,
                       appbar=app_bar(app, "Scarab turn"), controls=controls)

    @staticmethod
    def _dial_lines(match: Match, dials: dict[str, Unit]) -> list[ft.Control]:
        return [ft.Text(f"{u.name}: {stats_line(u.current, match.rules.stats)}", size=12, key=f"scarab-dial-{d}")
                for d, u in dials.items()]

    def _step_controls(self, app: App, match: Match, step: dict[str, Any], dials: dict[str, Unit]) -> list[ft.Control]:
        sid = step["id"]
        if sid == "roll-event":
            return [ft.FilledTonalButton("Roll d6", icon=ft.Icons.CASINO, key="scarab-roll-event",
                                         on_click=lambda: self._roll_event(app))]
        if sid == "displaced":
            units = [u for u in match.units if u.owner != SCARAB_PLAYER and u.location == "table" and not u.eliminated]
            return [ft.Row(wrap=True, controls=[
                ft.OutlinedButton(f"{u.name}: 1 damage", key=f"displace-{u.id}",
                                  on_click=partial(self._displace, app, u.id)) for u in units])]
        if sid == "turn-event" and "event" in dials:
            return [ft.FilledTonalButton("Turn the Event dial clockwise", icon=ft.Icons.ROTATE_RIGHT,
                                         key="scarab-turn-event", on_click=lambda: self._turn_event(app, dials))]
        if sid in ("main-gun", "turret") and step.get("dial") in dials:
            return self._gun(app, match, dials[step["dial"]], sid)
        return []

    def _gun(self, app: App, match: Match, dial: Unit, sid: str) -> list[ft.Control]:
        targets = [u for u in match.units if u.owner != SCARAB_PLAYER and u.location == "table" and not u.eliminated]
        if not targets:
            return [ft.Text("No target on the table.")]
        if self.target not in {u.id for u in targets}:
            self.target = targets[0].id
        return [
            ft.Dropdown(key="gun-target", label="Target", value=self.target,
                        options=[ft.DropdownOption(key=u.id, text=f"{u.name} (defense "
                                                   f"{u.current.stats.get('defense', '?')})") for u in targets],
                        on_select=lambda e: setattr(self, "target", e.control.value or self.target)),
            ft.FilledTonalButton("Roll 2d6 and fire", icon=ft.Icons.CASINO, key="scarab-fire",
                                 on_click=lambda: self._fire(app, dial, sid)),
        ]

    def _roll_event(self, app: App) -> None:
        pack = app.session.packs()[0]["scarab"]
        try:
            result = app.session.roll(self.match_id, "d6", "Scarab movement (Event dial)", by=SCARAB_PLAYER)
        except CompanionError as exc:
            app.toast(str(exc))
            return
        row = pack.tables["event-bands"].lookup(result.total)
        self.note = f"Rolled {result.total}: {row.result}"
        app.refresh()

    def _displace(self, app: App, unit_id: str) -> None:
        name = app.session.state(self.match_id).unit(unit_id).name
        if app.dispatch(self.match_id, "damage", {"unit": unit_id, "amount": 1}, by=SCARAB_PLAYER):
            self.note = f"{name} was displaced and took 1 damage."
            app.refresh()

    def _turn_event(self, app: App, dials: dict[str, Unit]) -> None:
        if app.dispatch(self.match_id, "rotate", {"unit": dials["event"].id, "steps": 1}, by=SCARAB_PLAYER):
            self.note = "The Event dial turned one click clockwise."
            app.refresh()

    def _fire(self, app: App, dial: Unit, sid: str) -> None:
        match = app.session.state(self.match_id)
        target = match.unit(self.target)
        attack, damage = dial.current.stats.get("attack"), dial.current.stats.get("damage")
        defense = target.current.stats.get("defense")
        if not all(isinstance(v, int) for v in (attack, damage, defense)):
            app.toast("Enter attack, damage and defense on the dials first.")
            return
        gun = "main gun" if sid == "main-gun" else "aerial defense turret"
        try:
            roll = app.session.roll(self.match_id, "2d6", f"Scarab {gun} at {target.name}", by=SCARAB_PLAYER)
            total = roll.total + int(attack)  # type: ignore[arg-type]
            hit = total >= int(defense)  # type: ignore[arg-type]
            if hit and int(damage) > 0:  # type: ignore[arg-type]
                app.session.dispatch(self.match_id, "damage", {"unit": target.id, "amount": damage}, by=SCARAB_PLAYER)
        except CompanionError as exc:
            app.toast(str(exc))
            return
        self.note = (f"{gun.capitalize()}: rolled {roll.dice[0]}+{roll.dice[1]} + attack {attack} = {total} vs "
                     f"defense {defense}: " + (f"hit, {damage} damage to {target.name}" if hit else "miss"))
        app.tick()
        app.refresh()

    def _next(self, app: App, steps: list[dict[str, Any]], index: int) -> None:
        self.note = ""
        if index == len(steps) - 1:
            try:
                app.session.dispatch(self.match_id, "end_turn", by=SCARAB_PLAYER)  # the phase goes back to the start
            except CompanionError as exc:
                app.toast(str(exc))
                return
            app.back()
            return
        app.dispatch(self.match_id, "set_phase", {"phase": steps[index + 1]["id"]}, by=SCARAB_PLAYER)
