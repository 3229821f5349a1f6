"""ASHES solo: the rival's track, score and pieces, its last turn step by step, and its next turn.

A physical deck is entered card by card on one screen of chips (and can be saved as the player's rival
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
    cases_bound,
    deck_pack,
    entry_for,
    follow_up,
    free_sector_spaces,
    must_pass,
    tile_has_room,
    tracked_rescue,
    turn_for,
    unlabelled_name,
)
from trackers.ashes.state import (
    RIVAL,
    RIVAL_DECK,
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
from trackers.core.wording import unit
from views.forms import Form, plain, rule_link, toggle
from views.games.ashes.parts import ROMAN, vp_text
from views.games.ashes.setup import RivalDeckCard, before_play
from views.model import AppModel
from views.step import LanternDid, step_anchor
from views.widgets import TOUCH, Entry, Latest, action_button, card, chip_row, heading, tagged

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
COUNT_FROM = [("from_bottom", "Bottom"), ("from_top", "Top"), ("from_left", "Left"), ("from_right", "Right")]
NUMBERS = [(str(n), str(n)) for n in range(1, 10)]
MAIN_CHIPS = [(value, text.replace("col ", "").replace("Move vehicle", "Move")) for value, text in MAINS]
SECONDARY_CHIPS = [(value, text.replace(" missions", "").replace("col ", "")) for value, text in SECONDARIES]
MANY = 9
"""The highest count of cases offered where the board does not bound it: from the card's highest number on,
every count picks the same case (the number itself), so "9+" stands for them all."""
BLANK_CARD: dict[str, Any] = {
    "arrow": "none",
    "rounds_1_and_3": "build:1",
    "round_2": "rescue",
    "secondary": "none",
    "ordinal": "from_bottom",
    "numeric": 1,
    "sector": "this_round",
}
BLANK_ANSWER: dict[str, Any] = {"cases": None, "area": None, "level": 0, "room": None, "space": ""}
"""None: not entered, so what Lantern's tracked board says stands (see `lantern_answer`)."""
NOTHING_TRACKED: dict[str, Any] = {"cases": 0, "area": "", "room": False}


def entered_card(label: str, values: dict[str, Any]) -> RivalCard:
    """The card the chips describe; raises ValueError naming a field the deck format refuses."""
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


def _rival_just_played(model: AppModel) -> bool:
    """The latest step was the rival's own: "Rival's last turn" shows its steps, not again below its card."""
    latest = () if model.game is None else model.game.session.latest
    return any(isinstance(e.action, aa.RivalTurn | aa.RivalPass | aa.RevealRivalCard) for e in latest)


def card_values(card: RivalCard) -> dict[str, Any]:
    """A card as the form's values (the other way round from `entered_card`)."""
    data = card_to_json(card)
    return {
        "arrow": data["arrow"] or "none",
        "rounds_1_and_3": action_text(data["rounds_1_and_3"]),
        "round_2": action_text(data["round_2"]),
        "secondary": action_text(data["secondary"]) or "none",
        "ordinal": data["ordinal"],
        "numeric": card.numeric,
        "sector": data["sector"],
    }


def last_card_values(model: AppModel) -> dict[str, Any]:
    """The card the rival played last in this game, as the start of the next: cards share most symbols, so
    the player taps only what differs."""
    history = model.game.session.history if model.game is not None else ()
    for entry in reversed(history):
        if isinstance(entry.action, aa.RivalTurn):
            try:
                return card_values(card_of(entry.action))
            except ValueError:
                continue
    return BLANK_CARD


def plays_round_2(state: AshesState, values: dict[str, Any]) -> bool:
    """Whether this turn plays the card's round 2 action, asked of the engine with the card's two actions told
    apart (the vehicle's row, or the round, decides, as the table's option says)."""
    assert state.rival is not None
    probe = {**values, "rounds_1_and_3": "rescue", "round_2": "move_vehicle"}
    try:
        turn = turn_for(state, state.rival, entered_card("?", probe))
    except (ValueError, IllegalAction, TableError):
        return False
    return isinstance(turn.action, MoveVehicle)


def lantern_answer(state: AshesState, turn: Turn) -> dict[str, Any]:
    """What the tracked board already says about the card's question, offered as the answer's start (the table
    changes what it sees otherwise): a rescue's count of areas holding survivors and, counting from the top or
    the bottom, its area; a build's free construction spaces where the board lists the sector's; whether the
    achievement tile of a class II install has room."""
    found = dict(NOTHING_TRACKED)
    tracked = tracked_rescue(state, turn)
    if tracked is not None:
        found.update(cases=tracked.cases, area=tracked.area or "")
    free = free_sector_spaces(state, turn)
    if isinstance(turn.action, Build) and free is not None:
        found["cases"] = len(free)
    if isinstance(turn.action, Install) and turn.rival.upgrades_left[:1] == (UpgradeClass.CLASS_II,):
        found["room"] = tile_has_room(state, turn.action.row)
    return found


def answer_now(state: AshesState, turn: Turn | str, values: dict[str, Any]) -> dict[str, Any]:
    """The answer as it would be sent: what the player entered, Lantern's count where they entered nothing."""
    lantern = lantern_answer(state, turn) if isinstance(turn, Turn) else NOTHING_TRACKED
    return {name: lantern.get(name) if value is None else value for name, value in values.items()}


def cases_chips(answer: Form, shown: int, high: int) -> ft.Control:
    """The count of cases as one row of numbers, one tap whatever the count."""
    choices = [(str(n), f"{n}+" if n == MANY else str(n)) for n in range(high + 1)]
    return chip_row(
        choices, str(shown), lambda n: answer.put("cases", int(n)), key="rival-cases", label="Cases"
    )


@ft.component
def AnswerForm(model: AppModel, state: AshesState, turn: Turn, answer: Form) -> ft.Control:
    """The board question the card asks, then the follow-up for the picked case, with Lantern's counts to
    start."""
    if turn.question is None:
        return ft.Text(
            "The rival lacks the pieces for this action: it scores directly.", key="rival-no-question"
        )
    now = answer_now(state, turn, answer.latest.shown)
    cases = int(now["cases"])
    controls: list[ft.Control] = [
        tagged("rival-question", ft.Text(plain(turn.question), size=13, weight=ft.FontWeight.BOLD)),
    ]
    tracked = tracked_rescue(state, turn)
    if tracked is not None:
        picked = f"; the rival takes {tracked.area}" if tracked.area else ""
        found = f"Lantern's board: {tracked.cases} area(s) of sector {turn.sector} hold survivors{picked}."
        controls.append(tagged("rival-tracked", ft.Text(found, size=12)))
    bound = cases_bound(state, turn)
    controls.append(cases_chips(answer, cases, MANY if bound is None else bound))
    more = follow_up(turn, cases)
    if more is not None:
        controls.append(tagged("rival-follow-up", ft.Text(plain(more), size=13)))
    if more is not None and isinstance(turn.action, Rescue | MoveVehicle):
        rescue = isinstance(turn.action, Rescue)
        shown = [
            (a.name, f"{a.name} ({a.survivors.total})" if rescue else a.name)
            for a in state.areas
            if a.sector == turn.sector
        ]
        controls.append(
            chip_row(shown, now["area"], partial(answer.put, "area"), key="rival-area")
            if shown
            else ft.Text(f"No areas in sector {turn.sector} on this board.")
        )
    if more is not None and isinstance(turn.action, Build):
        free = free_sector_spaces(state, turn)
        controls.append(
            chip_row([(s, s) for s in free], now["space"], partial(answer.put, "space"), key="rival-space")
            if free
            else ft.Text(
                f"Your board lists no free construction space in sector {turn.sector}: "
                "place the rival's disc on the table.",
                key="rival-no-space",
            )
        )
    if more is not None and isinstance(turn.action, Install):
        level = chip_row(
            [(str(n), ROMAN[n]) for n in (1, 2, 3)],
            str(now["level"]),
            lambda n: answer.put("level", int(n)),
            key="rival-level",
            label="Level",
        )
        room = bool(now["room"])
        claims = turn.rival.upgrades_left[:1] == (UpgradeClass.CLASS_II,)
        flip = toggle("Tile has room", room, lambda: answer.put("room", not room), key="rival-room")
        controls.append(ft.Row([level, flip], wrap=True, spacing=4, run_spacing=4) if claims else level)
    return ft.Column(controls, spacing=4, key="rival-answer")


def _above(label: str, row: ft.Control) -> ft.Control:
    """A row of chips under a small label of its own, where the label would leave the row no room."""
    return ft.Column([ft.Text(label, size=12), row], spacing=2)


@ft.component
def PhysicalCard(model: AppModel, state: AshesState) -> ft.Control:
    """The card just turned over, on one phone screen: the last card's values to start, so only what differs
    is tapped, each symbol a row of chips, those this turn does not read left out (the other round's action,
    the label and saving are one tap away); then the answer, Lantern's counts to start, and Rival turn."""
    values = Form(last_card_values(model))
    answer = Form(BLANK_ANSWER)
    whole = Latest(False)
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
        if card_ is None:
            return
        sent = answer_now(state, _turn_for(state, card_), answer.latest.value)
        if model.dispatch(rival_turn(card_, sent)):  # the card's values stay: the next card starts from them
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
    second = plays_round_2(state, values.latest.shown)
    main, other = ("round_2", "rounds_1_and_3") if second else ("rounds_1_and_3", "round_2")
    main_key, other_key = ("card-main2", "card-main13") if second else ("card-main13", "card-main2")
    main_text, other_text = ("Round 2", "Rounds 1 and 3") if second else ("Rounds 1 and 3", "Round 2")
    counts = isinstance(turn, Turn) and turn.question is not None
    controls: list[ft.Control] = [
        chip_row(ARROWS, values["arrow"], pick("arrow"), key="card-arrow", label="Arrow"),
        _above(f"Action, {main_text.lower()}", chip_row(MAIN_CHIPS, values[main], pick(main), key=main_key)),
    ]
    if counts and isinstance(turn, Turn) and not isinstance(turn.action, Install):
        controls.append(
            chip_row(SECTORS, values["sector"], pick("sector"), key="card-sector", label="Sector")
        )
    if counts:
        controls += [
            chip_row(COUNT_FROM, values["ordinal"], pick("ordinal"), key="card-ordinal", label="From"),
            chip_row(
                NUMBERS,
                str(values["numeric"]),
                lambda n: values.put("numeric", int(n)),
                key="card-numeric",
                label="Number",
            ),
        ]
    controls += [
        _above(
            "Secondary action",
            chip_row(SECONDARY_CHIPS, values["secondary"], pick("secondary"), key="card-secondary"),
        ),
        AnswerForm(model, state, turn, answer)
        if isinstance(turn, Turn)
        else tagged("rival-problem", ft.Text(turn)),
        ft.Row(
            [
                action_button("Rival turn", play, key="rival-turn", primary=True, icon=ft.Icons.SMART_TOY),
                toggle("Rest of the card", whole.shown, lambda: whole.set(not whole.value), key="card-whole"),
            ],
            wrap=True,
        ),
    ]
    if whole.shown:
        controls += [
            _above(
                f"Action, {other_text.lower()}",
                chip_row(MAIN_CHIPS, values[other], pick(other), key=other_key),
            ),
            label.field(f"Label (empty: {auto})", key="card-label", height=TOUCH + 8),
            action_button("Save to my rival deck", save, key="save-rival-card", icon=ft.Icons.SAVE),
        ]
    return ft.Column(controls, spacing=4, key="physical-card")


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
        turn = rival_turn(shown, answer_now(state, _turn_for(state, shown), answer.latest.value))
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
        controls.append(cases_chips(answer, int(answer["cases"] or 0), MANY))
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
        f"Digital deck: {len(state.catalogue)} {unit(len(state.catalogue), 'cards')} catalogued"
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
            step_anchor(),
            card(
                ft.Column(play, spacing=8),
                rule_link(model, "ashes/solo/rival-turn", key="rival-rule"),
                key="rival-play",
            ),
            *([] if _rival_just_played(model) else [LanternDid(model)]),
            *([card(*last, key="rival-last")] if last else []),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
