"""The Scarab: entering its four dials, and the guided Scarab turn that walks the pack's sequence step by step.

The dials are units of the Scarab player (player 1) with `ref` "scarab:<dial id>"; the Event dial turns round.
Every step taken is recorded in the match (phase = the step, rolls, damage, the Event dial's turn), so the log
shows the sequence and a reopened match resumes at the same step.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match, Unit
from companion.session.play.helper import helper_for
from companion.session.play.match_tools import Event, parse_dial
from companion.session.play.packs import Pack
from companion.ui.helper.helper_screen import on_take
from companion.ui.shell import App, app_bar
from companion.ui.unit_text import stats_line

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
    """The Scarab's turn in the pack's order, one step at a time; the rules helper decides what is open."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/scarab-turn"

    def build(self, app: App) -> ft.View:
        pack = app.session.packs()[0]["scarab"]
        match = app.session.state(self.match_id)
        steps = pack.steps(SEQUENCE)
        ids = [s["id"] for s in steps]
        index = ids.index(match.phase) if match.phase in ids else 0
        step = steps[index]
        open_now = [o for o in helper_for("scarab").legal_actions(match) if o.enabled]
        buttons: list[ft.Control] = []
        for option in open_now:
            label = option.title + (f" ({option.dice})" if option.dice else "")
            targets = option.units or (None,)
            buttons += [ft.FilledTonalButton(label if u is None else f"{label}: {match.unit(u).name}",
                                             key=f"scarab-do-{option.action}" + (f"-{u}" if u else ""),
                                             on_click=on_take(app, self.match_id, option, u))
                        for u in targets]
        if match.status == "finished":
            winners = ", ".join(match.player(w).name for w in match.winners) or "no one"
            buttons = [ft.Text(f"The match is over: {winners} won.", key="scarab-over", weight=ft.FontWeight.BOLD),
                       ft.OutlinedButton("Back to the table", key="scarab-back", on_click=lambda: app.back())]
        controls: list[ft.Control] = [
            ft.Text(f"Step {index + 1} of {len(steps)} · {step['title']}", key="scarab-step",
                    weight=ft.FontWeight.BOLD),
            ft.ProgressBar(value=(index + 1) / len(steps)),
            ft.Text(step["text"], key="scarab-step-text"),
            *[ft.Text(f"{u.name}: {stats_line(u.current, match.rules.stats)}", size=12, key=f"scarab-dial-{d}")
              for d, u in scarab_dials(match).items()],
            ft.Column(buttons, spacing=8, key="scarab-actions"),
        ]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=10,
                       appbar=app_bar(app, "Scarab turn"), controls=controls)
