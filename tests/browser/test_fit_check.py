"""The fit check (tests/fit_check_kit.py) finds what it is there to find: a page with a cut title, an
ellipsised sentence, a field label wider than its field, a switch label cut at the edge, a 32 px text button,
an unnamed drop-down, a number field named only by a group around it, a score under a button and a counter's "+"
pushed off the right edge is served and audited at 360x640; the texts and the button beside a text that fit are
not reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser import ARGS, CHROMIUM, Screen, at_rest, free_port, require_browser, served
from fit_check_kit import FITS, PLANTED, audit

KIT = Path(__file__).resolve().parents[1] / "fit_check_kit.py"


@pytest.mark.browser
def test_the_fit_check_finds_every_planted_fault() -> None:
    playwright = require_browser()
    port = free_port()
    with served([str(KIT), str(port)], {"FLET_FORCE_WEB_SERVER": "1"}, port) as url, \
            playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        s = Screen(browser.new_page(viewport={"width": 360, "height": 640}))
        s.open(url)
        s.wait_text(FITS[0])
        at_rest(s.page)
        found = audit(s.page)
        browser.close()
    cut = [f["label"] for f in found["clipped"]]
    assert sorted(cut) == sorted(PLANTED["clipped"]), found
    assert sorted(s.rsplit(" ", 1)[0].strip() for s in found["small"]) == sorted(PLANTED["small"]), found
    assert [u.split(" ")[0] for u in found["unnamed"]] == PLANTED["unnamed"], found
    assert [o.rsplit(" (", 1)[0] for o in found["overlap"]] == PLANTED["overlap"], found
    assert [e.split(" cut to ")[0] for e in found["off_edge"]] == PLANTED["off_edge"], found
