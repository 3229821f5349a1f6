"""What the ASHES tracker keeps between entries: the round cycle, each player's colony, the survivor bag and
the board areas it feeds, the shared Phoenix Project counts, and the solo rival."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from trackers.ashes.board import AshesBoard
from trackers.ashes.colony import DISC_COSTS_AS_PRINTED, Colony
from trackers.ashes.endgame import EndResult
from trackers.ashes.player import STACKING_AS_PRINTED, PlayerBoard
from trackers.ashes.rival import RivalState
from trackers.ashes.rival_card import RivalCard
from trackers.ashes.rounds import RIVAL, RoundState
from trackers.ashes.survivors import FULL_BAG, Area, count_survivors
from trackers.ashes.terms import Difficulty, PhoenixRow
from trackers.core.bag import Bag

ROWS = (PhoenixRow.DARK_BLUE, PhoenixRow.LIGHT_BLUE, PhoenixRow.PINK)


@dataclass(frozen=True)
class Settings:
    """The game options a table chose, read once at setup (each ⚠ reading of the spec is one of them)."""

    difficulty: Difficulty = Difficulty.NORMAL
    rival_start_vp: int = 20
    stacking_by_class: tuple[int, int, int] = STACKING_AS_PRINTED
    disc_costs: tuple[int, ...] = DISC_COSTS_AS_PRINTED
    radiation_manual: bool = False
    lone_survivor_placed: bool = True
    scout_short_bag: bool = True
    mission_sector_up_to_round: bool = False
    rival_installs_count: bool = True
    rival_achievement_upgrades_count: bool = False
    vp_per_active_by_class: tuple[int, int, int] = (0, 1, 2)
    survivor_vp_family: str = "colony scoring"
    happiness_paid_in_hand: bool = False
    rival_action_by_round: bool = False
    income_drawn_at_random: bool = False
    round3_pass_stays: bool = False
    income_makes_room: bool = True
    rival_bonus_arrow: bool = True
    rival_marker_resets: bool = False


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
        """Claimants each achievement tile takes: one per row up to 2 players, 2/2/1 at 3 and 2/2/2 at 4."""
        return {3: (2, 2, 1), 4: (2, 2, 2)}.get(len(self.seats), (1, 1, 1))

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
