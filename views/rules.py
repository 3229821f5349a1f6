"""Rules: search as you type, filter by game, read a section and follow its see-also links."""

from __future__ import annotations

from functools import partial

import flet as ft

from rules_ref import Correction, Reference
from rules_ref.search import Hit
from trackers.core.registry import entries
from views.model import AppModel
from views.widgets import Entry, action_button, card, choice_row, heading, rule_link, tagged

ALL = "all"


def other_than(title: str, label: str) -> list[str]:
    """A result's game, unless its title says it already (a game's overview is titled by the game): a screen
    reader says each line once."""
    return [label] if label != title else []


def pack_label(ref: Reference, pack: str) -> str:
    """A game's pack is named by the game's title, another by its overview section; the app's own help is
    "Using Lantern"."""
    titles = {g.id: g.title for g in entries()}
    if pack in titles:
        return titles[pack]
    overview = f"{pack}/overview"
    return ref.get(overview).title if ref.exists(overview) else f"Using {pack.replace('-', ' ').capitalize()}"


def corrected(corrections: tuple[Correction, ...]) -> str:
    """What the search read typed words as: 'No “barricde” in the rules: showing “barricade”.'"""
    return " ".join(
        f"No “{c.typed}” in the rules: showing {' or '.join(f'“{word}”' for word in c.read_as)}."
        for c in corrections
    )


def _snippet(hit: Hit) -> ft.Text:
    return ft.Text(
        spans=[
            ft.TextSpan(text, style=ft.TextStyle(weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY))
            if marked
            else ft.TextSpan(text)
            for text, marked in hit.snippet
        ],
        size=13,
    )


@ft.component
def SectionView(model: AppModel, section_id: str) -> ft.Control:
    ref = model.reference
    if not ref.exists(section_id):
        return card(ft.Text(f"There is no rules section {section_id!r}."), key="section-missing")
    section = ref.get(section_id)
    links = [
        rule_link(ref.get(link).title, partial(model.show_rule, link), key=f"see-{link}")
        for link in section.see_also
    ]
    return ft.Column(
        [
            action_button(
                "Back to search",
                lambda: model.search_rules(model.rules_query),
                key="rules-back",
                icon=ft.Icons.ARROW_BACK,
            ),
            card(
                tagged("section-title", ft.Text(section.title, size=22, weight=ft.FontWeight.BOLD)),
                tagged("section-game", ft.Text(pack_label(ref, section.pack), size=12, italic=True)),
                tagged("section-body", ft.Markdown(section.body, selectable=True)),
                *([heading("See also"), ft.Column(links, spacing=0)] if links else []),
                key="section",
            ),
        ],
        spacing=12,
    )


@ft.component
def Rules(model: AppModel) -> ft.Control:
    ref = model.reference
    search = Entry(ft.use_state(model.rules_query)[0])  # what it holds when the tab opens, then what is typed
    if model.rules_section:
        return SectionView(model, model.rules_section)
    query = model.rules_query
    found = ref.find(query, pack=model.rules_pack) if query.strip() else None
    hits = found.hits if found else []
    labels = {p: pack_label(ref, p) for p in ref.packs()}
    results: list[ft.Control]
    if not query.strip():
        results = [
            ft.ListTile(
                key=f"browse-{s.id}",
                title=ft.Text(s.title),
                subtitle=next((ft.Text(g, size=12) for g in other_than(s.title, labels[s.pack])), None),
                on_click=lambda _, sid=s.id: model.show_rule(sid),
            )
            for s in ref.sections(model.rules_pack)
        ]
    elif hits:
        results = [
            ft.ListTile(
                key=f"hit-{h.id}",
                title=ft.Text(h.title, weight=ft.FontWeight.BOLD),
                subtitle=ft.Column(
                    [
                        *(ft.Text(g, size=12, italic=True) for g in other_than(h.title, labels[h.pack])),
                        _snippet(h),
                    ],
                    spacing=2,
                ),
                on_click=lambda _, hid=h.id: model.show_rule(hid),
            )
            for h in hits
        ]
    else:
        results = [tagged("rules-empty", ft.Text(f"Nothing matches {query!r}."))]
    return ft.Column(
        [
            search.field(
                "Search the rules",
                key="rules-search",
                on_change=model.search_rules,
                prefix_icon=ft.Icons.SEARCH,
                autofocus=False,
            ),
            choice_row(
                "Game",
                [(ALL, "All games"), *labels.items()],
                model.rules_pack or ALL,
                lambda picked: model.filter_rules(None if picked == ALL else picked),
                key="rules-pack",
            ),
            *(
                [tagged("rules-corrected", ft.Text(corrected(found.corrections), size=13, italic=True))]
                if found and found.corrections
                else []
            ),
            tagged("rules-results", ft.Column(results, spacing=0)),
        ],
        spacing=12,
    )
