"""The one facade the UI and the CLI use: make, list, open and delete matches; dispatch events; undo/redo.

`dispatch` validates and applies an event, saves it durably, and only then returns the new state.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from companion import rules
from companion.core.errors import CompanionError, IllegalAction, InvalidMatch
from companion.core.match.bounds import check_event, check_log
from companion.core.match.creation import new_match
from companion.core.match.describe import describe, undo_note
from companion.core.match.events import Event
from companion.core.match.history import MARKS, History, NeedSegment, Segment
from companion.core.model import Match, from_json, to_json
from companion.core.records import MatchSummary
from companion.session.feed import ChangeFeed
from companion.session.policy import OWNER, WritePolicy, guarded
from companion.session.wiring import wire
from companion.store.atomic import DamagedFile
from companion.store.matches import MatchNotFound, MatchStore, check_id
from companion.store.paths import data_dir

if TYPE_CHECKING:  # loaded where used: packs, dice and new ids cost imports `match list` never needs
    import random

    from companion.core.dice.roll import RollResult
    from companion.core.packs.load import Pack
    from companion.rules.action import Action, Resolution
    from companion.session.judging.service import Judging
    from companion.session.play.advice import Advice


EXPORT_FORMAT = "tabletop-companion/match-export"
EXPORT_VERSION = 2  # 2: undo and redo are events of the log (version 1 exports still read)
PARSED_PACKS = Path("cache", "packs")  # in the data folder; no backup holds it (it is made again from the packs)


class MatchExists(CompanionError):
    pass


class MatchChanged(CompanionError):
    """The stored match changed between the moment a merge compared it and the moment it would write."""


class Session:
    def __init__(self, store: MatchStore, *, clock: Callable[[], float] = time.time,
                 policy: WritePolicy = OWNER) -> None:
        wire()  # the reducer gets the systems' checks and the rules their packs here, not on import
        self.store = store
        self.clock = clock
        self.policy = policy  # who may read and write: consulted on every read of a match and every write
        self._histories: dict[str, History] = {}
        self._signatures: dict[str, Any] = {}  # the stored head as we last read or wrote it
        self._judging: Judging | None = None
        self.feed = ChangeFeed()  # told of every change to a match (session/feed.py): screens subscribe

    @classmethod
    def open(cls, root: Path | str | None = None) -> Session:
        """A session over the user's data folder (or `root`, a path or its text, as scripts pass it)."""
        return cls(MatchStore(Path(root) if root else data_dir()))

    @property
    def root(self) -> Path | None:
        """The data folder this session keeps its matches in (None: in memory)."""
        return self.store.root

    @property
    def judging(self) -> Judging:
        """The judge's events kept beside these matches (one service per session, so an in-memory one lasts)."""
        self.policy.check_events()  # a hosted table's phone never reaches the host's events
        if self._judging is None:
            from companion.session.judging.service import Judging

            self._judging = Judging(self.store.root, clock=self.clock)
        return self._judging

    # --- packs ------------------------------------------------------------------------------------

    @property
    def user_pack_dirs(self) -> tuple[Path, ...]:
        return (self.store.root / "packs",) if self.store.root is not None else ()

    def packs(self) -> tuple[dict[str, Pack], list[str]]:
        return self._pack_loader().discover(self.user_pack_dirs)

    def pack_names(self) -> dict[str, str]:
        """Each game system's name by id as its pack names it, read from each pack's pack.toml alone: the list of
        matches shows these (the whole packs load, checked, with the first match opened)."""
        return self._pack_files().names(self.user_pack_dirs)

    def _pack_loader(self) -> ModuleType:
        """The whole pack loader (the pack schema's checks, dice tables, rules text), loaded on first use."""
        from companion.core.packs import load

        self._pack_files()
        return load

    def _pack_files(self) -> ModuleType:
        """Pack folders and files, loaded on first use and read through this device's parsed copies
        (store/pack_cache.py: TOML parsed once, not at every launch)."""
        from companion.core.packs import files
        from companion.store.pack_cache import ParsedToml

        if self.store.root is not None:
            files.use_parser(ParsedToml(self.store.root / PARSED_PACKS).loads)
        return files

    # --- matches ----------------------------------------------------------------------------------

    @guarded("new", lambda *args, **kwargs: None)
    def new_match(
        self,
        system: str,
        players: list[str],
        *,
        colours: list[str] | None = None,
        seed: int | None = None,
        rounds_per_turn: int | None = None,
        build_total: int | None = None,
        house_rules: list[str] | tuple[str, ...] = (),
        settings: Mapping[str, int] | None = None,
    ) -> Match:
        """A new match of `system`; `settings`: the numbers its pack leaves to the players, by setting id
        (session.play.match_settings, e.g. {"kill-points-to-win": 10}), kept in the match."""
        if seed is not None:
            warnings.warn("new_match(seed=...) is ignored: a match's dice come from the device when a player rolls "
                          "(pass rng= to roll/act for repeatable dice)", DeprecationWarning, stacklevel=2)
        pack = self._pack_loader().get_pack(system, self.user_pack_dirs)
        match_id = self._free_id()
        match = new_match(pack, players, match_id=match_id, now=self._now(), colours=colours,
                          rounds_per_turn=rounds_per_turn, build_total=build_total, house_rules=house_rules,
                          settings=settings)
        why = rules.get(system).settings_refusal(match) if system in rules.available() else None
        if why:
            raise IllegalAction(why)
        history = History.start(match)
        self.store.save(history, now=self._now())
        self._remember(history)
        return match

    def list_matches(self) -> list[MatchSummary]:
        return self.summaries()[0]

    def summaries(self) -> tuple[list[MatchSummary], list[DamagedFile]]:
        """Every stored match's summary (those the policy lets this session see), and a line for each file that
        could not be read (kept aside)."""
        found, damaged = self.store.summaries()
        # the turn as its game counts it, like the table's header (a Maze turn holds two of the match's turns)
        return [replace(s, turn=rules.game_turn(s.system, s.turn)) for s in found
                if self.policy.visible(s.id)], damaged

    def has_match(self, match_id: str) -> bool:
        return self.policy.visible(match_id) and self.store.exists(match_id)

    def history(self, match_id: str) -> History:
        """The match's history, read again when another process changed it since we last read or wrote it."""
        if not self.policy.visible(match_id):
            raise MatchNotFound(f"no match {match_id!r}")  # a hosted table's phone sees its match only
        history = self._histories.get(match_id)
        signature = self.store.signature(check_id(match_id))
        if history is None or signature != self._signatures.get(match_id):
            self.store.forget(match_id)
            history = self.store.load(match_id)
            self._remember(history)
        return history

    def state(self, match_id: str) -> Match:
        return self.history(match_id).state

    @guarded("delete")
    def delete(self, match_id: str) -> None:
        with self.store.locked(check_id(match_id)):
            self.store.delete(match_id)
        self._histories.pop(match_id, None)
        self.feed.changed(match_id)

    # --- changes ----------------------------------------------------------------------------------

    @guarded("change")
    def dispatch(self, match_id: str, type_: str, data: dict[str, Any] | None = None, *,
                 by: str | None = None) -> Match:
        """Apply one event and save it; returns the new state once it is on disk."""
        # whole seconds: enough for "who did what, when", and share codes shrink by about a fifth
        event = check_event(Event(type_, dict(data or {}), by, float(int(self._now()))))
        with self.store.locked(check_id(match_id)):  # read, change and write as one, against other processes
            return self._push(match_id, event)

    def _push(self, match_id: str, event: Event) -> Match:
        """Apply and store one event (if the match's game allows the change); the caller holds the match's lock."""
        before = self.history(match_id)
        history = before.push(event)
        rules.refuse_change(before.state, history.state)
        segment, history = history.compact()
        self._commit(history, segment)
        return history.state

    def dispatch_events(self, match_id: str, events: list[Event], label: str, *, by: str | None = None) -> Match:
        """Several events as one step of the log (one undo takes them all back)."""
        return self.dispatch(match_id, "batch", _batch_data(events, label), by=by)

    def roll(self, match_id: str, expr: str, purpose: str = "", *, by: str | None = None,
             rng: random.Random | None = None) -> RollResult:
        """Roll dice for a match now and log them: the dice are in the event, so replay and sharing never roll.

        `rng` is for tests and scripts; by default the dice come from the operating system's randomness, so no
        copy of the match (export, share code) can tell what the next roll will be."""
        import random

        from companion.core.dice.roll import roll

        result = roll(expr, rng or random.SystemRandom())
        self.dispatch(match_id, "roll", result.event_data(purpose), by=by)
        return result

    @guarded("change")
    def act(self, match_id: str, action: Action, *, by: str | None = None,
            rng: random.Random | None = None) -> tuple[Resolution, Match]:
        """Commit a rules helper action: roll its dice now (the device's randomness unless `rng` is given) and
        apply its events as one undoable step. Returns the resolution and the match before it (to show what
        changed). Raises IllegalAction (nothing stored) when it isn't legal now."""
        import random

        with self.store.locked(check_id(match_id)):  # the dice are judged against the state they are stored on
            before = self.state(match_id)
            system = rules.get(before.system, plain=True)
            refusal = system.actor_refusal(before, action, by) if by is not None else None
            if refusal:
                raise IllegalAction(*refusal)
            resolution = system.settle(before, action, rng or random.SystemRandom())
            now = float(int(self._now()))
            if system.plain_ending(before, action.name):  # the core's own event, logged as itself
                plain = resolution.events[0]
                self._push(match_id, Event(plain.type, plain.data, by, now))
            elif resolution.events:
                self._push(match_id, Event("batch", _batch_data(resolution.events, resolution.summary), by, now))
        return resolution, before

    def mover(self, match_id: str) -> str:
        """The id of the player whose move it is (who `act` is by): the active player, or the side a game hands
        the move to (Armageddon Empires' defender in a challenge)."""
        state = self.state(match_id)
        return rules.get(state.system, plain=True).mover(state)

    def advise(self, match_id: str, by: str = "points", struck: Iterable[str] = ()) -> Advice:
        """The active player's rolling options ranked by `by` ("points", "ko" or "damage"), exact figures and
        working included; targets in `struck` (ruled out this turn, e.g. no line of fire) left out."""
        from companion.session.play.advice import advise

        return advise(self.state(match_id), by, struck)

    @guarded("undo")
    def undo(self, match_id: str, *, by: str | None = None) -> Match:
        """Take back the last step in effect: an `undo` event (by `by`, now) naming it joins the log."""
        with self.store.locked(check_id(match_id)):
            history = self.history(match_id)
            while True:
                try:
                    history = history.undo(by, float(int(self._now())))
                    break
                except NeedSegment as need:
                    history = history.reopen(self.store.segment_ending_at(match_id, need.base))
            self._commit(history)
        return history.state

    @guarded("redo")
    def redo(self, match_id: str, *, by: str | None = None) -> Match:
        """Bring back the step undone last: a `redo` event (by `by`, now) naming it joins the log."""
        with self.store.locked(check_id(match_id)):
            history = self.history(match_id).redo(by, float(int(self._now())))  # only a new step cuts a segment
            self._commit(history)
        return history.state

    def undo_news(self, match_id: str, since: int = 0, *, short: bool = False) -> tuple[str, int]:
        """The line for the newest undo or redo among the events after the first `since` ("Ann undid Ben's
        “Ben: +1 kill”"; with `short`, "Undid: Ben: +1 kill"), "" when there is none, and the log's length now
        (the `since` of the next call). Undo and redo events and the steps they name are in the tail."""
        history = self.history(match_id)
        for index in range(history.length - 1, max(since, history.base) - 1, -1):
            event = history.step(index)
            if event.type in MARKS and event.data["step"] >= history.base:
                step, state = history.step(event.data["step"]), history.state
                names = rules.get(state.system, plain=True).token_words()  # its pack's words for tokens
                text = undo_note(state, event, step, names) if short else describe(state, event, step, names)
                return text, history.length
        return "", history.length

    def _commit(self, history: History, segment: Segment | None = None) -> None:
        self.store.save(history, [segment] if segment else [], now=self._now())
        self._remember(history)  # only once it is stored

    def log(self, match_id: str) -> list[Event]:
        return self.store.full_log(match_id)[1]

    # --- export and import ------------------------------------------------------------------------

    def export(self, match_id: str) -> dict[str, Any]:
        with self.store.locked(check_id(match_id)):  # the head and its segments as of one moment
            state = self.state(match_id)  # re-reads the head when another process changed it
            initial, events = self.store.full_log(match_id)
        return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "initial": to_json(initial),
                "events": [e.to_json() for e in events], "state": to_json(state)}

    @guarded("import", lambda *args, **kwargs: None)
    def import_match(self, data: Any, *, as_new: bool = False) -> Match:
        """Store an exported match after replaying its whole history; nothing is stored if any check fails."""
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise InvalidMatch("this is not a match exported by Tabletop Companion")
        version = data.get("version")
        if not isinstance(version, int) or version > EXPORT_VERSION:
            raise InvalidMatch("this match was exported by a newer version of the app; update the app")
        initial = from_json(data.get("initial"))
        check_id(initial.id)
        events = data.get("events")
        if not isinstance(events, list):
            raise InvalidMatch("the export has no list of events")
        check_log(events)
        if as_new:
            initial = replace(initial, id=self._free_id())  # already read and checked: only the id changes
        history, segments = segmented(initial, [check_event(Event.from_json(raw)) for raw in events])
        # a new match has no segment files to replace: its older events go in segments of up to WHOLE_SEGMENT (a
        # restore writes a quarter of the files and states); a replaced history keeps the usual cuts, which
        # overwrite the old files, so undo never finds a segment of the history it replaced
        segments = History.joined(segments)
        with self.store.locked(initial.id, create=True):  # checked and written as one: nothing unseen is replaced
            if self.store.exists(initial.id):
                raise MatchExists(f"match {initial.id} is already stored here; import it as a new match instead")
            self.store.save(history, segments, now=self._now())
            self._remember(history)
        return history.state

    @guarded("replace", lambda initial, *args, **kwargs: getattr(initial, "id", None))
    def replace_history(self, initial: Match, events: list[Event], *,
                        seen: tuple[Match, list[Event]] | None = None) -> Match:
        """Replace a stored match's whole history with another copy of it (a merge that takes the other device's).

        Under the match's lock; with `seen` (the local start and log the caller compared against) it refuses
        with MatchChanged when the stored log is no longer that one, so no event it has not seen is dropped.

        The new log is replayed in full before anything is written. It is first saved as one head holding every
        event (a single atomic write: a crash leaves the old match or the new one, never a mix), then cut into
        the usual segments, which overwrite the old ones before the head that points past them.
        """
        match_id = check_id(initial.id)
        check_log(events)
        history, segments = segmented(initial, map(check_event, events))  # each checked as it is replayed
        whole = History(0, initial, tuple(events), history.state)  # what pushing every event gives: one replay
        with self.store.locked(match_id):  # MatchNotFound when there is nothing to replace
            if seen is not None and self._log_now(match_id) != seen:
                raise MatchChanged(f"match {match_id} changed on this device meanwhile; nothing was replaced: "
                                   "import it again to compare with the new copy")
            self.store.save(whole, now=self._now())
            self.store.save(history, segments, now=self._now())
            self._remember(history)
        return history.state

    def _log_now(self, match_id: str) -> tuple[Match, list[Event]]:
        self.history(match_id)  # drops a cached head that another process replaced
        return self.store.full_log(match_id)

    def _free_id(self) -> str:
        import secrets

        match_id = secrets.token_hex(6)
        while self.store.exists(match_id):
            match_id = secrets.token_hex(6)
        return match_id

    def forget(self, match_id: str) -> None:
        """Drop what this session keeps of a match (a restore writes hundreds it has no need to keep in memory):
        the next read comes from its files."""
        self._histories.pop(match_id, None)
        self._signatures.pop(match_id, None)
        self.store.forget(match_id)

    def _remember(self, history: History) -> None:
        """Keep the history as stored now, with the file signature that goes with it."""
        match_id = history.state.id
        self._histories[match_id] = history
        self._signatures[match_id] = self.store.signature(match_id)
        self.feed.changed(match_id)

    def _now(self) -> float:
        return self.clock()


def _batch_data(events: Iterable[Event], label: str) -> dict[str, Any]:
    return {"label": label, "events": [{"type": e.type, "data": e.data} for e in events]}


def segmented(initial: Match, events: Iterable[Event]) -> tuple[History, list[Segment]]:
    """Replay a whole log (raises on any illegal event) and cut it into stored segments plus a bounded tail."""
    return History.replayed(initial, events)
