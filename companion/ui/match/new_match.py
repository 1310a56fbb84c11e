"""New match: the system, the players (2-4, each with a colour of their own), the build total, the house rules and
the numbers the pack leaves to the players (its settings: Halo's Kill points to win ...).

A Flet component: what is chosen and typed is the component's state, the name fields are controlled (a redraw,
e.g. another game chosen, keeps every key typed), and nothing calls `refresh()`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.session.play.helper import first_system, system_named
from companion.session.play.house_rules import pack_house_rules
from companion.session.play.match_settings import pack_settings
from companion.session.play.match_tools import PALETTE
from companion.session.table.forces import (
    SavedForce,
    bring_forces,
    chosen_forces,
    own_force,
    saved_forces,
    units_word,
)
from companion.ui.helper.roll_bar import pinned
from companion.ui.shell import App, app_bar
from companion.ui.widgets import named, radio_tile, switch_tile


class NewMatchScreen:
    live = True  # drawn by a component (it reads no match: its state is what is chosen here)

    def build(self, app: App) -> ft.View:
        # the form scrolls above a pinned bar (the view itself does not scroll), so Start match is always in reach
        return ft.View(route=self.route, padding=16, appbar=app_bar(app, "New match"),
                       controls=[NewMatchForm(app, key="new-match")])


@ft.component
def NewMatchForm(app: App) -> ft.Control:
    packs, errors = app.session.packs()
    library = ft.use_memo(lambda: _saved(app), [])  # the saved forces of every game, read once per visit
    with_forces = {f.system for f in library} & set(packs)  # the games a player here has a saved force for
    # a player with saved forces most likely plays one of their games: it is chosen at once, the list folded
    system, set_system = ft.use_state(lambda: first_system(with_forces or packs) if packs else "")
    picking, set_picking = ft.use_state(not with_forces)  # the games listed (folded to one line once chosen)
    last = ft.use_memo(lambda: _last_names(app), [])  # the table that played last on this device
    names, set_names = ft.use_state((*last, "", "", "", "")[:4])
    wanted_count, set_count = ft.use_state(max(2, len(last)))
    wanted_total, set_total = ft.use_state(200)
    house, set_house = ft.use_state({})  # house rules switched on this screen, by option id
    typed, set_typed = ft.use_state({})  # the settings' fields as typed, by setting id
    forces, set_forces = ft.use_state({})  # saved forces picked here, by (game, player index)
    visit = ft.use_state(lambda: secrets.token_hex(4))[0]
    saved = [f for f in library if f.system == system]
    pack = packs.get(system)
    count = max(pack.min_players, min(wanted_count, pack.max_players)) if pack is not None else wanted_count
    totals = pack.build_totals() if pack is not None else []  # the pack's force rules (Skirmish: 200 or 300)
    build_total = wanted_total if wanted_total in totals or not totals else totals[0]
    shown_forces = _shown_forces(system, count, names, saved, forces)

    def choose(system_id: str | None) -> None:
        # the count and total as shown are kept: the next game brings them within its own limits from there
        set_system(system_id or system)
        set_count(count)
        set_total(build_total)
        if with_forces:  # a player with saved forces: the game chosen folds back to its line, the picks in sight
            set_picking(False)

    def set_name(i: int, e: ft.Event) -> None:
        value = e.control.value or ""
        set_names(lambda old: (*old[:i], value, *old[i + 1:]))

    def create() -> None:

        try:
            chosen = [r.id for r in pack_house_rules(app.session, system) if house.get(r.id, r.on)]
            agreed = {s.id: typed[s.id].strip() for s in pack_settings(app.session, system)
                      if typed.get(s.id, "").strip()}  # a field left empty: not agreed (the pack's default if any)
            picked = chosen_forces(app.session, system, _picked(shown_forces, count))  # before: none half made
            match = app.session.new_match(system, list(names[:count]), build_total=build_total if totals else None,
                                          house_rules=chosen, settings=agreed)
            match = bring_forces(app.session, match, picked)
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.replace_with("match", match_id=match.id)

    controls: list[ft.Control] = [ft.Text(e, color=ft.Colors.ERROR) for e in errors]
    if picking or pack is None:
        # radio buttons, not a drop-down: every game visible, one tap, and each has an accessible name
        controls.append(ft.Text("Game", theme_style=ft.TextThemeStyle.TITLE_SMALL))
        controls.append(ft.RadioGroup(
            key="system", value=system, on_change=lambda e: choose(e.control.value),
            content=ft.Column(spacing=0, controls=[
                radio_tile(ft.Radio(value=p.id, key=f"system-{p.id}"), p.name)
                for p in sorted(packs.values(), key=lambda p: p.name)])))
    else:
        # the five games took 300 px: at 320x568 the saved forces' picks sat under the pinned Start match
        controls.append(_chosen_game(pack.name, lambda: set_picking(True)))
    if pack is not None:
        if pack.min_players != pack.max_players:
            controls.append(ft.SegmentedButton(
                key="player-count", show_selected_icon=False, selected=[str(count)],
                segments=[ft.Segment(value=str(n), label=ft.Text(f"{n} players"))
                          for n in range(pack.min_players, pack.max_players + 1)],
                on_change=lambda e: set_count(int(e.control.selected[0]))))
        picks = _force_picks(system, count, names, saved, shown_forces, set_forces)
        for i in range(count):
            name, colour = PALETTE[i]
            # no "0/40" counter under the name (it cost a line a player): the field takes no 41st character
            controls.append(ft.Row(key=f"player-row-{i}", controls=[
                ft.Container(width=SWATCH, height=40, bgcolor=colour, border_radius=4,
                             tooltip=f"Player {i + 1}: {name}"),
                ft.TextField(key=f"player-{i}", label=f"Player {i + 1} ({name})", value=names[i], expand=True,
                             max_length=MAX_NAME, counter="", on_change=lambda e, i=i: set_name(i, e)),
            ]))
            controls += picks[i:i + 1]  # the player's saved force right under the name: whose it is, at a glance
        if totals:
            controls.append(ft.SegmentedButton(
                key="build-total", show_selected_icon=False, selected=[str(build_total)],
                segments=[ft.Segment(value=str(t), label=ft.Text(f"{t} points")) for t in totals],
                on_change=lambda e: set_total(int(e.control.selected[0]))))
            controls.append(ft.Text(f"{build_total // 100} rounds per turn, one per 100 points."))
        if seats := system_named(pack.id).seats:
            controls.append(ft.Text(seats))
        controls.append(ft.Text(pack.turn, italic=True))
        controls += _house_rules(app, system, house, set_house)
        controls += _settings(app, system, typed, set_typed)
    # Start match pinned at the bottom, as the action screens pin Roll: house rules and the agreed numbers can
    # run two screens long at 360x640
    start = ft.FilledButton("Start match", icon=ft.Icons.PLAY_ARROW, key="create-match", height=48, on_click=create)
    # a scroll view of its own at each visit: one keyed alike would get the last visit's offset back from
    # Flutter's page storage (a second New match opened part-scrolled and a tap on a game landed on another)
    return pinned("new-match-body", controls, [start], page=f"form-{visit}")


def _house_rules(app: App, system: str, house: dict[str, bool],
                 set_house: Callable[[Any], None]) -> list[ft.Control]:
    """The pack's house rules as switches, each with what it changes (off unless the pack says otherwise)."""
    offered = pack_house_rules(app.session, system)
    if not offered:
        return []

    def switch(option: str, e: ft.Event) -> None:
        on = bool(e.control.value)
        set_house(lambda old: {**old, option: on})

    return [ft.Text("House rules", theme_style=ft.TextThemeStyle.TITLE_SMALL), *[
        switch_tile(ft.Switch(key=f"house-{r.id}", value=house.get(r.id, r.on),
                              on_change=lambda e, option=r.id: switch(option, e)), r.title, r.text)
        for r in offered]]


def _settings(app: App, system: str, typed: dict[str, str], set_typed: Callable[[Any], None]) -> list[ft.Control]:
    """A number field for each setting the pack declares (none for the others), with why the players enter it;
    what is typed is checked when the match starts (one sentence says what is wrong, nothing typed is lost)."""
    offered = pack_settings(app.session, system)
    if not offered:
        return []

    def type_(setting: str, e: ft.Event) -> None:
        text = e.control.value or ""
        set_typed(lambda old: {**old, setting: text})

    return [ft.Text("Agreed before the game", theme_style=ft.TextThemeStyle.TITLE_SMALL), *[
        ft.TextField(key=f"setting-{s.id}", label=s.title, value=typed.get(s.id, ""),
                     hint_text=str(s.default) if s.default is not None else "not agreed",
                     helper=f"{s.text} {s.missing or ''}".strip(), helper_max_lines=3,
                     keyboard_type=ft.KeyboardType.NUMBER, on_change=lambda e, setting=s.id: type_(setting, e))
        for s in offered]]


NO_FORCE = "none"
MAX_NAME = 40  # the longest player name a match takes
SWATCH = 20  # the player's colour before the name field (px wide)


def _chosen_game(name: str, change: Callable[[], None]) -> ft.Control:
    """The game chosen, on one line, and the button that lists the games again."""
    return ft.Row(key="game-chosen", vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        ft.Column(spacing=0, expand=True, controls=[
            ft.Text("Game", theme_style=ft.TextThemeStyle.TITLE_SMALL),
            ft.Text(name, key="game-chosen-name")]),
        ft.OutlinedButton("Change game", key="change-game", height=48, on_click=change)])


def _last_names(app: App) -> tuple[str, ...]:
    """The players of the match played last here (the one changed last), typed in again: the same friends often
    play the next match too, and their names then pick their own saved forces. None on a first start."""
    try:
        summaries = app.session.summaries()[0]
    except CompanionError:  # the matches can't be read: the fields start empty, as on a first start
        return ()
    return tuple(max(summaries, key=lambda s: s.updated).players[:4]) if summaries else ()


def _saved(app: App) -> list[SavedForce]:
    try:
        return saved_forces(app.session)[0]
    except CompanionError:  # a session that keeps no files
        return []


def _force_picks(system: str, count: int, names: tuple[str, ...], saved: list[SavedForce], shown: list[str],
                 set_forces: Callable[[Any], None]) -> list[ft.Control]:
    """Per player, a pick of the saved forces of this game (none offered when there are none), showing `shown`:
    each sits under its player's name."""
    if not saved:
        return []

    def pick(i: int, e: ft.Event) -> None:
        value = e.control.value or NO_FORCE
        set_forces(lambda old: {**old, (system, i): value})

    # short enough for a 320 px screen: the name and the count (the points are on the force screen)
    options = [ft.DropdownOption(key=NO_FORCE, text="No saved force"),
               *[ft.DropdownOption(key=f.id, text=f"{f.name} · {units_word(len(f.units))}") for f in saved]]
    out: list[ft.Control] = []
    for i in range(count):
        # "Force for Ann", not "Ann's force": that reads as the name of a saved force
        label = f"Force for {names[i].strip() or f'Player {i + 1}'}"
        field = named(ft.Dropdown(key=f"player-force-{i}", label=label, value=shown[i], options=options,
                                  expand=True, on_select=lambda e, i=i: pick(i, e)), label)
        field.expand = True
        # in line with the name field above it (past the player's colour): the pick reads as that player's
        out.append(ft.Row([ft.Container(width=SWATCH), field]))
    return out


def _shown_forces(system: str, count: int, names: tuple[str, ...], saved: list[SavedForce],
                  forces: dict[tuple[str, int], str]) -> list[str]:
    """Each player's pick: the one made here, else the saved force named for the player, else none."""
    return [forces.get((system, i)) or own_force(names[i], saved) or NO_FORCE for i in range(count)]


def _picked(shown: list[str], count: int) -> dict[str, str]:
    """The forces picked for the players, by player id."""
    return {f"p{i + 1}": force for i, force in enumerate(shown[:count]) if force != NO_FORCE}
