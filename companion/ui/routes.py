"""The one route table: every screen the app shows, as an address pattern and the screen it builds.

The same table serves the three ways a screen comes on top:
- navigation: a screen opens another by its route's name (`app.go("match.log", match_id=...)`): the table fills the
  pattern into the screen's address and builds the screen, so a screen never writes an address itself;
- reload, bookmark, typed address: `stack(route)` parses the address back into that screen, with the screens
  below it that its back arrow leads to (each route names the route under it);
- back: the shell pops to the screen whose address the browser went back to (every address on the stack came
  from here).
So every screen the app pushes reloads to itself (tests/ui/test_route_table.py walks every route).

Screens are named by "module:Class" and imported when first built: the first frame loads only the screens its
address shows, and this module imports no screen (screens import it, through the shell), so no circle.

An address no route takes opens the first route along it that names something on this device (a match's table,
an event's console), else home: a match or an event that is gone opens home. A unit's address stays even when
the unit is gone: its screens say so, with the way back to its table.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import parse_qsl, urlencode

import flet as ft

from companion.core.errors import CompanionError
from companion.session import Session


class Screen(Protocol):
    """What the shell shows. `route` is the address the table built it for (set by the table); a screen may also
    say `live = True`: its components follow the session's feed (see shell.is_live)."""

    route: str

    def build(self, app: Any) -> ft.View: ...


@dataclass(frozen=True)
class Route:
    """One screen of the app: where it lives (`pattern`: "/match/{match_id}/log"; `{name:int}` a whole number,
    a last `{name?}` optional), what builds it ("module:Class", called with the pattern's values as keywords),
    and the route its back arrow leads to."""

    name: str
    pattern: str
    target: str
    below: str | None = "home"
    query: tuple[str, ...] = ()  # keywords read from the address's query (?first=scarab), when given
    values: bool = False  # the whole query as `values` (an action's form filled in by Best moves)
    over: str | None = None  # the keyword the screen below is handed in as (the camera over its scanner)

    @property
    def parts(self) -> list[str]:
        return [p for p in self.pattern.split("/") if p]

    def fill(self, params: Mapping[str, Any]) -> str:
        """This route's address for these values (an optional last value left out when None)."""
        out = []
        for part in self.parts:
            if part.startswith("{"):
                name = _slot(part)[0]
                if params.get(name) is None:
                    continue  # only the optional last slot may be missing (match() refuses the rest)
                out.append(str(params[name]))
            else:
                out.append(part)
        path = "/" + "/".join(out)
        query = dict(params.get("values") or {}) if self.values else {
            k: params[k] for k in self.query if params.get(k) is not None}
        return path + (f"?{urlencode(query)}" if query else "")

    def match(self, segments: list[str]) -> dict[str, Any] | None:
        """The values an address's path segments give this place, or None when it is not this route's."""
        parts = self.parts
        optional = bool(parts) and parts[-1].endswith("?}")
        if not (len(segments) == len(parts) or (optional and len(segments) == len(parts) - 1)):
            return None
        found: dict[str, Any] = {}
        for part, segment in zip(parts, segments, strict=False):
            if not part.startswith("{"):
                if part != segment:
                    return None
                continue
            name, kind = _slot(part)
            if kind == "int":
                if not segment.isdigit():
                    return None
                found[name] = int(segment)
            else:
                found[name] = segment
        if optional and len(segments) < len(parts):
            found[_slot(parts[-1])[0]] = None
        return found

    @property
    def names_a_thing(self) -> bool:
        """Whether the route names something of this device (a match, an event): where an unknown address
        under it falls back to."""
        return any(p.startswith("{") for p in self.parts)


def _slot(part: str) -> tuple[str, str]:
    """"{table:int}" -> ("table", "int"); "{unit?}" -> ("unit", "")."""
    name, _, kind = part.strip("{}").rstrip("?").partition(":")
    return name, kind


M = "/match/{match_id}"
J = "/judge-mode/{event_id}"
TABLE: tuple[Route, ...] = (
    Route("home", "/", "companion.ui.home:HomeScreen", below=None),
    Route("new", "/new", "companion.ui.match.new_match:NewMatchScreen"),
    Route("dice", "/dice", "companion.ui.helper.dice_screen:DiceScreen"),
    Route("rules", "/rules", "companion.ui.helper.rules_screen:RulesScreen", query=("first",)),
    Route("rules.section", "/rules/{system}/{section}", "companion.ui.helper.rules_screen:SectionScreen",
          below="rules"),
    Route("scan", "/scan", "companion.ui.share.scan_screen:ScanScreen"),
    Route("scan.camera", "/scan/camera", "companion.ui.share.camera_scan:CameraScanScreen", below="scan",
          over="scan"),
    Route("timer", "/timer/{code}", "companion.ui.judge.timer_screens:TimerScreen"),
    Route("about", "/about", "companion.ui.about:AboutScreen"),
    Route("backup", "/backup", "companion.ui.backup_screen:BackupScreen"),
    Route("force", "/force/{force_id}", "companion.ui.share.force_share:ForceShareScreen"),
    Route("judge", "/judge-mode", "companion.ui.judge.judge_mode:JudgeModeScreen"),
    Route("judge.event", J, "companion.ui.judge.judge_mode:JudgeConsoleScreen", below="judge"),
    Route("judge.room", f"{J}/room", "companion.ui.judge.room_screen:RoomScreen", below="judge.event"),
    Route("judge.codes", f"{J}/codes", "companion.ui.judge.room_screen:CodesScreen", below="judge.room"),
    Route("judge.timer-code", f"{J}/table/{{table:int}}/code", "companion.ui.judge.timer_screens:TimerCodeScreen",
          below="judge.event"),
    Route("match", M, "companion.ui.match.table:TableScreen"),
    Route("match.log", f"{M}/log", "companion.ui.match.log_screen:LogScreen", below="match"),
    Route("match.share", f"{M}/share", "companion.ui.share.screens:ShareScreen", below="match"),
    Route("match.helper", f"{M}/helper", "companion.ui.helper.helper_screen:HelperScreen", below="match"),
    Route("match.dice", f"{M}/dice", "companion.ui.helper.dice_screen:DiceScreen", below="match"),
    Route("match.setup", f"{M}/setup", "companion.ui.match.setup_screen:SetupScreen", below="match"),
    Route("match.end", f"{M}/end", "companion.ui.match.result_screen:EndMatchScreen", below="match"),
    Route("match.result", f"{M}/result", "companion.ui.match.result_screen:ResultScreen", below="match"),
    Route("match.advice", f"{M}/advice", "companion.ui.helper.advice_screen:AdviceScreen", below="match"),
    Route("match.add-unit", f"{M}/add-unit", "companion.ui.match.unit_editor:UnitEditorScreen", below="match"),
    Route("match.forces", f"{M}/forces", "companion.ui.match.force_screen:ForceScreen", below="match"),
    Route("match.clock", f"{M}/clock", "companion.ui.match.clock_screen:TableClockScreen", below="match"),
    Route("match.dials", f"{M}/dials", "companion.ui.match.guide_screens:DialsScreen", below="match"),
    Route("match.host", f"{M}/host", "companion.ui.live.host_screen:HostScreen", below="match"),
    Route("match.guide", f"{M}/guide/{{sequence}}", "companion.ui.match.guide_screens:GuideScreen", below="match"),
    Route("match.action", f"{M}/action/{{action}}/{{unit?}}", "companion.ui.helper.action_screen:ActionScreen",
          below="match", values=True),
    Route("match.unit", f"{M}/unit/{{unit_id}}", "companion.ui.match.unit_screen:UnitScreen", below="match"),
    Route("match.unit.edit", f"{M}/unit/{{unit_id}}/edit", "companion.ui.match.unit_editor:UnitEditorScreen",
          below="match.unit"),
)
BY_NAME = {p.name: p for p in TABLE}


def entry(name: str) -> Route:
    """The table's route of that name."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise KeyError(f"no route {name!r} in the route table (ui/routes.py)") from None


def address(name: str, **params: Any) -> str:
    """The address of a route for these values: "/match/m1/log"."""
    return entry(name).fill(params)


def screen(name: str, session: Session, below: Screen | None = None, **params: Any) -> Screen:
    """The route's screen for these values, its `route` set to its address (what `app.go` shows)."""
    where = entry(name)
    check(where, params)
    made = _build(where, params, below)
    if made is None:
        raise CompanionError(f"{address(name, **params)} can't be opened.")
    return made


def stack(route: str, session: Session) -> list[Screen]:
    """Home first, then the screens `route` names and those below it, each built by its route."""
    path, _, query = route.partition("?")
    segments = [s for s in path.split("/") if s]
    found = _find(segments, session)
    if found is None:  # nothing takes it: the first route along it that names something here, else home
        found = next((hit for n in range(1, len(segments)) if (hit := _find(segments[:n], session)) is not None
                      and hit[0].names_a_thing), None)
        query = ""
    if found is None:
        found = (BY_NAME["home"], {})
    where, params = found
    if where.values:
        params["values"] = _values(query)
    else:
        params.update({k: v for k, v in parse_qsl(query) if k in where.query})
    chain = [where]
    while chain[-1].below is not None:
        chain.append(BY_NAME[chain[-1].below])
    screens: list[Screen] = []
    for step in reversed(chain):
        made = _build(step, params, screens[-1] if screens else None)
        if made is None:  # a value the screen refuses (a damaged timer code): what is built so far stands
            break
        screens.append(made)
    return screens or [_build(BY_NAME["home"], {}, None)]  # type: ignore[list-item]


def _find(segments: list[str], session: Session) -> tuple[Route, dict[str, Any]] | None:
    for where in TABLE:
        params = where.match(segments)
        if params is not None and _stored(params, session):
            return where, params
    return None


def check(where: Route, params: Mapping[str, Any]) -> None:
    """A screen opened by name without a value its address needs is a mistake in the code, not the player's."""
    missing = [_slot(p)[0] for p in where.parts if p.startswith("{") and not p.endswith("?}")
               and params.get(_slot(p)[0]) is None]
    if missing:
        raise KeyError(f"{where.name} needs {', '.join(missing)}")


def _stored(params: Mapping[str, Any], session: Session) -> bool:
    """Whether the match or event an address names is on this device (an address from another device, or of
    something deleted since, opens home)."""
    try:
        if "match_id" in params and not session.has_match(params["match_id"]):
            return False
        return not ("event_id" in params and not session.judging.exists(params["event_id"]))
    except CompanionError:  # not even an id
        return False


def _build(where: Route, params: Mapping[str, Any], below: Screen | None) -> Screen | None:
    """The route's screen for the values its pattern (and query) names; None when the screen refuses them."""
    module, _, name = where.target.partition(":")
    make = getattr(importlib.import_module(module), name)
    keywords = {_slot(p)[0]: params.get(_slot(p)[0]) for p in where.parts if p.startswith("{")}
    keywords.update({k: params[k] for k in where.query if params.get(k) is not None})
    if where.values and params.get("values"):
        keywords["values"] = dict(params["values"])
    if where.over is not None:
        keywords[where.over] = below
    try:
        made = make(**keywords)
    except CompanionError:
        return None
    made.route = where.fill({**params, **keywords})
    return made  # type: ignore[no-any-return]


def _values(query: str) -> dict[str, object]:
    """An action's values from a route's query: whole numbers and true/false as such, the rest as text (the
    action screen keeps only those its params take)."""
    out: dict[str, object] = {}
    for name, text in parse_qsl(query):
        out[name] = int(text) if text.lstrip("-").isdigit() else {"true": True, "false": False}.get(text, text)
    return out
