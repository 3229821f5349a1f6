"""Setting up: the China board and the box's counts, the bags drawn, then each player's starting card."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.core.bag import Bag
from trackers.core.errors import Violation
from trackers.core.names import known_as, same_name
from trackers.core.rules import refuse
from trackers.core.wording import a_or_an
from trackers.infamous_traffic.actions import ChooseStart, LegacyUseBoard, UseBoard
from trackers.infamous_traffic.board import RULEBOOK_CHINA, Board, ChainSpec, board_from
from trackers.infamous_traffic.guards import BOX, FACE, G, location_named, player_named, tile_named
from trackers.infamous_traffic.state import (
    CONSPIRACY,
    CONSPIRACY_TOTAL,
    EDITION,
    EVENT_TILES,
    LOCATIONS,
    POOL_DICE,
    STARTING_BAG,
    Card,
    Chain,
    InfamousTrafficState,
    Piece,
    Player,
    Region,
    moved,
)

S = InfamousTrafficState
ON_MAP = {"qing": 7, "missionary": 1, "bureaucrat": 2, "smuggler": 1}
"""Conspiracy tiles the set-up puts on the map (one Qing Force a region on a seven-region board)."""


def check_board(state: S, action: UseBoard) -> list[Violation]:
    try:
        board = board_from(action.layout)
    except ValueError as error:
        return refuse(
            f"{G}.board", f"This China board cannot be used: {error}.", "infamous-traffic/setup/board"
        )
    if missing := _setup_spaces(board):
        return refuse(
            f"{G}.board", f"This China board cannot be set up: {missing}.", "infamous-traffic/setup/board"
        )
    for face in (*action.canton_dice, *action.pool):
        if problems := FACE.violations(face):
            return problems
    if problems := BOX.violations(action.demand_dice):
        return problems
    for faces, n, what in (
        (action.canton_dice, 2, "Canton's demand dice"),
        (action.pool, POOL_DICE, "The pool"),
    ):
        if faces and len(faces) != n:
            return refuse(
                f"{G}.dice",
                f"{what}: enter {n} dice of 1 to 6, or none to let Lantern roll.",
                "infamous-traffic/setup",
            )
    fate_bag = Bag.of(EVENT_TILES).take(Bag.of(STARTING_BAG).items())
    if action.fate and (len(action.fate) != 2 or fate_bag.missing(action.fate)):
        return refuse(
            f"{G}.fate",
            "The Fate of China shows 2 of the tiles outside the event bag.",
            "infamous-traffic/setup",
        )
    size = _bowl_size(state)
    if action.bowls and (
        len(action.bowls) != size or _conspiracy_bag(len(board.regions)).missing(action.bowls)
    ):
        return refuse(
            f"{G}.bowls",
            f"The bowls take {size} tiles from the conspiracy bag (Qing Forces, Smugglers, Bureaucrats, "
            "Missionaries).",
            "infamous-traffic/setup",
        )
    return []


def _setup_spaces(board: Board) -> str:
    names = [r.name for r in board.regions]
    for piece in RULEBOOK_CHINA.set_up:
        if known_as(piece.region, names) is None:
            return f"the set-up places a {piece.kind.capitalize()} in {piece.region}, which the board lacks"
    for piece in RULEBOOK_CHINA.set_up:
        chains = _chains_of(board, piece.region)
        if not chains or "blank" not in chains[piece.chain].spaces:
            side = "leftmost" if piece.chain == 0 else "rightmost"
            return f"{piece.region}'s {side} chain needs a blank space"
    if len(_chains_of(board, "Canton")) < 2:
        return "Canton needs two chains (a Bureaucrat goes in the leftmost, a Smuggler in the rightmost)"
    return ""


def _chains_of(board: Board, region: str) -> list[ChainSpec]:
    """The chains of a region the set-up names, however the board spells it."""
    return [c for c in board.chains if same_name(c.region, region)]


def _bowl_size(state: S) -> int:
    return 8 if state.settings.bowls_of_two else 6


def _conspiracy_bag(regions: int) -> Bag:
    on_map = dict(ON_MAP, qing=regions)
    return Bag.of({k: CONSPIRACY_TOTAL[k] - on_map.get(k, 0) for k in CONSPIRACY})


def use_board(state: S, action: UseBoard, rng: Random) -> tuple[S, list[Event]]:
    board = board_from(action.layout)
    regions = [Region(r.name, missionary=same_name(r.name, RULEBOOK_CHINA.missionary)) for r in board.regions]
    canton = action.canton_dice or (rng.randint(1, 6), rng.randint(1, 6))
    dice_in = RULEBOOK_CHINA.demand_dice[0]
    regions = [replace(r, demand=tuple(canton)) if same_name(r.name, dice_in) else r for r in regions]
    chains = [Chain(c.id, tuple(None for _ in c.spaces)) for c in board.chains]
    after = replace(
        state, board=board, regions=tuple(regions), chains=tuple(chains), demand_supply=action.demand_dice - 2
    )
    for piece in RULEBOOK_CHINA.set_up:
        spec = _chains_of(board, piece.region)[piece.chain]
        space = spec.spaces.index("blank")
        chain = after.chain(spec.id)
        tiles = list(chain.tiles)
        tiles[space] = Piece(piece.kind, piece.value)
        after = after.with_chain(replace(chain, tiles=tuple(tiles)))
    pool = action.pool or tuple(rng.randint(1, 6) for _ in range(POOL_DICE))
    rest = Bag.of(EVENT_TILES).take(Bag.of(STARTING_BAG).items())
    pile = list(rest.items())
    rng.shuffle(pile)
    if action.fate:
        fate = (action.fate[0], action.fate[1])
        for tile in action.fate:
            pile.remove(tile)
    else:
        fate = (pile.pop(), pile.pop())
    bag = _conspiracy_bag(len(board.regions))
    if action.bowls:
        drawn = action.bowls
        bag = bag.take(drawn)
    else:
        bag, drawn = bag.draw(rng, _bowl_size(state))
    sizes = (2, 2, 1, 1, 1, 1) if state.settings.bowls_of_two else (1,) * 6
    bowls: list[tuple[str, ...]] = []
    at = 0
    for n in sizes:
        bowls.append(tuple(drawn[at : at + n]))
        at += n
    after = replace(
        after,
        pool=tuple(pool),
        event_bag=Bag.of(STARTING_BAG),
        fate=fate,
        fate_pile=tuple(pile),
        conspiracy_bag=bag,
        bowls=tuple(bowls),
        set_aside=Bag.of({"treaty": CONSPIRACY_TOTAL["treaty"], "taiping": state.settings.taiping_tiles}),
        firms=tuple(Player(p) for p in state.players),
        stage="starts",
        edition=1 if isinstance(action, LegacyUseBoard) else EDITION,
    )
    text = (
        f"China board {board.name or 'entered'}: {len(board.regions)} regions, {len(board.chains)} chains. "
        f"Canton's demand {canton[0]} and {canton[1]}; pool {', '.join(map(str, pool))}; "
        f"Fate of China {fate[0]} and {fate[1]}; {sum(len(b) for b in bowls)} tiles in the bowls."
    )
    return after, [Event.of("setup", text, rule="infamous-traffic/setup")]


def check_start(state: S, action: ChooseStart) -> list[Violation]:
    if (
        problems := player_named(state, action.player)
        or location_named(action.location)
        or tile_named(action.tile)
    ):
        return problems
    if any(action.player in row for row in state.action_rows):
        return refuse(
            f"{G}.started",
            f"{action.player} has already chosen a starting card.",
            "infamous-traffic/setup/players",
        )
    if len(action.card) > 60:
        return refuse(f"{G}.name", "A card's name is at most 60 characters.", "infamous-traffic/cards")
    return []


def choose_start(state: S, action: ChooseStart, rng: Random) -> tuple[S, list[Event]]:
    firm = state.firm(action.player)
    card = Card(action.card or "Starting card", "starting")
    firm = replace(
        firm,
        supply=moved(firm.supply, action.tile, -1),
        holdings=moved(firm.holdings, action.tile, 1),
        tableau=(card,),
    )
    i = LOCATIONS.index(action.location)
    rows = list(state.action_rows)
    rows[i] = (*rows[i], action.player)
    after = replace(state.with_firm(firm), action_rows=(rows[0], rows[1], rows[2]))
    if all(any(p in row for row in after.action_rows) for p in state.players):
        after = replace(after, stage="turns", order=after.turn_order, acted=0)
    return after, []


def describe_start(state: S, action: ChooseStart) -> str:
    return f"{action.player} starts in {action.location.capitalize()} with {a_or_an(action.tile)} in holdings"
