"""Set-up: each player's name (Rename: one undoable step) and force checked against the pack's rules (with the
reasons), and Skirmish's starting squares rolled (logged, rerolling duplicates) with the snake-draft placement
order, and the match's house rules as switches (each switch one undoable step).

A Flet component over the session's change feed: a unit added or a switch flipped from another phone or the CLI
redraws the findings, the squares and the switches without a tap.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match, Player
from companion.session.play.dice import fair_rng
from companion.session.play.house_rules import house_rules, set_house_rule
from companion.session.play.match_tools import Event, snake_order, starting_squares
from companion.session.table.full_log import force_findings
from companion.session.table.players import MAX_NAME, rename_player
from companion.ui.hooks import Unopened, use_history
from companion.ui.match.force_saver import ForceSaver
from companion.ui.shell import App, app_bar
from companion.ui.widgets import switch_tile

MARKS = {True: "OK", False: "Not OK", None: "Not checked"}  # None: a number the rules leave out (or a note)
SQUARE = "starting square"


class SetupScreen:
    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16,
                       appbar=app_bar(app, "Set-up and forces"),
                       controls=[SetupBody(app, self.match_id, key="setup")])


@ft.component
def SetupBody(app: App, match_id: str) -> ft.Control:
    history = use_history(app.session, match_id)
    # a switch refused (a watching phone): drawn again at the stored value, not left where the tap put it
    _, set_refused = ft.use_state(0)
    renaming, set_renaming = ft.use_state(None)  # the player whose name field is open
    draft, set_draft = ft.use_state("")  # what is typed there (controlled: a redraw keeps it)
    found = ft.use_memo(lambda: None if isinstance(history, Unopened) else force_findings(app.session, match_id),
                        [history])
    if isinstance(history, Unopened):
        return history.refusal("setup-refused")
    match = history.state
    pack = app.session.packs()[0].get(match.system)
    controls: list[ft.Control] = []
    for player in match.players:
        controls += _player_heading(app, match_id, player, renaming == player.id, draft,
                                    lambda pid, name: (set_draft(name), set_renaming(pid)))
        findings = found[player.id]
        for f in findings:
            controls.append(ft.Text(f"{'Note' if f.note else MARKS[f.ok]}: {f.text}", key=f"force-{player.id}-{f.rule}",
                                    color=ft.Colors.ERROR if f.ok is False else None))
        if not findings:
            controls.append(ft.Text("This game sets no force rules."))
        units = sum(1 for u in match.units if u.owner == player.id)
        controls.append(ForceSaver(app, match_id, player.id, player.name, units, key=f"force-saver-island-{player.id}"))
    if pack is not None and "starting-squares" in pack.tables:
        controls += _squares(app, match_id, match)
    rules = house_rules(app.session, match)
    if rules:  # switched for this match only, as one undoable step each
        controls.append(ft.Text("House rules", theme_style=ft.TextThemeStyle.TITLE_SMALL))
        controls += [switch_tile(ft.Switch(key=f"house-{r.id}", value=r.on,
                                           on_change=partial(_switch, app, match_id, r.id,
                                                             lambda: set_refused(lambda n: n + 1))),
                                 r.title, r.text)
                     for r in rules]
    return ft.Column(controls, spacing=8, key="setup-body")


def _player_heading(app: App, match_id: str, player: Player, open_: bool, draft: str,
                    edit: Callable[[str | None, str], None]) -> list[ft.Control]:
    """"Ben's force" with Rename Ben beside it; once tapped, the new name's field with Save and Cancel. A refused name
    (blank, someone else's, too long) says why in one sentence and leaves the field as typed."""
    heading = ft.Row([ft.Text(f"{player.name}'s force", theme_style=ft.TextThemeStyle.TITLE_SMALL, expand=True),
                      ft.TextButton(rename_label(player.name), icon=ft.Icons.EDIT, key=f"rename-{player.id}", height=48,
                                    on_click=lambda: edit(player.id, player.name))])
    if not open_:
        return [heading]

    def save() -> None:
        by = app.session.state(match_id).active_player.id
        if app.attempt(lambda: rename_player(app.session, match_id, player.id, draft, by=by)) is not None:
            edit(None, "")

    field = ft.TextField(key=f"rename-field-{player.id}", label=f"New name for {player.name}", value=draft,
                         max_length=MAX_NAME, autofocus=True, on_submit=lambda: save(),
                         on_change=lambda e: edit(player.id, e.control.value or ""))
    return [heading, field, ft.Row([
        ft.FilledButton("Save name", icon=ft.Icons.CHECK, key=f"rename-save-{player.id}", height=48, on_click=save),
        ft.TextButton("Cancel", key=f"rename-cancel-{player.id}", height=48, on_click=lambda: edit(None, ""))])]


def rename_label(name: str) -> str:
    """"Rename Ann": the player, not the force the heading names; a long name would squeeze the heading on a
    320 px screen, so it says "Rename player" then."""
    return f"Rename {name}" if len(name) <= RENAME_NAME else "Rename player"


RENAME_NAME = 12  # the longest name said on the button ("Rename " + 12 letters fits beside "…'s force" at 320 px)


def _switch(app: App, match_id: str, option: str, refused: Callable[[], None], e: ft.Event) -> None:
    try:
        set_house_rule(app.session, match_id, option, bool(e.control.value),
                       by=app.session.state(match_id).active_player.id)
    except CompanionError as exc:
        app.toast(str(exc))
        refused()


def _squares(app: App, match_id: str, match: Match) -> list[ft.Control]:
    rolled = [r for r in match.rolls if r.purpose.startswith(SQUARE)]
    out: list[ft.Control] = [ft.Text("Starting squares", theme_style=ft.TextThemeStyle.TITLE_SMALL)]
    if not rolled:
        out.append(ft.FilledTonalButton("Roll starting squares (2d10 per character)", icon=ft.Icons.CASINO,
                                        key="roll-squares", on_click=lambda: _roll(app, match_id)))
        return out
    # a marker is rolled for each character, but it isn't that character's square: in the snake draft a player
    # takes any marker still on the map
    out += [ft.Text(f"{r.total:02d} (rolled for {r.purpose.removeprefix(SQUARE + ' for ')})", key=f"square-{i}")
            for i, r in enumerate(rolled)]
    names = [match.player(pid).name for pid in snake_order(match)]
    out.append(ft.Text("Placing order (snake draft): " + ", ".join(names), key="snake-order"))
    out.append(ft.Text("On each turn of the draft, take any marker left (yours or not) and put one of your "
                       "characters on its square.", key="snake-rule"))
    return out


def _roll(app: App, match_id: str) -> None:
    match = app.session.state(match_id)
    rng = fair_rng()  # drawn now, when the player taps: the dice go into the log
    squares = starting_squares(match, lambda _index: rng, len(match.rolls))
    if not squares:
        app.toast("Add each player's characters first.")
        return
    events = [Event("roll", {"expr": "2d10sq", "dice": list(s.dice), "total": s.square,
                             "purpose": f"{SQUARE} for {match.unit(s.unit).name}" if not s.duplicate
                             else f"taken square {s.square:02d} for {match.unit(s.unit).name}: rolled again"})
              for s in squares]
    try:
        app.session.dispatch_events(match_id, events, "starting squares rolled")
    except CompanionError as exc:
        app.toast(str(exc))
