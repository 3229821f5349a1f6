"""ASHES solo: the rival's track, score and pieces, its last turn step by step, and its next turn.

A physical deck is entered card by card on one screen of toggles (and can be saved as the player's rival
deck); a catalogued deck is drawn by the app. Either way the player answers the board question the card
asks, and the whole rival turn is one undo step.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from trackers.ashes import actions as aa
from trackers.ashes.queries import (
    Turn,
    action_json,
    action_text,
    add_card_violations,
    blocked,
    card_from_json,
    card_of,
    card_to_json,
    cards_from_pack,
    deck_pack,
    entry_for,
    follow_up,
    must_pass,
    tracked_rescue,
    turn_for,
    unlabelled_name,
)
from trackers.ashes.state import (
    ACTIVE,
    ESSENTIAL,
    RIVAL,
    RIVAL_DECK,
    Area,
    AshesState,
    Build,
    Install,
    MoveVehicle,
    Rescue,
    RivalCard,
    UpgradeClass,
)
from trackers.core.errors import IllegalAction, TableError
from trackers.core.packs import Pack, PackError
from views.forms import Form, form_stepper, plain, rule_link, toggle
from views.games.ashes.parts import ROMAN, vp_text
from views.games.ashes.setup import RivalDeckCard, before_play
from views.model import AppModel
from views.widgets import TOUCH, Entry, Latest, action_button, card, choice_row, heading, tagged

DECK_NAME = "My rival deck"
ARROWS = [("none", "None"), ("orange", "Orange"), ("blue", "Blue"), ("pink", "Pink")]
MAINS = [
    ("build:1", "Build col 1"),
    ("build:2", "Build col 2"),
    ("build:3", "Build col 3"),
    ("rescue", "Rescue"),
    ("move_vehicle", "Move vehicle"),
    ("install:dark_blue", "Install dark blue"),
    ("install:light_blue", "Install light blue"),
    ("install:pink", "Install pink"),
]
SECONDARIES = [
    ("none", "None"),
    ("discard_missions", "Discard missions"),
    ("score_column:1", "Score col 1"),
    ("score_column:2", "Score col 2"),
    ("score_column:3", "Score col 3"),
]
ORDINALS = [
    ("from_bottom", "From bottom"),
    ("from_top", "From top"),
    ("from_left", "From left"),
    ("from_right", "From right"),
]
SECTORS = [("this_round", "This round"), ("next_sector", "Next sector")]
BLANK_CARD: dict[str, Any] = {
    "arrow": "none",
    "rounds_1_and_3": "build:1",
    "round_2": "rescue",
    "secondary": "none",
    "ordinal": "from_bottom",
    "numeric": 1,
    "sector": "this_round",
}
BLANK_ANSWER: dict[str, Any] = {"cases": 0, "area": "", "level": 0, "room": False, "space": ""}


def entered_card(label: str, values: dict[str, Any]) -> RivalCard:
    """The card the toggles describe; raises ValueError naming a field the deck format refuses."""
    return card_from_json(
        {
            "label": label,
            "arrow": None if values["arrow"] == "none" else values["arrow"],
            "rounds_1_and_3": action_json(values["rounds_1_and_3"]),
            "round_2": action_json(values["round_2"]),
            "secondary": None if values["secondary"] == "none" else action_json(values["secondary"]),
            "ordinal": values["ordinal"],
            "numeric": int(values["numeric"]),
            "sector": values["sector"],
        }
    )


def rival_turn(card: RivalCard, answer: dict[str, Any]) -> aa.RivalTurn:
    return entry_for(
        card,
        int(answer["cases"]),
        str(answer["area"]),
        int(answer["level"]) or None,
        bool(answer["room"]),
        str(answer["space"]),
    )


def card_lines(card: RivalCard) -> list[str]:
    """The card read back in words, so the player can check it against the one on the table."""
    data = card_to_json(card)
    words = dict(MAINS + SECONDARIES)
    return [
        f"Card {card.label}",
        f"Arrow: {data['arrow'] or 'none'}",
        f"Rounds 1 and 3: {words[str(action_text(data['rounds_1_and_3']))]}",
        f"Round 2: {words[str(action_text(data['round_2']))]}",
        f"Secondary: {words[action_text(data['secondary']) or 'none']}",
        f"Count {dict(ORDINALS)[data['ordinal']].lower()}, number {card.numeric}",
        f"Sector: {dict(SECTORS)[data['sector']].lower()}",
    ]


def named_cards(model: AppModel, saved: Pack | None) -> tuple[RivalCard, ...]:
    """The rival cards that already have a name: the saved deck's, then those played in this game, so a card
    entered without a label gets a name of its own (or the one it had when it came before)."""
    try:
        cards = cards_from_pack(saved) if saved is not None else ()
    except (PackError, ValueError):
        cards = ()
    history = model.game.session.history if model.game is not None else ()
    played: list[RivalCard] = []
    for entry in history:
        if isinstance(entry.action, aa.RivalTurn):
            try:
                played.append(card_of(entry.action))
            except ValueError:
                continue
    return (*cards, *played)


def _turn_for(state: AshesState, card: RivalCard) -> Turn | str:
    """What the card makes the rival do now, or why it cannot be played (the dispatch says it again)."""
    assert state.rival is not None
    try:
        return turn_for(state, state.rival, card)
    except IllegalAction as exc:
        return exc.violations[0].message
    except TableError as exc:
        return str(exc)


def last_rival_steps(model: AppModel) -> list[tuple[str, str]]:
    """The events of the latest rival turn or pass (with a reveal grouped into it), and their rules."""
    if model.game is None:
        return []
    history = model.game.session.history
    turns = [e for e in history if isinstance(e.action, aa.RivalTurn | aa.RivalPass)]
    if not turns:
        return []
    group = turns[-1].group
    return [
        (plain(ev.text), str(dict(ev.data).get("rule", "ashes/solo/rival-turn")))
        for entry in history
        if entry.group == group
        for ev in entry.events
        if ev.kind == "rival_step"
    ]


def _area_label(area: Area) -> str:
    people = area.survivors
    return f"{area.name} ({people.count(ACTIVE)} active, {people.count(ESSENTIAL)} essential)"


def _tracked_count(state: AshesState, turn: Turn, answer: Form) -> list[ft.Control]:
    """Lantern's own count of a rescue from the survivors it tracks, one tap to take (the table confirms)."""
    tracked = tracked_rescue(state, turn)
    if tracked is None:
        return []
    picked = f"; the rival takes {tracked.area}" if tracked.area else ""
    return [
        tagged(
            "rival-tracked",
            ft.Text(
                f"Lantern's board: {tracked.cases} area(s) of sector {turn.sector} hold survivors{picked}."
            ),
        ),
        action_button(
            "Use Lantern's count",
            lambda: answer.put_all(cases=tracked.cases, area=tracked.area or answer.now("area")),
            key="rival-use-tracked",
        ),
    ]


def _space_picker(state: AshesState, turn: Turn, answer: Form) -> ft.Control:
    """The free construction spaces of the card's sector, when the board lists them, so the rival's disc is
    recorded where it stands and nobody builds there after it."""
    spaces = state.board.construction_spaces if state.board is not None else ()
    free = [s.id for s in spaces if s.sector == turn.sector and state.shelter_owner(s.id) is None]
    if not free:
        return ft.Text(
            f"Your board lists no free construction space in sector {turn.sector}: "
            "place the rival's disc on the table.",
            key="rival-no-space",
        )
    return ft.Row(
        [
            action_button(
                space,
                partial(answer.put, "space", space),
                key=f"rival-space-{space}",
                primary=space == answer["space"],
            )
            for space in free
        ],
        wrap=True,
        key="rival-spaces",
    )


@ft.component
def AnswerForm(model: AppModel, state: AshesState, turn: Turn, answer: Form) -> ft.Control:
    """The board question the card asks, then the follow-up for the picked case."""
    if turn.question is None:
        return ft.Text(
            "The rival lacks the pieces for this action: it scores directly.", key="rival-no-question"
        )
    cases = int(answer["cases"])
    controls: list[ft.Control] = [
        tagged("rival-question", ft.Text(plain(turn.question), weight=ft.FontWeight.BOLD)),
        *_tracked_count(state, turn, answer),
        form_stepper(answer, "cases", "Cases", key="rival-cases", high=30),
    ]
    more = follow_up(turn, cases)
    if more is not None:
        controls.append(tagged("rival-follow-up", ft.Text(plain(more))))
    if more is not None and isinstance(turn.action, Rescue | MoveVehicle):
        areas = [a for a in state.areas if a.sector == turn.sector]
        controls.append(
            ft.Row(
                [
                    action_button(
                        _area_label(a),
                        partial(answer.put, "area", a.name),
                        key=f"rival-area-{a.name}",
                        primary=a.name == answer["area"],
                    )
                    for a in areas
                ]
                or [ft.Text(f"No areas in sector {turn.sector} on this board.")],
                wrap=True,
            )
        )
    if more is not None and isinstance(turn.action, Build):
        controls.append(_space_picker(state, turn, answer))
    if more is not None and isinstance(turn.action, Install):
        controls.append(
            choice_row(
                "Level of the picked space:",
                [(str(n), ROMAN[n]) for n in (1, 2, 3)],
                str(answer["level"]),
                lambda n: answer.put("level", int(n)),
                key="rival-level",
            )
        )
        if turn.rival.upgrades_left and turn.rival.upgrades_left[0] is UpgradeClass.CLASS_II:
            controls.append(
                toggle(
                    "The achievement tile has a free space",
                    bool(answer["room"]),
                    lambda: answer.put("room", not answer.now("room")),
                    key="rival-room",
                )
            )
    return ft.Column(controls, spacing=6, key="rival-answer")


@ft.component
def PhysicalCard(model: AppModel, state: AshesState) -> ft.Control:
    """One screen of toggles for the card just turned over, then the answer and the Rival turn button."""
    values = Form(BLANK_CARD)
    answer = Form(BLANK_ANSWER)
    label = Entry()
    saved = next((p for p in model.packs(RIVAL_DECK.kind) if p.name == DECK_NAME), None)
    known = named_cards(model, saved)

    def the_card() -> RivalCard | None:
        try:
            typed = label.value.strip()
            name = typed or unlabelled_name(entered_card("?", values.latest.value), known)
            return entered_card(name, values.latest.value)
        except ValueError as exc:
            model.refuse(f"This card cannot be read: {exc}.", "ashes/solo/rival-turn")
            return None

    def play() -> None:
        card_ = the_card()
        if card_ is not None and model.dispatch(rival_turn(card_, answer.latest.value)):
            values.reset()
            answer.reset()
            label.clear()

    def save() -> None:
        card_ = the_card()
        if card_ is None:
            return
        try:
            cards = cards_from_pack(saved) if saved is not None else ()
        except (PackError, ValueError) as exc:
            model.refuse(f"Your saved rival deck cannot be read: {exc}.", "ashes/solo/rival")
            return
        problems = add_card_violations(cards, card_)
        if problems:
            model.refuse(problems[0].message, problems[0].rule)
            return
        try:
            pack = deck_pack(DECK_NAME, (*cards, card_))
        except PackError as exc:
            model.refuse(f"This card cannot be saved: {exc}.", "ashes/solo/rival")
            return
        model.save_pack(pack, replace=True)

    def pick(name: str) -> Any:
        return lambda v: values.put(name, v)

    try:
        auto = unlabelled_name(entered_card("?", values.latest.shown), known)
        shown_card: RivalCard | None = entered_card(auto, values.latest.shown)
    except ValueError:
        auto, shown_card = "a card number", None
    turn = _turn_for(state, shown_card) if shown_card is not None else "This card cannot be read."
    return ft.Column(
        [
            ft.Text("Turn over the rival's next card and tap what it shows:"),
            choice_row("Arrow", ARROWS, values["arrow"], pick("arrow"), key="card-arrow"),
            choice_row(
                "Action, rounds 1 and 3",
                MAINS,
                values["rounds_1_and_3"],
                pick("rounds_1_and_3"),
                key="card-main13",
            ),
            choice_row("Action, round 2", MAINS, values["round_2"], pick("round_2"), key="card-main2"),
            choice_row(
                "Secondary", SECONDARIES, values["secondary"], pick("secondary"), key="card-secondary"
            ),
            choice_row("Count from", ORDINALS, values["ordinal"], pick("ordinal"), key="card-ordinal"),
            choice_row(
                "Number",
                [(str(n), str(n)) for n in range(1, 10)],
                str(values["numeric"]),
                lambda n: values.put("numeric", int(n)),
                key="card-numeric",
            ),
            choice_row("Sector", SECTORS, values["sector"], pick("sector"), key="card-sector"),
            label.field(f"Label (empty: {auto})", key="card-label", height=TOUCH + 8),
            AnswerForm(model, state, turn, answer)
            if isinstance(turn, Turn)
            else tagged("rival-problem", ft.Text(turn)),
            ft.Row(
                [
                    action_button(
                        "Rival turn", play, key="rival-turn", primary=True, icon=ft.Icons.SMART_TOY
                    ),
                    action_button("Save to my rival deck", save, key="save-rival-card", icon=ft.Icons.SAVE),
                ],
                wrap=True,
            ),
        ],
        spacing=8,
        key="physical-card",
    )


@ft.component
def DigitalCard(model: AppModel, state: AshesState) -> ft.Control:
    """The app draws; the card shows until the answer is in, and reveal and answer undo together."""
    drawn = Latest[tuple[int, RivalCard] | None](None)  # the card a reveal at this log position draws
    answer = Form(BLANK_ANSWER)
    if model.game is None:
        return ft.Container()
    preview = drawn.shown
    pending = state.pending_card
    shown = pending or (
        preview[1] if preview is not None and preview[0] == model.game.session.cursor else None
    )

    def draw() -> None:
        """What the reveal will draw when dispatched now: the session's draw for this log position."""
        if model.game is None:
            return
        live = model.game.session
        preview = live.preview(aa.RevealRivalCard())
        if not preview.ok:
            model.refuse(preview.violations[0].message, preview.violations[0].rule)
            return
        if preview.state.pending_card is not None:
            drawn.set((live.cursor, preview.state.pending_card))

    def play() -> None:
        if shown is None:
            return
        turn = rival_turn(shown, answer.latest.value)
        sent = model.dispatch(turn) if pending is not None else model.dispatch(aa.RevealRivalCard(), turn)
        if sent:
            answer.reset()
            drawn.set(None)

    if shown is None:
        return action_button(
            "Draw rival card",
            draw,
            key="rival-draw",
            primary=True,
            icon=ft.Icons.STYLE,
            blocked=blocked(state, aa.RevealRivalCard),
        )
    turn = _turn_for(state, shown)
    controls: list[ft.Control] = [tagged("rival-card", ft.Text("\n".join(card_lines(shown))))]
    if isinstance(turn, Turn):
        controls.append(AnswerForm(model, state, turn, answer))
    elif pending is not None:  # already revealed: the rival's pile no longer holds it, so ask plainly
        controls.append(ft.Text("Count the card's possible cases on the board, then tap Rival turn."))
        controls.append(form_stepper(answer, "cases", "Cases", key="rival-cases", high=30))
    else:
        controls.append(tagged("rival-problem", ft.Text(turn)))
    controls.append(
        action_button("Rival turn", play, key="rival-turn", primary=True, icon=ft.Icons.SMART_TOY)
    )
    return ft.Column(controls, spacing=8, key="digital-card")


@ft.component
def RivalScreen(model: AppModel, state: AshesState, turn: str | None) -> ft.Control:
    rival = state.rival
    if rival is None:
        return card(ft.Text("Enter the rival on the set-up screen first."), key="rival-missing")
    digital = bool(state.catalogue)
    mode = (
        f"Digital deck: {len(state.catalogue)} cards catalogued"
        if digital
        else "Physical deck: enter each card"
    )
    upgrades = ", ".join(ROMAN[int(c)] for c in rival.upgrades_left) or "none"
    facts = card(
        heading("Rival"),
        tagged("rival-mode", ft.Text(mode)),
        tagged(
            "rival-marker",
            ft.Text(
                f"Marker {rival.marker.value} of {rival.marker.high}", size=20, weight=ft.FontWeight.BOLD
            ),
        ),
        tagged("rival-vp", ft.Text(f"VP {vp_text(rival.vp)}", size=20, weight=ft.FontWeight.BOLD)),
        tagged(
            "rival-pieces",
            ft.Text(f"Upgrade tiles left: {upgrades}; shelter discs left: {rival.shelter_discs_left}"),
        ),
        tagged(
            "rival-vehicle",
            ft.Text(
                f"Vehicle: {rival.spot.row.value} row, position {rival.spot.position}"
                + (" (passed)" if rival.passed else "")
                + "; closed cards per column: "
                + ", ".join(map(str, rival.columns))
            ),
        ),
        key="rival-facts",
    )
    play: list[ft.Control] = []
    if turn == RIVAL:
        if must_pass(rival) and not rival.bonus_turn_due:
            play = [
                action_button(
                    "Rival passes",
                    lambda: model.dispatch(aa.RivalPass()),
                    key="rival-pass",
                    primary=True,
                    icon=ft.Icons.SKIP_NEXT,
                    blocked=blocked(state, aa.RivalPass),
                )
            ]
        elif digital:
            play = [DigitalCard(model, state)]
        else:
            play = [PhysicalCard(model, state)]
        if rival.bonus_turn_due:
            play.insert(0, ft.Text("Bonus turn after the pass:", weight=ft.FontWeight.BOLD))
    else:
        play = [ft.Text(f"Not the rival's turn ({turn or 'nobody'} to play).", key="rival-waiting")]
    if before_play(state) and not digital:
        play.append(RivalDeckCard(model))
    steps = last_rival_steps(model)
    last: list[ft.Control] = []
    if steps:
        last = [
            heading("Rival's last turn"),
            *[
                tagged(
                    f"rival-step-{i}",
                    ft.Row(
                        [
                            ft.Text(f"{i}. {text}", size=13, expand=True),
                            rule_link(model, rule, key=f"rival-step-rule-{i}", text="Rule"),
                        ],
                        key=f"rival-step-{i}",
                    ),
                )
                for i, (text, rule) in enumerate(steps, 1)
            ],
        ]
    return ft.Column(
        [
            facts,
            card(*play, rule_link(model, "ashes/solo/rival-turn", key="rival-rule"), key="rival-play"),
            *([card(*last, key="rival-last")] if last else []),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
