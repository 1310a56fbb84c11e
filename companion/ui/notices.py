"""Clock warnings as the phone's own notifications, where the build has them (flet-notifications 0.1.4 over
flutter_local_notifications): each warning is scheduled with the system at its deadline, so it fires with the
phone locked or the app closed; pause, resume, undo and time changes reschedule or cancel it
(session.table.clock_notices). The beep and vibration (ui/alerts.py) stay, for every device, while the clock is on
screen, and are all a device without scheduled notifications gets.

Scheduled notifications need an app built with the extension (`flet build`; Android also needs
packaging/patch_android_notifications.py on the generated project): iOS, Android and macOS. Windows can't cancel
without an MSIX identity, Linux and the web have no scheduler, and `flet run`'s prebuilt client lacks the
extension's Flutter half: those get the beep.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import time
from datetime import UTC, datetime
from typing import Any
from weakref import WeakKeyDictionary

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Timer
from companion.session.table.clock_notices import ClockNotices, Notice, Notifier, timer_notices

log = logging.getLogger(__name__)
PLATFORMS = (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS, ft.PagePlatform.MACOS)
TIMEOUT = 5.0  # a system that never answers must not hold the clock
ASK_TIMEOUT = 120.0  # the permission dialog waits for the player
CHANNEL = "clock-warnings"

NOTIFICATIONS = "notifications"  # scheduled with the system (and the beep while the clock is on screen)
BEEP = "beep"  # beep and vibration while the app runs
REFUSED = "refused"  # the player said no to notifications: the beep
FAILED = "failed"  # the system refused a call (an Android build without the patch step, say): the beep
SAYS = {
    NOTIFICATIONS: "system notifications at each warning's time (they reach a locked phone), and a beep and "
                   "vibration while the clock is on screen",
    BEEP: "a beep and vibration while the app is open (this device or build has no scheduled notifications)",
    REFUSED: "a beep and vibration while the app is open (notifications are turned off for this app in the "
             "phone's settings)",
    FAILED: "a beep and vibration while the app is open (the system refused to schedule notifications)",
}


def can_schedule(page: ft.Page) -> bool:
    """Whether this device and build can schedule notifications: a built app on a phone or a Mac."""
    return not page.web and page.platform in PLATFORMS and importlib.util.find_spec("flet_notifications") is not None


class SystemNotifier:
    """The session's Notifier over flet-notifications' LocalNotifications service. `exact`: Android lets this app
    set exact alarms (Android 14 asks the player; without it a warning may come a few minutes late)."""

    def __init__(self, service: Any, exact: bool = True) -> None:
        self.service = service
        self.exact = exact

    async def schedule(self, notice: Notice) -> None:
        from flet_notifications import AndroidScheduleMode as Mode

        mode = Mode.EXACT_ALLOW_WHILE_IDLE if self.exact else Mode.INEXACT_ALLOW_WHILE_IDLE
        # an aware datetime: the instant itself, whatever the phone's time zone
        await asyncio.wait_for(self.service.schedule(
            id=notice.id, when=datetime.fromtimestamp(notice.at, UTC), title=notice.title, body=notice.body,
            channel_id=CHANNEL, schedule_mode=mode), TIMEOUT)

    async def cancel(self, notice_id: int) -> None:
        await asyncio.wait_for(self.service.cancel(notice_id), TIMEOUT)


async def system_notifier(page: ft.Page) -> Notifier | None:
    """The phone's notifier once the player allowed notifications (None when they didn't). Made on the page
    being served: a service registers with the page current when it is made."""
    import flet_notifications as fn

    service = fn.LocalNotifications()
    if not await asyncio.wait_for(service.request_permissions(), ASK_TIMEOUT):
        return None
    if page.platform != ft.PagePlatform.ANDROID:
        return SystemNotifier(service)
    # warnings sound and show on top, like an alarm
    await asyncio.wait_for(service.create_notification_channel(fn.NotificationChannel(
        id=CHANNEL, name="Clock warnings", description="10, 5 and 1 minutes left, and time",
        importance=fn.Importance.HIGH)), TIMEOUT)
    return SystemNotifier(service, exact=await asyncio.wait_for(service.can_schedule_exact_notifications(), TIMEOUT))


class Warnings:
    """One per app (page session): which way this device warns, and the notices of each match it follows."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self.mode = NOTIFICATIONS if can_schedule(page) else BEEP
        self.notifier: Notifier | None = None
        self.matches: dict[str, ClockNotices] = {}
        self.following: set[str] = set()
        self.asking = asyncio.Lock()  # one permission question, however many matches start following at once

    @property
    def says(self) -> str:
        late = isinstance(self.notifier, SystemNotifier) and not self.notifier.exact and self.mode == NOTIFICATIONS
        return SAYS[self.mode] + (" (exact alarms are off for this app: a warning may come a little late)"
                                  if late else "")

    def follow(self, app: Any, match_id: str) -> None:
        """Keep the match's notices in step with its timers from now on (once per match)."""
        if self.mode == NOTIFICATIONS and match_id not in self.following:
            self.following.add(match_id)
            self.page.run_task(self._follow, app, match_id)

    def follow_timer(self, owner: str, timer: Timer, marks: tuple[float, ...]) -> None:
        """Schedule the warnings of a judge's table clock read from a code (a player's phone): the code fixed its
        deadline, so once is enough; `owner` names that clock (scanning a newer code replaces its notices)."""
        if self.mode == NOTIFICATIONS:
            self.page.run_task(self._keep_timer, owner, timer, marks)

    async def _notifier(self) -> Notifier | None:
        """The system's notifier, asking the player's permission the first time (once, however many ask)."""
        async with self.asking:
            if self.notifier is None and self.mode == NOTIFICATIONS:
                self.notifier = await system_notifier(self.page)
                if self.notifier is None:
                    self.mode = REFUSED
        return self.notifier

    async def _keep_timer(self, owner: str, timer: Timer, marks: tuple[float, ...]) -> None:
        try:
            notifier = await self._notifier()
            if notifier is not None:
                now = time.time()
                await self.matches.setdefault(owner, ClockNotices(notifier, owner)).keep(
                    timer_notices(owner, timer, now, marks), now)
        except Exception:  # the system refused (or never answered): the beep stays
            log.warning("clock notifications failed; beep and vibration only", exc_info=True)
            self.mode = FAILED

    async def _follow(self, app: Any, match_id: str) -> None:
        """Once a second, while the match is open on a screen or a notice is still to come: a pause, an undo on
        the table screen or a change from another phone reschedules within the second."""
        try:
            notifier = await self._notifier()
            if notifier is None:
                return
            notices = self.matches.setdefault(match_id, ClockNotices(notifier, match_id))
            while True:
                now = time.time()
                await notices.sync(app.session.state(match_id), now)
                if not _open(app, match_id) and not any(n.at > now for n in notices.scheduled.values()):
                    return
                await asyncio.sleep(1)
        except CompanionError:  # the match was deleted: nothing left to warn of
            return
        except Exception:  # the system refused (or never answered): the beep stays
            log.warning("clock notifications failed; beep and vibration only", exc_info=True)
            self.mode = FAILED
        finally:
            self.following.discard(match_id)


def _open(app: Any, match_id: str) -> bool:
    """Whether a screen of the match (its table or one above it) is on the stack."""
    return any(getattr(s, "match_id", None) == match_id for s in app.stack)


_WARNINGS: WeakKeyDictionary[Any, Warnings] = WeakKeyDictionary()


def warnings_for(app: Any) -> Warnings:
    """The app's Warnings, made on first use."""
    found = _WARNINGS.get(app)
    if found is None:
        found = _WARNINGS[app] = Warnings(app.page)
    return found
