"""Every entry an ASHES table makes, one class each. Board contents stay on the table: the entries carry
what the table reads off it (a revealed rival card, a count of cases, final counts)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from trackers.core.actions import Action

SetupStepName = Literal["radiation", "discard two missions", "reset area tiles", "survivors emerge"]
RowName = Literal["dark_blue", "light_blue", "pink"]
MedalName = Literal["bronze", "silver", "gold"]


@dataclass(frozen=True)
class CompleteSetupStep(Action):
    """The table carried out the next round-setup step; naming it catches a skipped step."""

    type: ClassVar[str] = "ashes.complete_setup_step"
    step: SetupStepName


@dataclass(frozen=True)
class EndTurn(Action):
    """A player finished a turn with a protocol other than passing."""

    type: ClassVar[str] = "ashes.end_turn"
    player: str


@dataclass(frozen=True)
class Pass(Action):
    """A player passes, moving their vehicle to `position` in the next round's row."""

    type: ClassVar[str] = "ashes.pass"
    player: str
    position: int


@dataclass(frozen=True)
class SetScore(Action):
    """A player's score marker moved on the table; the tracker shows it but does not work it out."""

    type: ClassVar[str] = "ashes.set_score"
    player: str
    vp: int


@dataclass(frozen=True)
class CatalogueRivalDeck(Action):
    """The player's rival deck, each card in the `ashes.rival-deck` JSON form, carried whole so replay needs
    no pack. Allowed before round 1 starts, since the deck's pile is then checked on every reveal."""

    type: ClassVar[str] = "ashes.catalogue_rival_deck"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class RivalTurn(Action):
    """A rival card revealed on the table and the player's answers to the board questions it asks.

    Main actions read `build:<column>`, `rescue`, `move_vehicle` or `install:<row>`; the secondary
    `discard_missions` or `score_column:<column>`. `cases` counts the possible cases; for a rescue the
    survivors in the picked area, for an install the picked space's level and the achievement tile's room.
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
    survivors_active: int = 0
    survivors_essential: int = 0
    level: int | None = None
    achievement_has_room: bool = False


@dataclass(frozen=True)
class RivalPass(Action):
    """The rival's turn starts with its marker on the top step, so it passes (a bonus card follows)."""

    type: ClassVar[str] = "ashes.rival_pass"


@dataclass(frozen=True)
class EndRound(Action):
    """Everyone has passed: move the round marker on, or after round 3 go to the final scoring."""

    type: ClassVar[str] = "ashes.end_round"


@dataclass(frozen=True)
class FinalCountsEntry(Action):
    """A player's counts for the final scoring. `rows` holds (row, upgrades installed, times the scoring
    tile's requirement is met, the tile's value at the row's medal); `radiation_loss` is the happiness the
    final radiation costs them, counted on the board."""

    type: ClassVar[str] = "ashes.final_counts"
    player: str
    happiness: int
    fuel: int
    data: int
    antirad: int
    uncovered_colony_vp: int
    radiation_loss: int
    rows: tuple[tuple[RowName, int, int, int], ...] = ()


@dataclass(frozen=True)
class FinishGame(Action):
    """Score the game once every player's counts are in; the rival's part is only read in solo play."""

    type: ClassVar[str] = "ashes.finish_game"
    rival_uncovered_colony_vp: int = 0
    dark_blue_medal: MedalName = "bronze"
    light_blue_medal: MedalName = "bronze"
    pink_medal: MedalName = "bronze"


ACTIONS: tuple[type[Action], ...] = (
    CompleteSetupStep,
    EndTurn,
    Pass,
    SetScore,
    CatalogueRivalDeck,
    RivalTurn,
    RivalPass,
    EndRound,
    FinalCountsEntry,
    FinishGame,
)
