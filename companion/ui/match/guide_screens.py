"""A game's own dials and its guided turn, for any system whose pack declares them: the dials are typed from
the cards (`units.toml` [[dial]]), and the guided turn walks the pack's sequence (`turn.toml` steps) that the
system names for the active player now (the Scarab's turn).

Every step taken is recorded in the match (phase = the step, rolls, damage, dials turned), so the log shows
the sequence and a reopened match resumes at the same step. What is open at each step is the system's.

Both are Flet components over the session's change feed: a dial turned, the Event dial rotated or a step undone
on another phone at a hosted table, with the CLI or on another screen shows at once, and a dial typed in
elsewhere leaves the form (the typing of the others stays: the fields are controlled state).
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session.play.helper import fixed_dials, missing_dials, system_of
from companion.session.play.match_tools import Event, parse_dial
from companion.ui.helper.helper_screen import on_take
from companion.ui.helper.roll_bar import pinned
from companion.ui.hooks import Unopened, use_history
from companion.ui.shell import App, app_bar
from companion.ui.unit_text import stats_line


class DialsScreen:
    """Type the game's own dials from their cards, one click per line."""

    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id

    def build(self, app: App) -> ft.View:
        try:
            pieces = system_of(app.session.state(self.match_id)).pieces
        except CompanionError:
            pieces = "dials"
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16,
                       appbar=app_bar(app, pieces[:1].upper() + pieces[1:]),
                       controls=[DialsForm(app, self.match_id, key="dials")])


@ft.component
def DialsForm(app: App, match_id: str) -> ft.Control:
    history = use_history(app.session, match_id)
    texts, set_texts = ft.use_state(dict)
    if isinstance(history, Unopened):
        return history.refusal("dials-refused")
    missing = missing_dials(app.session, history.state)

    def typed(dial_id: str, e: ft.Event) -> None:
        value = e.control.value or ""
        set_texts(lambda t: {**t, dial_id: value})

    fields: list[ft.Control] = [ft.Text("Type each dial from its card, one click per line. A KO (all-black) "
                                        "click is added after the last line; a dial that turns round has none.")]
    for spec in missing:
        stats = tuple(spec["stats"])
        # the pack says how a dial of words is typed (the Scarab's Event dial), numbers need no telling
        hint = spec.get("example") or " ".join(["5"] * len(stats))
        # the name alone as the label (a label with the stats ran past a 360 px field); the order below it
        helper = spec.get("typing") or (f"{' '.join(stats)}: one click per line" if stats else "one position per line")
        fields.append(ft.TextField(key=f"dial-{spec['id']}", label=spec["name"], hint_text=hint, multiline=True,
                                   min_lines=3, value=texts.get(spec["id"], ""),
                                   helper=helper, helper_max_lines=4, on_change=partial(typed, spec["id"])))
    if missing:
        fields.append(ft.FilledButton("Put them on the table", key="save-dials",
                                      on_click=lambda: _save(app, match_id, texts)))
    else:  # typed in elsewhere (another phone, the CLI) while this form was open
        fields += [ft.Text("Every dial is on the table.", key="dials-done", weight=ft.FontWeight.BOLD),
                   ft.OutlinedButton("Back to the table", key="dials-back", on_click=lambda: app.back())]
    return ft.Column(fields, spacing=12, key="dials-form")


def _save(app: App, match_id: str, texts: dict[str, str]) -> None:
    match = app.session.state(match_id)
    system = system_of(match)
    events = []
    for spec in missing_dials(app.session, match):
        try:
            dial = parse_dial(texts.get(spec["id"], ""), tuple(spec["stats"]), cyclic=bool(spec.get("cyclic")))
        except CompanionError as exc:
            app.toast(f"{spec['name']}: {exc}")
            return
        unit = system.fixed_unit(match, spec, [{"stats": dict(c.stats), "markers": list(c.markers)} for c in dial])
        events.append(Event("add_unit", {"unit": unit}))
    try:
        app.session.dispatch_events(match_id, events, "the game's own dials", by=match.players[0].id)
    except CompanionError as exc:
        app.toast(str(exc))
        return
    app.back()


MAX_PINNED = 3  # a step's actions pinned under its text; more follow the text


class GuideScreen:
    """The active player's turn in the pack's order, one step at a time; the system decides what is open."""

    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str, sequence: str) -> None:
        self.match_id = match_id
        self.sequence = sequence

    def build(self, app: App) -> ft.View:
        # the view does not scroll: the step's text does, above its actions pinned at the bottom
        return ft.View(route=self.route, padding=12, appbar=app_bar(app, "Turn guide"),
                       controls=[GuideBody(app, self.match_id, self.sequence, key="guide")])


@ft.component
def GuideBody(app: App, match_id: str, sequence: str) -> ft.Control:
    history = use_history(app.session, match_id)
    packs = ft.use_memo(lambda: app.session.packs()[0], [])
    if isinstance(history, Unopened):
        return history.refusal("guide-refused")
    match = history.state
    guided = system_of(match).guide(match)
    if guided is None and match.status != "finished":  # the turn passed (here or on another phone) to a player
        return ft.Column(spacing=10, key="guide", controls=[  # the guide is not for: say whose it is
            ft.Text(f"It is {match.active_player.name}'s turn now, with no guided turn: play it from the table.",
                    key="guide-not-now", weight=ft.FontWeight.BOLD),
            ft.OutlinedButton("Back to the table", key="guide-back", on_click=lambda: app.back())])
    steps = packs[match.system].steps(guided[0] if guided else sequence)
    ids = [s["id"] for s in steps]
    index = ids.index(match.phase) if match.phase in ids else 0
    step = steps[index]
    body: list[ft.Control] = [
        ft.Text(f"Step {index + 1} of {len(steps)} · {step['title']}", key="guide-step", weight=ft.FontWeight.BOLD),
        ft.ProgressBar(value=(index + 1) / len(steps)),
        ft.Text(step["text"], key="guide-step-text"),
        *[ft.Text(f"{u.name}: {stats_line(u.current, match.rules.stats)}", size=12, key=f"guide-dial-{d}")
          for d, u in fixed_dials(match).items()]]
    buttons = _guide_actions(app, match)
    actions = ft.Column(buttons, spacing=8, key="guide-actions", horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    # a step's few actions (its roll, a move) wait at the bottom, on screen however long its text; a longer list
    # (an action for each hero) follows the text, as a bar that tall would leave the text no room
    if len(buttons) <= MAX_PINNED:
        return pinned("guide", body, [actions], page=f"step-{step['id']}")
    return pinned("guide", [*body, actions], [], page=f"step-{step['id']}")


def _guide_actions(app: App, match: Match) -> list[ft.Control]:
    if match.status == "finished":
        winners = ", ".join(match.player(w).name for w in match.winners) or "no one"
        return [ft.Text(f"The match is over: {winners} won.", key="guide-over", weight=ft.FontWeight.BOLD),
                ft.OutlinedButton("Back to the table", key="guide-back", on_click=lambda: app.back())]
    buttons: list[ft.Control] = []
    for option in (o for o in system_of(match).legal_actions(match) if o.enabled):
        label = option.title + (f" ({option.dice})" if option.dice else "")
        buttons += [ft.FilledTonalButton(label if u is None else f"{label}: {match.unit(u).name}",
                                         key=f"guide-do-{option.action}" + (f"-{u}" if u else ""),
                                         on_click=on_take(app, match.id, option, u))
                    for u in option.units or (None,)]
    return buttons
