"""Card catalogues on the forms (issue #32): a card's printed values typed once, kept under a name, and picked
by name in every later game.

A form that asks for a card's printed values shows the catalogue (`use_catalogue`) above its fields: the
catalogue's cards first (the name field searches them, the most recently saved first, each one 48 px button
that fills the form in one tap); and "Save to the catalogue", which keeps the form's values under the name
in the field, beside the form's own send button, so that the form's fields stay in view above it.
The cards a table saves go to its own pack of the game's catalogue kind (`MY_CARDS`); a catalogue imported
or fetched is offered as well, a card of the table's own winning over one of the same name. `CatalogueShelf`
is the catalogue on the game's pack screen: each card edited (its values as the pack file holds them) or
deleted, and the packs imported and exported as any other.

A refused save says why and keeps everything: the name typed and the form's values stay as they were.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

import flet as ft

from trackers.core.catalogue import CardList, card_named, newest_first, removed, saved
from trackers.core.names import same_name
from trackers.core.packs import Pack, pack_kind
from views.model import AppModel, Notice
from views.packs import PackTransfer
from views.widgets import TOUCH, Entry, action_button, tagged

MY_CARDS = "My cards"
"""The pack the cards a table saves from a form go to."""
SHOWN = 6
"""Cards offered at once: more would push the form off the screen; typing more of a name finds the rest."""


def slug(name: str) -> str:
    """A card's name as a part of a control's key (tests and screen readers find the card by it)."""
    return "-".join("".join(c if c.isalnum() else " " for c in name.casefold()).split()) or "card"


def cards_in_pack(pack: Pack, cards: CardList[Any]) -> tuple[Any, ...]:
    """One list of a stored pack (the store checked it when it was saved, so its cards read)."""
    return tuple(cards.read(raw) for raw in pack.data.get(cards.key, []))


def offered_cards(model: AppModel, kind: str, cards: CardList[Any]) -> tuple[Any, ...]:
    """Every catalogued card of the list, one a name, the table's own saved last so that they come first and
    win over an imported card of the same name."""
    packs = model.packs(kind)
    ordered = [p for p in packs if p.name != MY_CARDS] + [p for p in packs if p.name == MY_CARDS]
    held: tuple[Any, ...] = ()
    for pack in ordered:
        for card in cards_in_pack(pack, cards):
            held = saved(held, card)
    return held


def catalogued_card(model: AppModel, kind: str, cards: CardList[Any], name: str) -> Any | None:
    """The catalogued card the table means by `name` (the table's own first), or None: also when the
    catalogue cannot be read, so the form stands as it does without one."""
    try:
        return card_named(offered_cards(model, kind, cards), name)
    except ValueError:
        return None


def keep_cards(
    model: AppModel, kind: str, pack_name: str, cards: CardList[Any], items: Sequence[Any]
) -> bool:
    """Store the list as `items` in the pack `pack_name` (made when it is new), its other lists kept."""
    pack = next((p for p in model.packs(kind) if p.name == pack_name), None)
    data: dict[str, Any] = dict(pack.data) if pack is not None else {}
    data[cards.key] = [cards.write(card) for card in items]
    return model.save_pack(Pack(kind, pack_name, pack_kind(kind).version, data), replace=True)


def refuse(model: AppModel, message: str) -> None:
    model.show_notice(Notice(message, kind="error"))


def read_card(model: AppModel, cards: CardList[Any], raw: Mapping[str, Any], name: str) -> Any | None:
    """The card the values make, or None with the field that does not read said."""
    try:
        return cards.read(raw)
    except ValueError as error:
        refuse(model, f"“{name}” was not saved: {error}.")
        return None


@dataclass(frozen=True)
class Catalogue:
    """The catalogue on a form, in two places: `picker` above the form's fields (the name field and the cards
    it finds), `save` beside the form's own send button, where the values are filled in."""

    picker: ft.Control
    save: ft.Control


def use_catalogue(
    model: AppModel,
    kind: str,
    cards: CardList[Any],
    *,
    prefix: str,
    offered: Callable[[Any], bool],
    label: Callable[[Any], str],
    pick: Callable[[Any], None],
    typed: Callable[[str], Mapping[str, Any] | str],
    name: Entry | None = None,
    field_key: str = "",
    field_label: str = "",
    extra: ft.Control | None = None,
    name_on_save: bool = False,
) -> Catalogue:
    """The catalogue on a form (a hook: called by the form's component on every render). `offered` says which
    cards fit the form now, `label` names one on its button, `pick` fills the form from one, and `typed` gives
    the form's values as a card of the pack named as given (or, when the form cannot make one yet, why).
    `name` is the form's own name field (a card bought is named), shown here keyed `field_key` under
    `field_label`: it searches the catalogue and names the card saved. Keys: `<prefix>-name` (unless
    `field_key`), `<prefix>-pick-<slug of the name>`, `<prefix>-save`, and `<prefix>-more` when more cards
    match than are shown. `extra` is what the catalogue needs beyond the form's own fields (a scout tile's
    other challenge), shown while a name no card has is typed. With `name_on_save`, a form without a name
    field of its own and nothing catalogued for it asks no name above its fields: the first tap on Save shows
    the name field (and `extra`) under the form's send button, the second saves."""
    own = Entry()
    asking, set_asking = ft.use_state(False)
    field = name or own
    _, set_query = ft.use_state("")  # each keystroke re-renders the cards offered
    query = field.value
    problem = ""
    try:
        known = offered_cards(model, kind, cards)
    except ValueError as error:  # a pack kept by an older Lantern that this one reads more strictly
        known, problem = (), f"The catalogue cannot be read: {error}."
    matching = [c for c in newest_first(known, query) if offered(c)]
    # A card picked (its name in the field) is the one offered: the others would push the form down.
    matching = [c for c in matching if same_name(c.name, query)] or matching

    def choose(card: Any) -> None:
        pick(card)
        field.show(card.name)

    def save() -> None:
        typed_name = field.value.strip()
        if not typed_name:
            refuse(model, f"Type the {cards.noun}'s name first: the catalogue keeps it under that name.")
            return
        values = typed(typed_name)
        if isinstance(values, str):
            refuse(model, f"“{typed_name}” was not saved: {values}")
            return
        card = read_card(model, cards, values, typed_name)
        if card is None:
            return
        try:
            mine = next((p for p in model.packs(kind) if p.name == MY_CARDS), None)
            held = cards_in_pack(mine, cards) if mine is not None else ()
        except ValueError as error:
            refuse(model, f"“{typed_name}” was not saved: your catalogue cannot be read ({error}).")
            return
        replaced = card_named(held, typed_name) is not None
        if keep_cards(model, kind, MY_CARDS, cards, saved(held, card)):
            done = "replaced in" if replaced else "saved to"
            model.show_notice(Notice(f"“{card.name}” {done} the catalogue.", kind="info"))

    if name_on_save and name is None and not known and not problem:
        return _named_on_save(field, prefix, cards.noun, set_query, extra, save, asking, set_asking)
    buttons: list[ft.Control] = []
    keys: set[str] = set()
    for card in matching[:SHOWN]:
        key = f"{prefix}-pick-{slug(card.name)}"
        key = key if key not in keys else f"{key}-{len(keys)}"
        keys.add(key)
        chosen = same_name(card.name, query)
        buttons.append(action_button(label(card), partial(choose, card), key=key, primary=chosen))
    # With nothing catalogued the field's label says what it is for, on one line: no line of its own above
    # the form.
    searches = f"The {cards.noun}'s name (search the catalogue, or save under it)" if known or problem else ""
    controls: list[ft.Control] = [
        field.field(
            field_label or searches or "A name to save it under",
            key=field_key or f"{prefix}-name",
            on_change=set_query,
            height=TOUCH + 8,
        ),
        *buttons,
    ]
    if extra is not None and query.strip() and card_named(known, query) is None:
        controls.append(extra)
    if len(matching) > SHOWN:
        more = f"{len(matching) - SHOWN} more: type more of the name."
        controls.append(tagged(f"{prefix}-more", ft.Text(more, size=12, italic=True)))
    elif problem:
        controls.append(ft.Text(problem, size=12, italic=True))
    return Catalogue(
        ft.Column(controls, spacing=4, key=prefix),
        action_button("Save to the catalogue", save, key=f"{prefix}-save", icon=ft.Icons.SAVE),
    )


def _named_on_save(
    field: Entry,
    prefix: str,
    noun: str,
    set_query: Callable[[str], None],
    extra: ft.Control | None,
    save: Callable[[], None],
    asking: bool,
    set_asking: Callable[[bool], None],
) -> Catalogue:
    """Nothing catalogued for the form: no picker above it, the name asked beside Save once it is tapped (a
    name typed before keeps it asked)."""
    if not asking and not field.value.strip():
        button = action_button(
            "Save to the catalogue", lambda: set_asking(True), key=f"{prefix}-save", icon=ft.Icons.SAVE
        )
        return Catalogue(ft.Column([], key=prefix), button)
    controls: list[ft.Control] = [
        field.field(
            f"The {noun}'s name, to save it", key=f"{prefix}-name", on_change=set_query, height=TOUCH + 8
        )
    ]
    if extra is not None and field.value.strip():
        controls.append(extra)
    controls.append(action_button("Save to the catalogue", save, key=f"{prefix}-save", icon=ft.Icons.SAVE))
    return Catalogue(ft.Column([], key=prefix), ft.Column(controls, spacing=4, key=f"{prefix}-asked"))


def beside(send: ft.Control, save: ft.Control, *after: ft.Control) -> ft.Control:
    """A form's send button with "Save to the catalogue" beside it (below it where the row is too narrow),
    then `after` (a short rule link) in the same row; the name asked on Save (a column with its field, which
    needs the form's width) goes under it."""
    if isinstance(save, ft.Column):
        return ft.Column([send, save, *after], spacing=8)
    return ft.Row([send, save, *after], wrap=True, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)


def _json(card_json: Mapping[str, Any]) -> str:
    return json.dumps(card_json, indent=1, ensure_ascii=False)


@ft.component
def CatalogueShelf(
    model: AppModel,
    kind: str,
    lists: Sequence[tuple[CardList[Any], Callable[[Any], str]]],
    *,
    prefix: str,
) -> ft.Control:
    """The catalogue on the game's pack screen: each pack's cards (each list's with its `label`), one edited
    as the pack file writes it, or deleted after a second tap; import and export as for any pack. Keys (a
    card named by its list's key and the slug of its name): `<prefix>-card-<list>-<slug>`,
    `<prefix>-edit-<list>-<slug>`, `<prefix>-delete-<list>-<slug>`, `<prefix>-delete-yes`, `<prefix>-editor`,
    `<prefix>-editor-save`, `<prefix>-editor-cancel`."""
    # The card edited (its pack's name, its list's key, its name, its JSON as the editor starts), and the
    # card whose delete waits for its second tap.
    editing, set_editing = ft.use_state(cast("tuple[str, str, str, str] | None", None))
    deleting, set_deleting = ft.use_state(cast("tuple[str, str, str] | None", None))
    editor = Entry(editing[3] if editing else "")
    by_key = {cards.key: cards for cards, _ in lists}

    def held(pack_name: str, cards: CardList[Any]) -> tuple[Any, ...]:
        pack = next((p for p in model.packs(kind) if p.name == pack_name), None)
        return cards_in_pack(pack, cards) if pack is not None else ()

    def save_edit() -> None:
        if editing is None:
            return
        pack_name, list_key, old, _ = editing
        cards = by_key[list_key]
        try:
            raw = json.loads(editor.value)
        except json.JSONDecodeError as error:
            refuse(model, f"“{old}” was not saved: its text is not JSON ({error.msg}, line {error.lineno}).")
            return
        card = read_card(model, cards, raw, old)
        if card is None:
            return
        items = held(pack_name, cards)
        if not same_name(card.name, old) and card_named(items, card.name) is not None:
            refuse(model, f"“{old}” was not saved: another {cards.noun} is called “{card.name}” already.")
            return
        if keep_cards(model, kind, pack_name, cards, saved(removed(items, old), card)):
            set_editing(None)

    def delete() -> None:
        if deleting is None:
            return
        pack_name, list_key, card_name = deleting
        cards = by_key[list_key]
        if keep_cards(model, kind, pack_name, cards, removed(held(pack_name, cards), card_name)):
            model.show_notice(Notice(f"“{card_name}” deleted from the catalogue.", kind="info"))
        set_deleting(None)

    controls: list[ft.Control] = []
    for pack in model.packs(kind):
        controls.append(ft.Text(pack.name, weight=ft.FontWeight.BOLD))
        for cards, label in lists:
            try:
                items = cards_in_pack(pack, cards)
            except ValueError as error:
                controls.append(ft.Text(f"Its {cards.noun}s cannot be read: {error}.", italic=True))
                continue
            for card in reversed(items):
                key = f"{cards.key}-{slug(card.name)}"
                here = (pack.name, cards.key, card.name)
                controls.append(tagged(f"{prefix}-card-{key}", ft.Text(label(card))))
                if editing is not None and editing[:3] == here:
                    controls += [
                        editor.field(
                            f"The {cards.noun} as the pack file holds it",
                            key=f"{prefix}-editor",
                            multiline=True,
                            min_lines=4,
                        ),
                        ft.Row(
                            [
                                action_button(
                                    "Save the card", save_edit, key=f"{prefix}-editor-save", primary=True
                                ),
                                action_button(
                                    "Cancel", lambda: set_editing(None), key=f"{prefix}-editor-cancel"
                                ),
                            ],
                            wrap=True,
                        ),
                    ]
                elif deleting == here:
                    controls.append(
                        ft.Row(
                            [
                                action_button(
                                    f"Delete “{card.name}”", delete, key=f"{prefix}-delete-yes", primary=True
                                ),
                                action_button(
                                    "Keep it", lambda: set_deleting(None), key=f"{prefix}-delete-no"
                                ),
                            ],
                            wrap=True,
                        )
                    )
                else:
                    controls.append(
                        ft.Row(
                            [
                                action_button(
                                    "Edit",
                                    partial(set_editing, (*here, _json(cards.write(card)))),
                                    key=f"{prefix}-edit-{key}",
                                ),
                                action_button(
                                    "Delete", partial(set_deleting, here), key=f"{prefix}-delete-{key}"
                                ),
                            ],
                            wrap=True,
                        )
                    )
    if not controls:
        controls.append(
            ft.Text(
                "No cards catalogued yet: save one from its form (Save to the catalogue), or import some.",
                key=f"{prefix}-none",
            )
        )
    controls.append(PackTransfer(model, kind, prefix=prefix, noun="card catalogue"))
    return ft.Column(controls, spacing=6, key=f"{prefix}-shelf")
