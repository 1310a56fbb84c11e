"""After a turn ends in a match played on two devices: "Send my turn" is one tap away, on the table itself."""

from __future__ import annotations

from companion.session.sharing.share_sync import turn_ready
from companion.ui.shell import App
from companion.ui.widgets import toast_bar


def turn_ended(app: App, match_id: str, summary: str) -> None:
    """Say how the turn ended; when this match has come back from another device once (so a turn code fits),
    offer to send the turn. A match played on one phone only gets the plain message: nothing to send."""
    if not turn_ready(app.session, match_id):
        app.toast(summary)
        return

    app.page.show_dialog(toast_bar(summary, 8000, action="Send my turn", key="send-turn",
                                   on_action=lambda _: app.go("match.share", match_id=match_id)))
