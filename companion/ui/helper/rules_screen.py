"""Rules lookup: search as you type across packs (offline), open a section, follow its links."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.session.play.packs import RulesIndex, index_for
from companion.ui.shell import App, app_bar
from companion.ui.widgets import named

ALL = "all"


def rules_index(app: App) -> RulesIndex:
    packs, _ = app.session.packs()
    return index_for(packs.values())


class RulesScreen:
    """A Flet component holding what is typed and the game chosen; the search follows every key (a controlled
    field, so a redraw keeps every key). It reads no match: nothing on the session's feed changes it."""

    live = True  # drawn by a component: the shell's refresh() leaves it to redraw itself

    def __init__(self, first: str | None = None, system: str | None = None, query: str = "") -> None:
        self.system = system or ALL  # what the screen starts with
        self.query = query
        self.first = first  # opened from a match: its system's rules come first, then the others

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=12,
                       appbar=ft.AppBar(title=ft.Text("Rules lookup")),
                       controls=[RulesBody(app, self, key="rules")])


@ft.component
def RulesBody(app: App, screen: RulesScreen) -> ft.Control:
    query, set_query = ft.use_state(screen.query)
    system, set_system = ft.use_state(screen.system)
    packs, _ = app.session.packs()
    hits = ft.use_memo(lambda: _hits(app, query, system, screen.first), [query, system])
    return ft.Column(spacing=8, key="rules-body", controls=[
        ft.TextField(key="rules-query", label="Search the rules", hint_text="e.g. line of fire, healing",
                     value=query, autofocus=True, prefix_icon=ft.Icons.SEARCH,
                     on_change=lambda e: set_query(e.control.value or "")),
        named(ft.Dropdown(key="rules-system", label="Game", value=system, options=[
            ft.DropdownOption(key=ALL, text="All games"),
            *[ft.DropdownOption(key=p.id, text=p.name) for p in sorted(packs.values(), key=lambda p: p.name)]],
            on_select=lambda e: set_system(e.control.value or ALL)), "Game"),
        ft.Column(_results(app, query, hits), key="rules-results", spacing=0),
    ])


def _hits(app: App, query: str, system: str, first: str | None) -> list[Any]:
    """The sections found (the index's hits), best first, none for an empty query: worked out once per query and
    game, not at every redraw."""
    if not query.strip():
        return []
    hits = rules_index(app).search(query, None if system == ALL else system, limit=15)
    if first:  # a stable sort: each group keeps its ranking
        hits.sort(key=lambda h: h.system != first)
    return hits


def _results(app: App, query: str, hits: list[Any]) -> list[ft.Control]:
    if not query.strip():
        return [ft.Text("Type a few words: typos are fine.", key="rules-hint")]
    if not hits:
        return [ft.Text("Nothing found. Try another word.", key="rules-none")]
    return [ft.ListTile(
        key=f"hit-{h.system}-{h.section}", title=ft.Text(h.title + (" (house rule)" if h.option else "")),
        subtitle=ft.Text(f"{h.system_name}: {h.excerpt}", max_lines=3, overflow=ft.TextOverflow.ELLIPSIS),
        on_click=app.opener("rules.section", system=h.system, section=h.section)) for h in hits]


class SectionScreen:
    def __init__(self, system: str, section: str) -> None:
        self.system = system
        self.section = section

    def build(self, app: App) -> ft.View:
        index = rules_index(app)
        try:
            pack, section = index.find(self.section, self.system)
        except CompanionError as exc:
            return ft.View(route=self.route, appbar=ft.AppBar(title=ft.Text("Rules")), padding=16,
                           controls=[ft.Text(str(exc))])

        def open_link(e: ft.Event) -> None:
            target = str(e.data or "")
            if target.startswith("#"):
                app.go("rules.section", system=self.system, section=target[1:])

        links = []
        for link in section.links:
            system, _, sid = link.rpartition("/")
            try:
                linked_pack, linked = index.find(sid, system or self.system)
            except CompanionError:
                continue
            links.append(ft.OutlinedButton(linked.title, key=f"link-{linked.id}",
                                           on_click=app.opener("rules.section", system=linked_pack.id,
                                                            section=linked.id)))
        controls: list[ft.Control] = [ft.Text(pack.name, size=12)]
        if section.option:
            controls.append(ft.Text("House rule: the players decide whether to use it.", italic=True))
        controls.append(ft.Markdown(section.body, key="section-body", selectable=True,
                                    extension_set=ft.MarkdownExtensionSet.GITHUB_WEB, on_tap_link=open_link))
        if links:
            controls += [ft.Text("See also", theme_style=ft.TextThemeStyle.TITLE_SMALL),
                         ft.Row(links, wrap=True, spacing=6, run_spacing=6)]
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=10,
                       appbar=app_bar(app, section.title), controls=controls)


