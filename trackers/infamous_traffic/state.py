"""What the tracker keeps for An Infamous Traffic: the firms, China (regions, chains, demand and the
Opportunity Pool), the event bag with the Fate of China, the conspiracy bag and bowls, the pawns, and the
decade's progress.

Card texts stay on the table: a card enters the tracker with the numbers printed on it (upkeep, victory
points, party icons, debt) when a player gains it. Tile values in a player's holdings stay hidden: Lantern
only learns a tile's value when it goes into a supply chain.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from trackers.core.bag import Bag
from trackers.core.options import option
from trackers.infamous_traffic.board import Board

Location = Literal["london", "india", "china"]
LOCATIONS: tuple[Location, ...] = ("london", "india", "china")
PLAYER_TILES = ("merchant", "ship", "opium")
"""A player's three enterprises, in the order their counts are kept."""
AGENTS = ("smuggler", "bureaucrat")
"""Conspiracy tiles that go into a chain's blank space and carry a value."""
CONSPIRACY = ("qing", "smuggler", "bureaucrat", "missionary")
"""The kinds in the conspiracy bag (Treaty Ports and Taiping are set aside)."""
CONSPIRACY_TOTAL = {"qing": 15, "smuggler": 13, "bureaucrat": 11, "missionary": 7, "treaty": 7, "taiping": 5}
EVENT_TILES = {
    "stability": 10,
    "enforce-canton": 3,
    "enforce-mountain": 2,
    "enforce-mid-coast": 2,
    "enforce-city": 2,
    "taiping": 4,
    "debate+2": 1,
    "debate-2": 1,
    "debate": 1,
    "tax": 2,
    "missionary": 2,
}
"""The event tiles the component list names (30). The third Public Debate tile's sign is not given: the
table says which it is when it is drawn."""
TILE_NAMES = {
    "qing": "Qing Force",
    "smuggler": "Smuggler",
    "bureaucrat": "Bureaucrat",
    "missionary": "Missionary",
    "treaty": "Treaty Port",
    "taiping": "Taiping",
}
STARTING_BAG = {"stability": 10, "debate+2": 1, "debate-2": 1, "enforce-canton": 1}
EVENT_NAMES = {
    "stability": "Stability",
    "enforce-canton": "Enforce in Canton",
    "enforce-mountain": "Enforce in Mountain",
    "enforce-mid-coast": "Enforce in Mid-Coast",
    "enforce-city": "Enforce in City",
    "taiping": "Taiping Uprising",
    "debate+2": "Public Debate +2",
    "debate-2": "Public Debate −2",
    "debate": "Public Debate",
    "tax": "Tax",
    "missionary": "Missionary Expulsion",
}
EVENTS_PER_DECADE = 8
DECADES = 4
POOL_DICE = 5
TABLEAU = 5
PARTY_TOKENS = 10
PERMANENT_DEBT = 15
CUBES = 13
TILES_EACH = 6
EMPTY = Bag()
EDITION = 2
"""Which of Lantern's readings a game plays by. Edition 1, a game begun before the rules-read fixes, keeps
the ones it was played with, so that its log replays to the same game (`actions.LegacyUseBoard`): a Taiping
founding may hit a Treaty Port, the Post-War Rush counts its turns over the players still in, an early
decade end leaves the pawns on the travel rows where they stand, Enforcement counts only the interior
chains behind a chain, a battle against the Taiping keeps the Qing Force under a Treaty Port, and Missionary
Expulsion with no Missionary in a Qing region is ignored."""

Stage = Literal[
    "board", "starts", "turns", "events", "war", "rush", "books", "season", "compound", "penalty", "over"
]
Alignment = Literal["qing", "treaty", "taiping"]
Deck = Literal["starting", "london", "india", "china", "prize"]
PrizeKind = Literal["", "wealth", "marriage", "family", "secret"]


@dataclass(frozen=True)
class Settings:
    """The New game options: Lantern's readings where the rulebook is unclear (rules_ref: lantern)."""

    board_order: str = option(
        "Turn order reads the action rows",
        "London, India, China",
        choices=("London, India, China", "China, India, London"),
        rule="infamous-traffic/round",
        help="Pawns act left to right along the action rows; this is the order the three rows are read in.",
    )
    tax_counts: str = option(
        "Tax counts a player's tiles",
        "in every chain of the region",
        choices=("in every chain of the region", "in active chains only"),
        rule="infamous-traffic/events/tax",
    )
    early_end_after_events: bool = option(
        "Check the early decade end after each event too",
        False,
        rule="infamous-traffic/decade/early-end",
        help="The rules check it at the end of a turn; an event can push outrage to the end of the track.",
    )
    missionary_outside_qing: str = option(
        "Missionary Expulsion with Missionaries only outside Qing regions",
        "raises outrage by 2",
        choices=("raises outrage by 2", "is ignored"),
        rule="infamous-traffic/events/missionary",
        help="The tile is ignored only with no Missionary in China; one in a Treaty Port or Taiping region "
        "leaves nothing to remove, but outrage still rises.",
    )
    taiping_tiles: int = option(
        "Taiping tiles set aside",
        "5, as the component list counts",
        choices={"5, as the component list counts": 5, "7, as the set-up says": 7},
        rule="infamous-traffic/setup",
        help="The component list counts 5 (58 conspiracy tiles in all); the set-up sets aside 7.",
    )
    outrage_reset: str = option(
        "Outrage goes back to 0",
        "after a war only",
        choices=("after a war only", "at the end of every decade"),
        rule="infamous-traffic/decade/rush",
        help="The reset is the last line of the Post-War Rush, which happens only after a war.",
    )
    rush_deploy_fee: str = option(
        "In the Post-War Rush, the Deploy paid for after Influence or Conspiracy costs",
        "its 1 debt only",
        choices=("its 1 debt only", "its 1 debt and the Rush's 1 more"),
        rule="infamous-traffic/decade/rush",
        help="The Rush charges 1 more debt an action; whether that Deploy is an action of its own is open.",
    )
    upkeep_from: str = option(
        "Balance Books charges the upkeep of",
        "face-up prizes",
        choices=("face-up prizes", "every face-up card"),
        rule="infamous-traffic/decade/books",
        help="The Balance Books step names prizes; the card anatomy shows an upkeep on every card.",
    )
    bowls_of_two: bool = option(
        "The first two bowls start with 2 tiles each",
        True,
        rule="infamous-traffic/setup",
        help="Off: every bowl starts with 1 tile (6 in all instead of 8).",
    )


@dataclass(frozen=True)
class Piece:
    """A tile in a supply chain: a player's enterprise (`owner` set) or a Smuggler or Bureaucrat."""

    kind: str
    value: int
    owner: str = ""


@dataclass(frozen=True)
class Card:
    """A card in a tableau, with the numbers printed on it that the tracker needs."""

    name: str
    deck: Deck
    upkeep: int = 0
    vp: int = 0
    parties: int = 0
    debt: int = 0
    """A prize's debt: taken when it is taken face up, or when a family or secret ambition turns up."""
    locked: bool = False
    prize: PrizeKind = ""
    face_down: bool = False

    @property
    def keeps(self) -> bool:
        """A card the player may not discard: the starting card, a lock, wealth, a marriage."""
        return self.deck == "starting" or (
            not self.face_down and (self.locked or self.prize in ("wealth", "marriage"))
        )


@dataclass(frozen=True)
class Player:
    name: str
    money: int = 0
    """Cash when above 0, debt when below."""
    supply: tuple[int, int, int] = (TILES_EACH, TILES_EACH, TILES_EACH)
    holdings: tuple[int, int, int] = (0, 0, 0)
    tableau: tuple[Card, ...] = ()
    party_tokens: int = 0
    perm_debt: int = 0
    penalty: int | None = None
    """Victory points lost to debt, entered by the table when the board pack has no debt track."""

    @property
    def parties(self) -> int:
        return self.party_tokens + sum(c.parties for c in self.tableau if not c.face_down)

    def count(self, where: tuple[int, int, int], kind: str) -> int:
        return where[PLAYER_TILES.index(kind)]


def moved(counts: tuple[int, int, int], kind: str, by: int) -> tuple[int, int, int]:
    i = PLAYER_TILES.index(kind)
    out = list(counts)
    out[i] += by
    return (out[0], out[1], out[2])


@dataclass(frozen=True)
class Region:
    name: str
    alignment: Alignment = "qing"
    qing: int = 1
    """Qing Forces in the region (those tucked under a Treaty Port included)."""
    missionary: bool = False
    demand: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.demand)


@dataclass(frozen=True)
class Chain:
    id: str
    tiles: tuple[Piece | None, ...]
    active: bool = False

    @property
    def full(self) -> bool:
        return all(t is not None for t in self.tiles)

    @property
    def value(self) -> int:
        return sum(t.value for t in self.tiles if t is not None)


@dataclass(frozen=True)
class Question:
    """Something an entry left for the table to answer before play goes on.

    `kind`: "place" (conspiracy tiles from a bowl still to place), "deploy" (a Deploy the player may pay 1
    debt for), "discard" (a sixth card), "activate" (which ready chain activates first), "target" (a tie an
    event's resolver breaks, or the third Public Debate tile's sign), "returns" (inactive tiles over the
    limit), "qing-removals" (adjacent Qing Forces a battle against the Taiping takes)."""

    kind: str
    player: str = ""
    options: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    event: str = ""
    count: int = 0


@dataclass(frozen=True)
class InfamousTrafficState:
    players: tuple[str, ...]
    settings: Settings
    board: Board | None = None
    stage: Stage = "board"
    decade: int = 1
    round: int = 1
    events_done: int = 0
    """Events resolved this decade (8 end it)."""
    draws_left: int = 0
    firms: tuple[Player, ...] = ()
    regions: tuple[Region, ...] = ()
    chains: tuple[Chain, ...] = ()
    pool: tuple[int, ...] = ()
    demand_supply: int = 0
    outrage: int = 0
    event_bag: Bag = EMPTY
    event_track: tuple[str, ...] = ()
    fate: tuple[str, str] = ("", "")
    """The Fate of China track's face-up tiles, left then right ("" for an empty space)."""
    fate_pile: tuple[str, ...] = ()
    conspiracy_bag: Bag = EMPTY
    bowls: tuple[tuple[str, ...], ...] = ((), (), (), (), (), ())
    set_aside: Bag = EMPTY
    """Treaty Ports and Taiping tiles waiting beside the board."""
    removed: Bag = EMPTY
    """Conspiracy tiles out of the game."""
    events_out: Bag = EMPTY
    """Event tiles out of the game: Stability taken from the bag when the Fate of China has none to add."""
    action_rows: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ())
    travel_rows: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ())
    """Per location: who travelled there (left, in arrival order) and who passed (right)."""
    passers: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ())
    order: tuple[str, ...] = ()
    """This round's turn order, fixed when the round begins."""
    acted: int = 0
    """How many of `order` have taken their turn."""
    turn_done: bool = False
    """The player on turn has taken their action; the end of the turn (chains, early end) comes next."""
    questions: tuple[Question, ...] = ()
    war_strength: int = 0
    war_ports: int = 0
    commander: str = ""
    rush_out: tuple[str, ...] = ()
    """Players who passed in the Post-War Rush."""
    rush_turn: int = 0
    """The place in turn order the Rush's next player is looked for from (edition 1: turns taken)."""
    season_order: tuple[str, ...] = ()
    season_done: int = 0
    compound_due: tuple[str, ...] = ()
    final: bool = False
    result: str = ""
    reason: str = ""
    edition: int = EDITION

    # --- lookups

    def firm(self, name: str) -> Player:
        return next(p for p in self.firms if p.name == name)

    def region(self, name: str) -> Region:
        return next(r for r in self.regions if r.name == name)

    def chain(self, cid: str) -> Chain:
        return next(c for c in self.chains if c.id == cid)

    @property
    def on_turn(self) -> str | None:
        """Whose turn it is in the round, the Rush's player, or the drafter of the London Season."""
        if self.stage == "turns" and self.acted < len(self.order):
            return self.order[self.acted]
        if self.stage == "rush":
            return self.rush_player
        if self.stage == "season" and self.season_done < len(self.season_order):
            return self.season_order[self.season_done]
        return None

    @property
    def rush_player(self) -> str | None:
        """The first player still in the Rush from the place in turn order `rush_turn` points at (edition 1
        counted its turns over the players still in, which skipped one after a pass)."""
        order = self.turn_order
        if self.edition < 2:
            still = [p for p in order if p not in self.rush_out]
            return still[self.rush_turn % len(still)] if still else None
        ahead = order[self.rush_turn :] + order[: self.rush_turn]
        return next((p for p in ahead if p not in self.rush_out), None)

    def rush_after(self, who: str, passed: bool) -> int:
        """Where the Rush looks for its next player once `who` has acted or passed."""
        if self.edition < 2:
            return self.rush_turn if passed else self.rush_turn + 1
        order = self.turn_order
        return (order.index(who) + 1) % len(order)

    @property
    def turn_order(self) -> tuple[str, ...]:
        """The pawns left to right along the action rows, read in the board order the table set."""
        rows = [self.action_rows[LOCATIONS.index(loc)] for loc in self.location_order]
        return tuple(p for row in rows for p in row)

    @property
    def location_order(self) -> tuple[Location, ...]:
        return ("china", "india", "london") if self.settings.board_order.startswith("China") else LOCATIONS

    def location_of(self, name: str) -> Location:
        for i, loc in enumerate(LOCATIONS):
            if name in self.action_rows[i] or name in self.travel_rows[i] or name in self.passers[i]:
                return loc
        raise KeyError(name)

    @property
    def question(self) -> Question | None:
        return self.questions[0] if self.questions else None

    # --- updates

    def with_firm(self, player: Player) -> InfamousTrafficState:
        return replace(self, firms=tuple(player if p.name == player.name else p for p in self.firms))

    def with_region(self, region: Region) -> InfamousTrafficState:
        return replace(self, regions=tuple(region if r.name == region.name else r for r in self.regions))

    def with_chain(self, chain: Chain) -> InfamousTrafficState:
        return replace(self, chains=tuple(chain if c.id == chain.id else c for c in self.chains))

    def pay(self, name: str, debt: int) -> InfamousTrafficState:
        """Take `debt` (negative: gain cash)."""
        firm = self.firm(name)
        return self.with_firm(replace(firm, money=firm.money - debt))
