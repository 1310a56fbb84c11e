"""Is any text clipped on the screen Chromium shows? Read from Flutter's semantics tree (flt-semantics nodes).

Why the semantics tree: Flutter draws every glyph into one canvas, so the DOM has no text boxes to measure, and
the Flet controls carry no measured sizes. But each semantics node has the rectangle of its widget and the
widget's whole text (its label), even where the canvas shows "Tabletop Compa…" or cuts a word at the edge. A
text is clipped when the rectangle cannot hold the label at the text's size. The size is not in the DOM, so it
is inferred: a text node's height is a whole number of lines of one of the type sizes the app uses (Material 3's
styles and the app's own `size=` values), and the label is measured in the page's own font (Flutter's
widths of Liberation Sans, Arial's metrics, are within 2-5 % of the Roboto Flutter draws: "Game" is 37.2 px in
Flutter and 38.1 px in Liberation Sans, a 398 px sentence 386 px; the semantics spans' own font, Times, is not).
Controls whose label sits beside a glyph (radio, switch, checkbox) get the glyph's width taken off; a text
field's label must fit on one line inside the field at its resting size (16 px), or it wraps over the border.

The check is lenient where a height allows several readings (it takes the reading under which the text fits),
so it finds cut and ellipsised one- and two-line texts and overflowing labels, not a wrapped line that lost
two pixels. It reports each clipped text as {label, width, height, why}.
"""

from __future__ import annotations

from typing import Any

from browser import at_rest, tree

# (font px, line px) of the Material 3 styles the screens use, then the app's own `size=` texts (line 1.43 em,
# Flutter's bodyMedium height, which a Text with only a size inherits)
STYLES = [(22, 28), (24, 32), (16, 24), (14, 20), (12, 16), (11, 16)]
SIZES = [10, 11, 12, 13, 16, 18, 20, 22, 24, 32, 40, 44, 56, 72]
APP_BAR = 56  # scrolled content passes under the app bar: what it cuts there is not clipped by its layout
SMALLEST_WRAPPED = 12  # a 28 px node read as two lines of 10 px would excuse any clipped title

CHECK_JS = """([styles, ignore, smallest, top]) => {
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;left:-9999px;top:0';
  const host = document.querySelector('flt-semantics-host') || document.body;
  host.appendChild(probe);
  const width = (text, px) => {  // Flutter draws Roboto; Liberation Sans (Arial's widths) is within 2-5 %
    probe.style.font = px + 'px "Liberation Sans", Arial, sans-serif';
    probe.textContent = text;
    return probe.getBoundingClientRect().width * 0.97;  // the benefit of the doubt goes to the text
  };
  const linesNeeded = (label, px, w) =>
    label.split('\\n').reduce((n, part) => n + Math.max(1, Math.ceil((width(part, px) - 1) / w)), 0);
  const fitsText = (label, w, h) => {
    if (label.includes('\\n'))  // several texts merged into one node (a list tile): their sizes differ
      return linesNeeded(label, 12, w) <= Math.max(1, Math.floor((h + 1) / 16));
    let tried = false;
    for (const [px, line] of styles) {
      const n = Math.round(h / line);
      if (n < 1 || Math.abs(n * line - h) > 1.5 || (n > 1 && px < smallest)) continue;
      tried = true;
      if (linesNeeded(label, px, w) <= n) return true;
    }
    if (!tried)  // an unknown height (a merged card, a chip): one line of 12 px per 16 px of height
      return linesNeeded(label, 12, w) <= Math.max(1, Math.floor((h + 1) / 16));
    return false;
  };
  const glyph = {radio: 32, checkbox: 32, switch: 60};
  const out = [];
  for (const el of document.querySelectorAll('flt-semantics')) {
    const heading = el.querySelector(':scope > h1, :scope > h2, :scope > h3, :scope > h4, :scope > h5');
    const r = (heading || el).getBoundingClientRect();  // an app bar's title: the heading has its own box
    // a node the window's bottom edge cuts is cut by the scrolling, not by its layout (it is checked once
    // scrolled into view)
    if (r.width < 1 || r.height < 1 || r.bottom >= innerHeight - 1.5 || r.top <= top + 1.5) continue;
    const role = el.getAttribute('role') || '';
    const input = el.querySelector(':scope > input, :scope > textarea');
    const span = heading || el.querySelector(':scope > span');  // a text's label is a span
    let label = '', why = '';
    if (input) {
      label = (input.getAttribute('aria-label') || '').trim();
      if (label && width(label, 16) > r.width - 24) why = 'field label wider than its box';
    } else if (glyph[role] !== undefined) {
      label = (el.getAttribute('aria-label') || '').trim();
      if (label && width(label, 14) > r.width - glyph[role] + 1) why = 'label cut beside its ' + role;
    } else if (span) {
      label = (span.textContent || '').trim();
      if (label && !fitsText(label, r.width, r.height)) why = 'text does not fit its box';
    } else if (role === 'button' && !el.querySelector('flt-semantics')) {
      label = (el.textContent || '').trim();
      const longest = Math.max(0, ...label.split('\\n').map(p => width(p, 14)));
      if (label && longest > r.width - 8 && !fitsText(label, r.width - 8, r.height)) why = 'button text cut';
    }
    // a text field's counter says "40 characters remaining" to a screen reader and shows "0/40"
    if (label && !ignore.includes(label) && !/ characters? remaining$/.test(label))
      out.push({label, width: Math.round(r.width), height: Math.round(r.height), why});
  }
  probe.remove();
  return out;
}"""


# Boxes that cross: two leaf nodes (texts, buttons, fields: nodes with no nodes inside) whose boxes intersect
# by more than a sliver where neither holds the other. A text inside its card, a button inside its tooltip's node
# or a list tile's merged texts are a node inside another, not leaves crossing; a field's floating label is part
# of its field's node. Flutter clips a node's box to the scroll view that shows it, so content scrolled under a
# sticky header is cut at the view's edge; but the table's header stays put over a page that scrolls whole, and
# its cards pass under it: audit tells those leaves that stayed put from the rest (a crossing of one of them with
# a leaf that scrolled is the scrolling's, not the layout's). Once scrolled, what is at the app bar's edge (`top`)
# or cut by the window's bottom is skipped as in CHECK_JS.
# Off the edge: a leaf that reaches past the window's left or right side, or a tappable leaf that a scroll view's
# side cut narrower than it is tall (an icon button pushed out of a row: "0 - +" lost its "+").
LAYOUT_JS = """([top, sliver]) => {
  const name = e => ((e.querySelector(':scope > span, :scope > h1, :scope > h2, :scope > h3') || {}).textContent
                     || e.getAttribute('aria-label')
                     || (e.querySelector(':scope > input, :scope > textarea') || {getAttribute: () => ''})
                          .getAttribute('aria-label')
                     || (e.parentElement && e.parentElement.getAttribute('aria-label'))
                     || e.textContent || e.getAttribute('role') || '?').trim();
  // a tooltip's bubble (the mouse rests on a button while the page scrolls) floats over its neighbours: its text
  // is the name of the button it belongs to
  const named = new Set([...document.querySelectorAll('flt-semantics[aria-label]')]
    .map(e => e.getAttribute('aria-label').trim()));
  const bubble = e => { const span = e.querySelector(':scope > span');
                        return span && named.has(span.textContent.trim()) && !e.hasAttribute('aria-label'); };
  const leaves = [...document.querySelectorAll('flt-semantics')]
    .filter(e => !e.querySelector('flt-semantics') && !bubble(e))
    .map(e => ({e, r: e.getBoundingClientRect()}))
    .filter(({r}) => r.width >= 1 && r.height >= 1 && r.bottom < innerHeight - 1.5 && r.top > top + 1.5);
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1
                           && a.bottom <= b.bottom + 1;
  // a leaf's key: its name and box, to tell the leaves that stay put while the page scrolls (see audit)
  const key = ({e, r}) => name(e) + '@' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
  const overlap = [];
  for (let i = 0; i < leaves.length; i++)
    for (let j = i + 1; j < leaves.length; j++) {
      const a = leaves[i].r, b = leaves[j].r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > sliver && h > sliver && !inside(a, b) && !inside(b, a))
        overlap.push({label: name(leaves[i].e) + ' / ' + name(leaves[j].e), width: Math.round(w),
                      height: Math.round(h), keys: [key(leaves[i]), key(leaves[j])]});
    }
  const edge = [];
  for (const {e, r} of leaves) {
    const tappable = e.hasAttribute('flt-tappable') || e.getAttribute('role') === 'button';
    const side = r.right > innerWidth + 1 || r.left < -1 ? 'past the window' :
      tappable && r.height >= 40 && r.width < r.height - 8 ? 'cut to ' + Math.round(r.width) + ' px wide' : '';
    if (side) edge.push({label: name(e), left: Math.round(r.left), right: Math.round(r.right), why: side});
  }
  return {overlap, edge, keys: leaves.map(key)};
}"""
SLIVER = 2  # px: boxes touching at a rounded edge, or a button's 1 px outline over its neighbour's, are not a fault


def layout(page: Any, top: float = -2) -> dict[str, list[dict[str, Any]]]:
    """Leaves whose boxes cross (`overlap`) and leaves off the window's side (`edge`), as the page is now."""
    return page.evaluate(LAYOUT_JS, [top, SLIVER])


LIGHT = 128  # mean grey level (0-255) above which a screenshot counts as light (the app is dark)


def brightness(png: bytes, darkest: bool = False) -> float:
    """The mean grey level of a screenshot (or its darkest pixel's: a blank light page has none dark)."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("L").resize((36, 64))
    pixels = image.tobytes()  # one byte of grey per pixel
    return min(pixels) if darkest else sum(pixels) / len(pixels)


def styles() -> list[tuple[float, float]]:
    return [*STYLES, *((size, round(size * 1.43, 2)) for size in SIZES)]


def clipped(page: Any, ignore: tuple[str, ...] = (), top: float = -2) -> list[dict[str, Any]]:
    """Every text node on the page now with `why` it is clipped ('' when it fits). Flutter's semantics must be
    on (Screen.open turns it on). Once scrolled, nodes at `top` or above (the app bar's edge) are skipped."""
    return page.evaluate(CHECK_JS, [styles(), list(ignore), SMALLEST_WRAPPED, top])


def targets(page: Any, top: float = -2, minimum: int = 48) -> list[dict[str, Any]]:
    """Every tappable node in view, with `why` it is too small ('' when it is at least `minimum` px tall)."""
    return page.evaluate("""([minimum, top]) => [...document.querySelectorAll('flt-semantics[flt-tappable]')]
      .filter(e => { const r = e.getBoundingClientRect();
                     return r.height > 0 && r.bottom < innerHeight - 1.5 && r.top > top + 1.5; })
      .map(e => { const r = e.getBoundingClientRect();
        const label = (e.getAttribute('aria-label') || e.textContent
                       || (e.parentElement && e.parentElement.getAttribute('aria-label')) || '?').trim();
        // a switch or radio inside a tappable line (a list tile that toggles it) is as big as the line
        const line = e.parentElement && e.parentElement.closest('flt-semantics[flt-tappable]');
        const l = line && line.getBoundingClientRect();
        const small = r.height < minimum - 0.5 && !(l && l.height >= minimum - 0.5 && l.width >= r.width);
        return {label, width: Math.round(r.width), height: Math.round(r.height),
                why: small ? 'under ' + minimum + ' px' : ''}; })""", [minimum, top])


def unnamed(page: Any) -> list[str]:
    """Interactive semantics nodes (buttons, text fields, switches ...) that have no name a screen reader can say.
    A text field's name is its own input's: a name on a node around it (a Semantics wrapper) names a group the
    reader does not say when the field takes the focus. A disabled input is Flutter's layer under a selectable
    text (a link, a code shown to copy), not a field a player types in: not counted."""
    return page.evaluate("""() => [...document.querySelectorAll('flt-semantics')].filter(e => {
        const input = e.querySelector(':scope > input, :scope > textarea');
        if (input) return !input.disabled && !(input.getAttribute('aria-label') || '').trim();
        const role = e.getAttribute('role');
        if (!['button', 'checkbox', 'switch', 'radio', 'slider', 'combobox', 'tab', 'link'].includes(role))
          return false;
        const own = (e.getAttribute('aria-label') || e.textContent || '').trim();
        const parent = e.parentElement && e.parentElement.getAttribute('aria-label');  // a tooltip's name
        return !own && !parent;
      }).map(e => (e.querySelector(':scope > input, :scope > textarea') ? 'textbox' : e.getAttribute('role'))
                  + ' at ' + Math.round(e.getBoundingClientRect().left) + ','
                  + Math.round(e.getBoundingClientRect().top))""")


def audit(page: Any, ignore: tuple[str, ...] = (), steps: int = 16) -> dict[str, list[Any]]:
    """Clipped texts, small targets, unnamed controls, crossing boxes and controls off the side over the whole
    screen: checked at the top and after each scroll of a third of a screen height until the screen stops moving
    (Flutter keeps only the nodes near the visible part in its semantics tree).

    A scroll view clips the nodes at its edges, so a node counts as clipped (or small) only if it never fit at
    any of the positions it was seen at: a text that fits once it is fully in view is not clipped.
    """
    bad: dict[str, dict[str, Any]] = {}
    fine: set[str] = set()
    missing: list[str] = []
    crossed: list[str] = []  # crossing boxes: a fault wherever seen (a scroll view clips boxes, never widens them)
    first: set[str] = set()  # the leaves at the top, before any scroll
    still: set[str] | None = None  # those of them that stayed put when the page first scrolled (a sticky header)
    # crossings seen before the first scroll told what is sticky: a form's scroll view keeps nodes a little past
    # its edge in the tree, under the bar pinned below it (the action screen's Roll), so they are judged after
    unjudged: list[tuple[str, list[str]]] = []
    edge: list[str] = []
    shown: list[str] = []
    height = page.viewport_size["height"]
    page.mouse.move(page.viewport_size["width"] / 2, height * 0.6)
    for step in range(steps):
        top = APP_BAR if step else -2
        for kind, found in (("clipped", clipped(page, ignore, top)), ("small", targets(page, top))):
            for f in found:
                key = f"{kind}:{f['label']}"
                if f["why"]:
                    bad.setdefault(key, {"kind": kind, **f})
                else:
                    fine.add(key)
        missing += [m for m in unnamed(page) if m not in missing]
        placed = layout(page, top)
        if step == 0:
            first = set(placed["keys"])
        elif still is None and set(placed["keys"]) != first:  # the first scroll: what did not move is sticky
            still = first & set(placed["keys"])
        for f in placed["overlap"]:
            unjudged.append((f"{f['label']} ({f['width']}x{f['height']})", f["keys"]))
        if still is not None:
            for text, keys in unjudged:
                under = still is not None and (keys[0] in still) != (keys[1] in still)
                if not under and text not in crossed:
                    crossed.append(text)
            unjudged = []
        edge += [f"{f['label']} {f['why']}" for f in placed["edge"] if f"{f['label']} {f['why']}" not in edge]
        tops = page.evaluate("() => [...document.querySelectorAll('flt-semantics')].map(e => "
                               "Math.round(e.getBoundingClientRect().top)).join(',')")
        if tops in shown:
            break
        shown.append(tops)
        # a third of the screen: a list scrolling under a sticky header (the table's) is shorter than the screen,
        # and a longer step could show a button only while that header's edge cut it
        before = tree(page)
        page.mouse.wheel(0, height * 0.33)
        at_rest(page, before)
    crossed += [text for text, _ in unjudged if text not in crossed]  # the page never scrolled: nothing is sticky
    kept = [f for key, f in bad.items() if key not in fine]
    return {"clipped": [f for f in kept if f["kind"] == "clipped"],
            "small": [f"{f['label'][:40]} {f['width']}x{f['height']}" for f in kept if f["kind"] == "small"],
            "unnamed": missing, "overlap": crossed, "off_edge": edge}


# --- a page with known faults, to show the check finds them (tests/browser/test_fit_check.py) -----------------

PLANTED = {"clipped": ["A very long title that cannot fit in the bar", "This sentence is far too long for one "
                       "line on a phone and is cut", "Rounds (minutes, counted from the first roll-off)",
                       "1 damage when knockback is blocked by a wall"],
           "small": ["About", "Tiny", "1 damage when knockback is blocked by a"], "unnamed": ["button", "textbox"],
           "overlap": ["Ann 12 of 15 VP / End round"], "off_edge": ["Reduction used +1"]}
FITS = ["Short text", "A sentence that wraps onto a second line on a small phone, as it may.", "Fits beside", "Plus"]


def demo(page: Any) -> None:
    """Each fault of PLANTED once, beside texts and a button that fit (FITS), in the desktop density (32 px text
    buttons, 40 px icon buttons and switches)."""
    import flet as ft

    page.theme = ft.Theme(visual_density=ft.VisualDensity.COMPACT)
    page.views[0].appbar = ft.AppBar(title=ft.Text(PLANTED["clipped"][0]),
                                     actions=[ft.IconButton(ft.Icons.INFO, tooltip=PLANTED["small"][0])])
    page.add(ft.Text(FITS[0]), ft.Text(FITS[1]),
             ft.Text(PLANTED["clipped"][1], max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
             ft.TextField(label=PLANTED["clipped"][2], width=200),
             ft.Switch(label=PLANTED["clipped"][3]),
             ft.TextButton(PLANTED["small"][1], on_click=lambda: None),
             ft.Dropdown(label="Unnamed", options=[ft.DropdownOption(key="a", text="A")]),
             # a number field named only by a Semantics around it (the input itself has no name)
             ft.Semantics(label="click 1 speed", content=ft.TextField(width=80, dense=True)),
             # a score under a button (the header's line at 320 px) and a counter's "+" pushed out of its row
             ft.Stack(height=48, controls=[ft.Text(PLANTED["overlap"][0].split(" / ")[0], top=14),
                                           ft.OutlinedButton(PLANTED["overlap"][0].split(" / ")[1], left=60,
                                                             height=48)]),
             ft.Row(spacing=0, controls=[ft.Text(FITS[2]),
                                         ft.IconButton(ft.Icons.ADD, tooltip=FITS[3], width=48, height=48)]),
             ft.Row(spacing=0, controls=[
                 ft.Text("First-round damage reduction used by the player 0", no_wrap=True),
                 ft.IconButton(ft.Icons.ADD, tooltip=PLANTED["off_edge"][0], width=48, height=48)]))


if __name__ == "__main__":  # python tests/fit_check_kit.py PORT: serve the demo page (no internet needed)
    import sys

    import flet as ft

    ft.run(demo, host="127.0.0.1", port=int(sys.argv[1]), view=ft.AppView.WEB_BROWSER, no_cdn=True)
