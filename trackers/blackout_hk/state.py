"""What the tracker keeps for Blackout: Hong Kong: each player's board (money, tokens, the rondel's cubes,
cards by place, scout tiles, markers), the objective display and its decks, the districts' scout tiles, the
round's phase and whose turn it is, and a campaign's chapters so far.

Card texts stay on the table. A card enters the tracker with what Lantern needs of it: a volunteer's
colour, the number of goals on a plan. Costs and rewards printed on a card are entered as they are paid
and gained, and Lantern checks that they can be paid.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from trackers.core.options import option

RESOURCES = ("food", "tools", "gasoline", "water", "books", "medipack")
"""The six segments of the rondel, in the order a player's cubes are kept (not the rondel's own order)."""
RESOURCE_NAMES = {
    "food": "food",
    "tools": "tools",
    "gasoline": "gasoline",
    "water": "water",
    "books": "books",
    "medipack": "medipacks",
    "battery": "batteries",
}
DICE = ("red", "yellow", "blue")
REWARDS = ("points", "hkd", "battery", "books", "tools", "medipack", "gasoline")
"""A scout tile's reward type (the reward of its simple challenge)."""
CUBES = 25
DISTRICTS = 16
TILES_PER_DISTRICT = 3
MARKERS = 5
ROWS = 3
ROW_SIZE = 3
OBJECTIVE_SPOTS = 3
PROBE = 4
GPS_VALUE = 3
RESTORE_POINTS = 10
DISTRICT_POINTS = (0, 2, 2, 3, 5, 7, 10, 14)
"""Points for 0 to 7 of your cubes around a district secured this round."""
PRICES = {3: 4, 2: 3, 1: 2}
"""What a card costs by how many cards its row holds."""
STANDARD_RESERVE = {2: 36, 3: 21, 4: 15}
CHAPTER_RESERVE = {
    1: (33, 24, 18, 12),
    2: (48, 42, 39, 36),
    3: (33, 24, 18, 12),
    4: (39, 30, 24, 18),
    5: (27, 18, 9, 0),
}
"""Reserve deck by chapter, for 1 to 4 players."""
CHAPTER_PLANS = {1: ("A", "AD"), 2: ("B", "BC"), 3: ("B", "BD"), 4: ("C", "AC"), 5: ("D", "BD")}
"""The emergency plans beside the board by chapter, for 1-2 and for 3-4 players."""
CHAPTER_TREES = {1: (60, 75, 90), 2: (35, 50, 65), 3: (65, 85, 105), 4: (65, 80, 95), 5: (105, 125, 145)}
"""The score for 1, 2 and 3 orchid trees in each chapter."""
CHAPTERS = 5
CHAPTER_NAMES = {1: "Hour 48", 2: "Hour 72", 3: "Hour 80", 4: "Hour 96", 5: "The end of week 1"}
DECK = 72
BOARD_CHECKMARKS = {
    1: ("books", "gps"),
    2: ("gasoline", "transport"),
    3: ("tools", "hkd"),
    4: ("medipack", "battery"),
    5: ("hkd", "points"),
}
"""The five check-mark actions on a player board: what each spends and what it gives (see `checkmarks`)."""
CHECKMARK_NAMES = {
    1: "1 books for 1 GPS",
    2: "1 gasoline for 1 transport token",
    3: "1 tools for 3 HK$",
    4: "1 medipack for 1 battery",
    5: "4 HK$ for 2 points",
}
PERKS = {
    "": "none",
    "search": "1 permanent search icon",
    "gps": "GPS tokens worth 1 more icon",
    "food": "clean-up: 2 food for 4 points",
    "water": "clean-up: 2 water for 7 HK$",
}
"""The lasting effects a contingency plan in the check-mark area can give."""

Stage = Literal[
    "setup",
    "starts",
    "dice",
    "plan",
    "deploy",
    "objectives",
    "scout",
    "buy",
    "cleanup",
    "secure",
    "refresh",
    "final",
    "chapter",
    "over",
]
PHASE_OF: dict[str, int] = {
    "dice": 1,
    "plan": 1,
    "deploy": 2,
    "objectives": 3,
    "scout": 4,
    "buy": 5,
    "cleanup": 6,
    "secure": 7,
    "refresh": 8,
}
EDITION = 3
"""Which of Lantern's readings a game plays by, fixed by its set-up entry. 3 since issue #28: a goal
numbered above the goals its card shows is refused (2: taken, `actions.SecondStartGame`). 2 since the
rules read of issue #29: a name typed in another case or with other spaces means the same location, a
finished plan goes to the check-mark area, a battery may pay a board check-mark action's resource, and
phase 7 ends only once every district the entered map shows newly secured is settled. 1: a game set up
before them, which keeps the checks it was played with, so that its log replays to the same game
(`actions.LegacyStartGame`)."""
SEAT_ORDER = ("deploy", "objectives", "scout", "buy", "cleanup", "refresh")
"""The stages played player by player, clockwise from the starting player."""


@dataclass(frozen=True)
class Settings:
    """The New game options: a single game or the campaign, and Lantern's readings where the rulebook is
    unclear (rules_ref: blackout-hk/lantern)."""

    mode: str = option(
        "Play",
        "a single game",
        choices=("a single game", "the campaign"),
        rule="blackout-hk/campaign",
        help="The campaign is 5 chapters in a row, 1 to 4 players; alone you can only play the campaign.",
        main=True,
    )
    chapter: int = option(
        "Campaign: start at chapter",
        1,
        minimum=1,
        maximum=CHAPTERS,
        rule="blackout-hk/campaign",
        help="To go on with a campaign begun elsewhere.",
    )
    losses: int = option(
        "Solo campaign: times this chapter was lost already",
        0,
        minimum=0,
        maximum=20,
        rule="blackout-hk/solo",
        help="Each loss adds 2 HK$ to your starting money.",
    )
    end_trigger: str = option(
        "The end is triggered",
        "when the last card leaves the draw deck",
        choices=("when the last card leaves the draw deck", "when a card is wanted from an empty deck"),
        rule="blackout-hk/end",
    )
    probe_counts: bool = option(
        "A probed tile counts as a tile of its reward type",
        True,
        rule="blackout-hk/scout/keeping",
        help="Off: the next tile of that type may still go face up.",
    )
    trees_for_all: bool = option(
        "Multiplayer campaign: everyone notes the orchid trees their score reached",
        False,
        rule="blackout-hk/campaign/orchid-trees",
        help="Off: only the chapter's winner notes trees.",
    )

    @property
    def campaign(self) -> bool:
        return self.mode == "the campaign"

    @property
    def literal_end(self) -> bool:
        return self.end_trigger == "when the last card leaves the draw deck"


@dataclass(frozen=True)
class Card:
    """A card in a player's hand, slots or hospital: one of their twelve, or a bought card completed to the
    hand. `colour` is a volunteer's (red, yellow, blue); a specialist has none."""

    id: str
    name: str
    colour: str = ""
    specialist: str = ""
    """leader, scout, mechanic or doctor for the four a player starts with."""
    cubes: int = 0
    """The cubes a volunteer shows, once known (0: not yet): the one set-up names, else as its last
    procurement entered them, so the next one starts from it."""


@dataclass(frozen=True)
class Objective:
    """A card in the objective area, on the emergency spot or in the check-mark area. `done` lists the
    goals completed (a cube of the player sits on each while the card stays); `perk` is the lasting effect
    of a contingency plan in the check-mark area."""

    id: str
    name: str
    done: tuple[int, ...] = ()
    perk: str = ""
    icons: int = 0
    """Search icons a contingency plan in the check-mark area adds to every team."""
    goals: int = 0
    """The goals printed on it, when known (0: not said): 1 on a starting volunteer, as a volunteer or
    specialist has one; a bought card's as entered when bought. The goal form offers only these."""
    colour: str = ""
    """A bought volunteer's colour, as entered when bought: the colour it joins the hand with."""


@dataclass(frozen=True)
class Tile:
    reward: str
    face_up: bool
    back_icons: int = 0
    probed: bool = False


@dataclass(frozen=True)
class Player:
    name: str
    score: int = 0
    hkd: int = 4
    transport: int = 5
    gps: int = 0
    supply: int = CUBES - 1
    rondel: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    battery: int = 1
    map: tuple[str, ...] = ()
    """The locations holding one of this player's cubes, as the table names them."""
    markers: int = MARKERS
    marker_cubes: int = 0
    """Cubes put on secured districts once the markers ran out."""
    unlocked: tuple[int, ...] = ()
    refresh_limit: int = 4
    slot4: bool = False
    restored: tuple[int, ...] = ()
    slots: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    planned: tuple[int, ...] = ()
    """Slots (0-3) whose top card was planned face down this round and is not yet turned up."""
    hand: tuple[Card, ...] = ()
    hospital: tuple[Card, ...] = ()
    objectives: tuple[Objective, ...] = ()
    emergency: Objective | None = None
    checkmarks: tuple[Objective, ...] = ()
    tiles: tuple[Tile, ...] = ()
    public_goals: tuple[tuple[str, int], ...] = ()
    """Campaign: (plan, goal) completed on the plans beside the board, each marked with a cube."""

    def held(self, resource: str) -> int:
        return self.battery if resource == "battery" else self.rondel[RESOURCES.index(resource)]

    def with_rondel(self, resource: str, by: int) -> Player:
        if resource == "battery":
            return replace(self, battery=self.battery + by)
        i = RESOURCES.index(resource)
        cubes = list(self.rondel)
        cubes[i] += by
        return replace(self, rondel=(cubes[0], cubes[1], cubes[2], cubes[3], cubes[4], cubes[5]))

    def card(self, cid: str) -> Card | None:
        return next((c for c in self.hand if c.id == cid), None)

    def objective(self, oid: str) -> Objective | None:
        if self.emergency is not None and self.emergency.id == oid:
            return self.emergency
        return next((o for o in self.objectives if o.id == oid), None)

    @property
    def usable_slots(self) -> int:
        return 4 if self.slot4 else 3

    @property
    def perks(self) -> tuple[str, ...]:
        return tuple(o.perk for o in self.checkmarks if o.perk)

    @property
    def search_bonus(self) -> int:
        """Icons every team adds: contingency plans in the check-mark area and face-down scout tiles."""
        return sum(o.icons for o in self.checkmarks) + sum(t.back_icons for t in self.tiles if not t.face_up)

    @property
    def gps_value(self) -> int:
        return GPS_VALUE + ("gps" in self.perks)

    @property
    def face_up(self) -> int:
        return sum(t.face_up for t in self.tiles)

    @property
    def plan_cubes(self) -> int:
        on_cards = sum(len(o.done) for o in self.objectives)
        if self.emergency is not None:
            on_cards += len(self.emergency.done)
        return on_cards + len(self.public_goals)

    @property
    def cubes_accounted(self) -> int:
        """Every cube of the player's 25 somewhere: supply, rondel and battery, map, plans, districts."""
        return (
            self.supply
            + sum(self.rondel)
            + self.battery
            + len(self.map)
            + self.plan_cubes
            + self.marker_cubes
        )


@dataclass(frozen=True)
class Components:
    """What the rulebook leaves to the printed components, entered once (all optional): the rondel's
    order, each die's faces, the scout-tile score table (points for 0 to 7 face-up tiles) and the map."""

    rondel: tuple[str, ...] = ()
    faces: tuple[tuple[str, ...], ...] = ()
    scout_table: tuple[int, ...] = ()
    locations: tuple[tuple[str, str], ...] = ()
    districts: tuple[tuple[str, ...], ...] = ()
    links: tuple[tuple[str, str], ...] = ()

    def around(self, district: int) -> tuple[str, ...]:
        """The locations around a district (1-16), when the map is entered."""
        return self.districts[district - 1] if self.districts else ()

    @property
    def location_names(self) -> frozenset[str]:
        return frozenset(name for name, _ in self.locations)


@dataclass(frozen=True)
class ChapterResult:
    chapter: int
    losses: int
    scores: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    trees: tuple[tuple[str, int], ...]
    missed: tuple[tuple[str, str], ...] = ()
    """Per player who missed a condition, the first one missed."""

    @property
    def won(self) -> bool:
        return bool(self.winners)


@dataclass(frozen=True)
class BlackoutState:
    names: tuple[str, ...]
    settings: Settings = Settings()
    chapter: int = 0
    """The campaign chapter being played (0: a single game)."""
    losses: int = 0
    players: tuple[Player, ...] = ()
    stage: Stage = "setup"
    round: int = 0
    start: int = 0
    """Index of the starting player."""
    turn: int = 0
    """How far the current seat-order stage has gone round the table (0: the starting player)."""
    components: Components = Components()
    dice: tuple[str, str, str] = ("", "", "")
    display: tuple[int, int, int] = (0, 0, 0)
    draw: int = 0
    reserve: int = 0
    discards: int = 0
    end_round: int = 0
    """The last round, once the draw deck ran out (0: not triggered yet)."""
    district_tiles: tuple[int, ...] = (TILES_PER_DISTRICT,) * DISTRICTS
    secured: tuple[int, ...] = ()
    central: int = 0
    """Campaign chapter 3: the central district, when entered."""
    public_plans: tuple[tuple[str, int], ...] = ()
    """Campaign: the plans beside the board and the goals printed on each."""
    next_id: int = 1
    planned_by: tuple[str, ...] = ()
    scouted: tuple[int, ...] = ()
    passes: int = 0
    bought: tuple[str, ...] = ()
    to_place: int = 0
    """Cubes the player on turn still places on the map (a goal's effect)."""
    window: tuple[str, ...] = ()
    """Check-mark actions the player on turn may still carry out now."""
    window_uses: int = 0
    refreshed: bool = False
    final_points: tuple[tuple[str, int, int, int], ...] = ()
    """Final scoring entries: (player, card points, scout-table points, chapter count)."""
    campaign: tuple[ChapterResult, ...] = ()
    result: str = ""
    edition: int = EDITION

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def solo(self) -> bool:
        return self.n == 1

    @property
    def phase(self) -> int:
        return PHASE_OF.get(self.stage, 0)

    @property
    def seat_order(self) -> tuple[str, ...]:
        return tuple(self.names[(self.start + i) % self.n] for i in range(self.n))

    @property
    def start_order(self) -> tuple[str, ...]:
        """Starting locations: from the starting player's right, counter-clockwise; they choose last."""
        return tuple(self.names[(self.start - 1 - i) % self.n] for i in range(self.n))

    @property
    def on_turn(self) -> str | None:
        if self.stage == "buy":
            return self.seat_order[self.turn % self.n]
        if self.stage in SEAT_ORDER and self.turn < self.n:
            return self.seat_order[self.turn]
        if self.stage == "starts":
            placed = sum(1 for p in self.players if p.map)
            return self.start_order[placed] if placed < self.n else None
        return None

    @property
    def dice_valid(self) -> bool:
        return all(self.dice) and len(set(self.dice)) == 3

    @property
    def reroll(self) -> tuple[str, ...]:
        """The dice to roll again: every die whose resource another die shows too."""
        if not all(self.dice):
            return ()
        return tuple(c for c, r in zip(DICE, self.dice, strict=True) if self.dice.count(r) > 1)

    def player(self, name: str) -> Player:
        return self.players[self.names.index(name)]

    def with_player(self, p: Player) -> BlackoutState:
        i = self.names.index(p.name)
        return replace(self, players=(*self.players[:i], p, *self.players[i + 1 :]))

    @property
    def last_round(self) -> bool:
        return self.end_round > 0 and self.round >= self.end_round
