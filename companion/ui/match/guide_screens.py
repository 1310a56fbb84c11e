"""A game's own dials and its guided turn, for any system whose pack declares them: the dials are typed from
the cards (`units.toml` [[dial]]), and the guided turn walks the pack's sequence (`turn.toml` steps) that the
system names for the active player now (the Scarab's turn).

Every step taken is recorded in the match (phase = the step, rolls, damage, dials turned), so the log shows
the sequence and a reopened match resumes at the same step. What is open at each step is the system's.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session.play.helper import fixed_dials, missing_dials, system_of
from companion.session.play.match_tools import Event, parse_dial
from companion.ui.helper.helper_screen import on_take
from companion.ui.shell import App, app_bar
from companion.ui.unit_text import stats_line


class DialsScreen:
    """Type the game's own dials from their cards, one click per line."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/dials"
        self.texts: dict[str, str] = {}

    def build(self, app: App) -> ft.View:
        match = app.session.state(self.match_id)
        fields: list[ft.Control] = [ft.Text("Type each dial from its card, one click per line. A KO (all-black) "
                                            "click is added after the last line; a dial that turns round has none.")]
        for spec in missing_dials(app.session, match):
            stats = tuple(spec["stats"])
            # the pack says how a dial of words is typed (the Scarab's Event dial), numbers need no telling
            hint = spec.get("example") or " ".join(["5"] * len(stats))
            label = f"{spec['name']} ({' '.join(stats)})" if stats else f"{spec['name']}: one position per line"
            fields.append(ft.TextField(key=f"dial-{spec['id']}", label=label, hint_text=hint, multiline=True,
                                       min_lines=3, value=self.texts.get(spec["id"], ""),
                                       helper=spec.get("typing"), helper_max_lines=4,
                                       on_change=partial(self._typed, spec["id"])))
        fields.append(ft.FilledButton("Put them on the table", key="save-dials", on_click=lambda: self._save(app)))
        pieces = system_of(match).pieces
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, pieces[:1].upper() + pieces[1:]), controls=fields)

    def _typed(self, dial_id: str, e: ft.Event) -> None:
        self.texts[dial_id] = e.control.value or ""

    def _save(self, app: App) -> None:
        match = app.session.state(self.match_id)
        system = system_of(match)
        events = []
        for spec in missing_dials(app.session, match):
            try:
                dial = parse_dial(self.texts.get(spec["id"], ""), tuple(spec["stats"]),
                                  cyclic=bool(spec.get("cyclic")))
            except CompanionError as exc:
                app.toast(f"{spec['name']}: {exc}")
                return
            unit = system.fixed_unit(match, spec, [{"stats": dict(c.stats), "markers": list(c.markers)}
                                                   for c in dial])
            events.append(Event("add_unit", {"unit": unit}))
        try:
            app.session.dispatch_events(self.match_id, events, "the game's own dials", by=match.players[0].id)
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.back()


class GuideScreen:
    """The active player's turn in the pack's order, one step at a time; the system decides what is open."""

    def __init__(self, match_id: str, sequence: str) -> None:
        self.match_id = match_id
        self.sequence = sequence
        self.route = f"/match/{match_id}/guide"

    def build(self, app: App) -> ft.View:
        match = app.session.state(self.match_id)
        steps = app.session.packs()[0][match.system].steps(self.sequence)
        ids = [s["id"] for s in steps]
        index = ids.index(match.phase) if match.phase in ids else 0
        step = steps[index]
        system = system_of(match)
        buttons: list[ft.Control] = []
        for option in (o for o in system.legal_actions(match) if o.enabled):
            label = option.title + (f" ({option.dice})" if option.dice else "")
            buttons += [ft.FilledTonalButton(label if u is None else f"{label}: {match.unit(u).name}",
                                             key=f"guide-do-{option.action}" + (f"-{u}" if u else ""),
                                             on_click=on_take(app, self.match_id, option, u))
                        for u in option.units or (None,)]
        if match.status == "finished":
            winners = ", ".join(match.player(w).name for w in match.winners) or "no one"
            buttons = [ft.Text(f"The match is over: {winners} won.", key="guide-over", weight=ft.FontWeight.BOLD),
                       ft.OutlinedButton("Back to the table", key="guide-back", on_click=lambda: app.back())]
        controls: list[ft.Control] = [
            ft.Text(f"Step {index + 1} of {len(steps)} · {step['title']}", key="guide-step",
                    weight=ft.FontWeight.BOLD),
            ft.ProgressBar(value=(index + 1) / len(steps)),
            ft.Text(step["text"], key="guide-step-text"),
            *[ft.Text(f"{u.name}: {stats_line(u.current, match.rules.stats)}", size=12, key=f"guide-dial-{d}")
              for d, u in fixed_dials(match).items()],
            ft.Column(buttons, spacing=8, key="guide-actions"),
        ]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=10,
                       appbar=app_bar(app, "Turn guide"), controls=controls)
