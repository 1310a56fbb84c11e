"""Add or edit a unit: name, points, owner, and its dial, a row of number fields a click (made for thumbs: only
what changes is typed) or typed one click per line, checked as you type; when adding, the units saved in the
personal library are one tap away, the owner last chosen stays for the next unit (on this phone, for this match),
and *Save and add next* opens the next unit's empty form.

A Flet component over the session's change feed: the typed fields are controlled state (a redraw keeps every
key), the dial's preview is worked out from the typed text at each draw, and the owners and the library follow
the match (a player or a saved unit added elsewhere shows without a tap).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session import inputs
from companion.session.table.library import (
    Row,
    add_from_library,
    dial_as_text,
    edit_unit,
    filled_rows,
    lines_as_rows,
    parse_dial,
    rows_as_lines,
    saved_units,
)
from companion.ui.hooks import Unopened, use_history
from companion.ui.match.force_screen import default_owner
from companion.ui.shell import App, app_bar
from companion.ui.unit_text import stats_line
from companion.ui.widgets import named

if TYPE_CHECKING:  # a type only: screens get records from the service layer, never from the store's types
    from companion.core.records import SavedUnit

GONE = "This unit is no longer in the match."
CLICK_WIDTH = 20  # the click's number before its row
EXAMPLE = {"speed": 8, "attack": 10, "defense": 17, "damage": 3, "wounds": 3, "armour": 3, "sight": 2,
           "morale": 8, "pool": 7, "fate": 3}


class UnitEditorScreen:
    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str, unit_id: str | None = None) -> None:
        self.match_id = match_id
        self.unit_id = unit_id  # None: a new unit

    def build(self, app: App) -> ft.View:
        # the form scrolls inside the component, above its save buttons pinned at the bottom (in thumb reach
        # however long the dial)
        return ft.View(route=self.route, padding=16,
                       appbar=app_bar(app, "Edit unit" if self.unit_id else "Add a unit"),
                       controls=[UnitEditor(app, self.match_id, self.unit_id, key="unit-editor")])


@dataclass(frozen=True)
class Form:
    """What has been typed; an empty owner is the first player without units (else the player to play). The
    dial is typed in one of two forms: a row of number fields a click (`rows`: the stats, then the click's
    marks), or lines of text (`lines`, when `typed`); both are the same text to the one dial parser."""

    name: str = ""
    points: str = ""
    owner: str = ""
    rows: tuple[Row, ...] = ()
    lines: str = ""
    typed: bool = False
    marks: bool = False  # each click's marks field shown (keywords, abilities: most dials have none)

    def dial_text(self, stats: tuple[str, ...]) -> str:
        """The dial as the parser reads it (a half-typed row raises, naming its click and stat)."""
        return self.lines if self.typed else rows_as_lines(self.rows, stats)


# a copied value (the click above's, shown while its field is empty) must not pass for a typed one: pale and italic
COPIED = ft.TextStyle(italic=True, color=ft.Colors.with_opacity(0.45, ft.Colors.ON_SURFACE))

def _cell_label(name: str, copied: str) -> ft.Control:
    """A dial field's label: the copied value, pale, where a hint would sit, with the field's name for a screen
    reader. Flet 1.0.5's TextField gives Flutter's text field no name of its own; a Semantics around it names a
    group the input is not part of, and a hint_text, which does name it, would say only the copied number. A label's
    text is the input's name: its semantics label ("click 2 attack") is what a screen reader says, and it floats up
    into the border while the field is being typed in, so the copied value stays in sight."""
    text = ft.Text(copied, semantics_label=name, style=COPIED, no_wrap=True)
    # centred like the typed values; an empty one stays a bare text (a full-width label would cut the border's top)
    return ft.Container(text, alignment=ft.Alignment.CENTER) if copied else text


def _blank(stats: tuple[str, ...]) -> Row:
    return ("",) * (len(stats) + 1)


def _start(match: Match | None, unit_id: str | None, owner: str) -> Form:
    """Adding: an empty form for `owner` (the one last chosen on this phone, or "": the first player without
    units) with one empty click. Editing: the form starts from the unit as it is (read once: later changes
    elsewhere don't overwrite the typing)."""
    if match is None:
        return Form(owner=owner)
    stats = match.rules.stats
    if unit_id is None or unit_id not in {u.id for u in match.units}:
        return Form(owner=owner, rows=(_blank(stats),))
    unit = match.unit(unit_id)
    text = dial_as_text(unit, stats)
    rows = lines_as_rows(text, stats)
    return Form(unit.name, str(unit.points), unit.owner, rows, text, marks=any(r[-1] for r in rows))


@ft.component
def UnitEditor(app: App, match_id: str, unit_id: str | None) -> ft.Control:
    history = use_history(app.session, match_id)
    form, set_form = ft.use_state(lambda: _start(None if isinstance(history, Unopened) else history.state, unit_id,
                                                 "" if unit_id else app.unit_owners.get(match_id, "")))
    system = None if isinstance(history, Unopened) else history.state.system
    library = ft.use_memo(lambda: _saved(app, system) if system and not unit_id else None, [history])
    if isinstance(history, Unopened):
        return history.refusal("unit-editor-refused")
    match = history.state
    if unit_id and unit_id not in {u.id for u in match.units}:
        return unit_gone(app, match_id, "unit-editor-gone")
    stats = match.rules.stats
    owner = form.owner or default_owner(match)  # none chosen: the first player still without units

    def typed(field: str, e: ft.Event) -> None:
        value = e.control.value or ""
        set_form(lambda f: replace(f, **{field: value}))

    def chose_owner(e: ft.Event) -> None:
        value = e.control.value or ""
        if value and not unit_id:  # kept for the next unit of this match on this phone
            app.unit_owners[match_id] = value
        set_form(lambda f: replace(f, owner=value or f.owner))

    def next_unit() -> None:  # Save and add next: the same owner, the same dial form, nothing typed
        set_form(lambda f: Form(owner=owner, rows=(_blank(stats),), typed=f.typed, marks=f.marks))

    controls: list[ft.Control] = [
        ft.TextField(key="unit-name", label="Name", value=form.name, max_length=60, on_change=partial(typed, "name")),
        ft.TextField(key="unit-points", label="Points", value=form.points, keyboard_type=ft.KeyboardType.NUMBER,
                     on_change=partial(typed, "points")),
        named(ft.Dropdown(key="unit-owner", label="Owner", value=owner,
                          options=[ft.DropdownOption(key=p.id, text=p.name) for p in match.players],
                          on_select=chose_owner), "Owner"),
        *(_typed_dial(form, stats, set_form) if form.typed else _click_rows(form, stats, set_form)),
        ft.Text(_preview(form, stats), key="dial-preview", size=12),
    ]
    if not unit_id:  # several units at once: a whole force as text, or a saved one
        controls.insert(0, ft.TextButton("Several units? Paste a force", icon=ft.Icons.CONTENT_PASTE, height=48,
                                         key="open-paste-force", on_click=lambda: _paste_force(app, match_id)))
    if library is not None:
        controls += _library(library, lambda saved_id: _add(app, match_id, saved_id, owner))
    buttons = ft.Row(wrap=True, spacing=8, run_spacing=8, key="unit-editor-buttons", controls=[
        ft.FilledButton("Save changes" if unit_id else "Add unit", key="save-unit", height=48,
                        on_click=lambda: _save(app, match_id, unit_id, replace(form, owner=owner), app.back,
                                                       next_form=False)),
        *([] if unit_id else [ft.OutlinedButton(
            "Save and add next", key="save-next", height=48,
            on_click=lambda: _save(app, match_id, None, replace(form, owner=owner), next_unit, next_form=True))]),
    ])
    return ft.Column(expand=True, spacing=8, controls=[
        ft.Column(controls, spacing=12, key="unit-editor", scroll=ft.ScrollMode.AUTO, expand=True), buttons])


def _typed_dial(form: Form, stats: tuple[str, ...], set_form: Callable[..., None]) -> list[ft.Control]:
    """The dial as lines of text (quick on a keyboard, or pasted); back to the per-click form with its rows."""
    example = " ".join(str(EXAMPLE.get(s, 5)) for s in stats)

    def per_click() -> None:
        set_form(lambda f: replace(f, typed=False, rows=lines_as_rows(f.lines, stats) or (_blank(stats),),
                                   marks=f.marks or any(r[-1] for r in lines_as_rows(f.lines, stats))))

    return [
        ft.TextField(key="unit-dial", label="Dial", helper=f"One click per line: {' '.join(stats)}",
                     helper_max_lines=2, hint_text=f"{example}\n{example}", value=form.lines, multiline=True,
                     min_lines=4, on_change=lambda e: set_form(lambda f: replace(f, lines=e.control.value or ""))),
        ft.TextButton("Enter the dial click by click", icon=ft.Icons.GRID_ON, key="dial-per-click", height=48,
                      on_click=per_click),
    ]


def _click_rows(form: Form, stats: tuple[str, ...], set_form: Callable[..., None]) -> list[ft.Control]:
    """The dial made for thumbs: a row of number fields a click under the stats' names. Only what changes is
    typed: a field left empty shows (and takes) the click above's value, so + click adds a copy of the last click
    to change."""
    shown = filled_rows(form.rows, stats)

    def cell(i: int, j: int, e: ft.Event) -> None:
        value = e.control.value or ""
        set_form(lambda f: replace(f, rows=tuple(
            (*r[:j], value, *r[j + 1:]) if n == i else r for n, r in enumerate(f.rows))))

    def add_click() -> None:
        set_form(lambda f: replace(f, rows=(*f.rows, _blank(stats))))

    def remove_click() -> None:
        set_form(lambda f: replace(f, rows=f.rows[:-1] or (_blank(stats),)))

    def as_lines() -> None:
        set_form(lambda f: replace(f, typed=True, lines=rows_as_lines(f.rows, stats, check=False)))

    head = ft.Row(spacing=4, controls=[ft.Container(width=CLICK_WIDTH), *[
        ft.Text(s, expand=1, size=12, text_align=ft.TextAlign.CENTER, no_wrap=True,
                overflow=ft.TextOverflow.ELLIPSIS) for s in stats]])
    rows: list[ft.Control] = [ft.Text("Dial", theme_style=ft.TextThemeStyle.TITLE_SMALL), head]
    for i, row in enumerate(form.rows):
        rows.append(ft.Row(spacing=4, key=f"dial-row-{i}", controls=[
            ft.Text(f"{i + 1}", width=CLICK_WIDTH, weight=ft.FontWeight.BOLD),
            *[ft.TextField(
                key=f"dial-{i}-{j}", value=row[j], keyboard_type=ft.KeyboardType.NUMBER, expand=1,
                input_filter=ft.NumbersOnlyInputFilter(), text_align=ft.TextAlign.CENTER, dense=True,
                height=48, content_padding=ft.Padding.symmetric(horizontal=4, vertical=12),
                label=_cell_label(f"click {i + 1} {stat}", shown[i][j] if i and not row[j] else ""),
                on_change=partial(cell, i, j), on_submit=_next_field)
              for j, stat in enumerate(stats)]]))
        if form.marks:
            rows.append(ft.Row(spacing=4, controls=[ft.Container(width=CLICK_WIDTH), ft.TextField(
                key=f"dial-{i}-marks", label=f"Click {i + 1} marks", value=row[-1], dense=True, expand=True,
                on_change=partial(cell, i, len(stats)))]))
    rows.append(ft.Text("Type what changes: a value in pale italics is copied from the click above; a KO click is "
                        "added after the last.", size=12, key="dial-copied-hint"))
    rows.append(ft.Row(wrap=True, spacing=8, run_spacing=4, controls=[
        ft.FilledTonalButton("+ click", key="dial-add-click", height=48, on_click=add_click),
        ft.TextButton("Remove the last click", key="dial-remove-click", height=48, on_click=remove_click,
                      disabled=len(form.rows) <= 1),
        *([] if form.marks else [ft.TextButton("Add marks", key="dial-marks", height=48,
                                               on_click=lambda: set_form(lambda f: replace(f, marks=True)))]),
        ft.TextButton("Type the lines instead", icon=ft.Icons.NOTES, key="dial-typed", height=48,
                      on_click=as_lines),
    ]))
    return rows


def unit_gone(app: App, match_id: str, key: str) -> ft.Control:
    """A unit's details or editor once the unit is not in the match (removed on another phone, its adding undone,
    an address typed or kept from before): one message and the way to the table, past whatever is above it."""
    return ft.Column(key="unit-gone", spacing=12, controls=[
        ft.Text(GONE, key=key),
        ft.FilledButton("Back to the table", icon=ft.Icons.ARROW_BACK, key="unit-gone-table",
                        on_click=lambda: app.back_to_table(match_id)),
    ])


def _saved(app: App, system: str) -> list[SavedUnit] | None:
    try:
        return saved_units(app.session, system)
    except CompanionError:
        return None


def _library(saved: list[SavedUnit], add: Callable[[str], None]) -> list[ft.Control]:
    if not saved:
        return [ft.Text("Your library is empty: save a unit from its details to add it here with one tap.",
                        size=12, italic=True, key="library-empty")]
    return [ft.Text("From my library (for the owner above)", theme_style=ft.TextThemeStyle.TITLE_SMALL),
            *[ft.ListTile(key=f"library-{s.id}", dense=True, title=ft.Text(s.name),
                          subtitle=ft.Text(f"{s.unit.get('points', 0)} points"), on_click=partial(add, s.id))
              for s in saved]]


def _add(app: App, match_id: str, saved_id: str, owner: str) -> None:
    if app.attempt(lambda: add_from_library(app.session, match_id, saved_id, owner)) is not None:
        app.back()


def _paste_force(app: App, match_id: str) -> None:
    app.replace_with("match.forces", match_id=match_id)  # back from it leads to the table, not to this form


async def _next_field(e: ft.Event) -> None:
    """Enter, or a phone keyboard's Next or Done, in a dial field: on to the click's next stat, then to the next
    click's first (after the last click's last stat the keyboard closes), so a click is typed with one tap."""
    _, row, stat = str(e.control.key).split("-")
    form: Any = e.control
    while form is not None and getattr(form, "key", None) != "unit-editor":
        form = form.parent
    fields = {c.key: c for c in _under(form)} if form is not None else {}
    target = next((fields[k] for k in (f"dial-{row}-{int(stat) + 1}", f"dial-{int(row) + 1}-0") if k in fields), None)
    if target is not None:
        await target.focus()


def _under(control: Any) -> list[Any]:
    """Every control inside `control` (rows, columns and the named wrappers around the dial's fields)."""
    found = []
    for attr in ("controls", "content"):
        inner = getattr(control, attr, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.BaseControl):  # a button's content may be its words
                found += [child, *_under(child)]
    return found


def _preview(form: Form, stats: tuple[str, ...]) -> str:
    word = "line" if form.typed else "click"
    if not (form.lines.strip() if form.typed else any(any(r) for r in form.rows)):
        return f"A KO click is added after your last {word}."
    try:
        dial = parse_dial(form.dial_text(stats), stats, line=word)
    except CompanionError as exc:
        return f"Check the dial: {exc}"
    return "\n".join(f"{i + 1}. {stats_line(c, stats)}" for i, c in enumerate(dial))


def _save(app: App, match_id: str, unit_id: str | None, form: Form, then: Callable[[], None], *,
          next_form: bool) -> None:
    """Check the form and add (or change) the unit; `then` once it is stored: back to the table, or (`next_form`,
    *Save and add next*) the next unit's empty form. Said explicitly: a bound method such as `app.back` is a new
    object at each access, so `then` cannot be compared to tell the two apart."""
    match = app.session.state(match_id)
    stats = match.rules.stats
    try:
        dial_text = form.dial_text(stats)
        dial = parse_dial(dial_text, stats, line="line" if form.typed else "click")
    except CompanionError as exc:
        app.toast(f"Dial: {exc}")
        return
    if not form.name.strip():
        app.toast("Give the unit a name.")
        return
    points = inputs.whole(form.points, digits=6)
    if points is None or points < 0:
        app.toast("Points must be a whole number, e.g. 50.")
        return
    if unit_id:
        done = app.attempt(lambda: edit_unit(app.session, match_id, unit_id, name=form.name.strip(),
                                             points=points, dial_text=dial_text, owner=form.owner))
        if done is not None:
            then()
        return
    taken = {u.id for u in match.units}
    uid = next(f"u{n}" for n in range(1, len(taken) + 2) if f"u{n}" not in taken)
    unit = {"id": uid, "name": form.name.strip(), "points": points, "owner": form.owner,
            "dial": [{"stats": dict(c.stats), "markers": list(c.markers)} for c in dial]}
    if app.dispatch(match_id, "add_unit", {"unit": unit}, by=form.owner) is not None:
        then()  # the next unit's empty form first: the message after it, so typing on cue lands in the new form
        joined = f"{unit['name']} joins {match.player(form.owner).name}'s force."
        app.toast(f"{joined} Type the next unit." if next_form else joined)
