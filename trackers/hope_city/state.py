"""What the tracker keeps for Hope City: the citizens, the wage bag and the Pool, the city, the piles, the
Future Track and the year.

Card texts (objectives, chaos, hope) stay on the table: Lantern keeps how many cards are where, and the
table enters what a card asks for and what it did.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from trackers.core.bag import Bag
from trackers.core.options import option

COLOURS = ("politics", "economics", "society", "technology", "environment")
"""The five resource kinds, objective categories and city spaces, in the board's order."""
HOPE = "hope"
CORRUPTION = "corruption"
ANY = "any"
CITIZENS = ("mayor", "entrepreneur", "coach", "engineer", "ranger", "doctor")
GOOD_NAME = {c: c.capitalize() for c in CITIZENS}
BAD_NAME = dict(
    zip(CITIZENS, ("Mobster", "Tycoon", "Bully", "Cyberpunk", "Squatter", "Drug Dealer"), strict=True)
)
"""Each card's bad side, by citizen."""
COLOUR_OF: dict[str, str | None] = {
    "mayor": "politics",
    "entrepreneur": "economics",
    "coach": "society",
    "engineer": "technology",
    "ranger": "environment",
    "doctor": None,
}
PUNK = "punk"
BIG = "big"
SITE = "site"
BLIGHT = "blight"
REGULAR_CARDS = 8
MAJOR_CARDS = 10
"""Major Objectives in all: two of each category."""
YEARS = 7
MONUMENT_COST = 5
TRACK_LETTERS = "FUTURE"
EMPTY = Bag()
EDITION = 2
"""Which of Lantern's readings a game plays by, fixed when its citizens are chosen. 2 since the rules read of
issue #29: a turn chooses an objective (attempted or put on the Future Track, never put back), a complete
set is cashed before the turn or year goes on, the Coach's purple die joins rolls and comes back, GANG UP
waits until it has, SCAM offers two resources, the Drug Dealer's two tokens go to two citizens, Hope tokens
are not resources for SCAM and INVEST, and all or nothing needs an empty Pool. 1: a game begun before,
which keeps the checks it was played with, so that its log replays to the same game
(`actions.LegacyChooseCitizens`)."""

Stage = Literal["citizens", "tokens", "chaos", "turns", "cleanup", "over"]
Result = Literal["thrive", "survive", "ruin", "defeat"]


def corruption_cap(citizen: str) -> int:
    """Spaces on the card: 2 for the Mayor, 3 for the others (read from the break-bad return)."""
    return 2 if citizen == "mayor" else 3


@dataclass(frozen=True)
class Settings:
    """The New game options: Lantern's readings where the rulebook is silent or unclear."""

    counts_by: str = option(
        "Set-up counts follow",
        "citizens in play",
        choices=("citizens in play", "players"),
        rule="hope-city/setup/citizens",
        help=(
            "The rulebook covers 3 to 6 players, one citizen each. With 1 or 2 players Lantern lets each "
            "player run several citizens so that 3 to 6 are in play, and the bag, Trade Center, starting "
            "tokens and Punks follow the citizens in play; 'players' counts the players instead."
        ),
    )
    tokens_for_all: bool = option(
        "Every citizen card draws a starting token",
        False,
        rule="hope-city/setup/citizens",
        help="Off: only the citizens in play draw. On: non-active cards draw too (corruption goes back).",
    )
    attack_when_staying: bool = option(
        "PUNKS also attack a citizen who stays",
        False,
        rule="hope-city/punks/attack",
        help="Off: only moving into a space with PUNKS starts an attack.",
    )
    expansion_plus_one: bool = option(
        "Monument raises Business Expansion by 1",
        False,
        rule="hope-city/monument",
        help="Off: the monument lifts Business Expansion to at least level 1.",
    )
    ruin_counts_majors: bool = option(
        "Ruin needs the Major Objectives too",
        False,
        rule="hope-city/end",
        help="Off: a category is lost when its 8 regular cards are in its Fail pile.",
    )
    deal_to_one: bool = option(
        "The Drug Dealer's 2 tokens may go to one citizen",
        False,
        rule="hope-city/citizens/flaws",
        help="Off: 2 tokens go to two other citizens, one each (the flaw names citizens, plural).",
    )
    hope_as_resource: bool = option(
        "SCAM and INVEST move Hope tokens too",
        False,
        rule="hope-city/citizens/talents",
        help="Off: they move resources only; a Hope token is wild but is not a resource.",
    )
    tile_spaces: int = option(
        "City tile spaces on the board",
        5,
        minimum=5,
        maximum=10,
        rule="hope-city/tiles",
        help="Sites and Blights fill empty spaces first, then replace each other.",
    )


@dataclass(frozen=True)
class Citizen:
    """One of the six citizen cards; `player` is None for a card nobody plays (non-active)."""

    id: str
    player: str | None = None
    good: bool = True
    space: str | None = None
    tokens: Bag = EMPTY
    """Resources by colour and Hope tokens."""
    talents: int = 2
    corruption: int = 0
    hope_cards: int = 0
    purple_die: bool = False

    @property
    def active(self) -> bool:
        return self.player is not None

    @property
    def name(self) -> str:
        return GOOD_NAME[self.id] if self.good else BAD_NAME[self.id]

    @property
    def colour(self) -> str | None:
        return COLOUR_OF[self.id]

    @property
    def label(self) -> str:
        return f"{self.name} ({self.player})" if self.player else self.name


@dataclass(frozen=True)
class Objective:
    """An objective card as the table read it: its category, its cost, where it was taken from."""

    category: str
    cost: tuple[str, ...]
    major: bool = False
    source: str = "pile"
    paid: bool = False
    slot: int = 0
    """Where a card taken from the Future Track stood (1 = F), so that it can go back there."""
    name: str = ""
    """Its name in the table's catalogue, when it was taken from there (empty: typed by hand)."""

    @property
    def kind(self) -> str:
        return "major" if self.major else "regular"


@dataclass(frozen=True)
class Turn:
    """What the citizen on turn has done so far (the nine steps, the talent and temptation)."""

    citizen: str
    wage_taken: bool = False
    traded: bool = False
    moved: bool = False
    attack_faced: bool = False
    attacked_on: str | None = None
    fight_back: tuple[str, ...] = ()
    """The PUNKS the attack's dice let this citizen remove for a resource each."""
    objective: Objective | None = None
    objective_done: bool = False
    resolved: Objective | None = None
    """The objective attempted this turn, once the table said how it went (`succeeded`): its reward or
    consequence comes next."""
    succeeded: bool = False
    talent_used: bool = False
    temptation_used: bool = False
    lead: bool = False
    hack: bool = False
    explore: bool = False


@dataclass(frozen=True)
class Piles:
    """Cards by category: draw piles, Success and Fail piles (bottom first), completed sets."""

    draw: tuple[int, ...] = (REGULAR_CARDS,) * 5
    majors: int = MAJOR_CARDS
    success: tuple[tuple[str, ...], ...] = ((),) * 5
    fail: tuple[tuple[str, ...], ...] = ((),) * 5
    aside: tuple[int, ...] = (0,) * 5


@dataclass(frozen=True)
class City:
    punks: tuple[tuple[str, ...], ...] = ((),) * 5
    """PUNKS on each space, in COLOURS order."""
    punk_supply: int = 0
    big_supply: int = 0
    removed: int = 0
    removed_big: int = 0
    """Removed PUNKS not yet used for a punk-removal City Site."""
    tiles: tuple[str, ...] = ("",) * 5
    expansion: int = 0

    def on(self, space: str) -> tuple[str, ...]:
        return self.punks[COLOURS.index(space)]

    @property
    def total_punks(self) -> int:
        return sum(len(p) for p in self.punks)

    @property
    def sites(self) -> int:
        return self.tiles.count(SITE)

    @property
    def blights(self) -> int:
        return self.tiles.count(BLIGHT)


@dataclass(frozen=True)
class Track:
    """The Future Track: the chaos card on letter `chaos_at` (1 = F … 6 = E, 7 = aside), cards before it."""

    chaos_at: int = 3
    cards: tuple[Objective, ...] = ()

    @property
    def capacity(self) -> int:
        return 6 if self.chaos_at == 7 else self.chaos_at - 1


@dataclass(frozen=True)
class Monument:
    talents: int = 0
    owner: str | None = None
    placed_in: int | None = None


@dataclass(frozen=True)
class HopeCityState:
    players: tuple[str, ...]
    settings: Settings = Settings()
    stage: Stage = "citizens"
    year: int = 1
    citizens: tuple[Citizen, ...] = tuple(Citizen(c) for c in CITIZENS)
    order: tuple[str, ...] = ()
    """Citizens in play in turn order: the Mayor, then clockwise."""
    turn: Turn | None = None
    bag: Bag = EMPTY
    pool: int = 0
    trade: Bag = EMPTY
    city: City = City()
    piles: Piles = Piles()
    track: Track = Track()
    chaos_pile: int = 8
    chaos_in_play: bool = False
    chaos_resolved: bool = False
    hope_deck: int = 5
    monument: Monument = Monument()
    tile_placed: bool = False
    """A City Site or Urban Blight was placed this turn (or this clean-up)."""
    start_due: tuple[str, ...] = ()
    corruption_due: int = 0
    punks_due: tuple[str, ...] = ()
    deal_due: bool = False
    scripts_due: int = 0
    ledger: tuple[tuple[int, str, str], ...] = ()
    """The bag's history: (year, "in" or "out", what and why)."""
    result: Result | None = None
    reason: str = ""
    edition: int = EDITION

    def citizen(self, cid: str) -> Citizen:
        return self.citizens[CITIZENS.index(cid)]

    def with_citizen(self, citizen: Citizen) -> HopeCityState:
        i = CITIZENS.index(citizen.id)
        return replace(self, citizens=(*self.citizens[:i], citizen, *self.citizens[i + 1 :]))

    @property
    def active(self) -> tuple[Citizen, ...]:
        return tuple(self.citizen(c) for c in self.order)

    @property
    def on_turn(self) -> Citizen | None:
        return self.citizen(self.turn.citizen) if self.turn else None

    @property
    def table_size(self) -> int:
        """The count the set-up tables read: citizens in play, or players (an option)."""
        if self.settings.counts_by == "players":
            return max(3, len(self.players))
        return len(self.order)

    @property
    def punk_goal(self) -> tuple[int, int]:
        return (8 if self.table_size >= 6 else 6, 2)
