"""What the ASHES tracker keeps between entries: the round cycle, each player's colony, the survivor bag and
the board areas it feeds, the shared Phoenix Project counts, and the solo rival.

A screen reads the state through this module, so it also re-exports (`from x import X as X`) the types and
constants a screen names: survivor kinds and areas, the rival's seat and its cards (a card's `Build`,
`Install`, `MoveVehicle` and `Rescue` are the rival's main actions, not the player entries in `actions`),
material and technology slots, set-up steps, upgrade classes, the board's sectors, and the kinds of the
board and rival deck packs.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from trackers.ashes.board.layout import BOARD as BOARD
from trackers.ashes.board.layout import SECTORS as SECTORS
from trackers.ashes.board.layout import AshesBoard
from trackers.ashes.board.survivors import ACTIVE as ACTIVE
from trackers.ashes.board.survivors import ESSENTIAL as ESSENTIAL
from trackers.ashes.board.survivors import FULL_BAG, count_survivors
from trackers.ashes.board.survivors import Area as Area
from trackers.ashes.colony.materials import Slot as Slot
from trackers.ashes.colony.player_board import STACKING_AS_PRINTED, PlayerBoard
from trackers.ashes.colony.player_board import TECH_SLOTS as TECH_SLOTS
from trackers.ashes.colony.shelters import DISC_COSTS_AS_PRINTED, Colony
from trackers.ashes.rival.card import Build as Build
from trackers.ashes.rival.card import Install as Install
from trackers.ashes.rival.card import MoveVehicle as MoveVehicle
from trackers.ashes.rival.card import Rescue as Rescue
from trackers.ashes.rival.card import RivalCard as RivalCard
from trackers.ashes.rival.deck import RIVAL_DECK as RIVAL_DECK
from trackers.ashes.rival.play import RivalState
from trackers.ashes.rounds.final_scoring import EndResult
from trackers.ashes.rounds.turn_order import RIVAL as RIVAL
from trackers.ashes.rounds.turn_order import RoundState
from trackers.ashes.rounds.turn_order import SetupKind as SetupKind
from trackers.ashes.terms import Difficulty, PhoenixRow
from trackers.ashes.terms import UpgradeClass as UpgradeClass
from trackers.core.bag import Bag
from trackers.core.game import OptionValue
from trackers.core.options import option

ROWS = (PhoenixRow.DARK_BLUE, PhoenixRow.LIGHT_BLUE, PhoenixRow.PINK)
EDITION = 2
"""Which of Lantern's readings a game plays by, fixed when its board is entered. 2 since the play-test fixes:
a limited action waits until an activation's main action is taken or skipped (10.2), three players lay the
achievement tiles before round 1 (3.1), and a rival build names its construction space when the board lists
that sector's spaces (13.8.1). 1: a game whose board was entered before them, which keeps the checks it was
played with, so that its log replays to the same game (`actions.LegacyUseBoard`)."""
ACHIEVEMENT_SPACES = {1: (1, 1, 1), 2: (1, 1, 1), 3: (2, 2, 1), 4: (2, 2, 2)}
"""Spaces per achievement tile by player count (solo is set up as for 2): three players lay two tiles on
the 2-space face, chosen at random, and Lantern shows that here as the last row with 1 (3.1)."""
DISC_COSTS = {
    "2, 2, 4, 4": DISC_COSTS_AS_PRINTED,
    "2, 2, 3, 3, 4, 4": (2, 2, 3, 3, 4, 4),
    "2, 2, 2, 4, 4, 4": (2, 2, 2, 4, 4, 4),
}
"""Strength per shelter disc: the rulebook prints costs for four discs only, so longer rows are a choice."""


def _stacking(class_i: OptionValue) -> tuple[int, int, int]:
    """The stacking limit per class when the class I upgrade gives `class_i` (printed: it keeps 2)."""
    start, _, class_ii = STACKING_AS_PRINTED
    return start, int(class_i), class_ii


@dataclass(frozen=True)
class Settings:
    """The game options a table chose, read once at setup (each ⚠ reading of the spec is one of them).

    Field names say what the engine does with an option; `key` keeps the name games were saved under."""

    difficulty: Difficulty = option(
        "Rival difficulty",
        Difficulty.NORMAL.value,
        choices={d.value: d for d in Difficulty},
        rule="ashes/solo/difficulty",
        main=True,
    )
    rival_start_vp: int = option(
        "Rival's starting score",
        20,
        minimum=0,
        maximum=99,
        rule="ashes/setup/solo",
        help="The rival's marker starts 'as usual'; Lantern reads that as 20, like a player's.",
    )
    stacking_by_class: tuple[int, int, int] = option(
        "Stacking limit with the class I upgrade",
        STACKING_AS_PRINTED[1],
        key="stacking_class_i",
        minimum=2,
        maximum=3,
        rule="ashes/upgrades",
        help="As printed, class I keeps the start value of 2.",
        read=_stacking,
    )
    disc_costs: tuple[int, ...] = option(
        "Strength for each shelter disc",
        next(iter(DISC_COSTS)),
        choices=DISC_COSTS,
        rule="ashes/actions/build",
        help="Costs are printed for four discs only.",
    )
    radiation_manual: bool = option(
        "Happiness lost to radiation",
        "every survivor sent back",
        key="radiation_loss",
        choices={"every survivor sent back": False, "entered by the table": True},
        rule="ashes/radiation",
        help="Literal reading: 1 per survivor sent back anywhere. Or enter each player's loss.",
    )
    lone_survivor_placed: bool = option(
        "Place a lone last survivor",
        True,
        key="lone_survivor",
        rule="ashes/rounds/emerge",
        help="When the bag holds 1 survivor for an area that needs 2.",
    )
    scout_short_bag: bool = option(
        "Scout with fewer survivors in the bag than you draw",
        True,
        rule="ashes/actions/scout",
        help="Draw what is left instead of being refused.",
    )
    mission_sector_up_to_round: bool = option(
        "Vehicle sector for missions",
        "equal to the round",
        key="mission_sector",
        choices={"equal to the round": False, "up to the round": True},
        rule="ashes/actions/mission",
    )
    survivor_vp_family: str = option(
        "Upgrade that sets VP per active survivor",
        "colony scoring",
        key="survivor_vp_upgrade",
        choices=("activation", "stacking", "storage", "vehicle", "colony scoring", "scout"),
        rule="ashes/colony-scoring",
        help="Colony scoring pays 0, 1 or 2 VP per active survivor; the rulebook names no upgrade for it.",
    )
    vp_per_active_by_class: tuple[int, int, int] = (0, 1, 2)
    happiness_paid_in_hand: bool = option(
        "Happiness payments need the happiness on the track",
        False,
        key="happiness_in_hand",
        rule="ashes/costs",
        help="The rulebook lets a payment go below 0 at 2 VP a step; the stricter reading refuses it.",
    )
    income_drawn_at_random: bool = option(
        "Free income survivor",
        "an active one taken",
        key="income_survivor",
        choices={"an active one taken": False, "drawn at random": True},
        rule="ashes/protocols/pass",
    )
    round3_pass_stays: bool = option(
        "Passing in round 3",
        "move and take the reward",
        key="round3_pass",
        choices={"move and take the reward": False, "stay put": True},
        rule="ashes/turn-order",
        help="Round 3 has no next round: still move and take the reward (final places break ties), or stay.",
    )
    income_makes_room: bool = option(
        "Income survivor with a full entrance",
        "someone makes room",
        key="income_full_entrance",
        choices={"someone makes room": True, "it stays in the bag": False},
        rule="ashes/protocols/pass",
        help="The income survivor always comes; by default someone at the entrance makes room (1 happiness).",
    )
    rival_action_by_round: bool = option(
        "Rival main action chosen by",
        "vehicle row",
        key="rival_action_by",
        choices={"vehicle row": False, "round number": True},
        rule="ashes/solo/rival-turn",
        help="Its vehicle's row, read literally, or the round's number.",
    )
    rival_bonus_arrow: bool = option(
        "The rival's bonus turn plays its activator arrow", True, rule="ashes/solo/rival-pass"
    )
    rival_marker_resets: bool = option(
        "A rival marker back on the top step resets for the next round",
        False,
        rule="ashes/solo/rival-pass",
        help="Off: the rival passes at once in the next round, reading the text literally.",
    )
    rival_installs_count: bool = option(
        "Rival installs raise your data price", True, rule="ashes/solo/rival-actions"
    )
    rival_achievement_upgrades_count: bool = option(
        "Rival upgrades on achievement tiles score at the end",
        False,
        key="rival_achievement_upgrades",
        rule="ashes/solo/rival-end",
    )


@dataclass(frozen=True)
class FinalCounts:
    """What only the table can read off for the final scoring: VP printed on uncovered colony-board spaces,
    and per Phoenix row how often the player meets the right-hand scoring tile and what that tile pays."""

    uncovered_colony_vp: int
    rows: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Seat:
    """A player: their colony board (`board`), shelter cards and columns (`colony`), their vehicle's
    area, missions, milestone claims, upgrades installed per Phoenix row, this turn's protocol and the main
    actions it has earned and not yet taken (one per activation, 8.3.3, and any a reward gives)."""

    name: str
    board: PlayerBoard
    colony: Colony
    vehicle: str = ""
    missions_hand: int = 0
    missions_done: int = 0
    milestones: frozenset[PhoenixRow] = frozenset()
    phoenix: tuple[int, int, int] = (0, 0, 0)
    shelters: tuple[str, ...] = ()
    powered: tuple[str, ...] = ()
    protocol: str | None = None
    main_actions: int = 0
    activation_main_due: bool = False
    """An activation's own main action (8.3.3) is still to come, so the protocol is not over (10.2)."""
    combo_taken: bool = False
    final: FinalCounts | None = None

    @property
    def vp(self) -> int:
        return self.board.vp


@dataclass(frozen=True)
class AshesState:
    """`rival` is None until a solo table enters its rival's components; `catalogue` holds the rival deck's
    cards when known; `pending_card` is a card the app drew from it and the table has not resolved yet.

    `areas` are the board's areas with their survivors, set once the layout is entered, and `rival_vehicle`
    the area the rival's vehicle stands in ("": the starting shelter); `installs` counts
    Phoenix Project installs per level by everyone; `claims` lists each row's milestone claimants.
    `rival_shelters` are the construction spaces holding a rival shelter disc, when the table named them;
    `achievement_spaces` the spaces each achievement tile shows once laid (None: not laid, read as the
    player count's usual layout); `edition` which of Lantern's readings the game plays by (`EDITION`).
    """

    rounds: RoundState
    seats: tuple[Seat, ...]
    settings: Settings = field(default_factory=Settings)
    rival: RivalState | None = None
    catalogue: tuple[RivalCard, ...] = ()
    pending_card: RivalCard | None = None
    board: AshesBoard | None = None
    areas: tuple[Area, ...] = ()
    rival_vehicle: str = ""
    bag: Bag = FULL_BAG
    installs: tuple[int, int, int] = (0, 0, 0)
    claims: tuple[tuple[str, ...], ...] = ((), (), ())
    result: EndResult | None = None
    rival_shelters: tuple[str, ...] = ()
    achievement_spaces: tuple[int, int, int] | None = None
    edition: int = EDITION

    @property
    def solo(self) -> bool:
        """One player against the rival, which then has a seat on the turn-order track."""
        return RIVAL in self.rounds.seats

    def seat(self, name: str) -> Seat:
        return next(s for s in self.seats if s.name == name)

    def has_seat(self, name: str) -> bool:
        return any(s.name == name for s in self.seats)

    def with_seat(self, updated: Seat) -> AshesState:
        return replace(self, seats=tuple(updated if s.name == updated.name else s for s in self.seats))

    def area(self, name: str) -> Area | None:
        return next((a for a in self.areas if a.name == name), None)

    def with_area(self, updated: Area) -> AshesState:
        return replace(self, areas=tuple(updated if a.name == updated.name else a for a in self.areas))

    @property
    def claim_room(self) -> tuple[int, int, int]:
        """Claimants each achievement tile takes, per row: as laid, or one per row up to 2 players, 2/2/1 at 3
        and 2/2/2 at 4 until the tiles are laid."""
        if self.achievement_spaces is not None:
            return self.achievement_spaces
        return ACHIEVEMENT_SPACES.get(len(self.seats), (1, 1, 1))

    def shelter_owner(self, space: str) -> str | None:
        """Who has a shelter disc on a construction space (the rival's included), if anyone."""
        owner = next((s.name for s in self.seats if space in s.shelters), None)
        return owner if owner is not None or space not in self.rival_shelters else RIVAL

    def survivors(self) -> Bag:
        """Every survivor in the game, wherever it is; always 50 active and 25 essential."""
        spaces = [
            space
            for s in self.seats
            for space in (
                s.board.entrance,
                s.board.zones,
                [p.survivor for c in s.colony.cards for p in c.pods],
            )
        ]
        return count_survivors(self.bag, self.areas, *spaces)
