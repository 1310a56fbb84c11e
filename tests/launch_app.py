"""One launch of the app, as a phone's camera app starts it for a deep link: `python launch_app.py DATA ROUTE`.

Runs the app's real main over the Flet session harness with the link's route, then prints what the person sees
(the top screen's route and the scan status) as JSON. tests/ui/test_incoming.py starts one process per part.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from companion.session import Session
from companion.ui.app import main

from flet_harness import Harness


async def launch(data: Path, route: str) -> dict[str, str]:
    session = Session.open(data)

    async def app(page):  # type: ignore[no-untyped-def]
        page.route = route
        await main(page, session)

    h = await Harness.start(app)
    top = h.top.route
    status = h.text_of("scan-status") if h.has("scan-status") else ""
    return {"route": top, "status": status, "matches": ",".join(s.id for s in session.list_matches())}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(launch(Path(sys.argv[1]), sys.argv[2]))))
