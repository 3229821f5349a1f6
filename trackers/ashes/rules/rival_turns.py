"""The solo rival's entries: its components and deck before play, then each turn as a card (revealed on the
table or drawn by the app from the catalogue) with the board counts its question asks for, and its pass."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from random import Random
from typing import Any

from trackers.ashes import actions as a
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, NOBODY, empty_area
from trackers.ashes.rival.card import Build, Install, MoveVehicle, Rescue, RivalCard
from trackers.ashes.rival.deck import (
    MAX_CARDS,
    NUMERIC_RANGE,
    card_from_json,
    card_to_json,
    deck_problems,
    draw_digital,
)
from trackers.ashes.rival.play import (
    PHOENIX_LEVELS,
    BoardAnswer,
    Resolution,
    RivalState,
    Turn,
    answer_violations,
    card_violations,
    must_pass,
    new_rival,
    play_card,
    resolve,
    rival_pass,
)
from trackers.ashes.rival.play import pass_violations as rival_pass_violations
from trackers.ashes.rounds.turn_order import (
    RIVAL,
    next_row,
    pass_turn,
    take_turn,
    turn_violations,
    unavailable,
)
from trackers.ashes.rules.guards import SCORE_TRACK_TOP, before_play_violations, scored_violations, stays
from trackers.ashes.state import ROWS, AshesState
from trackers.ashes.terms import PhoenixRow, UpgradeClass
from trackers.core.actions import Event
from trackers.core.boundary import BoundaryError, read_json
from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.packs import MAX_PACK_BYTES
from trackers.core.rules import Rule, refuse

UPGRADE_TILES = 10
CLASSES = {"I": UpgradeClass.CLASS_I, "II": UpgradeClass.CLASS_II}
SETUP_RULE, TURN_RULE = "ashes/setup/solo", "ashes/solo/rival-turn"
TRACK_TOP = Count(1, 12, "The rival track's top step is", "", code="ashes.rival.component", rule=SETUP_RULE)
DIRECT_SCORE = Count(0, 30, "The direct score is", "VP", code="ashes.rival.component", rule=SETUP_RULE)
SHELTER_DISCS = Count(0, 12, "The rival has", "shelter discs", code="ashes.rival.component", rule=SETUP_RULE)
NUMERIC = Count(
    NUMERIC_RANGE.start,
    NUMERIC_RANGE.stop - 1,
    "A card's numeric parameter is",
    "",
    code="ashes.rival.card",
    rule=TURN_RULE,
)
CASES = Count(0, SCORE_TRACK_TOP, "A count of cases is", "", code="ashes.rival.cases", rule=TURN_RULE)
LEVEL = Count(
    PHOENIX_LEVELS[0],
    PHOENIX_LEVELS[-1],
    "Phoenix Project levels are numbered",
    "",
    code="ashes.rival.level",
    rule="ashes/solo/rival-actions",
)


def _solo_violations(state: AshesState) -> list[Violation]:
    if not state.solo:
        return refuse("ashes.solo.only", "Only a solo game has a rival.", "ashes/solo/rival")
    return scored_violations(state)


def _rival_violations(state: AshesState) -> list[Violation]:
    """The rival's turns need its components entered."""
    if problems := _solo_violations(state):
        return problems
    if state.rival is None:
        return refuse("ashes.rival.missing", "Enter the rival's components first.", "ashes/setup/solo")
    return []


def _rival_turn_now(state: AshesState, rival: RivalState) -> list[Violation]:
    """A rival card is played on the rival's turn, or straight after its pass as the bonus card."""
    return [] if rival.bonus_turn_due else turn_violations(state.rounds, RIVAL)


# Components and deck


def _set_rival_violations(state: AshesState, action: a.SetRival) -> list[Violation]:
    counts = (
        (TRACK_TOP, action.track_top),
        (DIRECT_SCORE, action.direct_score),
        (SHELTER_DISCS, action.shelter_discs),
    )
    if problems := count_violations(*counts) or _solo_violations(state) or before_play_violations(state):
        return problems
    if len(action.upgrades) != UPGRADE_TILES or any(u not in CLASSES for u in action.upgrades):
        return refuse(
            "ashes.rival.upgrades",
            f"List the rival's {UPGRADE_TILES} upgrade tiles, each I or II, in the order it takes them.",
            "ashes/setup/solo",
        )
    return []


def _set_rival(state: AshesState, action: a.SetRival, rng: Random) -> tuple[AshesState, list[Event]]:
    settings = state.settings
    rival = new_rival(
        settings.difficulty,
        action.track_top,
        action.direct_score,
        (c.label for c in state.catalogue),
        (CLASSES[u] for u in action.upgrades),
        action.shelter_discs,
    )
    text = (
        f"Rival at {settings.difficulty.value} difficulty: track top {action.track_top}, direct score "
        f"{action.direct_score}, {action.shelter_discs} shelter discs, "
        f"starting on {settings.rival_start_vp} VP"
    )
    event = Event.of("rival", text, upgrades=list(action.upgrades), rule="ashes/setup/solo")
    return replace(state, rival=replace(rival, vp=settings.rival_start_vp)), [event]


def _catalogue_violations(state: AshesState, action: a.CatalogueRivalDeck) -> list[Violation]:
    """The cards are outside data carried in the log: counted first, then each read through the door (as
    catalogued before #28: labels differing only in case stay two cards, so those games replay)."""
    if len(action.cards) > MAX_CARDS:
        return refuse(
            "ashes.rival.deck.card",
            f"A rival deck holds at most {MAX_CARDS} cards, not {len(action.cards)}.",
            "ashes/solo/rival",
        )
    try:
        cards = [read_json(text, max_bytes=MAX_PACK_BYTES) for text in action.cards]
    except BoundaryError as error:
        return refuse("ashes.rival.deck.json", f"A card is not readable: {error}.", "ashes/solo/rival")
    reasons = deck_problems({"cards": cards}, logged=True)
    return [Violation("ashes.rival.deck.card", f"{r}.", "ashes/solo/rival") for r in reasons[:1]]


def _catalogue(
    state: AshesState, action: a.CatalogueRivalDeck, rng: Random
) -> tuple[AshesState, list[Event]]:
    cards = tuple(card_from_json(json.loads(text)) for text in action.cards)
    labels = tuple(c.label for c in cards)
    rival = state.rival
    if rival is not None:
        rival = replace(
            new_rival(
                rival.difficulty,
                rival.marker.high,
                rival.direct_score,
                labels,
                rival.upgrades_left,
                rival.shelter_discs_left,
            ),
            vp=rival.vp,
        )
    text = f"Rival deck of {len(cards)} cards catalogued: each card revealed is checked against its pile"
    event = Event.of("rival_deck", text, labels=list(labels), rule="ashes/solo/rival")
    return replace(state, rival=rival, catalogue=cards), [event]


# Revealing a card from the catalogue


def _reveal_violations(state: AshesState) -> list[Violation]:
    """Whether the app may draw the rival's next card; it reads the state alone, so the button can say why not
    before it is tapped."""
    rival = state.rival
    assert rival is not None  # _rival_violations refused a game without one
    if not state.catalogue:
        return refuse(
            "ashes.rival.no_catalogue",
            "The app draws rival cards only from a catalogued deck: enter the card you revealed instead.",
            "ashes/solo/rival-turn",
        )
    if state.pending_card is not None:
        return refuse(
            "ashes.rival.card_pending", "Resolve the rival card on show first.", "ashes/solo/rival-turn"
        )
    if problems := _rival_turn_now(state, rival):
        return problems
    if must_pass(rival):
        return refuse(
            "ashes.rival.must_pass",
            "The rival's marker sits on the highest step: it passes instead of revealing a card.",
            "ashes/solo/rival-turn",
        )
    return []


def _reveal(state: AshesState, action: a.RevealRivalCard, rng: Random) -> tuple[AshesState, list[Event]]:
    rival = state.rival
    assert rival is not None  # _reveal_violations refused a game without one
    card = draw_digital(rival.deck, {c.label: c for c in state.catalogue}, rng)
    turn = turn_for(state, rival, card)
    question = turn.question or "Nothing to count: the rival lacks the pieces for this action."
    event = Event.of(
        "rival_card",
        f"Rival card {card.label}: {question}",
        card=json.dumps(card_to_json(card)),
        label=card.label,
        question=turn.question,
        rule="ashes/solo/rival-turn",
    )
    return replace(state, pending_card=card), [event]


# A rival turn


def action_json(text: str) -> dict[str, Any]:
    """An entry's action word, e.g. "build:2", in the deck's JSON form: {"action": "build", "column": 2}."""
    kind, _, arg = text.partition(":")
    if kind == "install":
        return {"action": kind, "row": arg}
    if arg:
        return {"action": kind, "column": int(arg) if arg.isdecimal() else arg}
    return {"action": kind}


def action_text(data: Mapping[str, Any] | None) -> str | None:
    """The other way round: {"action": "build", "column": 2} as "build:2"."""
    if data is None:
        return None
    arg = data.get("column", data.get("row"))
    return f"{data['action']}:{arg}" if arg is not None else str(data["action"])


def turn_for(state: AshesState, rival: RivalState, card: RivalCard) -> Turn:
    """The card played in this game's round, the main action picked the way the table's option says."""
    chosen = state.settings
    return play_card(rival, card, state.rounds.round, chosen.rival_action_by_round, chosen.rival_bonus_arrow)


def card_of(action: a.RivalTurn) -> RivalCard:
    """The card an entry describes; raises ValueError naming the field the table should fix."""
    return card_from_json(
        {
            "label": action.label,
            "arrow": action.arrow,
            "rounds_1_and_3": action_json(action.rounds_1_and_3),
            "round_2": action_json(action.round_2),
            "secondary": None if action.secondary is None else action_json(action.secondary),
            "ordinal": action.ordinal,
            "numeric": action.numeric,
            "sector": action.sector,
        }
    )


def entry_for(
    card: RivalCard,
    cases: int = 0,
    area: str = "",
    level: int | None = None,
    achievement_has_room: bool = False,
    space: str = "",
) -> a.RivalTurn:
    """The entry for a known card (drawn by the app, or read back from a deck) with the table's answers."""
    data = card_to_json(card)
    return a.RivalTurn(
        label=card.label,
        arrow=data["arrow"],
        rounds_1_and_3=str(action_text(data["rounds_1_and_3"])),
        round_2=str(action_text(data["round_2"])),
        secondary=action_text(data["secondary"]),
        ordinal=data["ordinal"],
        numeric=card.numeric,
        sector=data["sector"],
        cases=cases,
        area=area,
        level=level,
        achievement_has_room=achievement_has_room,
        space=space,
    )


def _picks_area(turn: Turn, cases: int) -> bool:
    """A rescue or a move that finds a case lands on an area, which the entry names."""
    return isinstance(turn.action, Rescue | MoveVehicle) and turn.question is not None and cases > 0


def _builds(turn: Turn, cases: int) -> bool:
    """A build that finds a free construction space (the rival has a disc left and the count is not 0)."""
    return isinstance(turn.action, Build) and turn.question is not None and cases > 0


def sector_spaces(state: AshesState, turn: Turn) -> list[str]:
    """The construction spaces the board lists in the card's sector (none when it lists none there)."""
    spaces = state.board.construction_spaces if state.board is not None else ()
    return [s.id for s in spaces if s.sector == turn.sector]


def free_sector_spaces(state: AshesState, turn: Turn) -> list[str] | None:
    """The free construction spaces of the card's sector, or None when the board lists none there."""
    listed = sector_spaces(state, turn)
    return [s for s in listed if state.shelter_owner(s) is None] if listed else None


def cases_bound(state: AshesState, turn: Turn) -> int | None:
    """The most cases the tracked board allows the card's question: the sector's areas for a rescue or a
    move, its listed construction spaces for a build; None where the board does not bound them."""
    if isinstance(turn.action, Rescue | MoveVehicle):
        return sum(1 for area in state.areas if area.sector == turn.sector)
    listed = sector_spaces(state, turn)
    return len(listed) if isinstance(turn.action, Build) and listed else None


def tile_has_room(state: AshesState, row: PhoenixRow) -> bool:
    """Whether the row's achievement tile takes one more claim."""
    i = ROWS.index(row)
    return len(state.claims[i]) < state.claim_room[i]


def _space_violations(state: AshesState, turn: Turn, action: a.RivalTurn) -> list[Violation]:
    """The construction space a rival build takes, named so that nobody builds there after it (9.1): on the
    board, in the card's sector and free. A game of edition 2 must name it whenever the board lists
    construction spaces in that sector."""
    rule = "ashes/solo/rival-actions"
    if not _builds(turn, action.cases):
        if action.space:
            return refuse("ashes.rival.space", "Only a rival build takes a construction space.", rule)
        return []
    if not action.space:
        if sector_spaces(state, turn) and state.edition >= 2:
            return refuse(
                "ashes.rival.space",
                f"Name the construction space of sector {turn.sector} the rival builds on.",
                rule,
            )
        return []
    spaces = state.board.construction_spaces if state.board is not None else ()
    space = next((s for s in spaces if s.id == action.space), None)
    if space is None:
        return refuse("ashes.rival.space", f"The board has no construction space {action.space!r}.", rule)
    if space.sector != turn.sector:
        return refuse(
            "ashes.rival.space_sector",
            f"The rival builds in sector {turn.sector}; {space.id} is in sector {space.sector}.",
            rule,
        )
    owner = state.shelter_owner(space.id)
    if owner is not None:
        return refuse("ashes.rival.space_taken", f"{owner} already has a shelter on {space.id}.", rule)
    return []


def _answer(state: AshesState, turn: Turn, action: a.RivalTurn) -> BoardAnswer:
    rescues = isinstance(turn.action, Rescue) and _picks_area(turn, action.cases)
    area = state.area(action.area) if rescues else None
    survivors = NOBODY if area is None else area.survivors
    return BoardAnswer(action.cases, survivors, action.level, action.achievement_has_room)


def _card_violations(state: AshesState, rival: RivalState, card: RivalCard) -> list[Violation]:
    """The card read from the entry must match the catalogue and the card on show, and be playable now."""
    pending = state.pending_card
    if pending is not None and pending.label != card.label:
        return refuse(
            "ashes.rival.not_pending",
            f"The card on show is {pending.label!r}: resolve that one.",
            "ashes/solo/rival-turn",
        )
    known = {c.label: c for c in state.catalogue}
    if known.get(card.label, card) != card:
        return refuse(
            "ashes.rival.card_differs",
            f"Card {card.label!r} reads differently in your rival deck.",
            "ashes/solo/rival-turn",
        )
    return card_violations(rival, card)


def _area_violations(state: AshesState, turn: Turn, action: a.RivalTurn) -> list[Violation]:
    if not _picks_area(turn, action.cases):
        return []
    doing = "rescues from" if isinstance(turn.action, Rescue) else "moves its vehicle to"
    area = state.area(action.area)
    if area is None:
        return refuse(
            "ashes.rival.area",
            f"Name the area the rival {doing}, not {action.area!r}.",
            "ashes/solo/rival-actions",
        )
    if area.sector != turn.sector:
        return refuse(
            "ashes.rival.area_sector",
            f"The rival {doing} an area of sector {turn.sector}; {area.name} is in sector {area.sector}.",
            "ashes/solo/rival-actions",
        )
    return []


def _move_vehicle(state: AshesState, destination: str, number: int) -> tuple[AshesState, Event]:
    """The rival's vehicle brings every survivor of the area it leaves (13.8.4), and shields where it
    stands from radiation like any vehicle."""
    left = state.area(state.rival_vehicle)
    target = state.area(destination)
    assert target is not None  # _area_violations refused an unknown area
    brought = NOBODY if left is None or left.name == destination else left.survivors
    if left is not None and left.name != destination:
        state = state.with_area(replace(left, survivors=NOBODY, vehicles=left.vehicles - 1))
        target = replace(target, vehicles=target.vehicles + 1)
    elif left is None:
        target = replace(target, vehicles=target.vehicles + 1)
    state = state.with_area(replace(target, survivors=target.survivors.put(brought.items())))
    origin = left.name if left is not None else "the starting shelter"
    text = f"The rival's vehicle goes from {origin} to {destination}"
    text += f", bringing {brought.total} survivor(s)" if brought.total else ""
    event = Event.of(
        "rival_step",
        text,
        number=number,
        area=destination,
        brought=[brought.count(ACTIVE), brought.count(ESSENTIAL)],
        rule="ashes/solo/rival-actions",
    )
    return replace(state, rival_vehicle=destination), event


def _room_violations(state: AshesState, turn: Turn, action: a.RivalTurn) -> list[Violation]:
    """A class II install claims a milestone only where the tracked achievement tile has room."""
    if not (isinstance(turn.action, Install) and action.achievement_has_room):
        return []
    if not tile_has_room(state, turn.action.row):
        return refuse(
            "ashes.rival.achievement_full",
            f"The {turn.action.row.value} achievement tile is already full.",
            "ashes/solo/rival-actions",
        )
    return []


def _rival_turn_violations(state: AshesState, action: a.RivalTurn) -> list[Violation]:
    counts = (NUMERIC, action.numeric), (CASES, action.cases)
    level = [] if action.level is None else LEVEL.violations(action.level)
    if problems := count_violations(*counts) or level or _rival_violations(state):
        return problems
    rival = state.rival
    assert rival is not None  # _rival_violations refused a game without one
    if problems := _rival_turn_now(state, rival):
        return problems
    try:
        card = card_of(action)  # read once for every check below
    except ValueError as error:
        return refuse("ashes.rival.card", f"This card cannot be read: {error}.", "ashes/solo/rival-turn")
    if problems := _card_violations(state, rival, card):
        return problems
    turn = turn_for(state, rival, card)
    return (
        _area_violations(state, turn, action)
        or _space_violations(state, turn, action)
        or answer_violations(turn, _answer(state, turn, action))
        or _room_violations(state, turn, action)
    )


def _steps(resolution: Resolution) -> list[Event]:
    return [Event.of("rival_step", s.text, number=s.number, rule=s.rule) for s in resolution.steps]


def _next(current: str | None) -> list[Event]:
    if current is None:
        return [Event.of("turn", "Everyone has passed: end the round", rule="ashes/rounds/end")]
    return [Event.of("turn", f"{current} is next", seat=current, rule="ashes/rounds")]


def _shared_pieces(state: AshesState, before: RivalState, done: Resolution, area: str) -> AshesState:
    """What the rival's action changed off its own board: the rescued area, the install counts (everyone's:
    the price option only changes what a player pays), the claims."""
    if done.to_bag.total:
        rescued = state.area(area)
        assert rescued is not None  # _area_violations refused an unknown area
        bag, emptied = empty_area(state.bag, rescued)
        state = replace(state.with_area(emptied), bag=bag)
    installed = done.rival.installed[len(before.installed) :]
    if installed:
        counts = list(state.installs)
        for _, level in installed:
            counts[level - 1] += 1
        state = replace(state, installs=(counts[0], counts[1], counts[2]))
    claims = list(state.claims)
    for row in done.rival.milestones[len(before.milestones) :]:
        claims[ROWS.index(row)] += (RIVAL,)
    return replace(state, claims=tuple(claims))


def _rival_turn(state: AshesState, action: a.RivalTurn, rng: Random) -> tuple[AshesState, list[Event]]:
    rival = state.rival
    assert rival is not None  # _rival_turn_violations refused a game without one
    bonus = rival.bonus_turn_due
    turn = turn_for(state, rival, card_of(action))
    done = resolve(turn, _answer(state, turn, action))
    rounds = state.rounds if bonus else take_turn(state.rounds, RIVAL)
    summary = Event.of(
        "rival_turn",
        f"Rival turn over: marker on {done.rival.marker.value}, {done.rival.vp} VP",
        card=action.label,
        marker=done.rival.marker.value,
        vp=done.rival.vp,
        to_bag=[done.to_bag.count(ACTIVE), done.to_bag.count(ESSENTIAL)],
        disc_steps=[row.value for row in done.disc_steps],
        rule="ashes/solo/rival-turn",
    )
    state = _shared_pieces(state, rival, done, action.area)
    moved: list[Event] = []
    if isinstance(turn.action, MoveVehicle) and _picks_area(turn, action.cases):
        state, vehicle = _move_vehicle(state, action.area, len(done.steps) + 1)
        moved = [vehicle]
    if action.space and _builds(turn, action.cases):
        state = replace(state, rival_shelters=(*state.rival_shelters, action.space))
        text = f"The rival's shelter disc stands on {action.space}: nobody else may build there"
        moved.append(
            Event.of(
                "rival_step",
                text,
                number=len(done.steps) + 1,
                space=action.space,
                rule="ashes/solo/rival-actions",
            )
        )
    events = [*_steps(done), *moved, summary, *_next(rounds.current)]
    return replace(state, rival=done.rival, rounds=rounds, pending_card=None), events


# The rival's pass


def _rival_pass_violations(state: AshesState) -> list[Violation]:
    rival = state.rival
    assert rival is not None  # _rival_violations refused a game without one
    return turn_violations(state.rounds, RIVAL) or rival_pass_violations(rival)


def _rival_pass(state: AshesState, action: a.RivalPass, rng: Random) -> tuple[AshesState, list[Event]]:
    rival = state.rival
    assert rival is not None  # _rival_pass_violations refused a game without one
    rounds = state.rounds
    done = rival_pass(rival, rounds.round, unavailable(rounds, next_row(rounds.round)), stays(state))
    passed = pass_turn(rounds, RIVAL, done.rival.spot.position, stays(state))
    return replace(state, rival=done.rival, rounds=passed.state), _steps(done)


def _describe_turn(state: AshesState, action: a.RivalTurn) -> str:
    bonus = "bonus " if state.rival is not None and state.rival.bonus_turn_due else ""
    return f"Rival plays {bonus}card {action.label}"


RULES: tuple[Rule[AshesState, Any], ...] = (
    Rule(
        a.SetRival,
        "Enter the rival",
        _set_rival,
        lambda s, x: "Rival components entered",
        (_set_rival_violations,),
    ),
    Rule(
        a.CatalogueRivalDeck,
        "Catalogue the rival deck",
        _catalogue,
        lambda s, x: f"Rival deck catalogued ({len(x.cards)} cards)",
        (_catalogue_violations,),
        gates=(_solo_violations, before_play_violations),
    ),
    Rule(
        a.RevealRivalCard,
        "Reveal rival card",
        _reveal,
        lambda s, x: "Rival card drawn",
        gates=(_rival_violations, _reveal_violations),
    ),
    Rule(a.RivalTurn, "Rival turn", _rival_turn, _describe_turn, (_rival_turn_violations,)),
    Rule(
        a.RivalPass,
        "Rival passes",
        _rival_pass,
        lambda s, x: "Rival passes",
        gates=(_rival_violations, _rival_pass_violations),
    ),
)
