"""The judge's screen: every table's clock, start/pause all, per-table pause/resume/extend/result, standings.

Flet 1.0 components over the judge's feed (ui/judge/feed.py): `JudgeConsole(feed, write)` draws the event the
feed holds; `write(kind, data)` is the only way it changes anything (the live server's token-checked write, or
the judging service in the app), and what `write` returns goes back into the feed. Each table card is memoised
on its frozen table, so a write redraws only the cards whose table changed; each clock follows the ticks
itself (widgets.ClockFace), so a tick sends only the clocks whose second changed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.session import inputs
from companion.session.judging.event_pairing import CUT_SIZES, sizes_for, standings_table
from companion.session.judging.judge import Table
from companion.session.judging.reports import MAX_VP, judge_line
from companion.ui.judge.feed import JudgeFeed, typed
from companion.ui.judge.round_panel import Act, RoundPanel, Say
from companion.ui.judge.widgets import AlertLine, ClockFace, Standings, players_line, result_line
from companion.ui.widgets import named

Write = Callable[[str, dict[str, Any]], Any]
CARD_WIDTH = 330
NOBODY = "-"


class FieldError(inputs.BadInput):
    """A typed value refused, with the result form's field it came from (shown under that field)."""

    def __init__(self, field: str, message: str, hint: str) -> None:
        super().__init__(message)
        self.field = field
        self.hint = hint  # short enough for under a narrow field: "0 to 999"


def _typed_number(text: str, field: str, what: str, low: int, top: int) -> int:
    try:
        return inputs.whole_between(text, what, low, top)
    except inputs.BadInput as exc:
        raise FieldError(field, str(exc), f"{low} to {top}") from None


def result_data(table: Table, vp: dict[int, str], places: dict[int, str] | None, last: str) -> dict[str, Any]:
    """The result event's data from what the judge typed (raises FieldError with the field and the reason). VP
    from 0 to MAX_VP and places from 1 to the table's size: the same range as the player's page."""
    data: dict[str, Any] = {"table": table.number}
    size = len(table.players)
    if places is not None:
        data["places"] = {p: _typed_number(places.get(i, ""), f"place-{i}", f"{p}'s place", 1, size)
                          for i, p in enumerate(table.players)}
    if places is None or any(v.strip() for v in vp.values()):  # VP are optional with places
        data["vp"] = {p: _typed_number(vp.get(i, ""), f"vp-{i}", f"{p}'s VP", 0, MAX_VP)
                      for i, p in enumerate(table.players)}
    if last and last != NOBODY:
        data["last_standing"] = last
    return data


def standing(table: Table) -> dict[str, str]:
    """The result editor's fields as the table stands: its result, else what its players reported alike (a
    table waiting for one report), else nothing. Keys as the editor's box keeps them (vp-i, place-i, last)."""
    r = table.result
    agreed = table.reports and all(rep.same_scores(table.reports[0]) for rep in table.reports)
    if r is not None:
        vp, places, last = r.vp, r.places, r.winners[0] if r.how == "last-standing" else ""
    elif agreed:
        first = table.reports[0]
        vp, places, last = first.vp, first.places, first.last_standing
    else:
        return {}
    out = {f"place-{i}": str(places[p]) for i, p in enumerate(table.players) if places}
    if not places or any(vp.values()):  # a placed result given without VP stores zeros: shown empty
        out |= {f"vp-{i}": str(vp[p]) for i, p in enumerate(table.players)}
    return out | {"last": last or NOBODY}


@ft.memo
@ft.component
def TableCard(feed: JudgeFeed, table: Table, marks: tuple[float, ...], placed: bool, act: Act, say: Say,
              on_code: Callable[[int], None] | None = None) -> ft.Control:
    """One table: its clock, its buttons, and the extend and result panels (what is typed there stays typed)."""
    t, n = table, table.number
    panel, set_panel = ft.use_state("")  # "", "extend" or "result"
    box = ft.use_ref(None)
    if box.current is None:  # what the judge types: minutes, reason, vp-i, place-i, last (see feed.typed)
        box.current = {"minutes": "2", "reason": "", "last": NOBODY} | standing(t)
    kept = box.current
    saved, set_saved = ft.use_state(False)  # "Saved" under the buttons after the judge's own save
    # the card outlives its round (keyed by table number): a new round's empty table has nothing saved
    ft.use_effect(lambda: set_saved(False) if t.result is None else None, [t.result is None])
    wrong, set_wrong = ft.use_state({})  # field name -> why its value was refused

    def toggle(name: str) -> None:
        set_saved(False)
        if name == "result" and panel != "result":
            kept.update(standing(t))  # the editor opens on the result as it stands now
        set_panel(lambda open_: "" if open_ == name else name)

    def extend() -> None:
        try:
            seconds = inputs.minutes_to_seconds(kept["minutes"])
        except inputs.BadInput as exc:
            say(f"Minutes to add: {exc}")
            return
        act("extend", {"table": n, "seconds": seconds, "reason": kept["reason"]})

    def save() -> None:
        vp = {i: kept.get(f"vp-{i}", "") for i in range(len(t.players))}
        places = {i: kept.get(f"place-{i}", "") for i in range(len(t.players))}
        try:
            data = result_data(t, vp, places if placed else None, "" if placed else kept["last"])
        except FieldError as exc:  # under the field itself, beside Save (the page's message line is far above)
            set_wrong({exc.field: exc.hint, "why": str(exc)})
            return
        set_wrong({})
        if act("result", data):
            set_panel("")
            set_saved(True)

    def number_field(key: str, label: str, name: str) -> ft.TextField:
        return ft.TextField(label=label, width=90, dense=True, key=key, value=kept.get(name, ""),
                            error=wrong.get(name),
                            keyboard_type=ft.KeyboardType.NUMBER, on_change=typed(box, name))

    live = t.result is None
    buttons = [
        ft.FilledButton("Start", key=f"start-{n}", visible=not t.started and live,
                        on_click=lambda: act("start", {"tables": [n]})),
        ft.FilledButton("Pause", key=f"pause-{n}", visible=t.timer.running and live,
                        on_click=lambda: act("pause", {"tables": [n]})),
        ft.FilledButton("Resume", key=f"resume-{n}", visible=t.started and not t.timer.running and live,
                        on_click=lambda: act("resume", {"tables": [n]})),
        ft.OutlinedButton("Extend", key=f"extend-{n}", visible=live, on_click=lambda: toggle("extend")),
        ft.OutlinedButton("Result", key=f"result-{n}", on_click=lambda: toggle("result")),
    ]
    if on_code is not None:  # the app (not the live server) hands each table its timer as a QR code
        buttons.append(ft.OutlinedButton("Timer QR", key=f"timer-code-{n}", on_click=lambda: on_code(n)))
    extend_panel = ft.Column(visible=panel == "extend", controls=[
        ft.Row(wrap=True, controls=[
            number_field(f"extend-minutes-{n}", "Minutes", "minutes"),
            ft.TextField(label="Reason", width=200, dense=True, key=f"extend-reason-{n}", value=kept["reason"],
                         on_change=typed(box, "reason"))]),
        ft.Button("Add time", key=f"extend-add-{n}", on_click=extend),
    ])
    result_panel = ft.Column(visible=panel == "result", key=f"result-panel-{n}", controls=[
        *([ft.Row(wrap=True, controls=[
            number_field(f"place-{n}-{i}", f"{p} place", f"place-{i}") for i, p in enumerate(t.players)])]
          if placed else []),
        ft.Row(wrap=True, controls=[
            number_field(f"vp-{n}-{i}", f"{p} VP", f"vp-{i}") for i, p in enumerate(t.players)]),
        # built only where it shows: a Semantics around a hidden control is a framework error on screen
        *([] if placed else [named(ft.Dropdown(
            label="Only force left (optional)", width=260, key=f"last-{n}", value=kept["last"],  # not dense: 48 px
            on_select=typed(box, "last"), options=[ft.DropdownOption(key=NOBODY, text="nobody: decide by VP"),
                                                   *(ft.DropdownOption(key=p, text=p) for p in t.players)]),
            "Only force left")]),
        ft.Text(wrong.get("why", ""), key=f"result-wrong-{n}", visible="why" in wrong, color=ft.Colors.ERROR),
        ft.Button("Save result", key=f"result-save-{n}", on_click=save),
    ])
    first = ft.Dropdown(label="Plays first (roll-off)", width=260, key=f"first-{n}",  # not dense: a 48 px target
                        value=t.first or None, options=[ft.DropdownOption(key=p, text=p) for p in t.players],
                        on_select=lambda e: act("first", {"table": n, "player": e.control.value}))
    return ft.Container(key=f"table-{n}", width=CARD_WIDTH, padding=12, border_radius=12,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, content=ft.Column(spacing=6, controls=[
        ft.Text(f"Table {n}", weight=ft.FontWeight.BOLD, size=18),
        ft.Text(players_line(t) + (f" · {t.first} first" if t.first else "")),
        *([named(first, "Plays first")] if placed and live else []),
        ClockFace(feed, t, marks),
        ft.Text(result_line(t), key=f"outcome-{n}", visible=not live),
        ft.Text(judge_line(t), key=f"reports-{n}", visible=bool(judge_line(t)), weight=ft.FontWeight.BOLD,
                color=ft.Colors.ERROR if t.disputed else None),  # the players' own reports; a flag
        *(ft.Text(f"+{e.seconds / 60:g} min: {e.reason}", size=12, italic=True) for e in t.extensions),
        ft.Row(buttons, wrap=True, spacing=6),
        ft.Text("Saved", key=f"saved-{n}", visible=saved and t.result is not None, color=ft.Colors.PRIMARY),
        extend_panel,
        result_panel,
    ]))


@ft.component
def JudgeConsole(feed: JudgeFeed, write: Write, game: str, room_url: str | None = None,
                 room_qr: bytes | None = None, on_code: Callable[[int], None] | None = None,
                 player_codes: Callable[[], dict[str, str]] | None = None) -> ft.Control:
    """The whole judge's screen for the event in `feed`; `game`: its game as the judging service names it
    ("HeroClix Skirmish 300", "Halo ActionClix")."""
    t, set_t = ft.use_state(feed.state.value)
    message, set_message = ft.use_state("")
    codes, set_codes = ft.use_state("")  # the players' codes while shown
    box = ft.use_ref({"names": ""})  # the new table's names as typed (see feed.typed)
    def follow() -> Callable[[], None]:
        set_t(feed.state.value)  # what changed between the first drawing and now
        return feed.state.subscribe(set_t)

    ft.use_effect(follow, [])
    shown = ft.use_memo(lambda: standings_table(t), [t])

    def act(kind: str, data: dict[str, Any]) -> bool:
        """Hand one change to `write`; a refusal is said on screen. True when it was made."""
        try:
            new = write(kind, data)
        except CompanionError as exc:
            set_message(str(exc))
            return False
        set_message("")
        set_t(new)  # drawn even before the effect subscribed (a tap right after the page appeared)
        feed.show(new)  # the clocks, and other followers of this feed
        return True

    # the same functions on every drawing, so the memoised cards are not drawn again for a new closure
    act = ft.use_callback(act, [])
    say = ft.use_callback(lambda text: set_message(text), [])

    def seat() -> None:
        taken = {tb.number for tb in t.tables}
        number = next(k for k in range(1, len(taken) + 2) if k not in taken)
        if act("seat", {"table": number, "players": [p.strip() for p in box.current["names"].split(",") if p.strip()]}):
            box.current["names"] = ""  # drawn empty with the new table

    def show_codes() -> None:
        """The players' codes for reporting from their phones, read fresh on each look (a spent code has a
        successor); a second tap hides them."""
        if codes or player_codes is None:
            set_codes("")
            return
        try:
            found = player_codes()
        except CompanionError as exc:
            set_message(str(exc))
            return
        set_codes("\n".join(f"{p}: {c}" for p, c in found.items()) or "No players yet")

    # the room's QR and the players' codes never show together: a projected judge's screen would hand every code
    # to the whole room; while the codes show, the QR is hidden
    room = [] if room_url is None else [ft.Row(wrap=True, visible=not codes, key="room-qr-row", controls=[
        *([ft.Image(src=room_qr, width=140, height=140)] if room_qr else []),
        ft.Text(f"Players: open {room_url} for your table's clock and the standings", selectable=True),
    ])]
    if player_codes is not None:
        room.append(ft.Column([
            ft.OutlinedButton("Hide the codes" if codes else "Player codes", key="show-codes", on_click=show_codes),
            ft.Text("For your eyes only: hand each player their own code. The room's QR code is hidden meanwhile.",
                    key="codes-warning", visible=bool(codes), weight=ft.FontWeight.BOLD),
            ft.Text(codes, key="player-codes", selectable=True, visible=bool(codes))]))
    cut = t.swiss and not t.cut and len(t.rounds) > 1  # a top cut once, after Swiss rounds
    fits = sizes_for(t) if cut else ()  # only the cuts the players still in the event fill
    why_no_cut = (f"No top cut: it takes at least {CUT_SIZES[0]} players still in the event; there are "
                  f"{len(t.active)}." if cut and not fits else "")
    bar = ft.Row(wrap=True, spacing=8, controls=[
        ft.FilledButton("Start all", key="start-all", on_click=lambda: act("start", {})),
        ft.FilledButton("Pause all", key="pause-all", on_click=lambda: act("pause", {})),
        ft.FilledButton("Resume all", key="resume-all", on_click=lambda: act("resume", {})),
        ft.OutlinedButton("Next round", key="next-round", on_click=lambda: act("next_round", {})),
        *(ft.OutlinedButton(f"Top {k} cut", key=f"cut-{k}", visible=k in fits,
                            on_click=partial(act, "cut", {"size": k})) for k in CUT_SIZES),
        ft.Text(why_no_cut, key="no-cut", visible=bool(why_no_cut), size=12),
    ])
    cards = [TableCard(feed, table, t.marks, bool(t.placement), act, say, on_code, key=f"card-{table.number}")
             for table in t.tables]
    return ft.Column(key="judge", spacing=12, controls=[
        ft.Text(f"{t.name} · {game} · {shown.stage}", theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                key="event-title"),
        *room, bar,
        ft.Text(message, key="message", color=ft.Colors.ERROR, visible=bool(message)),
        AlertLine(feed),
        RoundPanel(t, act, say),
        ft.Row(cards, wrap=True, spacing=12, run_spacing=12, key="tables",
               vertical_alignment=ft.CrossAxisAlignment.START),
        ft.Row(wrap=True, controls=[
            ft.TextField(label="New table: names, comma-separated", width=320, dense=True, key="seat-names",
                         value=box.current["names"], on_change=typed(box, "names")),
            ft.OutlinedButton("Seat table", key="seat-add", on_click=seat)]),
        ft.Text("Standings", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        Standings(shown, t.tiebreaks, lambda preset: act("tiebreaks", {"preset": preset})),
    ])
