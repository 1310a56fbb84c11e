"""The screens a route names, so a reload, a bookmark or the browser's back button lands where the player was.

Every screen has a `route`; the shell pushes the top screen's route to the page (the browser's address bar).
Here a route becomes that screen again, with the screens below it that its back arrow leads to. A route of a
match or an event that is gone from this device opens home; so does anything unknown. A unit's route stays
even when the unit is gone: its screens say so, with the way back to its table.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.errors import CompanionError
from companion.session import Session
from companion.ui.shell import Screen

MATCH_TAILS = ("log", "share", "helper", "dice", "setup", "end", "result", "advice", "add-unit", "forces", "clock",
               "dials")


def screens_for(route: str, session: Session) -> list[Screen]:
    """Home first, then the screens `route` names (only those that can be rebuilt from the stored data)."""
    from companion.ui.home import HomeScreen

    path, _, query = route.partition("?")
    parts = [p for p in path.split("/") if p]
    stack: list[Screen] = [HomeScreen()]
    if not parts:
        return stack
    head, rest = parts[0], parts[1:]
    simple = _simple_screens().get(head)
    if simple is not None and not rest:
        return [*stack, simple()]
    if head == "match" and rest and _stored(session, rest[0]):
        return [*stack, *_match_screens(rest[0], rest[1:], query)]
    if head == "rules" and len(rest) == 2:
        from companion.ui.helper.rules_screen import RulesScreen, SectionScreen

        return [*stack, RulesScreen(rest[0]), SectionScreen(rest[0], rest[1])]
    if head == "force" and len(rest) == 1:  # a saved force's share screen
        from companion.ui.share.force_share import ForceShareScreen

        return [*stack, ForceShareScreen(rest[0])]
    if head == "judge-mode" and 1 <= len(rest) <= 2 and _event(session, rest[0]):
        from companion.ui.judge.judge_mode import JudgeConsoleScreen, JudgeModeScreen
        from companion.ui.judge.room_screen import CodesScreen, RoomScreen

        console = [*stack, JudgeModeScreen(), JudgeConsoleScreen(rest[0])]
        if rest[1:] == ["room"]:
            return [*console, RoomScreen(rest[0])]
        if rest[1:] == ["codes"]:  # under the room's screen, as tapping Player codes leaves it
            return [*console, RoomScreen(rest[0]), CodesScreen(rest[0])]
        return console
    return stack


def _event(session: Session, event_id: str) -> bool:
    try:
        return session.judging.exists(event_id)
    except CompanionError:
        return False


def _stored(session: Session, match_id: str) -> bool:
    try:
        return session.has_match(match_id)
    except CompanionError:  # not even a match id
        return False


def _simple_screens() -> dict[str, Callable[[], Screen]]:
    from companion.ui.about import AboutScreen
    from companion.ui.helper.dice_screen import DiceScreen
    from companion.ui.helper.rules_screen import RulesScreen
    from companion.ui.judge.judge_mode import JudgeModeScreen
    from companion.ui.match.new_match import NewMatchScreen
    from companion.ui.share.scan_screen import ScanScreen

    return {"new": NewMatchScreen, "dice": DiceScreen, "rules": RulesScreen, "scan": ScanScreen,
            "about": AboutScreen, "judge-mode": JudgeModeScreen}


def _match_screens(match_id: str, tail: list[str], query: str = "") -> list[Screen]:
    from companion.ui.match.table import TableScreen

    table: list[Screen] = [TableScreen(match_id)]
    if len(tail) in (2, 3) and tail[0] == "action":  # /match/<id>/action/<action>[/<unit>][?target=u3&...]
        from companion.ui.helper.action_screen import ActionScreen

        return [*table, ActionScreen(match_id, tail[1], tail[2] if len(tail) == 3 else None, _values(query))]
    if len(tail) in (2, 3) and tail[0] == "unit" and tail[2:] in ([], ["edit"]):  # /match/<id>/unit/<unit>[/edit]
        from companion.ui.match.unit_editor import UnitEditorScreen
        from companion.ui.match.unit_screen import UnitScreen

        # the editor over the details, as tapping Edit leaves it; the unit is not looked up here: its screens say
        # when it is gone (a typed address, removed on another phone), as they do when it leaves while open
        details = [*table, UnitScreen(match_id, tail[1])]
        return [*details, UnitEditorScreen(match_id, tail[1])] if len(tail) == 3 else details
    if len(tail) == 2 and tail[0] == "guide":  # /match/<id>/guide/<sequence>: the screen says when it has none such
        from companion.ui.match.guide_screens import GuideScreen

        return [*table, GuideScreen(match_id, tail[1])]
    if len(tail) != 1 or tail[0] not in MATCH_TAILS:
        return table
    return [*table, _match_tail(match_id, tail[0])]


def _match_tail(match_id: str, name: str) -> Screen:
    from companion.ui.helper.advice_screen import AdviceScreen
    from companion.ui.helper.dice_screen import DiceScreen
    from companion.ui.helper.helper_screen import HelperScreen
    from companion.ui.match.clock_screen import TableClockScreen
    from companion.ui.match.force_screen import ForceScreen
    from companion.ui.match.guide_screens import DialsScreen
    from companion.ui.match.log_screen import LogScreen
    from companion.ui.match.result_screen import EndMatchScreen, ResultScreen
    from companion.ui.match.setup_screen import SetupScreen
    from companion.ui.match.unit_editor import UnitEditorScreen
    from companion.ui.share.screens import ShareScreen

    screens: dict[str, Callable[[str], Screen]] = {"log": LogScreen, "share": ShareScreen, "helper": HelperScreen,
                                                   "dice": DiceScreen, "setup": SetupScreen, "end": EndMatchScreen,
                                                   "result": ResultScreen, "advice": AdviceScreen,
                                                   "add-unit": UnitEditorScreen, "forces": ForceScreen,
                                                   "clock": TableClockScreen, "dials": DialsScreen}
    return screens[name](match_id)


def _values(query: str) -> dict[str, object]:
    """An action's values from a route's query: whole numbers and true/false as such, the rest as text (the
    action screen keeps only those its params take)."""
    from urllib.parse import parse_qsl

    out: dict[str, object] = {}
    for name, text in parse_qsl(query):
        out[name] = int(text) if text.lstrip("-").isdigit() else {"true": True, "false": False}.get(text, text)
    return out
