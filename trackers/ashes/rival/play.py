"""The solo rival: plays the action card the player reveals and explains each step with its rules section.

Card contents and the board are the player's to enter: the rival asks for the counts it needs
("sector 2, from the bottom: how many free construction spaces?") and says which case to use.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from itertools import count

from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, NOBODY
from trackers.ashes.colony.scoring import INSTALL_VP, START_VP, VP_PER_CLOSED_CARD, add_vp
from trackers.ashes.rival.card import (
    Arrow,
    Build,
    DiscardMissions,
    Install,
    MainAction,
    MoveVehicle,
    Rescue,
    RivalCard,
    ScoreColumn,
    SecondaryAction,
    SectorParameter,
)
from trackers.ashes.rounds.turn_order import TurnRow, TurnSpot, check_round, row_for_round
from trackers.ashes.terms import Difficulty, PhoenixRow, UpgradeClass
from trackers.core.bag import Bag
from trackers.core.deck import Deck, Reshuffle
from trackers.core.errors import IllegalAction, TableError, Violation
from trackers.core.track import Track

PHOENIX_LEVELS = (1, 2, 3)
START_SPOT = TurnSpot(TurnRow.TOP, 2)
_ROMAN = {1: "I", 2: "II", 3: "III"}


ARROWS_THAT_COUNT = {
    Difficulty.NORMAL: frozenset(Arrow),
    Difficulty.ADVANCED: frozenset({Arrow.BLUE, Arrow.PINK}),
    Difficulty.EXPERT: frozenset({Arrow.BLUE}),
}
MILESTONE_VP = {Difficulty.NORMAL: 2, Difficulty.ADVANCED: 4, Difficulty.EXPERT: 6}


@dataclass(frozen=True)
class RivalState:
    """Everything the rival owns. `upgrades_left` lists its tiles' classes in taking order, left to right
    and top row first; `installed` holds (row, level) per upgrade placed in the Phoenix Project.

    An empty `deck` means no catalogue: the player plays a physical deck and enters each card revealed.
    """

    difficulty: Difficulty
    marker: Track
    direct_score: int
    deck: Deck
    upgrades_left: tuple[UpgradeClass, ...]
    shelter_discs_left: int
    vp: int = START_VP
    spot: TurnSpot = START_SPOT
    columns: tuple[int, int, int] = (0, 0, 0)
    installed: tuple[tuple[PhoenixRow, int], ...] = ()
    milestones: tuple[PhoenixRow, ...] = ()
    passed: bool = False
    bonus_turn_due: bool = False


def new_rival(
    difficulty: Difficulty,
    track_top: int,
    direct_score: int,
    card_labels: Iterable[str],
    upgrades: Iterable[UpgradeClass],
    shelter_discs: int,
) -> RivalState:
    """A rival at setup; its track length, direct score, cards and upgrade layout are the player's data.

    No card labels means no catalogue, so any card the player enters is accepted.
    """
    labels = tuple(card_labels)
    if len(set(labels)) != len(labels):
        raise TableError("every rival card needs its own label")
    return RivalState(
        difficulty,
        Track(0, track_top, 0),
        direct_score,
        Deck.new(labels, Reshuffle.WHEN_EMPTY),
        tuple(upgrades),
        shelter_discs,
    )


@dataclass(frozen=True)
class Step:
    number: int
    text: str
    rule: str


@dataclass(frozen=True)
class Resolution:
    """The rival after a pass or a turn and the steps to carry out on the table.

    Shared pieces it changed: survivors to put back in the bag, one entry per knowledge-disc step right.
    """

    rival: RivalState
    steps: tuple[Step, ...]
    to_bag: Bag = NOBODY
    disc_steps: tuple[PhoenixRow, ...] = ()


Lines = list[tuple[str, str]]


def _numbered(lines: Lines, first: int = 1) -> tuple[Step, ...]:
    return tuple(Step(n, text, rule) for n, (text, rule) in enumerate(lines, first))


def _nth(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def _vp(old: int, gain: int) -> str:
    return f"+{gain} VP ({old} to {add_vp(old, gain)})"


def must_pass(rival: RivalState) -> bool:
    """The rival passes only when a turn starts with its marker on the top step."""
    return not rival.passed and rival.marker.room_up == 0


def pass_violations(rival: RivalState) -> list[Violation]:
    if rival.passed:
        return [
            Violation(
                "ashes.rival.passed", "The rival has already passed this round.", "ashes/solo/rival-pass"
            )
        ]
    if not must_pass(rival):
        return [
            Violation(
                "ashes.rival.not_at_top",
                f"The rival passes only with its marker on the top step ({rival.marker.high}); "
                f"it is on {rival.marker.value}.",
                "ashes/solo/rival-pass",
            )
        ]
    return []


def _all_cards_back(deck: Deck) -> Deck:
    """Every card in one pile again; the table shuffles it, so the app keeps no order."""
    return replace(deck, draw_pile=tuple(sorted(deck.draw_pile + deck.discard_pile)), discard_pile=())


def rival_pass(
    rival: RivalState, round_number: int, taken_in_next_row: Collection[int], stay: bool = False
) -> Resolution:
    """Reset the marker, gather the deck, take the first free place for the next round; a bonus card follows.

    In round 3 the vehicle still moves to the bottom row, whose order settles ties, unless the table reads
    round 3 as having no next round (`stay`).
    """
    problems = pass_violations(rival)
    if problems:
        raise IllegalAction(problems)
    next_row = TurnRow.BOTTOM if row_for_round(round_number) is TurnRow.TOP else TurnRow.TOP
    position = next(p for p in count(1) if p not in taken_in_next_row)
    spot = rival.spot if stay else TurnSpot(next_row, position)
    deck = _all_cards_back(rival.deck)
    every = f"all {deck.size}" if _catalogued(deck) else "all the"
    moved = (
        "No next round: the rival vehicle stays where it is"
        if stay
        else f"Rival vehicle to position {position} of the {next_row.value} row"
    )
    lines: Lines = [
        (f"Marker on the top step ({rival.marker.high}): the rival passes", "ashes/solo/rival-pass"),
        (f"Marker {rival.marker.value} to {rival.marker.low}", "ashes/solo/rival-pass"),
        (f"Shuffle {every} rival action cards into one pile", "ashes/solo/rival-pass"),
        (moved, "ashes/solo/rival-pass"),
        ("Reveal one more rival card now and play it as a bonus turn", "ashes/solo/rival-pass"),
    ]
    new = replace(
        rival,
        marker=rival.marker.set(rival.marker.low),
        deck=deck,
        spot=spot,
        passed=True,
        bonus_turn_due=True,
    )
    return Resolution(new, _numbered(lines))


def start_round(rival: RivalState, reset_marker: bool = False) -> RivalState:
    """A new round: the rival plays again. A marker its bonus turn left on the top step makes it pass at
    once, unless the table reads the pass's reset as lasting into the new round (`reset_marker`)."""
    marker = rival.marker.set(rival.marker.low) if reset_marker and rival.passed else rival.marker
    return replace(rival, passed=False, bonus_turn_due=False, marker=marker)


def _catalogued(deck: Deck) -> bool:
    """A catalogued deck never empties, as every card played goes to its discards."""
    return bool(deck.draw_pile or deck.discard_pile)


def _deck_for_reveal(deck: Deck) -> Deck:
    return _all_cards_back(deck) if deck.size == 0 else deck


def revealable(deck: Deck) -> tuple[str, ...]:
    """The labels the next reveal may show: the pile, or once it is empty every discard, which `play_card`
    shuffles back in first. Empty without a catalogue."""
    return _deck_for_reveal(deck).draw_pile


def card_violations(rival: RivalState, card: RivalCard) -> list[Violation]:
    if rival.passed and not rival.bonus_turn_due:
        return [
            Violation(
                "ashes.rival.passed",
                "The rival has passed and played its bonus turn: no more cards this round.",
                "ashes/solo/rival-pass",
            )
        ]
    if must_pass(rival):
        return [
            Violation(
                "ashes.rival.must_pass",
                "The rival's marker sits on the highest step: it passes instead of revealing a card.",
                "ashes/solo/rival-turn",
            )
        ]
    if _catalogued(rival.deck) and card.label not in revealable(rival.deck):
        return [
            Violation(
                "ashes.rival.card_not_in_pile",
                f"Card {card.label!r} is not in the rival's draw pile: it is already discarded or not in "
                "your rival deck.",
                "ashes/solo/rival-turn",
            )
        ]
    return []


def pick_case(cases: int, numeric: int) -> int | None:
    """Which possible case the numeric parameter lands on, counted from 1 at the origin and wrapping past
    the last case; None when there is no possible case."""
    if cases <= 0:
        return None
    return (numeric - 1) % cases + 1


@dataclass(frozen=True)
class Turn:
    """A revealed card with its main action chosen, waiting for the player's count of possible cases.

    `question` is None when the rival lacks the pieces for the action, so no count is needed.
    """

    rival: RivalState
    card: RivalCard
    action: MainAction
    sector: int | None
    steps: tuple[Step, ...]
    question: str | None


def _where(turn_action: MainAction, sector: int | None) -> str:
    if isinstance(turn_action, Install):
        return f"the {turn_action.row.value} row of the Phoenix Project"
    return f"sector {sector}"


def _cases_noun(action: MainAction) -> str:
    if isinstance(action, Build):
        return "free construction spaces"
    if isinstance(action, Rescue):
        return "areas holding survivors"
    if isinstance(action, MoveVehicle):
        return "areas whose tile shows its main side"
    return "spaces without an upgrade"


def _action_name(action: MainAction) -> str:
    if isinstance(action, Build):
        return f"build a shelter (column {action.column})"
    if isinstance(action, Rescue):
        return "rescue survivors"
    if isinstance(action, MoveVehicle):
        return "move the vehicle"
    return f"install an upgrade ({action.row.value} row)"


def _has_pieces(rival: RivalState, action: MainAction) -> bool:
    if isinstance(action, Build):
        return rival.shelter_discs_left > 0
    if isinstance(action, Install):
        return bool(rival.upgrades_left)
    return True


def play_card(
    rival: RivalState, card: RivalCard, round_number: int, by_round: bool = False, bonus_arrow: bool = True
) -> Turn:
    """Steps 1-4 of a rival turn: reveal, activator arrow (on a bonus turn too, unless `bonus_arrow` says
    otherwise), main action by vehicle row (or, read the other way, by the round's number), sector.

    The only place a card leaves the pile for the discards, whether the player turned it over or
    `rival.deck.draw_digital` chose it; without a catalogue there is no pile to update.
    """
    check_round(round_number)
    problems = card_violations(rival, card)
    if problems:
        raise IllegalAction(problems)
    lines: Lines = []
    deck = rival.deck
    if _catalogued(deck):
        if deck.size == 0:
            lines.append(
                ("The rival pile is empty: shuffle its discards into a new pile", "ashes/solo/rival-turn")
            )
        deck = _deck_for_reveal(deck).take(card.label).discard([card.label])
    bonus = "Bonus turn: reveal" if rival.bonus_turn_due else "Reveal"
    lines.append((f"{bonus} rival card {card.label}", "ashes/solo/rival-turn"))
    marker = rival.marker
    if rival.bonus_turn_due and not bonus_arrow and card.arrow is not None:
        lines.append(
            (
                f"Bonus turn: the activator arrow is not played; marker stays on {marker.value}",
                "ashes/solo/rival-pass",
            )
        )
    elif card.arrow is None:
        lines.append((f"No activator arrow: marker stays on {marker.value}", "ashes/solo/rival-turn"))
    elif card.arrow in ARROWS_THAT_COUNT[rival.difficulty]:
        marker = marker.move(1).track
        lines.append(
            (
                f"Arrow {card.arrow.value}: marker {rival.marker.value} to {marker.value}",
                "ashes/solo/rival-turn",
            )
        )
    else:
        lines.append(
            (
                f"Arrow {card.arrow.value} does not count at {rival.difficulty.value} difficulty: "
                f"marker stays on {marker.value}",
                "ashes/solo/rival-turn",
            )
        )
    top = row_for_round(round_number) is TurnRow.TOP if by_round else rival.spot.row is TurnRow.TOP
    action = card.rounds_1_and_3 if top else card.round_2
    which = "rounds 1 and 3" if top else "round 2"
    why = f"Round {round_number}" if by_round else f"Vehicle in the {rival.spot.row.value} row"
    lines.append((f"{why}: the action for {which}, {_action_name(action)}", "ashes/solo/rival-turn"))
    sector: int | None = None
    if isinstance(action, Install):
        lines.append(("Installing ignores the sector parameter", "ashes/solo/rival-turn"))
    else:
        sector = round_number + (1 if card.sector is SectorParameter.NEXT_SECTOR else 0)
        lines.append(
            (
                f"Sector parameter, {card.sector.value}, in round {round_number}: sector {sector}",
                "ashes/solo/rival-turn",
            )
        )
    question = None
    if _has_pieces(rival, action):
        where = _where(action, sector)
        question = (
            f"{where[0].upper()}{where[1:]}, counting {card.ordinal.value}: how many {_cases_noun(action)}?"
        )
    new = replace(rival, marker=marker, deck=deck, bonus_turn_due=False)
    return Turn(new, card, action, sector, _numbered(lines), question)


def follow_up(turn: Turn, cases: int) -> str | None:
    """The second thing to look up on the table once the case is known: the area a rescue empties or a move
    reaches, the construction space a build takes, or the space an install takes."""
    k = pick_case(cases, turn.card.numeric)
    if k is None or turn.question is None:
        return None
    origin = turn.card.ordinal.value
    if isinstance(turn.action, Rescue):
        return f"Count to the {_nth(k)} area holding survivors {origin}: how many active and essential?"
    if isinstance(turn.action, MoveVehicle):
        return f"Count to the {_nth(k)} area whose tile shows its main side {origin}: which area is it?"
    if isinstance(turn.action, Build):
        return f"Count to the {_nth(k)} free construction space {origin}: which space is it?"
    if isinstance(turn.action, Install):
        ask = f"Count to the {_nth(k)} space without an upgrade {origin}: is it level I, II or III?"
        if turn.rival.upgrades_left[0] is UpgradeClass.CLASS_II:
            ask += f" Does the {turn.action.row.value} achievement tile have a free space?"
        return ask
    return None


@dataclass(frozen=True)
class BoardAnswer:
    """What the player counted: the possible cases, and for the picked case what `follow_up` asked."""

    cases: int
    survivors: Bag = NOBODY
    level: int | None = None
    achievement_has_room: bool = False


def answer_violations(turn: Turn, answer: BoardAnswer) -> list[Violation]:
    if answer.cases < 0:
        return [
            Violation("ashes.rival.cases", "A count of cases cannot be negative.", "ashes/solo/rival-turn")
        ]
    picked = turn.question is not None and answer.cases > 0
    if picked and isinstance(turn.action, Rescue) and answer.survivors.total == 0:
        return [
            Violation(
                "ashes.rival.rescue_empty",
                "Only areas holding survivors count, so the picked area must hold some.",
                "ashes/solo/rival-actions",
            )
        ]
    if picked and isinstance(turn.action, Install) and answer.level not in PHOENIX_LEVELS:
        return [
            Violation(
                "ashes.rival.level",
                "Say which level the picked space has: I, II or III.",
                "ashes/solo/rival-actions",
            )
        ]
    return []


@dataclass(frozen=True)
class _Done:
    rival: RivalState
    lines: Lines
    to_bag: Bag = NOBODY
    disc_steps: tuple[PhoenixRow, ...] = ()


def _direct_score(rival: RivalState, why: str) -> _Done:
    line = (f"{why}: direct score {_vp(rival.vp, rival.direct_score)}", "ashes/solo/direct-score")
    return _Done(replace(rival, vp=add_vp(rival.vp, rival.direct_score)), [line])


def _build(rival: RivalState, action: Build, k: int, where: str) -> _Done:
    columns = list(rival.columns)
    columns[action.column - 1] += 1
    lines: Lines = [
        (
            f"Put a rival shelter disc on the {_nth(k)} free construction space {where}",
            "ashes/solo/rival-actions",
        ),
        (
            f"Take the right-most face-up shelter card, refill the row, and lay it face down in rival column "
            f"{action.column} (now {columns[action.column - 1]})",
            "ashes/solo/rival-actions",
        ),
    ]
    new = replace(
        rival, shelter_discs_left=rival.shelter_discs_left - 1, columns=(columns[0], columns[1], columns[2])
    )
    return _Done(new, lines)


def _rescue(rival: RivalState, k: int, where: str, survivors: Bag) -> _Done:
    n = survivors.total
    lines: Lines = [
        (
            f"Take all survivors from the {_nth(k)} area holding survivors {where} back to the bag "
            f"({survivors.count(ACTIVE)} active, {survivors.count(ESSENTIAL)} essential)",
            "ashes/solo/rival-actions",
        ),
        (f"1 VP per survivor: {_vp(rival.vp, n)}", "ashes/solo/rival-actions"),
    ]
    return _Done(replace(rival, vp=add_vp(rival.vp, n)), lines, to_bag=survivors)


def _move(rival: RivalState, k: int, where: str) -> _Done:
    lines: Lines = [
        (
            f"Move the rival vehicle to the {_nth(k)} area with a main-side tile {where}, "
            "bringing every survivor from the area it leaves",
            "ashes/solo/rival-actions",
        ),
        ("Turn that area's tile face down; the rival takes no reward from it", "ashes/solo/rival-actions"),
    ]
    return _Done(rival, lines)


def _install(rival: RivalState, action: Install, k: int, where: str, level: int, room: bool) -> _Done:
    row = action.row
    tile, *rest = rival.upgrades_left
    gain = INSTALL_VP[level]
    lines: Lines = [
        (
            f"Return the technology on the {_nth(k)} space without an upgrade {where} "
            f"(level {_ROMAN[level]}) to the box and put the rival's next upgrade tile there: "
            f"{_vp(rival.vp, gain)}",
            "ashes/solo/rival-actions",
        ),
        (f"Move the {row.value} knowledge disc one space right", "ashes/solo/rival-actions"),
    ]
    new = replace(
        rival,
        vp=add_vp(rival.vp, gain),
        upgrades_left=tuple(rest),
        installed=(*rival.installed, (row, level)),
    )
    discs: tuple[PhoenixRow, ...] = (row,)
    if tile is UpgradeClass.CLASS_II:
        if not room:
            lines.append(
                (
                    f"Class II upgrade, but the {row.value} achievement tile is full: no milestone",
                    "ashes/solo/rival-actions",
                )
            )
        elif not rest:
            lines.append(
                (
                    "Class II upgrade, but no upgrade tile is left to claim the milestone",
                    "ashes/solo/rival-actions",
                )
            )
        else:
            bonus = MILESTONE_VP[rival.difficulty]
            lines += [
                (
                    f"Class II upgrade: the rival claims the {row.value} milestone with its next "
                    f"upgrade tile, {_vp(new.vp, bonus)}",
                    "ashes/solo/rival-actions",
                ),
                (f"Move the {row.value} knowledge disc one more space right", "ashes/solo/rival-actions"),
            ]
            new = replace(
                new,
                vp=add_vp(new.vp, bonus),
                upgrades_left=tuple(rest[1:]),
                milestones=(*new.milestones, row),
            )
            discs += (row,)
    return _Done(new, lines, disc_steps=discs)


def _main_action(turn: Turn, answer: BoardAnswer) -> _Done:
    rival, action, card = turn.rival, turn.action, turn.card
    noun = _cases_noun(action)
    if turn.question is None:
        pieces = "shelter discs" if isinstance(action, Build) else "upgrade tiles"
        return _direct_score(rival, f"The rival has no {pieces} left")
    k = pick_case(answer.cases, card.numeric)
    where = f"{card.ordinal.value} in {_where(action, turn.sector)}"
    if k is None:
        return _direct_score(rival, f"No {noun} in {_where(action, turn.sector)}")
    count_line = (
        f"Count {card.numeric} over {answer.cases} {noun}, {card.ordinal.value}, going round past the last: "
        f"the {_nth(k)}",
        "ashes/solo/rival-turn",
    )
    if isinstance(action, Build):
        done = _build(rival, action, k, where)
    elif isinstance(action, Rescue):
        done = _rescue(rival, k, where, answer.survivors)
    elif isinstance(action, MoveVehicle):
        done = _move(rival, k, where)
    else:
        assert answer.level is not None  # answer_violations refused a missing level
        done = _install(rival, action, k, where, answer.level, answer.achievement_has_room)
    return replace(done, lines=[count_line, *done.lines])


def _secondary(rival: RivalState, secondary: SecondaryAction | None) -> tuple[RivalState, Lines]:
    if isinstance(secondary, DiscardMissions):
        return rival, [
            ("Discard the two right-hand mission cards and refill the row", "ashes/solo/rival-secondary")
        ]
    if isinstance(secondary, ScoreColumn):
        cards = rival.columns[secondary.column - 1]
        gain = VP_PER_CLOSED_CARD * cards
        line = (
            f"Column {secondary.column} holds {cards} closed card(s): {_vp(rival.vp, gain)}",
            "ashes/solo/rival-secondary",
        )
        return replace(rival, vp=add_vp(rival.vp, gain)), [line]
    return rival, []


def resolve(turn: Turn, answer: BoardAnswer) -> Resolution:
    """Steps 5-6 of a rival turn: the main action on the counted case (or direct score), then secondary."""
    problems = answer_violations(turn, answer)
    if problems:
        raise IllegalAction(problems)
    done = _main_action(turn, answer)
    rival, more = _secondary(done.rival, turn.card.secondary)
    steps = turn.steps + _numbered(done.lines + more, len(turn.steps) + 1)
    return Resolution(rival, steps, done.to_bag, done.disc_steps)
