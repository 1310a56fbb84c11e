"""The shell every screen is shown in: a stack of screens over one Session, with the app bar, messages,
confirmations and device services.

The stack of screens is state (`App.state`, a `Stack`), and one root component (`Screens`) draws `page.views`
from it, one View per screen: navigation (go, replace_with, back, the phone's back gesture, a reload, the browser's
back) hands the stack a new list and never touches the page's views, so the AppBar back arrow and the phone's back
gesture both pop a screen by changing that state.
A screen is the recipe of its View: `ScreenView` calls its `build(app)` inside its own render, so the components a
screen puts in its View (`HomeList(app, self, key="home")`) are children of the root, drawn by Flet's one
scheduler. Handlers only hand actions to the session through `App.dispatch`. A screen built of components
(`live = True`: home, the table, the action screen, the helper, dice, Best moves, the rules lookup, share, scan,
camera, set-up, table clock, New match, Backup, the match log, Host this table, a unit's details and its editor,
a game's own dials and its guided turn, the end of a match and its result) is built once and redraws itself from
the session's change feed or its own state; an older screen is rebuilt from the new state by `refresh()` (see
there which).
A screen opens another by its name in the route table (`go("match.log", match_id=...)`, ui/routes.py), which
builds it and gives it its address, so every screen shown reloads to itself. Screens import this module, never
`ui/app.py` (which imports them).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session import Session
from companion.ui import routes
from companion.ui.hooks import Unopened, use_history
from companion.ui.routes import Screen
from companion.ui.widgets import icon_button, toast_bar

if TYPE_CHECKING:  # the scanner's collector loads the share codecs: with the scanner, not with the shell
    from companion.session.sharing.incoming import Incoming

THEME_KEY = "companion.theme"


@runtime_checkable
class ScanTarget(Screen, Protocol):
    """The scanner: codes read by any means (deep link, paste, picture, camera) go into one collector, whose
    parts are kept on the device (session/sharing/incoming.py)."""

    def incoming_for(self, app: App) -> Incoming: ...

    def take(self, app: App, text: str) -> None: ...

    def finish(self, app: App) -> None: ...


@dataclass(frozen=True)
class Shown:
    """One screen on the stack, and which build of it is shown: a screen that is not built of components is
    drawn again from the current state by a new build (`App.refresh`)."""

    screen: Screen
    build: int = 0


@dataclass
class Stack:
    """The screens shown, bottom first: the one state `page.views` is drawn from (by `Screens`)."""

    shown: list[Shown] = field(default_factory=list)


@ft.component
def Screens(app: App, stack: Stack) -> list[ft.Control]:
    """The root component: `page.views`, one View per screen on the stack. A screen keeps its component (and so
    its View, its Flutter route and its components' state) while it stays on the stack, keyed by the screen."""
    return [ft.memo(ScreenView)(app, shown, key=f"screen-{id(shown.screen)}") for shown in stack.shown]


@ft.component
def ScreenView(app: App, shown: Shown) -> ft.View:
    """One screen's View, built when it comes on the stack and again at each new build (memoised: a change
    elsewhere on the stack leaves it alone). A screen built of components is built once: they redraw themselves."""
    view = shown.screen.build(app)
    pin_positions(view)
    return view


class App:
    def __init__(self, page: ft.Page, session: Session) -> None:
        self.page = page
        self.session = session
        self.state = Stack()  # the screens shown: `Screens` draws page.views from it once the first is shown
        self.root: ft.Control | None = None  # that root component, once rendered
        self.route = page.route  # the route last pushed to (or received from) the page
        self.pushed: list[str] = []  # routes pushed whose route-change event has not come back yet
        # per match id, the owner last chosen in Add a unit: this phone's choice, not a fact of the match
        self.unit_owners: dict[str, str] = {}
        # services must stay referenced, or Flet unregisters them after the next event
        self.prefs = ft.SharedPreferences()
        self.wakelock = ft.Wakelock()
        self.haptics = ft.HapticFeedback()
        self.clipboard = ft.Clipboard()
        self.sharing = ft.Share()
        self.file_picker = ft.FilePicker()

    # --- navigation: every move is a new stack handed to `_draw` ---------------------------------------

    @property
    def stack(self) -> tuple[Screen, ...]:
        """The screens on the stack, bottom first (read-only: navigation changes it through `_draw`)."""
        return tuple(shown.screen for shown in self.state.shown)

    def go(self, name: str, **params: Any) -> None:
        """Show the screen of a route in the route table (ui/routes.py), by its name, over the current one."""
        self._draw([*self.stack, self._screen(name, params)])

    def opener(self, name: str, **params: Any) -> Callable[[], None]:
        """A tap handler that opens a route's screen (no arguments: Flet hands an event to a handler that takes
        any, and a `partial` of `go` would take it as a value). The route is looked up now, when the button is
        made: a misspelt name fails the test that draws the screen, not a player's tap."""
        routes.check(routes.entry(name), params)
        return lambda: self.go(name, **params)

    def replace_with(self, name: str, **params: Any) -> None:
        """Show a route's screen instead of the current one (e.g. "New match" becomes the match's table)."""
        self._draw([*self.stack[:-1], self._screen(name, params)])

    def _screen(self, name: str, params: dict[str, Any]) -> Screen:
        return routes.screen(name, self.session, self.stack[-1] if self.stack else None, **params)

    def _draw(self, screens: list[Screen]) -> None:
        """Make `screens` the stack, and draw it (the only way the app's `page.views` change).

        A screen that stays keeps its entry (and so its View: Flutter keeps its route, a field its focus). A
        screen uncovered by the change (back, a pop to an address below) is drawn from the current state, as
        `refresh` does: the match may have changed while it was covered."""
        kept = {id(shown.screen): shown for shown in self.state.shown}
        top = self.state.shown[-1].screen if self.state.shown else None
        uncovered = bool(screens) and id(screens[-1]) in kept and screens[-1] is not top
        shown = [kept.get(id(screen)) or Shown(screen) for screen in screens]
        if uncovered and not is_live(shown[-1].screen):
            shown[-1] = Shown(shown[-1].screen, shown[-1].build + 1)
        self.state.shown = shown
        self._render()
        if uncovered and is_live(shown[-1].screen):
            self.session.feed.changed(None)
        self.follow_route()

    def _render(self) -> None:
        """Draw the stack now: the root component the first time, then its update.

        Now, not when Flet's scheduler gets to it (an observable stack would wait for that): the screen a tap
        opens is drawn when the handler returns, and a browser's reload that changed the route (flet-web tells
        the reattached session after sending it the page) left Flet's "Working..." placeholder on screen when the
        redraw came from the scheduler (measured in Chromium, flet 1.0.5)."""
        if self.root is None:
            self.page.render_views(Screens, self, self.state)
            # render_views puts the root component there, and turns Flet's components mode on: a handler's changes
            # are no longer sent when it returns (every View is the root's now, and frozen, so that send reached
            # nothing but the page: a whole page diff after each tap); a change is drawn by the component it is
            # in, or by `refresh`, and dialogs send themselves
            self.root = self.page.views  # type: ignore[assignment]
        else:
            self.root.update()

    def open_rules(self) -> None:
        """The rules lookup; from a match's screens, that match's system first."""
        match_id = getattr(self.stack[-1], "match_id", None) if self.stack else None
        first = None
        if match_id:
            with contextlib.suppress(CompanionError):
                first = self.session.state(match_id).system
        self.go("rules", first=first)

    def open_scan(self, text: str = "") -> None:
        """The scanner; with `text` (a link opened from the phone's camera app) it reads that code at once.
        A link opened while the scanner is on top goes into that same scanner."""
        if not (self.stack and isinstance(self.stack[-1], ScanTarget)):
            self.go("scan")
        scanner = self.stack[-1]
        assert isinstance(scanner, ScanTarget)
        if text:
            scanner.take(self, text)

    def back(self) -> None:
        """One screen down (the app bar's arrow, the phone's back gesture: `page.on_view_pop`); on the last
        screen, that screen redrawn."""
        if len(self.stack) > 1:
            self._draw(list(self.stack[:-1]))
            return
        self.refresh()
        self.follow_route()

    # --- the page's route ---------------------------------------------------------------------------

    def show_route(self, route: str) -> None:
        """The screens an address names, as the whole stack (a reload, a bookmark, a typed address)."""
        self.show_stack(routes.stack(route, self.session))

    def show_stack(self, screens: list[Screen]) -> None:
        """Show these screens as the whole stack (each built afresh: they come from an address)."""
        self.state.shown = []
        self._draw(screens)

    def follow_route(self) -> None:
        """The page's route (the browser's address) follows the top screen, so reload and back keep the place."""
        route = self.stack[-1].route if self.stack else "/"
        if route != self.route:
            self.route = route
            self.pushed = [*self.pushed[-15:], route]  # bounded, should a client never answer a push
            self.page.run_task(self._quietly, lambda: self.page.push_route(route))

    def route_changed(self, route: str) -> bool:
        """The browser's back button or address moved to `route`. Our own pushes coming back and routes of
        screens on the stack (back: pop to it) are handled here; False when the route names another screen."""
        if route in self.pushed:  # our pushes come back in order: this one and those before it are done
            del self.pushed[:self.pushed.index(route) + 1]
            return True
        if route == self.route:
            return True
        self.route = route
        return self._pop_to(route)

    def back_to_table(self, match_id: str) -> None:
        """Down to the match's table, past every screen above it (a unit that left the match: its details and
        editor have nothing left to show); a stack without the table gets one in place of the top screen."""
        if not self._pop_to(routes.address("match", match_id=match_id)):
            self.replace_with("match", match_id=match_id)
        self.follow_route()

    def _pop_to(self, route: str) -> bool:
        """Pop the screens above the topmost one below the top whose route is `route`; False: none is."""
        for depth in range(len(self.stack) - 2, -1, -1):
            if self.stack[depth].route == route:
                self._draw(list(self.stack[:depth + 1]))
                return True
        return False

    def refresh(self) -> None:
        """Redraw the top screen from the current state. A live screen (components) is asked to read the match
        again through the session's feed (after a back or a theme switch: what changed meanwhile); another screen
        is built again (a new `Shown.build`), and its component draws the new build. Rebuilt so: About, and judge
        mode's and the table timer's screens (the console and the countdown in them are components, kept from one
        rebuild to the next).

        The View stays the same control on the phone (and so Flutter's route: a dialog closing while its View was
        swapped for a new one stays on screen in the browser): Flet reconciles the new build with the shown one
        and sends only what changed; the built controls are frozen, so handlers never change a control in place:
        they change the screen's state and call `refresh()`.

        Every top-level part gets a key (see `pin_positions`): Flet matches an unkeyed rebuilt control by
        Python identity only, so a rebuilt `Row` around a text field was a new widget on the phone, the field
        lost its focus after the first keystroke and the rest of the typing went nowhere.
        """
        if self.stack and is_live(self.stack[-1]):
            self.session.feed.changed(None)
        elif self.state.shown:
            top = self.state.shown[-1]
            self.state.shown = [*self.state.shown[:-1], Shown(top.screen, top.build + 1)]
            self._render()
        self.page.update()

    # --- actions ----------------------------------------------------------------------------------

    def dispatch(self, match_id: str, type_: str, data: dict[str, Any] | None = None,
                 by: str | None = None) -> Match | None:
        """Hand one event to the session; on refusal tell the player why and change nothing."""
        try:
            state = self.session.dispatch(match_id, type_, data or {}, by=by)
        except CompanionError as exc:
            self.toast(str(exc))
            return None
        self.tick()
        self.redraw()
        return state

    def attempt(self, action: Callable[[], Any]) -> Any:
        """Run a session call (undo, redo, delete ...) and show its error instead of failing."""
        try:
            result = action()
        except CompanionError as exc:
            self.toast(str(exc))
            return None
        self.redraw()
        return result

    def redraw(self) -> None:
        """After a change this session made: a live screen has heard of it through the feed already."""
        if not (self.stack and is_live(self.stack[-1])):
            self.refresh()

    def undo_roll(self, match_id: str) -> str | None:
        """Take back the last step, by the player to play; what was undone, for the screen to show beside its Roll
        ("Undid: Turret: holds fire this turn"; a step that rolled dice adds that its roll stays in the log): a
        snack bar there covered the pinned bar, Roll included, for its four seconds. None: refused (said why)."""
        try:
            self.session.undo(match_id, by=self.session.state(match_id).active_player.id)
        except CompanionError as exc:
            self.toast(str(exc))
            return None
        return self.session.undo_news(match_id, short=True)[0]

    def toast(self, message: str) -> None:
        self.page.show_dialog(toast_bar(message))

    def confirm(self, title: str, body: str, yes: str, on_yes: Callable[[], None]) -> None:
        """Ask before anything destructive."""

        def close(_: Any = None) -> None:
            self.page.pop_dialog()

        def accept(_: Any = None) -> None:
            self.page.pop_dialog()
            on_yes()

        # no key: a closed dialog still listed and a new one with the same key were paired in Flet's diff, and
        # the new one came back frozen (its Yes could not close it)
        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(title), content=ft.Text(body),
            actions=[ft.TextButton("Cancel", key="confirm-no", on_click=close),
                     ft.FilledButton(yes, key="confirm-yes", on_click=accept)]))

    # --- device services ----------------------------------------------------------------------------

    def tick(self) -> None:
        """A light haptic tick on counters (ignored where the device has none)."""
        self.page.run_task(self._quietly, self.haptics.light_impact)

    def keep_awake(self, on: bool) -> None:
        self.page.run_task(self._quietly, self.wakelock.enable if on else self.wakelock.disable)

    @staticmethod
    async def _quietly(call: Callable[[], Any]) -> None:
        with contextlib.suppress(Exception):  # a missing service must never break play
            await call()

    async def load_theme(self) -> None:
        """Apply the saved theme (after the first frame: a round trip to the device must not delay it)."""
        with contextlib.suppress(Exception):
            mode = await self.prefs.get(THEME_KEY)
            if mode in ("dark", "light") and ft.ThemeMode(mode) != self.page.theme_mode:
                self.page.theme_mode = ft.ThemeMode(mode)
                self.page.update()

    def toggle_theme(self) -> None:
        dark = self.page.theme_mode != ft.ThemeMode.DARK
        self.page.theme_mode = ft.ThemeMode.DARK if dark else ft.ThemeMode.LIGHT
        self.page.run_task(self._quietly, lambda: self.prefs.set(THEME_KEY, "dark" if dark else "light"))
        self.refresh()


def themes() -> tuple[ft.Theme, ft.Theme]:
    """The light and the dark theme: thumb-sized everywhere (every tap target at least 48 px).

    Flutter picks a compact density and shrink-wrapped tap targets when it runs on a desktop (a browser on a
    laptop, the judge's computer), which made text buttons 32 px tall; the standard density and 14 px of padding
    above and below a button's 20 px label make every text button 48 px on every platform.
    """
    tall = ft.ButtonStyle(padding=ft.Padding.symmetric(vertical=14, horizontal=20))
    made = [ft.Theme(color_scheme_seed=ft.Colors.INDIGO, visual_density=ft.VisualDensity.STANDARD,
                     button_theme=ft.ButtonTheme(style=tall), filled_button_theme=ft.FilledButtonTheme(style=tall),
                     outlined_button_theme=ft.OutlinedButtonTheme(style=tall),
                     text_button_theme=ft.TextButtonTheme(style=tall),
                     # segments share a row in equal parts: less padding beside, or "2 players" wraps at 320 px
                     segmented_button_theme=ft.SegmentedButtonTheme(
                         style=ft.ButtonStyle(padding=ft.Padding.symmetric(vertical=14, horizontal=8))),
                     icon_button_theme=ft.IconButtonTheme(style=ft.ButtonStyle(padding=12)))  # 24 px icon + 24
            for _ in range(2)]
    return made[0], made[1]


def is_live(screen: Screen) -> bool:
    """Whether the screen is drawn by components over the session's feed (it redraws itself)."""
    return bool(getattr(screen, "live", False))


def pin_positions(view: ft.View) -> None:
    """Key the view's unkeyed parts by position, as Flet already does for everything below a keyed control.

    Matched by key, a rebuilt part is diffed field by field against the shown one (and its children by
    position), so the phone keeps its widgets, a focused field keeps its focus and its caret, and only changed
    values travel. Explicit keys win: a screen keys what moves (list items) itself.
    """
    for n, control in enumerate(view.controls):
        if control.key is None:
            control.key = f"_at{n}"
    for attr in ("appbar", "floating_action_button", "bottom_appbar"):
        part = getattr(view, attr)
        if part is not None and part.key is None:
            part.key = f"_{attr}"


LONG_TITLE = 18  # characters: a longer title beside the back arrow and the rules icon no longer fits at 22 px


def bar_title(title: str) -> ft.Text:
    """The app bar's title as text (a screen whose title follows the match draws it in a component)."""
    long = len(title) > LONG_TITLE
    return ft.Text(title, key="appbar-title", size=16 if long else None, max_lines=2 if long else 1,
                   overflow=ft.TextOverflow.ELLIPSIS)


@ft.component
def MatchTitle(session: Session, match_id: str, title: Callable[[Any], str], unread: str) -> ft.Control:
    """An app bar's title that follows the match: `title(history)` (the player to play, a unit's name, the log's
    count), drawn again only when that text changed; `unread` while the match can't be read."""
    picked = use_history(session, match_id, title)
    return bar_title(unread if isinstance(picked, Unopened) else picked)


def app_bar(app: App, title: str, *actions: ft.Control) -> ft.AppBar:
    """The app bar with the rules lookup. A long title (an event's or a rule's name, "Roll a d6 against the
    Event dial") is set smaller, on up to two lines, instead of being cut to "Roll a d6 against the..." on a
    360 px phone."""
    return ft.AppBar(key="appbar", title=bar_title(title), actions=[
        *actions,
        icon_button(ft.Icons.MENU_BOOK, key="open-rules", tooltip="Rules lookup", on_click=app.open_rules),
    ])
