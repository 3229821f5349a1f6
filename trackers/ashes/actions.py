"""Every entry an ASHES table makes, one class each.

What is printed on cards and tiles (a technology's reward, a pod's bonus, a mission's cost) stays on the
table: the entry carries what the player read off it, and the tracker checks it against the rules and the
player's board. Survivors are named by kind, "active" or "essential". A draw the app makes by itself is left
empty (`drawn=()`); a draw made from the physical bag is entered there instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from trackers.core.actions import Action

SetupStepName = Literal["radiation", "discard two missions", "reset area tiles", "survivors emerge"]
RowName = Literal["dark_blue", "light_blue", "pink"]
MedalName = Literal["bronze", "silver", "gold"]
Kind = Literal["active", "essential"]
Counted = Literal["fuel", "data", "antirad", "strength", "happiness", "vp"]
Produced = Literal["fuel", "data", "strength"]
Family = Literal["activation", "stacking", "storage", "vehicle", "colony scoring", "scout"]
ColonyAreaName = Literal["column 1", "column 2", "column 3", "column 4", "materials", "survivors"]


# Before round 1


@dataclass(frozen=True)
class UseBoard(Action):
    """The main board's layout in the `ashes.board` JSON form, carried whole so replay needs no pack, and
    the top space of the fuel, data and strength production tracks: facts of the physical boards that the
    rulebook text does not give, entered once. The game then plays by Lantern's current readings
    (`state.EDITION`); the type name changed with them, so a log from before reads `LegacyUseBoard`."""

    type: ClassVar[str] = "ashes.use_board.v2"
    layout: str
    production_tops: tuple[int, int, int]
    turn_rewards: tuple[str, ...] = ()
    """What each turn-order space pays, written like "data 1": the top row's positions 1 to 4, then the
    bottom row's (empty: the table takes them with the steppers)."""


@dataclass(frozen=True)
class LegacyUseBoard(UseBoard):
    """A board entered by a game begun before the play-test fixes (the log's old type name): that game keeps
    the checks it was played with (edition 1: limited actions also between an activation and its main
    action, the achievement tiles as the player count's usual layout, rival builds without their space), so
    its log replays exactly. No screen makes it."""

    type: ClassVar[str] = "ashes.use_board"


@dataclass(frozen=True)
class LayAchievementTiles(Action):
    """The achievement tiles beside the Phoenix Project, turned to show 1 or 2 spaces each (3.1): `spaces`
    per row, dark blue, light blue, pink, as the table laid them; empty, the app turns them at random."""

    type: ClassVar[str] = "ashes.lay_achievement_tiles"
    spaces: tuple[int, ...] = ()


@dataclass(frozen=True)
class SetRival(Action):
    """The solo rival's components as printed on the table's copy: the rulebook text gives none of them, so
    they are entered once (the app remembers them for the next game). `upgrades` lists the class of each
    upgrade tile, "I" or "II", in the order the rival takes them."""

    type: ClassVar[str] = "ashes.set_rival"
    track_top: int
    direct_score: int
    shelter_discs: int
    upgrades: tuple[Literal["I", "II"], ...]


@dataclass(frozen=True)
class CatalogueRivalDeck(Action):
    """The player's rival deck, each card in the `ashes.rival-deck` JSON form, carried whole so replay needs
    no pack. From then on the app can draw the rival's cards itself."""

    type: ClassVar[str] = "ashes.catalogue_rival_deck"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class StartingCombo(Action):
    """A player's starting resource card and technology: what it gives, and the survivors it draws from the
    bag to their entrance."""

    type: ClassVar[str] = "ashes.starting_combo"
    player: str
    fuel: int = 0
    data: int = 0
    antirad: int = 0
    strength: int = 0
    survivors: int = 0
    drawn: tuple[Kind, ...] = ()
    technology: str = ""
    slot: int = 1


# Round flow


@dataclass(frozen=True)
class CompleteSetupStep(Action):
    """The table carried out a round-setup step the tracker has nothing to count for (missions, tiles)."""

    type: ClassVar[str] = "ashes.complete_setup_step"
    step: SetupStepName


@dataclass(frozen=True)
class Radiate(Action):
    """Round-setup radiation, worked out on the tracked areas. `losses` (one per player, in seat order) is
    only entered when the table reads the happiness loss differently (the manual radiation option)."""

    type: ClassVar[str] = "ashes.radiate"
    losses: tuple[int, ...] = ()


@dataclass(frozen=True)
class Emerge(Action):
    """Survivors emerge: the app draws them area by area, or `drawn` gives what the table drew for each area
    in placing order, as (area, kinds drawn)."""

    type: ClassVar[str] = "ashes.emerge"
    drawn: tuple[tuple[str, tuple[Kind, ...]], ...] = ()


@dataclass(frozen=True)
class EndTurn(Action):
    """A player finished a turn after a move or an activation."""

    type: ClassVar[str] = "ashes.end_turn"
    player: str


@dataclass(frozen=True)
class EndRound(Action):
    """Everyone has passed: move the round marker on, or after round 3 go to the final scoring."""

    type: ClassVar[str] = "ashes.end_round"


# What the player's board gains and pays: the steppers of the player screen


@dataclass(frozen=True)
class Adjust(Action):
    """A reward (`amount` > 0) or a payment (`amount` < 0) of a counted resource, read off a card or tile.

    A payment the player cannot make is refused; happiness past 9 or below 0 turns into VP as the rules say.
    """

    type: ClassVar[str] = "ashes.adjust"
    player: str
    resource: Counted
    amount: int


@dataclass(frozen=True)
class AdjustMaterial(Action):
    """A material gained into (`amount` 1) or paid from (`amount` -1) a storage slot (level 1: bottom)."""

    type: ClassVar[str] = "ashes.adjust_material"
    player: str
    level: int
    index: int
    amount: int


@dataclass(frozen=True)
class Manufacture(Action):
    """Two different materials joined by a cable make one of the level above (10.1.3)."""

    type: ClassVar[str] = "ashes.manufacture"
    player: str
    level: int
    first: int
    second: int


@dataclass(frozen=True)
class RaiseProduction(Action):
    """A production modifier moves a production disc up; steps blocked at the top score 2 VP each."""

    type: ClassVar[str] = "ashes.raise_production"
    player: str
    track: Produced
    steps: int = 1


@dataclass(frozen=True)
class TakeUpgrade(Action):
    """An upgrade tile leaves the colony board (to the Phoenix Project, an achievement tile, or the box)."""

    type: ClassVar[str] = "ashes.take_upgrade"
    player: str
    family: Family
    upgrade_class: Literal["I", "II"]


@dataclass(frozen=True)
class PlaceTechnology(Action):
    """A technology tile goes on a slot; `cover` swaps it for the slot's top tile (the old one leaves the
    slot), allowed only when every stack is full. The field keeps its stored name."""

    type: ClassVar[str] = "ashes.place_technology"
    player: str
    tile: str
    slot: int
    cover: bool = False


@dataclass(frozen=True)
class AddShelterCard(Action):
    """A shelter card joins the colony; each pod is (level, bonus, income) with rewards written like
    "fuel 1, vp 2" and an empty income for a pod that pays none."""

    type: ClassVar[str] = "ashes.add_shelter_card"
    player: str
    name: str
    pods: tuple[tuple[int, str, str], ...]


# Protocols: one per turn


@dataclass(frozen=True)
class Move(Action):
    """The move protocol: `path` lists the areas entered, one per step; 2 fuel, or 4 happiness with the
    character that allows it. `carried` lists survivors the vehicle takes along as (picked up in, dropped
    in, active, essential), both areas on the way and the drop after the pick-up."""

    type: ClassVar[str] = "ashes.move"
    player: str
    path: tuple[str, ...]
    with_happiness: bool = False
    carried: tuple[tuple[str, str, int, int], ...] = ()


@dataclass(frozen=True)
class Activate(Action):
    """The activate protocol: an active survivor from the entrance to a zone; the production zones pay out
    by themselves, zone 1 gives a mission. The slot's technology rewards are entered with `Adjust`."""

    type: ClassVar[str] = "ashes.activate"
    player: str
    zone: int


@dataclass(frozen=True)
class Pass(Action):
    """The pass protocol in one entry: recovery (`recovered` zones whose survivor returns to the entrance
    for 1 antirad; `discarded` entrance survivors that make room), income, colony scoring of the chosen
    areas, and the vehicle's new position in the next round's row."""

    type: ClassVar[str] = "ashes.pass"
    player: str
    position: int
    recovered: tuple[int, ...] = ()
    discarded: tuple[Kind, ...] = ()
    scoring: tuple[ColonyAreaName, ...] = ()
    decline_reward: bool = False
    income_room: Literal["", "active", "essential"] = ""
    """With a full entrance after recovery: the survivor who goes back to the bag (1 happiness) so the
    income survivor fits."""
    income_drawn: Literal["", "active", "essential"] = ""
    """Only when the income survivor is drawn at random (an option): what the table drew; empty, the app
    draws."""


# Main actions


@dataclass(frozen=True)
class EarnMainAction(Action):
    """A reward read off the table (an area tile, a technology) gives a main action; activating a survivor
    earns its own one without this entry."""

    type: ClassVar[str] = "ashes.earn_main_action"
    player: str


@dataclass(frozen=True)
class SkipMainAction(Action):
    """Any action may be forgone (5.8): a main action the player will not take, the activation's own one
    included, which then ends the activation so limited actions are open again (10.2)."""

    type: ClassVar[str] = "ashes.skip_main_action"
    player: str


@dataclass(frozen=True)
class Build(Action):
    """Build the next shelter disc on a free construction space (its id on the board layout, if known)."""

    type: ClassVar[str] = "ashes.build"
    player: str
    space: str = ""


@dataclass(frozen=True)
class Rescue(Action):
    """Survivors from one area to the entrance."""

    type: ClassVar[str] = "ashes.rescue"
    player: str
    area: str
    active: int = 0
    essential: int = 0


@dataclass(frozen=True)
class Install(Action):
    """An upgrade into the Phoenix Project: data by how many installs the level has, and materials of the
    level, named as slot indexes of that level."""

    type: ClassVar[str] = "ashes.install"
    player: str
    level: int
    row: RowName
    materials: tuple[int, ...]


@dataclass(frozen=True)
class Rest(Action):
    """Rest: 2 happiness and 1 fuel."""

    type: ClassVar[str] = "ashes.rest"
    player: str


# Additional actions


@dataclass(frozen=True)
class Decontaminate(Action):
    """An entrance survivor moves into an empty pod (cards and pods count from 1, bottom first)."""

    type: ClassVar[str] = "ashes.decontaminate"
    player: str
    survivor: Kind
    card: int
    pod: int


@dataclass(frozen=True)
class CloseShelter(Action):
    """A full shelter card closes into a column; its survivors go back to the bag."""

    type: ClassVar[str] = "ashes.close_shelter"
    player: str
    card: int
    column: int


@dataclass(frozen=True)
class CycleShelters(Action):
    """1 data: the three face-up shelter cards go under the pile and three new ones are revealed."""

    type: ClassVar[str] = "ashes.cycle_shelters"
    player: str


@dataclass(frozen=True)
class Scout(Action):
    """Limited: draw from the bag (2 strength unless a card waives it). Drawn essentials may go to the
    entrance while it has room (`essentials_in` False keeps them with the rest); the rest go to `area`."""

    type: ClassVar[str] = "ashes.scout"
    player: str
    area: str
    free: bool = False
    drawn: tuple[Kind, ...] = ()
    essentials_in: bool = True


@dataclass(frozen=True)
class ClaimMilestone(Action):
    """Limited: claim a row's milestone, paying 2 data (3 as second claimant) and placing an upgrade tile;
    `count` is how often the left scoring tile's requirement is met and `value` what it pays at the row's
    medal."""

    type: ClassVar[str] = "ashes.claim_milestone"
    player: str
    row: RowName
    family: Family
    upgrade_class: Literal["I", "II"]
    count: int
    value: int


@dataclass(frozen=True)
class CompleteMission(Action):
    """Limited: a mission in hand is completed; its costs and rewards are entered with `Adjust`.
    `sector` is the sector a vehicle-position mission asks for (0: none); `power` names the construction
    space of the player's own shelter a power-shelter mission flips (empty: none)."""

    type: ClassVar[str] = "ashes.complete_mission"
    player: str
    sector: int = 0
    power: str = ""


# The solo rival


@dataclass(frozen=True)
class RevealRivalCard(Action):
    """Digital deck: the app draws the rival's next card from the catalogued deck."""

    type: ClassVar[str] = "ashes.reveal_rival_card"


@dataclass(frozen=True)
class RivalTurn(Action):
    """A rival card (revealed on the table, or drawn by the app) and the player's answers to the board
    questions it asks.

    Main actions read `build:<column>`, `rescue`, `move_vehicle` or `install:<row>`; the secondary
    `discard_missions` or `score_column:<column>`. `cases` counts the possible cases; for a rescue or a move
    `area` names the area picked, for a build `space` names the construction space picked (empty: not
    named), for an install `level` is the picked space's level and `achievement_has_room` says whether the
    row's achievement tile takes another claim.
    """

    type: ClassVar[str] = "ashes.rival_turn"
    label: str
    arrow: Literal["orange", "blue", "pink"] | None
    rounds_1_and_3: str
    round_2: str
    secondary: str | None
    ordinal: Literal["from_bottom", "from_top", "from_left", "from_right"]
    numeric: int
    sector: Literal["this_round", "next_sector"]
    cases: int
    area: str = ""
    level: int | None = None
    achievement_has_room: bool = False
    space: str = ""


@dataclass(frozen=True)
class RivalPass(Action):
    """The rival's turn starts with its marker on the top step, so it passes (a bonus card follows)."""

    type: ClassVar[str] = "ashes.rival_pass"


# The end


@dataclass(frozen=True)
class FinalCountsEntry(Action):
    """What only the table can count for a player's final scoring. `rows` holds, per Phoenix row in the
    order dark blue, light blue, pink, (times the right scoring tile's requirement is met, the tile's
    value at the row's medal)."""

    type: ClassVar[str] = "ashes.final_counts"
    player: str
    uncovered_colony_vp: int
    rows: tuple[tuple[int, int], tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0), (0, 0))


@dataclass(frozen=True)
class FinishGame(Action):
    """Final radiation and scoring, once every player's counts are in; the rival's part only in solo play.
    `radiation_losses` (one per player, in seat order) is entered only with the manual radiation option."""

    type: ClassVar[str] = "ashes.finish_game"
    rival_uncovered_colony_vp: int = 0
    dark_blue_medal: MedalName = "bronze"
    light_blue_medal: MedalName = "bronze"
    pink_medal: MedalName = "bronze"
    radiation_losses: tuple[int, ...] = ()
